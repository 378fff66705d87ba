// Copyright (c) obkvlite authors.
//
// FirstColumn: the first column of every row of one query, for the
// inspection queries of `obkv check` and of a DDL repair
// (information_schema, SHOW ...).
//
// REQUIRED: `sql` returns rows and numbers its parameters ?1, ?2, ...,
// one per element of `params`, each bound as text.
// Thread safety: as the connection.

#ifndef OBKVLITE_STORAGE_FIRST_COLUMN_H_
#define OBKVLITE_STORAGE_FIRST_COLUMN_H_

#include <string>
#include <vector>

#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// Each row's first column, as its bytes, in the rows' order.
Result<std::vector<std::string>> FirstColumn(
    Connection* conn, const std::string& sql,
    const std::vector<std::string>& params = {});

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_FIRST_COLUMN_H_
