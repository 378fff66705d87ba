// Copyright (c) obkvlite authors.
#include "hbase/filter/comparators.h"

#include "hbase/filter/filter_text.h"
#include "hbase/filter/java_lower_case.h"
#include "hbase/filter/regex/java_regex_translator.h"
#include "hbase/filter/regex/pcre2_regex.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace filter {
namespace {

// Unsigned byte-wise three-way comparison, as HBase's Bytes.compareTo.
int CompareBytes(std::string_view a, std::string_view b) {
  const int c = a.compare(b);  // char_traits<char> compares as unsigned char
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
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

// HBase's SubstringComparator: Java's lower case of the value's text
// contains that of the operand (java_lower_case.h).
class SubstringComparator : public ByteComparator {
 public:
  explicit SubstringComparator(std::string operand)
      : ByteComparator(Type::kSubstring, std::move(operand)),
        lower_(JavaLowerCase(this->operand())) {}
  int CompareTo(std::string_view cell) const override {
    // ASCII cells, the common case, skip decoding.
    bool ascii = true;
    for (char c : cell) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    if (!ascii) {
      return JavaLowerCase(cell).find(lower_) != std::u32string::npos ? 0 : 1;
    }
    std::u32string lowered(cell.size(), U'\0');
    for (size_t i = 0; i < cell.size(); ++i) {
      lowered[i] = static_cast<unsigned char>(AsciiLowerChar(cell[i]));
    }
    return lowered.find(lower_) != std::u32string::npos ? 0 : 1;
  }

 private:
  std::u32string lower_;
};

// OBKV-HBase's substring comparator (doc/obkv-compat.md C-29): strcasestr
// on C strings, so the value and the operand end at their first NUL, and
// only ASCII letters fold.
class ObkvSubstringComparator : public ByteComparator {
 public:
  explicit ObkvSubstringComparator(std::string operand)
      : ByteComparator(Type::kSubstring, std::move(operand)),
        lower_(AsciiLower(CString(this->operand()))) {}
  int CompareTo(std::string_view cell) const override {
    return AsciiLower(CString(cell)).find(lower_) != std::string::npos ? 0 : 1;
  }

 private:
  static std::string_view CString(std::string_view bytes) {
    return bytes.substr(0, bytes.find('\0'));
  }
  std::string lower_;
};

class RegexComparator : public ByteComparator {
 public:
  RegexComparator(Type type, std::string operand,
                  std::unique_ptr<Pcre2Regex> regex)
      : ByteComparator(type, std::move(operand)), regex_(std::move(regex)) {}
  int CompareTo(std::string_view cell) const override {
    if (!status_.ok()) return 1;
    Result<bool> found = regex_->Find(cell);
    if (!found.ok()) {
      status_ = found.status().WithPrefix("filter: " + Printable(ToString()));
      return 1;
    }
    return *found ? 0 : 1;
  }
  Status status() const override { return status_; }

 private:
  std::unique_ptr<Pcre2Regex> regex_;
  mutable Status status_;  // the first match error, then no more matching
};

// HBase's RegexStringComparator: Java syntax, Pattern.DOTALL, plus
// CASE_INSENSITIVE for regexstringnocase.
Result<std::unique_ptr<ByteComparator>> MakeRegex(ByteComparator::Type type,
                                                  std::string operand) {
  OBKV_ASSIGN_OR_RETURN(
      Pcre2Translation translation,
      TranslateJavaRegex(operand, type == ByteComparator::Type::kRegexNoCase));
  size_t error_offset = 0;
  Result<std::unique_ptr<Pcre2Regex>> regex =
      Pcre2Regex::Compile(translation.pattern, &error_offset);
  if (!regex.ok()) {
    if (!regex.status().IsInvalidArgument()) return regex.status();
    return InvalidRegex(
        operand, regex.status().message() + " at offset " +
                     std::to_string(translation.SourceOffset(error_offset)));
  }
  return std::unique_ptr<ByteComparator>(
      new RegexComparator(type, std::move(operand), std::move(regex).value()));
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

Result<std::unique_ptr<ByteComparator>> ParseComparator(
    std::string_view spec, const FilterOptions& options) {
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
      if (options.compat == CompatProfile::kObkv) {
        return std::unique_ptr<ByteComparator>(
            new ObkvSubstringComparator(std::move(operand)));
      }
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

}  // namespace filter
}  // namespace obkvlite
