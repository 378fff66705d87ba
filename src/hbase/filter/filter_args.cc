// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_args.h"

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {
namespace {

std::string CountText(const std::vector<size_t>& counts) {
  std::string out;
  for (size_t i = 0; i < counts.size(); ++i) {
    if (i > 0) out += i + 1 == counts.size() ? " or " : ", ";
    out += std::to_string(counts[i]);
  }
  return out +
         (counts.size() == 1 && counts[0] == 1 ? " argument" : " arguments");
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (x != b[i]) return false;
  }
  return true;
}

}  // namespace

Status ArgReader::ExpectCounts(std::vector<size_t> counts) const {
  for (size_t c : counts) {
    if (c == args_.size()) return Status::OK();
  }
  return FilterError(name_pos_, name_ + " takes " + CountText(counts) +
                                    ", got " + std::to_string(args_.size()));
}

Status ArgReader::Error(size_t i, const std::string& what) const {
  return FilterError(args_[i].pos, name_ + " argument " +
                                       std::to_string(i + 1) + ": " + what +
                                       ", got " + Printable(args_[i].source));
}

Result<std::string> ArgReader::String(size_t i) const {
  if (!args_[i].quoted) return Error(i, "expected a quoted string");
  return args_[i].value;
}

Result<std::vector<std::string>> ArgReader::DistinctStrings() const {
  std::vector<std::string> out;
  for (size_t i = 0; i < args_.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(std::string s, String(i));
    for (size_t k = 0; k < out.size(); ++k) {
      if (out[k] == s) {
        return Error(i, "expected a value distinct from argument " +
                            std::to_string(k + 1));
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

Result<int64_t> ArgReader::NonNegative(size_t i, int64_t max) const {
  const std::string what =
      "expected an integer from 0 to " + std::to_string(max);
  const std::string& v = args_[i].value;
  if (args_[i].quoted || v.empty()) return Error(i, what);
  const size_t start = v[0] == '-' ? 1 : 0;
  int64_t n = 0;
  for (size_t k = start; k < v.size(); ++k) {
    if (v[k] < '0' || v[k] > '9') return Error(i, what);
    const int digit = v[k] - '0';
    if (n > (max - digit) / 10) return Error(i, what);  // overflow or > max
    n = n * 10 + digit;
  }
  if (start == 1 && n != 0) return Error(i, what);
  return n;
}

Result<bool> ArgReader::Bool(size_t i) const {
  if (!args_[i].quoted) {
    if (EqualsIgnoreCase(args_[i].value, "true")) return true;
    if (EqualsIgnoreCase(args_[i].value, "false")) return false;
  }
  return Error(i, "expected true or false");
}

Result<CompareOp> ArgReader::Op(size_t i) const {
  std::optional<CompareOp> op;
  if (!args_[i].quoted) op = ParseCompareOp(args_[i].value);
  if (!op) return Error(i, "expected a compare operator (<, <=, =, !=, >=, >)");
  return *op;
}

Result<std::unique_ptr<ByteComparator>> ArgReader::Comparator(
    size_t i, CompareOp op) const {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<ByteComparator> c, AnyOpComparator(i));
  if (c->EqualityOnly() && op != CompareOp::kEqual &&
      op != CompareOp::kNotEqual) {
    return FilterError(args_[i - 1].pos,
                       name_ + " argument " + std::to_string(i) +
                           ": expected = or != with a " + c->TypeName() +
                           " comparator, got " + CompareOpSymbol(op));
  }
  return c;
}

Result<std::unique_ptr<ByteComparator>> ArgReader::AnyOpComparator(
    size_t i) const {
  if (!args_[i].quoted) {
    return Error(i, "expected a quoted comparator such as 'binary:abc'");
  }
  Result<std::unique_ptr<ByteComparator>> c =
      ParseComparator(args_[i].value, options_);
  if (!c.ok()) {
    return FilterError(args_[i].pos, name_ + " argument " +
                                         std::to_string(i + 1) + ": " +
                                         c.status().message());
  }
  return c;
}

}  // namespace filter
}  // namespace obkvlite
