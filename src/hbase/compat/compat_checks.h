// Copyright (c) obkvlite authors.
//
// Which rows of doc/obkv-compat.md (compat_rules.h) an operation on a table
// hits: the one place that decides it for the library's operations, so
// every surface above the library (exec, the shell, Thrift, REST) is judged
// alike. Operations the surfaces alone have (admin, getRowOrBefore) are
// judged where they run, by rule id (Store::CompatCheck).
//
// Each function appends the rules hit, most important first; the obkv
// profile refuses with the first refusal among them.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_COMPAT_COMPAT_CHECKS_H_
#define OBKVLITE_HBASE_COMPAT_COMPAT_CHECKS_H_

#include <vector>

#include "hbase/compat/compat_rules.h"
#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace compat {

using Hits = std::vector<const Rule*>;

void CheckGet(const TableSpec& spec, const Get& get, Hits* hits);
// C-22: whether a Get or Scan reads the table group, naming no family or
// more than one: OBKV's 2.x client parses those results as
// family\0qualifier and fails on a cell whose qualifier is empty, so
// such a read's cells are judged (Gate::Check "C-22") as they come.
bool ReadsTableGroup(const Get& get);
bool ReadsTableGroup(const Scan& scan);
// An existence check (Table::Exists): a Get with checkExistenceOnly.
void CheckExists(const TableSpec& spec, const Get& get, Hits* hits);
// Table::MultiGet, which OBKV's client sends as one batch of gets.
void CheckMultiGet(const TableSpec& spec, const std::vector<Get>& gets,
                   Hits* hits);
void CheckScan(const TableSpec& spec, const Scan& scan, Hits* hits);
// A planned scan: C-73 when it reads a family's partitions out of row-key
// order (ReadsPartitionsOutOfKeyOrder, hbase/read/read_plan.h).
void CheckScanOrder(bool out_of_key_order, Hits* hits);
void CheckPut(const TableSpec& spec, const Put& put, Hits* hits);
void CheckDelete(const TableSpec& spec, const Delete& del, Hits* hits);
void CheckIncrement(const TableSpec& spec, const Increment& inc, Hits* hits);
void CheckAppend(const TableSpec& spec, const Append& app, Hits* hits);
void CheckCheckAndMutate(const TableSpec& spec, const CheckAndMutate& cam,
                         Hits* hits);
void CheckBatch(const TableSpec& spec, const std::vector<Mutation>& mutations,
                Hits* hits);

}  // namespace compat
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_COMPAT_COMPAT_CHECKS_H_
