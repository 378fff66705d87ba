// Copyright (c) obkvlite authors.
#include "hbase/table_schema.h"

#include <algorithm>
#include <limits>

namespace obkvlite {

FamilyInfo::FamilyInfo(const TableSpec& table, const FamilySpec& family,
                       bool partitions_are_tables)
    : spec(family),
      router(table.name, family),
      partitions_are_tables(partitions_are_tables),
      max_versions_cap(
          family.max_versions > 0
              ? static_cast<int>(std::min<int64_t>(
                    family.max_versions, std::numeric_limits<int>::max()))
              : std::numeric_limits<int>::max()),
      ttl_ms(family.ttl_seconds > std::numeric_limits<int64_t>::max() / 1000
                 ? std::numeric_limits<int64_t>::max()
                 : family.ttl_seconds * 1000) {
  partition_tables.reserve(router.partition_count());
  const std::string relation = FamilyRelationName(table, family);
  for (int i = 0; i < router.partition_count(); ++i) {
    partition_tables.push_back(
        partitions_are_tables ? router.PartitionTableName(i) : relation);
  }
}

std::vector<int> FamilyInfo::Distinct(std::vector<int> partitions) const {
  DistinctInto(partitions, &partitions);
  return partitions;
}

void FamilyInfo::DistinctInto(const std::vector<int>& partitions,
                              std::vector<int>* out) const {
  if (out != &partitions) *out = partitions;  // keeps out's memory
  if (!partitions_are_tables && out->size() > 1) out->resize(1);
}

std::vector<int> FamilyInfo::AllTables() const {
  std::vector<int> all(partitions_are_tables ? router.partition_count() : 1);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  return all;
}

int64_t FamilyInfo::OldestVisible(int64_t now_ms) const {
  if (ttl_ms <= 0 || now_ms <= ttl_ms) return 0;
  return now_ms - ttl_ms;
}

TableSchema::TableSchema(TableSpec spec, bool partitions_are_tables)
    : spec_(std::move(spec)) {
  std::vector<const FamilySpec*> sorted;
  for (const FamilySpec& f : spec_.families) sorted.push_back(&f);
  // std::string compares as unsigned bytes (char_traits<char>::compare is
  // memcmp-like), the byte order of HBase family names.
  std::sort(sorted.begin(), sorted.end(),
            [](const FamilySpec* a, const FamilySpec* b) {
              return a->name < b->name;
            });
  families_.reserve(sorted.size());
  for (const FamilySpec* f : sorted) {
    families_.emplace_back(spec_, *f, partitions_are_tables);
  }
  for (const IndexSpec& index : spec_.indexes) {
    // Valid: ParseTableSpec made the same spec when it parsed the table's
    // (an empty table otherwise, parallel to spec_.indexes).
    Result<TableSpec> own = IndexTableSpec(spec_, index);
    IndexInfo info;
    info.spec = index;
    info.table = std::make_shared<const TableSchema>(
        own.ok() ? std::move(own).value() : TableSpec(),
        partitions_are_tables);
    info.columns.push_back({Rank(index.family), index.qualifier});
    for (const IndexColumn& c : index.covered) {
      info.columns.push_back({Rank(c.family), c.qualifier});
    }
    indexes_.push_back(std::move(info));
  }
}

const IndexInfo* TableSchema::FindIndex(std::string_view name) const {
  const IndexSpec* found = spec_.FindIndex(name);
  if (found == nullptr) return nullptr;
  return &indexes_[static_cast<size_t>(found - spec_.indexes.data())];
}

int TableSchema::Rank(std::string_view family) const {
  for (size_t i = 0; i < families_.size(); ++i) {
    if (families_[i].name() == family) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace obkvlite
