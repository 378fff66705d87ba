// Copyright (c) obkvlite authors.
//
// HBase RegionSplitter's UniformSplit: Bytes.split(firstRow, lastRow,
// inclusive = true, regions - 1) without its two end points, computed as
// Bytes.iterateOnSplits does:
//
//   pad the shorter row with trailing zero bytes; a = {1,0} + first,
//   b = {1,0} + last as unsigned big integers; diff = b - a + 1; when
//   diff < regions, append one more zero byte to both and start again;
//   interval = diff / regions; point i = a + interval * i, whose bytes lose
//   the two header bytes (or one, when the second byte is not 0).
//
// Defaults: first row "" and last row eight 0xFF bytes.

#include "analyze/region_split.h"
#include "obkvlite/bytes.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

Status Arithmetic() {
  return Status::NotSupported("split: BIGNUM arithmetic failed");
}

Result<Bn> WithHeader(const std::string& row) {
  std::string bytes("\x01\x00", 2);
  bytes += row;
  Bn bn(BN_bin2bn(reinterpret_cast<const unsigned char*>(bytes.data()),
                  static_cast<int>(bytes.size()), nullptr));
  if (!bn) return Arithmetic();
  return bn;
}

Result<std::vector<std::string>> Split(std::string a, std::string b,
                                       int regions) {
  if (a.size() < b.size()) a.append(b.size() - a.size(), '\0');
  if (b.size() < a.size()) b.append(a.size() - b.size(), '\0');
  if (a >= b) {
    return Status::InvalidArgument(
        "split: the padded last row must sort after the padded first row "
        "(Bytes.split: b <= a)");
  }
  OBKV_ASSIGN_OR_RETURN(Bn start, WithHeader(a));
  OBKV_ASSIGN_OR_RETURN(Bn stop, WithHeader(b));
  Bn diff = NewBn();
  Bn splits = NewBn();
  if (!diff || !splits || !BN_sub(diff.get(), stop.get(), start.get()) ||
      !BN_add_word(diff.get(), 1) ||
      !BN_set_word(splits.get(), static_cast<BN_ULONG>(regions))) {
    return Arithmetic();
  }
  if (BN_cmp(diff.get(), splits.get()) < 0) {
    return Split(a + '\0', b + '\0', regions);
  }
  if (BN_div_word(diff.get(), static_cast<BN_ULONG>(regions)) ==
      static_cast<BN_ULONG>(-1)) {
    return Arithmetic();
  }
  const BIGNUM* interval = diff.get();
  std::vector<std::string> out;
  for (int i = 1; i < regions; ++i) {
    Bn point = NewBn();
    if (!point || !BN_copy(point.get(), interval) ||
        !BN_mul_word(point.get(), static_cast<BN_ULONG>(i)) ||
        !BN_add(point.get(), point.get(), start.get())) {
      return Arithmetic();
    }
    std::string bytes(static_cast<size_t>(BN_num_bytes(point.get())), '\0');
    BN_bn2bin(point.get(), reinterpret_cast<unsigned char*>(bytes.data()));
    out.push_back(bytes.size() > 1 && bytes[1] == '\0' ? bytes.substr(2)
                                                       : bytes.substr(1));
  }
  return out;
}

}  // namespace

Result<std::vector<std::string>> UniformSplit(const SplitOptions& o) {
  std::string first;
  std::string last(8, '\xFF');
  if (o.first_row) {
    OBKV_ASSIGN_OR_RETURN(first, FromStringBinary(*o.first_row, "--first-row"));
  }
  if (o.last_row) {
    OBKV_ASSIGN_OR_RETURN(last, FromStringBinary(*o.last_row, "--last-row"));
  }
  if (last <= first) {
    return Status::InvalidArgument("split: last row (" + ToStringBinary(last) +
                                   ") is configured less than first row (" +
                                   ToStringBinary(first) + ")");
  }
  return Split(std::move(first), std::move(last), o.regions);
}

}  // namespace analyze_internal
}  // namespace obkvlite
