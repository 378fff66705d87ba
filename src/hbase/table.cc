// Copyright (c) obkvlite authors.
//
// Table's default methods, for layouts without a faster path.

#include "obkvlite/table.h"

namespace obkvlite {

Status Table::Get(const obkvlite::Get& get, RowResult* out) {
  Result<RowResult> row = Get(get);
  if (!row.ok()) {
    *out = RowResult();
    return row.status();
  }
  *out = std::move(row).value();
  return Status::OK();
}

}  // namespace obkvlite
