// Copyright (c) obkvlite authors.
//
// Numbers in keys: zero-padded decimal (seed 004: "001" < "010" < "100"
// sort correctly) and big-endian binary (seed 000: a long takes 8 bytes
// where "2015122410" takes 10), exactly as HBase's Bytes.toBytes.

#include "obkvlite/rowkey.h"

namespace obkvlite {

Result<std::string> EncodeDecimal(int64_t value, int width,
                                  std::string_view field) {
  if (value < 0) {
    return Status::InvalidArgument(std::string(field) +
                                   ": must be a non-negative integer, got " +
                                   std::to_string(value));
  }
  std::string digits = std::to_string(value);
  if (width > 0 && digits.size() > static_cast<size_t>(width)) {
    return Status::InvalidArgument(std::string(field) + ": " + digits +
                                   " has " + std::to_string(digits.size()) +
                                   " digits, wider than the field width " +
                                   std::to_string(width));
  }
  if (width > 0)
    digits.insert(0, static_cast<size_t>(width) - digits.size(), '0');
  return digits;
}

std::string EncodeBigEndian64(int64_t value) {
  const uint64_t u = static_cast<uint64_t>(value);
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) {
    out[static_cast<size_t>(i)] = static_cast<char>((u >> (56 - 8 * i)) & 0xFF);
  }
  return out;
}

std::string EncodeBigEndian32(int32_t value) {
  const uint32_t u = static_cast<uint32_t>(value);
  std::string out(4, '\0');
  for (int i = 0; i < 4; ++i) {
    out[static_cast<size_t>(i)] = static_cast<char>((u >> (24 - 8 * i)) & 0xFF);
  }
  return out;
}

Result<int64_t> DecodeBigEndian64(std::string_view bytes) {
  if (bytes.size() != 8) {
    return Status::InvalidArgument("bytes: a big-endian long is 8 bytes, got " +
                                   std::to_string(bytes.size()));
  }
  uint64_t u = 0;
  for (unsigned char c : bytes) u = (u << 8) | c;
  return static_cast<int64_t>(u);
}

}  // namespace obkvlite
