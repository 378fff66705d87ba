// Copyright (c) obkvlite authors.
//
// Compare operators and byte comparators of HBase's filter language:
//   binary:V        byte-wise (unsigned) comparison with V
//   binaryprefix:V  like binary, on the cell's first len(V) bytes
//   substring:V     ASCII case-insensitive "contains V"
//   regexstring:V   Java regular expression (HBase's RegexStringComparator:
//                   Pattern.DOTALL, Matcher.find() on the cell decoded as
//                   UTF-8), run by PCRE2 (java_regex_translator.h)
//   regexstringnocase:V  the same with Pattern.CASE_INSENSITIVE
// V is taken byte for byte: HBase's parser does not decode escapes such as
// \xHH, so neither does this one.
//
// As in HBase, CompareTo(cell) compares the operand with the cell bytes
// (negative: operand < cell); substring and regex comparators return 0 on a
// match and 1 otherwise, which is why they only make sense with = and !=.
// CompareOpKeeps() turns a CompareTo() result into "cell op operand".
//
// Thread safety: a comparator serves one scan at a time (a regex comparator
// reuses its match data and keeps its first match error).

#ifndef OBKVLITE_HBASE_FILTER_COMPARATORS_H_
#define OBKVLITE_HBASE_FILTER_COMPARATORS_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "obkvlite/filter.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

enum class CompareOp {
  kLess,
  kLessOrEqual,
  kEqual,
  kNotEqual,
  kGreaterOrEqual,
  kGreater
};

// "<", "<=", "=", "!=", ">=", ">"; nullopt for anything else.
std::optional<CompareOp> ParseCompareOp(std::string_view text);
const char* CompareOpSymbol(CompareOp op);

// True iff a cell whose CompareTo() result is `compare_to` satisfies
// "cell op operand".
bool CompareOpKeeps(CompareOp op, int compare_to);

class ByteComparator {
 public:
  enum class Type { kBinary, kBinaryPrefix, kSubstring, kRegex, kRegexNoCase };

  virtual ~ByteComparator() = default;

  // Compares the operand with `cell_bytes` (see the file comment).
  virtual int CompareTo(std::string_view cell_bytes) const = 0;

  Type type() const { return type_; }
  // The operand as written after "type:".
  const std::string& operand() const { return operand_; }
  // "binary", "binaryprefix", ...
  const char* TypeName() const;
  // True for substring and regex comparators: only = and != are allowed.
  bool EqualityOnly() const {
    return type_ != Type::kBinary && type_ != Type::kBinaryPrefix;
  }
  // "type:operand", unquoted.
  std::string ToString() const;
  // OK, or the first error of a CompareTo() (a regular expression match
  // that reached its limits, pcre2_regex.h). After an error CompareTo()
  // returns 1; the filter's status() reports the error, which ends the read.
  virtual Status status() const { return Status::OK(); }

 protected:
  ByteComparator(Type type, std::string operand)
      : type_(type), operand_(std::move(operand)) {}

 private:
  Type type_;
  std::string operand_;
};

// Parses "type:value" (the argument without its quotes), the substring
// comparator as `options` say. Errors are InvalidArgument messages without
// a position; the caller adds it.
Result<std::unique_ptr<ByteComparator>> ParseComparator(
    std::string_view spec, const FilterOptions& options = FilterOptions());

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COMPARATORS_H_
