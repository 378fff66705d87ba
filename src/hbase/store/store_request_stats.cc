// Copyright (c) obkvlite authors.
//
// StoreImpl's request and operation statistics (obkvlite/store.h):
// argument checks, then the store's RequestStatsCollector.

#include <set>

#include "hbase/api_guard.h"
#include "hbase/store/store_impl.h"

namespace obkvlite {
namespace {

// The families `family` selects in `spec` (empty: all, as an empty set),
// or an error naming "family".
Result<std::set<std::string>> SelectFamilies(const TableSpec& spec,
                                             const std::string& family) {
  if (family.empty()) return std::set<std::string>();
  if (spec.FindFamily(family) == nullptr) {
    return Status::InvalidArgument("family: table '" + spec.name +
                                   "' has no family '" + family + "'");
  }
  return std::set<std::string>{family};
}

}  // namespace

Result<std::vector<RequestStatsBucket>> StoreImpl::RequestStats(
    const std::string& name, const RequestStatsQuery& query) {
  return GuardApi(
      "request stats", [&]() -> Result<std::vector<RequestStatsBucket>> {
        OBKV_ASSIGN_OR_RETURN(Table * table, GetTable(name));
        OBKV_ASSIGN_OR_RETURN(std::set<std::string> families,
                              SelectFamilies(table->spec(), query.family));
        if (query.since_ms > query.until_ms) {
          return Status::InvalidArgument(
              "since: " + std::to_string(query.since_ms) + " is after until " +
              std::to_string(query.until_ms));
        }
        return request_stats_.Read(name, families, query.since_ms,
                                   query.until_ms);
      });
}

Status StoreImpl::ResetRequestStats(const std::string& name,
                                    const std::string& family) {
  return GuardApi("reset request stats", [&]() -> Status {
    OBKV_ASSIGN_OR_RETURN(Table * table, GetTable(name));
    OBKV_RETURN_IF_ERROR(SelectFamilies(table->spec(), family).status());
    return request_stats_.Reset(name, family);
  });
}

Result<std::vector<HotKeyStats>> StoreImpl::HotKeys(const std::string& name,
                                                    int top) {
  return GuardApi("hot keys", [&]() -> Result<std::vector<HotKeyStats>> {
    OBKV_RETURN_IF_ERROR(GetTable(name).status());
    return request_stats_.HotKeys(name, top);
  });
}

Status StoreImpl::FlushRequestStats() {
  return GuardApi("flush request stats",
                  [&]() -> Status { return request_stats_.Flush(); });
}

Result<std::vector<OperationStatsLine>> StoreImpl::OperationStats() {
  return GuardApi("operation stats",
                  [&]() { return request_stats_.ReadOperations(); });
}

Status StoreImpl::ResetOperationStats() {
  return GuardApi("reset operation stats",
                  [&]() -> Status { return request_stats_.ResetOperations(); });
}

}  // namespace obkvlite
