// Copyright (c) obkvlite authors.
//
// TableSchema: what the operations need to know about a table, computed
// once from its TableSpec: per family its router, the names of its
// partition tables, its place in byte order of names (the order of cells
// in results), its MaxVersions cap and TimeToLive.
//
// Physical tables: on an engine where each partition is a table of its
// own (SQLite) partition_tables[i] is "t$f$p<i>"; where the server routes
// rows to its partitions (storage::Engine::partitions_are_tables false)
// every entry is the family relation "t$f", and Distinct() keeps one
// partition per table so that no statement runs twice on it.
//
// Schemas are shared (std::shared_ptr<const TableSchema>) by the Table and
// the Scanners it creates, so a Scanner stays valid while the table object
// is replaced.
// Thread safety: immutable after construction, except each family's
// cells-per-row hint, which is safe from many threads.

#ifndef OBKVLITE_HBASE_TABLE_SCHEMA_H_
#define OBKVLITE_HBASE_TABLE_SCHEMA_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/cells_per_row_hint.h"
#include "obkvlite/router.h"
#include "obkvlite/spec.h"

namespace obkvlite {

struct FamilyInfo {
  FamilyInfo(const TableSpec& table, const FamilySpec& family,
             bool partitions_are_tables);

  FamilySpec spec;
  PartitionRouter router;
  std::vector<std::string> partition_tables;  // physical name per index
  bool partitions_are_tables;
  int max_versions_cap;  // the family's MaxVersions, or INT32_MAX
  int64_t ttl_ms;        // TimeToLive in ms, 0 = none
  // Cells per row the family's server scans saw: sizes a limited scan's
  // first page. Only a page size: mutable in a const schema.
  mutable CellsPerRowHint cells_per_row;

  const std::string& name() const { return spec.name; }
  // Oldest visible timestamp at `now_ms` (0 without a TimeToLive).
  int64_t OldestVisible(int64_t now_ms) const;
  // `partitions` (ascending, from the router) with one partition per
  // physical table: all of them, or the first when one relation holds all.
  std::vector<int> Distinct(std::vector<int> partitions) const;
  // The same into `*out` (may be `&partitions`), reusing its memory.
  void DistinctInto(const std::vector<int>& partitions,
                    std::vector<int>* out) const;
  // Every partition, one per physical table.
  std::vector<int> AllTables() const;
};

class TableSchema;

// One secondary index of a table (obkvlite/index.h): its spec, the schema
// of its index table, and the ranks (in the main table) of the families of
// its columns: columns[0] is the indexed column, then the covered ones.
struct IndexInfo {
  struct ColumnRef {
    int family;  // rank in the main table
    std::string qualifier;
  };
  IndexSpec spec;
  std::shared_ptr<const TableSchema> table;
  std::vector<ColumnRef> columns;
};

class TableSchema {
 public:
  // `partitions_are_tables`: storage::Engine::partitions_are_tables().
  TableSchema(TableSpec spec, bool partitions_are_tables);

  const TableSpec& spec() const { return spec_; }
  const std::string& name() const { return spec_.name; }
  // Families in byte order of their names: index = rank in results.
  const std::vector<FamilyInfo>& families() const { return families_; }
  // Rank of `family`, or -1 when the table has no such family.
  int Rank(std::string_view family) const;
  // The table's secondary indexes, in spec order.
  const std::vector<IndexInfo>& indexes() const { return indexes_; }
  // The index named `name` (obkvlite/spec.h TableSpec::FindIndex), or
  // nullptr.
  const IndexInfo* FindIndex(std::string_view name) const;

 private:
  TableSpec spec_;
  std::vector<FamilyInfo> families_;
  std::vector<IndexInfo> indexes_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TABLE_SCHEMA_H_
