// Copyright (c) obkvlite authors.
//
// StoreImpl's compatibility profile (obkvlite/compat.h): the store's gate
// and FindingsCollector (hbase/compat/).

#include "hbase/api_guard.h"
#include "hbase/store/store_impl.h"

namespace obkvlite {

Status StoreImpl::CompatCheck(const std::string& table,
                              const std::string& operation,
                              const std::string& rule) {
  return GuardApi("compat check", [&]() -> Status {
    return compat_gate_.Check(table, operation, rule);
  });
}

Result<std::vector<CompatFinding>> StoreImpl::CompatFindings() {
  return GuardApi("compat findings", [&]() { return compat_findings_.Read(); });
}

Status StoreImpl::ResetCompatFindings() {
  return GuardApi("reset compat findings",
                  [&]() { return compat_findings_.Reset(); });
}

Status StoreImpl::FlushCompatFindings() {
  return GuardApi("flush compat findings",
                  [&]() { return compat_findings_.Flush(); });
}

}  // namespace obkvlite
