// Copyright (c) obkvlite authors.
#include "hbase/filter/comparators.h"

// GCC 12 reports false -Wmaybe-uninitialized inside libstdc++'s regex
// compiler when building with sanitizers (OBKVLITE_SANITIZE=ON).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include <algorithm>
#include <regex>

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filters {
namespace {

// Unsigned byte-wise three-way comparison, as HBase's Bytes.compareTo.
int CompareBytes(std::string_view a, std::string_view b) {
  const int c = a.compare(b);  // char_traits<char> compares as unsigned char
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

char AsciiLower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string AsciiLower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return AsciiLower(c); });
  return out;
}

class BinaryComparator : public ByteComparator {
 public:
  explicit BinaryComparator(std::string operand)
      : ByteComparator(Type::kBinary, std::move(operand)) {}
  int CompareTo(std::string_view cell) const override {
    return CompareBytes(operand(), cell);
  }
};

class BinaryPrefixComparator : public ByteComparator {
 public:
  explicit BinaryPrefixComparator(std::string operand)
      : ByteComparator(Type::kBinaryPrefix, std::move(operand)) {}
  int CompareTo(std::string_view cell) const override {
    return CompareBytes(operand(), cell.substr(0, operand().size()));
  }
};

class SubstringComparator : public ByteComparator {
 public:
  explicit SubstringComparator(std::string operand)
      : ByteComparator(Type::kSubstring, std::move(operand)),
        lower_(AsciiLower(this->operand())) {}
  int CompareTo(std::string_view cell) const override {
    return AsciiLower(cell).find(lower_) != std::string::npos ? 0 : 1;
  }

 private:
  std::string lower_;
};

class RegexComparator : public ByteComparator {
 public:
  RegexComparator(Type type, std::string operand, std::regex re)
      : ByteComparator(type, std::move(operand)), re_(std::move(re)) {}
  int CompareTo(std::string_view cell) const override {
    try {
      return std::regex_search(cell.begin(), cell.end(), re_) ? 0 : 1;
    } catch (const std::exception&) {
      return 1;  // the regex engine gave up (complexity): no match
    }
  }

 private:
  std::regex re_;
};

// Java's Pattern.DOTALL, which HBase's RegexStringComparator always sets:
// rewrites every '.' outside a bracket expression as "[\s\S]" (any byte).
// Also measures the group nesting depth.
std::string DotAll(std::string_view pattern, int* max_depth) {
  std::string out;
  bool in_bracket = false;
  int depth = 0;
  *max_depth = 0;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      out += c;
      out += pattern[++i];
      continue;
    }
    if (in_bracket) {
      if (c == ']') in_bracket = false;
      out += c;
      continue;
    }
    if (c == '[') {
      in_bracket = true;
      out += c;
      // A ']' right after '[' or "[^" is a literal.
      if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
      if (i + 1 < pattern.size() && pattern[i + 1] == ']') out += pattern[++i];
      continue;
    }
    if (c == '(') *max_depth = std::max(*max_depth, ++depth);
    if (c == ')') --depth;
    if (c == '.') {
      out += "[\\s\\S]";
    } else {
      out += c;
    }
  }
  return out;
}

size_t DigitsAt(std::string_view s, size_t i) {
  size_t n = 0;
  while (i + n < s.size() && s[i + n] >= '0' && s[i + n] <= '9') ++n;
  return n;
}

// The numbers std::regex would read: digits after a '\' and the counts of
// a {m,n} repetition outside a bracket expression.
Status CheckRegexNumbers(std::string_view pattern) {
  bool in_bracket = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      const size_t digits = DigitsAt(pattern, i + 1);
      if (digits > static_cast<size_t>(kMaxRegexEscapeDigits)) {
        return Status::InvalidArgument(
            "expected at most " + std::to_string(kMaxRegexEscapeDigits) +
            " digits after '\\' in a regular expression, got " +
            std::to_string(digits));
      }
      ++i;
      continue;
    }
    if (in_bracket) {
      if (c == ']') in_bracket = false;
      continue;
    }
    if (c == '[') {
      in_bracket = true;
      continue;
    }
    if (c != '{') continue;
    // {m}, {m,} or {m,n}: check each count.
    for (size_t j = i + 1; j < pattern.size();) {
      const size_t digits = DigitsAt(pattern, j);
      if (digits > 4 ||
          (digits > 0 &&
           std::stoi(std::string(pattern.substr(j, digits))) >
               kMaxRegexRepeat)) {
        return Status::InvalidArgument(
            "expected repetition counts of at most " +
            std::to_string(kMaxRegexRepeat) + " in a regular expression, got " +
            std::string(pattern.substr(j, std::min<size_t>(digits, 24))));
      }
      j += digits;
      if (j >= pattern.size() || pattern[j] != ',') break;
      ++j;
    }
  }
  return Status::OK();
}

