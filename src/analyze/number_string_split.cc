// Copyright (c) obkvlite authors.
//
// HBase RegionSplitter's HexStringSplit and DecimalStringSplit (their
// common NumberStringSplit.split(int n)), computed exactly:
//
//   range = lastRowInt - firstRowInt + 1        (the last row is inclusive)
//   size  = range / n
//   split[i - 1] = firstRowInt + size * i       for i in 1..n-1
//
// each printed with BigInteger.toString(radix) (lowercase) and left-padded
// with '0' to the length of the last row string. The defaults are
// "00000000".."FFFFFFFF" and "00000000".."99999999"; firstRowInt starts at
// 0 and setFirstRow(String) replaces it.

#include <cctype>

#include "analyze/region_split.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

bool ValidDigits(const std::string& s, int radix) {
  if (s.empty()) return false;
  for (char c : s) {
    const bool ok = radix == 16 ? std::isxdigit(static_cast<unsigned char>(c))
                                : std::isdigit(static_cast<unsigned char>(c));
    if (!ok) return false;
  }
  return true;
}

Result<Bn> Parse(const std::string& s, int radix, const char* field) {
  if (!ValidDigits(s, radix)) {
    return Status::InvalidArgument(
        std::string(field) + ": \"" + s + "\" is not a " +
        (radix == 16 ? "hexadecimal" : "decimal") + " number");
  }
  BIGNUM* raw = nullptr;
  const int used =
      radix == 16 ? BN_hex2bn(&raw, s.c_str()) : BN_dec2bn(&raw, s.c_str());
  Bn bn(raw);
  if (used != static_cast<int>(s.size()) || !bn) {
    return Status::InvalidArgument(std::string(field) + ": cannot parse \"" +
                                   s + "\"");
  }
  return bn;
}

// BigInteger.toString(radix), left-padded with '0' to `pad`.
std::string Format(const BIGNUM* bn, int radix, size_t pad) {
  char* raw = radix == 16 ? BN_bn2hex(bn) : BN_bn2dec(bn);
  std::string s(raw == nullptr ? "0" : raw);
  OPENSSL_free(raw);
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const size_t nonzero = s.find_first_not_of('0');
  s = nonzero == std::string::npos ? "0" : s.substr(nonzero);
  if (s.size() < pad) s.insert(0, pad - s.size(), '0');
  return s;
}

}  // namespace

Bn NewBn() { return Bn(BN_new()); }

Result<std::vector<std::string>> NumberStringSplit(const SplitOptions& o,
                                                   int radix) {
  const std::string first_text = o.first_row.value_or("");
  const std::string last_text =
      o.last_row.value_or(radix == 16 ? "FFFFFFFF" : "99999999");
  Bn first = NewBn();
  if (!first) return Status::NotSupported("split: out of memory");
  if (o.first_row) {
    OBKV_ASSIGN_OR_RETURN(first, Parse(first_text, radix, "--first-row"));
  }
  OBKV_ASSIGN_OR_RETURN(Bn last, Parse(last_text, radix, "--last-row"));
  if (BN_cmp(last.get(), first.get()) <= 0) {
    return Status::InvalidArgument(
        "split: last row (" + last_text +
        ") is configured less than first "
        "row (" +
        (o.first_row ? first_text : std::string("00000000")) + ")");
  }
  Bn range = NewBn();
  Bn size = NewBn();
  if (!range || !size || !BN_sub(range.get(), last.get(), first.get()) ||
      !BN_add_word(range.get(), 1)) {
    return Status::NotSupported("split: BIGNUM arithmetic failed");
  }
  Bn n = NewBn();
  if (!n || !BN_set_word(n.get(), static_cast<BN_ULONG>(o.regions))) {
    return Status::NotSupported("split: BIGNUM arithmetic failed");
  }
  if (BN_cmp(range.get(), n.get()) < 0) {
    return Status::InvalidArgument(
        "split: split granularity (" + std::to_string(o.regions) +
        ") is greater than the range (" + Format(range.get(), 10, 0) + ")");
  }
  if (!BN_copy(size.get(), range.get()) ||
      BN_div_word(size.get(), static_cast<BN_ULONG>(o.regions)) ==
          static_cast<BN_ULONG>(-1)) {
    return Status::NotSupported("split: BIGNUM arithmetic failed");
  }
  std::vector<std::string> out;
  for (int i = 1; i < o.regions; ++i) {
    Bn point = NewBn();
    if (!point || !BN_copy(point.get(), size.get()) ||
        !BN_mul_word(point.get(), static_cast<BN_ULONG>(i)) ||
        !BN_add(point.get(), point.get(), first.get())) {
      return Status::NotSupported("split: BIGNUM arithmetic failed");
    }
    out.push_back(Format(point.get(), radix, last_text.size()));
  }
  return out;
}

}  // namespace analyze_internal
}  // namespace obkvlite
