// Copyright (c) obkvlite authors.
//
// Helpers of the read-modify-write tests (server_concurrency_test,
// server_retry_test, galera_test): an increment of one counter column, and
// the newest value of a column as the store returns it, REQUIRing the read
// succeeded.
//
// Thread safety: as the Table they read.

#ifndef OBKVLITE_TESTS_RMW_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_RMW_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "obkvlite/mutation.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/table.h"

namespace obkvlite {
namespace testing {

// Adds `amount` to row:f:n.
inline Increment IncrementOf(const std::string& row, int64_t amount = 1) {
  Increment inc;
  inc.row = row;
  inc.columns.push_back({"f", "n", amount});
  return inc;
}

// The newest value of row:f:qualifier, "" when absent.
inline std::string NewestValue(Table* table, const std::string& row,
                               const std::string& qualifier) {
  Get get(row);
  get.columns.push_back({"f", qualifier});
  Result<RowResult> got = table->Get(get);
  REQUIRE_MESSAGE(got.ok(), got.status().ToString());
  return got->cells.empty() ? std::string() : got->cells[0].value;
}

// The counter row:f:n (0 when absent).
inline int64_t CounterOf(Table* table, const std::string& row) {
  const std::string bytes = NewestValue(table, row, "n");
  if (bytes.empty()) return 0;
  Result<int64_t> value = DecodeBigEndian64(bytes);
  REQUIRE(value.ok());
  return *value;
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_RMW_TEST_SUPPORT_H_
