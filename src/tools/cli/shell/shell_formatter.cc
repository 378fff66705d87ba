// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_formatter.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace cli {
namespace {

struct Method {
  std::string_view name;
  ShellFormatter formatter;
};
constexpr Method kMethods[] = {
    {"toStringBinary", ShellFormatter::kToStringBinary},
    {"toString", ShellFormatter::kToString},
    {"toHex", ShellFormatter::kToHex},
    {"toInt", ShellFormatter::kToInt},
    {"toLong", ShellFormatter::kToLong},
    {"toShort", ShellFormatter::kToShort},
    {"toFloat", ShellFormatter::kToFloat},
    {"toDouble", ShellFormatter::kToDouble},
    {"toBoolean", ShellFormatter::kToBoolean},
};

// The first `width` bytes, big-endian, as Bytes.toInt/toLong/toShort(byte[])
// read them (bytes past `width` are ignored).
Result<uint64_t> BigEndian(std::string_view bytes, size_t width) {
  if (bytes.size() < width) {
    return Status::InvalidArgument(
        "offset (0) + length (" + std::to_string(width) +
        ") exceed the capacity of the array: " + std::to_string(bytes.size()));
  }
  uint64_t u = 0;
  for (size_t i = 0; i < width; ++i) {
    u = (u << 8) | static_cast<unsigned char>(bytes[i]);
  }
  return u;
}

// Ruby's Float#to_s (numeric.c flo_to_s): the shortest digits that read
// back as `value`; fixed when the point falls within them or up to 15
// places after them, or up to 3 zeros after "0."; else d.ddde+XX.
std::string RubyFloat(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), value,
                                 std::chars_format::scientific);
  (void)ec;  // 64 bytes hold any double
  std::string_view text(buf, static_cast<size_t>(end - buf));
  std::string out;
  if (!text.empty() && text[0] == '-') {
    out = "-";
    text.remove_prefix(1);
  }
  const size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  int exponent = 0;
  std::from_chars(text.data() + e + 1 + (text[e + 1] == '+' ? 1 : 0),
                  text.data() + text.size(), exponent);
  const int decpt = exponent + 1;
  const int digs = static_cast<int>(digits.size());
  if (decpt > 0 && decpt < digs) {
    return out + digits.substr(0, decpt) + "." + digits.substr(decpt);
  }
  if (decpt > 0 && decpt <= 15) {  // DBL_DIG
    return out + digits + std::string(decpt - digs, '0') + ".0";
  }
  if (decpt <= 0 && decpt > -4) {
    return out + "0." + std::string(-decpt, '0') + digits;
  }
  char exp[16];
  std::snprintf(exp, sizeof(exp), "e%+03d", decpt - 1);
  return out + digits.substr(0, 1) + "." +
         (digs > 1 ? digits.substr(1) : std::string("0")) + exp;
}

// Java's new String(bytes, UTF_8): each maximal ill-formed subsequence
// becomes U+FFFD.
std::string Utf8Replacing(std::string_view bytes) {
  static constexpr char kReplacement[] = "\xEF\xBF\xBD";
  std::string out;
  size_t i = 0;
  while (i < bytes.size()) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    size_t need = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      need = 2;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      need = 3;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      out += kReplacement;
      ++i;
      continue;
    }
    size_t n = 1;
    for (; n <= need && i + n < bytes.size(); ++n) {
      const unsigned char b = static_cast<unsigned char>(bytes[i + n]);
      if (b < (n == 1 ? lo : 0x80) || b > (n == 1 ? hi : 0xBF)) break;
    }
    if (n == need + 1) {
      out.append(bytes.substr(i, n));
    } else {
      out += kReplacement;
    }
    i += n;
  }
  return out;
}

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 0xF]);
  }
  return out;
}

}  // namespace

Result<ShellFormatter> ParseShellFormatter(std::string_view spec) {
  std::string_view method = spec;
  // c(CLASS).METHOD, as table.rb's /c\((.+)\)\.(.+)/.
  if (spec.size() > 2 && spec.substr(0, 2) == "c(") {
    const size_t close = spec.rfind(").");
    if (close != std::string_view::npos && close > 2) {
      const std::string_view klass = spec.substr(2, close - 2);
      if (klass != kHBaseBytesClass) {
        return Status::InvalidArgument(
            "formatter '" + ToStringBinary(spec) + "': only methods of " +
            std::string(kHBaseBytesClass) +
            " can convert values here, got class " + ToStringBinary(klass));
      }
      method = spec.substr(close + 2);
    }
  }
  std::string names;
  for (const Method& m : kMethods) {
    if (m.name == method) return m.formatter;
    names += (names.empty() ? "" : ", ") + std::string(m.name);
  }
  return Status::InvalidArgument("unknown formatter '" + ToStringBinary(spec) +
                                 "' (use one of " + names + ", or c(" +
                                 std::string(kHBaseBytesClass) + ").METHOD)");
}

Result<std::string> FormatBytes(ShellFormatter formatter,
                                std::string_view bytes) {
  switch (formatter) {
    case ShellFormatter::kToStringBinary:
      return ToStringBinary(bytes);
    case ShellFormatter::kToString:
      return Utf8Replacing(bytes);
    case ShellFormatter::kToHex:
      return Hex(bytes);
    case ShellFormatter::kToInt: {
      OBKV_ASSIGN_OR_RETURN(uint64_t u, BigEndian(bytes, 4));
      return std::to_string(static_cast<int32_t>(static_cast<uint32_t>(u)));
    }
    case ShellFormatter::kToLong: {
      OBKV_ASSIGN_OR_RETURN(uint64_t u, BigEndian(bytes, 8));
      return std::to_string(static_cast<int64_t>(u));
    }
    case ShellFormatter::kToShort: {
      OBKV_ASSIGN_OR_RETURN(uint64_t u, BigEndian(bytes, 2));
      return std::to_string(static_cast<int16_t>(static_cast<uint16_t>(u)));
    }
    case ShellFormatter::kToFloat: {
      OBKV_ASSIGN_OR_RETURN(uint64_t u, BigEndian(bytes, 4));
      const uint32_t bits = static_cast<uint32_t>(u);
      float f = 0;
      std::memcpy(&f, &bits, sizeof(f));
      return RubyFloat(static_cast<double>(f));
    }
    case ShellFormatter::kToDouble: {
      OBKV_ASSIGN_OR_RETURN(uint64_t bits, BigEndian(bytes, 8));
      double d = 0;
      std::memcpy(&d, &bits, sizeof(d));
      return RubyFloat(d);
    }
    case ShellFormatter::kToBoolean:
      if (bytes.size() != 1) {
        return Status::InvalidArgument("Array has wrong size: " +
                                       std::to_string(bytes.size()));
      }
      return std::string(bytes[0] != 0 ? "true" : "false");
  }
  return Status::InvalidArgument("unknown formatter");
}

}  // namespace cli
}  // namespace obkvlite
