// Copyright (c) obkvlite authors.
//
// Salt prefixes (seeds 000, 002, 004): the first N hex chars of MD5 (from
// OpenSSL's libcrypto), or MurmurHash3 modulo buckets as hex (the router's
// murmur3 hash, so there is one MurmurHash3 in the code base).

#include <openssl/evp.h>

#include "obkvlite/rowkey.h"
#include "router/hash.h"

namespace obkvlite {

Result<std::string> Md5Hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_md5(),
                 nullptr) != 1) {
    return Status::NotSupported("md5: OpenSSL's EVP_Digest failed");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (unsigned int i = 0; i < size; ++i) {
    out.push_back(kHex[digest[i] >> 4]);
    out.push_back(kHex[digest[i] & 0xF]);
  }
  return out;
}

int Murmur3SaltBucket(std::string_view bytes, int buckets) {
  return KeyPartitionIndex(router_internal::Murmur3Hash64(bytes), buckets);
}

int SaltHexWidth(int buckets) {
  int width = 0;
  for (unsigned v = static_cast<unsigned>(buckets > 1 ? buckets - 1 : 0);
       v != 0; v >>= 4) {
    ++width;
  }
  return width < 2 ? 2 : width;
}

std::string HexBucket(int bucket, int buckets) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(static_cast<size_t>(SaltHexWidth(buckets)), '0');
  unsigned v = static_cast<unsigned>(bucket);
  for (size_t i = out.size(); i > 0 && v != 0; --i, v >>= 4) {
    out[i - 1] = kHex[v & 0xF];
  }
  return out;
}

Result<std::string> ComputeSalt(const SaltSpec& salt,
                                std::string_view salt_input) {
  switch (salt.hash) {
    case SaltHash::kNone:
      return std::string();
    case SaltHash::kMd5: {
      OBKV_ASSIGN_OR_RETURN(std::string hex, Md5Hex(salt_input));
      return hex.substr(0, static_cast<size_t>(salt.md5_chars));
    }
    case SaltHash::kMurmur3:
      return HexBucket(Murmur3SaltBucket(salt_input, salt.buckets),
                       salt.buckets);
  }
  return std::string();
}

size_t SaltPrefixLength(const RowkeySpec& spec) {
  switch (spec.salt.hash) {
    case SaltHash::kNone:
      return 0;
    case SaltHash::kMd5:
      return static_cast<size_t>(spec.salt.md5_chars) + spec.delimiter.size();
    case SaltHash::kMurmur3:
      return static_cast<size_t>(SaltHexWidth(spec.salt.buckets)) +
             spec.delimiter.size();
  }
  return 0;
}

}  // namespace obkvlite
