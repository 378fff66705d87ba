// Copyright (c) obkvlite authors.
//
// Data sizes for `obkv advise`: "24T", "1.5TB", "500G", "2TiB".

#include <cctype>
#include <cstdio>

#include "obkvlite/advise.h"

namespace obkvlite {
namespace {

struct Unit {
  const char* name;
  uint64_t bytes;
};

constexpr Unit kUnits[] = {
    {"", 1},
    {"b", 1},
    {"k", 1000ULL},
    {"kb", 1000ULL},
    {"m", 1000000ULL},
    {"mb", 1000000ULL},
    {"g", 1000000000ULL},
    {"gb", 1000000000ULL},
    {"t", 1000000000000ULL},
    {"tb", 1000000000000ULL},
    {"p", 1000000000000000ULL},
    {"pb", 1000000000000000ULL},
    {"kib", 1ULL << 10},
    {"mib", 1ULL << 20},
    {"gib", 1ULL << 30},
    {"tib", 1ULL << 40},
    {"pib", 1ULL << 50},
};

const Unit* FindUnit(std::string_view text) {
  std::string lower;
  for (char c : text) {
    lower.push_back(
        static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  for (const Unit& u : kUnits) {
    if (lower == u.name) return &u;
  }
  return nullptr;
}

}  // namespace

Result<uint64_t> ParseDataSize(std::string_view text, std::string_view field) {
  auto fail = [&](const std::string& why) {
    return Status::InvalidArgument(std::string(field) + ": " + why +
                                   ", got \"" + std::string(text) + "\"");
  };
  size_t i = 0;
  unsigned __int128 whole = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    whole = whole * 10 + static_cast<unsigned>(text[i++] - '0');
    if (whole > (static_cast<unsigned __int128>(1) << 64)) {
      return fail("too large");
    }
  }
  if (i == 0) return fail("expected a size such as 24T or 500GB");
  unsigned __int128 frac = 0;
  unsigned __int128 scale = 1;
  if (i < text.size() && text[i] == '.') {
    ++i;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]));
         ++i) {
      if (scale < 1000000000000000000ULL) {
        frac = frac * 10 + static_cast<unsigned>(text[i] - '0');
        scale *= 10;
      }
    }
  }
  const Unit* unit = FindUnit(text.substr(i));
  if (unit == nullptr) {
    return fail(
        "unknown unit; use B, K, M, G, T, P (powers of 1000) or KiB, "
        "MiB, GiB, TiB, PiB");
  }
  const unsigned __int128 bytes =
      whole * unit->bytes + frac * unit->bytes / scale;
  if (bytes > UINT64_MAX) return fail("too large");
  if (bytes == 0) return fail("must be more than 0 bytes");
  return static_cast<uint64_t>(bytes);
}

std::string FormatDataSize(uint64_t bytes) {
  static constexpr Unit kDecimal[] = {{"P", 1000000000000000ULL},
                                      {"T", 1000000000000ULL},
                                      {"G", 1000000000ULL},
                                      {"M", 1000000ULL},
                                      {"K", 1000ULL}};
  for (const Unit& u : kDecimal) {
    if (bytes < u.bytes) continue;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f",
                  static_cast<double>(bytes) / static_cast<double>(u.bytes));
    std::string s(buf);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s + u.name;
  }
  return std::to_string(bytes) + "B";
}

}  // namespace obkvlite
