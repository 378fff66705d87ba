// Copyright (c) obkvlite authors.
//
// Compare operators and byte comparators of HBase's filter language:
//   binary:V        byte-wise (unsigned) comparison with V
//   binaryprefix:V  like binary, on the cell's first len(V) bytes
//   substring:V     ASCII case-insensitive "contains V"
//   regexstring:V   regular expression, find semantics ('.' matches any byte)
//   regexstringnocase:V  the same, ASCII case-insensitive
// V is taken byte for byte: HBase's parser does not decode escapes such as
// \xHH, so neither does this one.
//
// As in HBase, CompareTo(cell) compares the operand with the cell bytes
// (negative: operand < cell); substring and regex comparators return 0 on a
// match and 1 otherwise, which is why they only make sense with = and !=.
// CompareOpKeeps() turns a CompareTo() result into "cell op operand".
//
// Thread safety: comparators are immutable after construction.

#ifndef OBKVLITE_HBASE_FILTER_COMPARATORS_H_
#define OBKVLITE_HBASE_FILTER_COMPARATORS_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace filters {

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

 protected:
  ByteComparator(Type type, std::string operand)
      : type_(type), operand_(std::move(operand)) {}

 private:
  Type type_;
  std::string operand_;
};

// Longest regular expression accepted, in bytes, and the deepest nesting of
// groups; both keep std::regex's recursive compiler within the stack.
inline constexpr size_t kMaxRegexBytes = 4096;
inline constexpr int kMaxRegexGroupDepth = 64;
// Largest count in a {m,n} repetition, and most digits after a '\': the
// compiler copies its automaton per repetition, and accumulates numbers in
// a signed long that overflows (found by fuzz/filter_fuzzer).
inline constexpr int kMaxRegexRepeat = 1000;
inline constexpr int kMaxRegexEscapeDigits = 3;

// Parses "type:value" (the argument without its quotes). Errors are
// InvalidArgument messages without a position; the caller adds it.
Result<std::unique_ptr<ByteComparator>> ParseComparator(std::string_view spec);

}  // namespace filters
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COMPARATORS_H_
