// Copyright (c) obkvlite authors.
#include "server/rest/base64.h"

#include <cstdint>

namespace obkvlite {
namespace rest {
namespace {

constexpr char kAlphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The 6-bit value of `c`, or -1.
constexpr int SextetOf(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// SextetOf for every byte, looked up.
struct SextetTable {
  constexpr SextetTable() : value() {
    for (int c = 0; c < 256; ++c) {
      value[c] = static_cast<int8_t>(SextetOf(static_cast<unsigned char>(c)));
    }
  }
  int8_t value[256];
};
constexpr SextetTable kSextets;

int Sextet(unsigned char c) { return kSextets.value[c]; }

std::string Describe(unsigned char c) {
  if (c >= 0x20 && c < 0x7f)
    return std::string("'") + static_cast<char>(c) + "'";
  static const char kHex[] = "0123456789ABCDEF";
  return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

}  // namespace

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  Base64Append(bytes, &out);
  return out;
}

void Base64Append(std::string_view bytes, std::string* out) {
  const size_t start = out->size();
  out->resize(start + (bytes.size() + 2) / 3 * 4, '=');
  char* o = out->data() + start;
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t v = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    *o++ = kAlphabet[(v >> 18) & 63];
    *o++ = kAlphabet[(v >> 12) & 63];
    *o++ = kAlphabet[(v >> 6) & 63];
    *o++ = kAlphabet[v & 63];
  }
  const size_t rest = bytes.size() - i;
  if (rest > 0) {  // the last group, '='-padded (already)
    uint32_t v = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    *o++ = kAlphabet[(v >> 18) & 63];
    *o++ = kAlphabet[(v >> 12) & 63];
    if (rest == 2) *o = kAlphabet[(v >> 6) & 63];
  }
}

Result<std::string> Base64Decode(std::string_view text,
                                 std::string_view field) {
  std::string out;
  out.reserve(text.size() / 4 * 3);
  uint32_t acc = 0;
  int bits = 0;
  size_t sextets = 0;
  size_t padding = 0;
  size_t i = 0;
  // Whole groups of four sextets first, three bytes each; the loop below
  // takes the rest (whitespace, padding, errors) one character at a time,
  // from the same state.
  for (; i + 4 <= text.size(); i += 4) {
    const int a = Sextet(static_cast<unsigned char>(text[i]));
    const int b = Sextet(static_cast<unsigned char>(text[i + 1]));
    const int c = Sextet(static_cast<unsigned char>(text[i + 2]));
    const int d = Sextet(static_cast<unsigned char>(text[i + 3]));
    if ((a | b | c | d) < 0) break;
    const uint32_t v = static_cast<uint32_t>(a << 18 | b << 12 | c << 6 | d);
    const char three[3] = {static_cast<char>(v >> 16),
                           static_cast<char>((v >> 8) & 0xff),
                           static_cast<char>(v & 0xff)};
    out.append(three, 3);
    sextets += 4;
  }
  for (; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    if (c == '=') {
      ++padding;
      continue;
    }
    const int v = Sextet(c);
    if (v < 0 || padding > 0) {
      return Status::InvalidArgument(std::string(field) +
                                     ": not base64 (character " + Describe(c) +
                                     " at offset " + std::to_string(i) + ")");
    }
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    ++sextets;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xff);
    }
  }
  if (sextets % 4 == 1 || padding > 2 ||
      (padding > 0 && (sextets + padding) % 4 != 0)) {
    return Status::InvalidArgument(
        std::string(field) +
        ": not base64 (truncated: " + std::to_string(sextets) + " characters)");
  }
  return out;
}

}  // namespace rest
}  // namespace obkvlite