Result<std::unique_ptr<ByteComparator>> MakeRegex(ByteComparator::Type type,
                                                  std::string operand) {
  if (operand.size() > kMaxRegexBytes) {
    return Status::InvalidArgument("expected a regular expression of at most " +
                                   std::to_string(kMaxRegexBytes) +
                                   " bytes, got " +
                                   std::to_string(operand.size()));
  }
  OBKV_RETURN_IF_ERROR(CheckRegexNumbers(operand));
  int depth = 0;
  const std::string pattern = DotAll(operand, &depth);
  if (depth > kMaxRegexGroupDepth) {
    return Status::InvalidArgument(
        "expected a regular expression with at most " +
        std::to_string(kMaxRegexGroupDepth) + " nested groups, got " +
        std::to_string(depth));
  }
  // __polynomial selects libstdc++'s breadth-first executor, whose stack use
  // does not grow with the length of the cell (the default depth-first one
  // overflows the stack on long values).
  auto flags = std::regex::ECMAScript | std::regex_constants::__polynomial;
  if (type == ByteComparator::Type::kRegexNoCase) flags |= std::regex::icase;
  try {
    std::regex re(pattern, flags);
    return std::unique_ptr<ByteComparator>(
        new RegexComparator(type, std::move(operand), std::move(re)));
  } catch (const std::exception& e) {
    return Status::InvalidArgument(
        "expected a valid regular expression, got '" + Printable(operand) +
        "' (" + e.what() + ")");
  }
}

}  // namespace

std::optional<CompareOp> ParseCompareOp(std::string_view text) {
  if (text == "<") return CompareOp::kLess;
  if (text == "<=") return CompareOp::kLessOrEqual;
  if (text == "=") return CompareOp::kEqual;
  if (text == "!=") return CompareOp::kNotEqual;
  if (text == ">=") return CompareOp::kGreaterOrEqual;
  if (text == ">") return CompareOp::kGreater;
  return std::nullopt;
}

const char* CompareOpSymbol(CompareOp op) {
  switch (op) {
    case CompareOp::kLess:
      return "<";
    case CompareOp::kLessOrEqual:
      return "<=";
    case CompareOp::kEqual:
      return "=";
    case CompareOp::kNotEqual:
      return "!=";
    case CompareOp::kGreaterOrEqual:
      return ">=";
    case CompareOp::kGreater:
      return ">";
  }
  return "?";
}

bool CompareOpKeeps(CompareOp op, int compare_to) {
  // compare_to = operand <=> cell, so "cell < operand" is compare_to > 0.
  switch (op) {
    case CompareOp::kLess:
      return compare_to > 0;
    case CompareOp::kLessOrEqual:
      return compare_to >= 0;
    case CompareOp::kEqual:
      return compare_to == 0;
    case CompareOp::kNotEqual:
      return compare_to != 0;
    case CompareOp::kGreaterOrEqual:
      return compare_to <= 0;
    case CompareOp::kGreater:
      return compare_to < 0;
  }
  return false;
}

const char* ByteComparator::TypeName() const {
  switch (type_) {
    case Type::kBinary:
      return "binary";
    case Type::kBinaryPrefix:
      return "binaryprefix";
    case Type::kSubstring:
      return "substring";
    case Type::kRegex:
      return "regexstring";
    case Type::kRegexNoCase:
      return "regexstringnocase";
  }
  return "?";
}

std::string ByteComparator::ToString() const {
  return std::string(TypeName()) + ":" + operand_;
}

Result<std::unique_ptr<ByteComparator>> ParseComparator(std::string_view spec) {
  const size_t colon = spec.find(':');
  const std::string_view type =
      colon == std::string_view::npos ? spec : spec.substr(0, colon);
  std::string operand(colon == std::string_view::npos ? ""
                                                      : spec.substr(colon + 1));
  using Type = ByteComparator::Type;
  if (colon != std::string_view::npos) {
    if (type == "binary") {
      return std::unique_ptr<ByteComparator>(
          new BinaryComparator(std::move(operand)));
    }
    if (type == "binaryprefix") {
      return std::unique_ptr<ByteComparator>(
          new BinaryPrefixComparator(std::move(operand)));
    }
    if (type == "substring") {
      return std::unique_ptr<ByteComparator>(
          new SubstringComparator(std::move(operand)));
    }
    if (type == "regexstring") return MakeRegex(Type::kRegex, operand);
    if (type == "regexstringnocase") {
      return MakeRegex(Type::kRegexNoCase, operand);
    }
  }
  return Status::InvalidArgument(
      "expected a comparator 'type:value' with type binary, binaryprefix, "
      "substring, regexstring or regexstringnocase, got '" +
      Printable(spec) + "'");
}

}  // namespace filters
}  // namespace obkvlite
