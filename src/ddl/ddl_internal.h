// Copyright (c) obkvlite authors.
//
// Internals shared by the DDL dialect generators.
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_DDL_INTERNAL_H_
#define OBKVLITE_DDL_DDL_INTERNAL_H_

#include <string>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace ddl_internal {

// True when the family's relation carries the generated column G = abs(T):
// always for timeseries, and wherever a range level partitions on G.
bool HasGColumn(const TableSpec& t, const FamilySpec& f);

// The oceanbase or mysql script of a whole table.
std::string MysqlFamilyDdl(const TableSpec& t, DdlDialect dialect);

}  // namespace ddl_internal
}  // namespace obkvlite

#endif  // OBKVLITE_DDL_DDL_INTERNAL_H_
