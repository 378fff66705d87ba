// Copyright (c) obkvlite authors.
//
// Typed access to a filter call's arguments, with HBase's typing rule:
// strings must be quoted; compare operators, integers and booleans must be
// bare. Every error names the position, the filter and the argument, e.g.
//   "filter: position 13: PrefixFilter argument 1: expected a quoted
//    string, got row"
//   "filter: position 0: PrefixFilter takes 1 argument, got 2"
//
// Thread safety: a reader is used by one parse.

#ifndef OBKVLITE_HBASE_FILTER_FILTER_ARGS_H_
#define OBKVLITE_HBASE_FILTER_FILTER_ARGS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/filter/comparators.h"
#include "hbase/filter/filter_lexer.h"
#include "obkvlite/filter.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

class ArgReader {
 public:
  ArgReader(std::string_view filter_name, size_t name_pos,
            const std::vector<FilterArg>& args, const FilterOptions& options)
      : name_(filter_name),
        name_pos_(name_pos),
        args_(args),
        options_(options) {}

  size_t size() const { return args_.size(); }

  // OK iff the call has `count` arguments, or one of `counts`.
  Status ExpectCount(size_t count) const { return ExpectCounts({count}); }
  Status ExpectCounts(std::vector<size_t> counts) const;

  // REQUIRED for all getters: i < size().
  Result<std::string> String(size_t i) const;
  // Every argument, each a quoted string and no two alike (HBase's
  // MultipleColumnPrefixFilter: "prefixes must be distinct").
  Result<std::vector<std::string>> DistinctStrings() const;
  // An integer in [0, max]: digits after an optional '-' (HBase's
  // convertByteArrayToLong; a lone "-" reads as 0, as there).
  Result<int64_t> NonNegative(size_t i, int64_t max) const;
  // true or false, any case.
  Result<bool> Bool(size_t i) const;
  Result<CompareOp> Op(size_t i) const;
  // A quoted 'type:value' comparator used with `op`, the argument before
  // it: substring and regex comparators only with = and != (HBase's
  // CompareFilter, SingleColumnValueFilter and ColumnValueFilter).
  Result<std::unique_ptr<ByteComparator>> Comparator(size_t i,
                                                     CompareOp op) const;
  // The same with any compare operator (HBase's DependentColumnFilter does
  // not check it).
  Result<std::unique_ptr<ByteComparator>> AnyOpComparator(size_t i) const;

 private:
  Status Error(size_t i, const std::string& what) const;

  std::string name_;
  size_t name_pos_;
  const std::vector<FilterArg>& args_;
  const FilterOptions& options_;  // the comparators'
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_FILTER_ARGS_H_
