// Copyright (c) obkvlite authors.
#include "hbase/index/index_check.h"

#include <algorithm>
#include <map>
#include <set>

#include "hbase/index/index_entry.h"
#include "hbase/read/stored_rows.h"
#include "obkvlite/bytes.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

constexpr size_t kKeysReported = 5;

using Entries = std::map<std::string, std::vector<IndexEntryCell>>;

// The entries the main table calls for.
Status ExpectedEntries(storage::Connection* conn, const TableSchema& main,
                       const IndexInfo& index, Entries* out) {
  // Row -> newest stored version of each column (the first stored row of
  // each (K, Q) is the newest: T ascending).
  std::map<std::string, IndexColumnsState> rows;
  std::set<int> families;
  for (const IndexInfo::ColumnRef& c : index.columns) families.insert(c.family);
  for (int rank : families) {
    const FamilyInfo& family = main.families()[rank];
    OBKV_RETURN_IF_ERROR(ForEachStoredRowOf(
        conn, family, false, [&](const StoredRow& r) -> Status {
          for (size_t i = 0; i < index.columns.size(); ++i) {
            const IndexInfo::ColumnRef& c = index.columns[i];
            if (c.family != rank || c.qualifier != r.qualifier) continue;
            IndexColumnsState& state = rows[std::string(r.key)];
            state.resize(index.columns.size());
            if (!state[i].has_value()) {
              state[i] = StoredVersion{r.t, std::string(r.value), r.ttl_ms};
            }
          }
          return Status::OK();
        }));
  }
  for (const auto& [row, state] : rows) {
    std::optional<IndexEntry> entry = EntryOf(main, index, row, state);
    if (entry.has_value()) (*out)[entry->key] = std::move(entry->cells);
  }
  return Status::OK();
}

// What the index table holds.
Status StoredEntries(storage::Connection* conn, const IndexInfo& index,
                     Entries* out) {
  for (const FamilyInfo& family : index.table->families()) {
    OBKV_RETURN_IF_ERROR(ForEachStoredRowOf(
        conn, family, false, [&](const StoredRow& r) -> Status {
          (*out)[std::string(r.key)].push_back(
              {family.name(), std::string(r.qualifier), r.t,
               std::string(r.value), r.ttl_ms});
          return Status::OK();
        }));
  }
  for (auto& [key, cells] : *out) std::sort(cells.begin(), cells.end());
  return Status::OK();
}

void Note(std::string_view key, int64_t* count,
          std::vector<std::string>* keys) {
  ++*count;
  if (keys->size() < kKeysReported) keys->push_back(ToStringBinary(key));
}

}  // namespace

Result<std::vector<const IndexInfo*>> IndexesNamed(const TableSchema& main,
                                                   const std::string& name) {
  if (main.indexes().empty()) {
    return Status::FailedPrecondition("table '" + main.name() +
                                      "' has no indexes");
  }
  std::vector<const IndexInfo*> out;
  if (name.empty()) {
    for (const IndexInfo& index : main.indexes()) out.push_back(&index);
    return out;
  }
  const IndexInfo* index = main.FindIndex(name);
  if (index == nullptr) {
    return Status::NotFound("index: table '" + main.name() +
                            "' has no index '" + name + "'");
  }
  out.push_back(index);
  return out;
}

Result<IndexCheckReport> CheckIndexes(StoreContext* ctx,
                                      const TableSchema& main,
                                      const std::string& name) {
  OBKV_ASSIGN_OR_RETURN(std::vector<const IndexInfo*> indexes,
                        IndexesNamed(main, name));
  OBKV_ASSIGN_OR_RETURN(StoreContext::Snapshot snap, ctx->ReadSnapshot());
  IndexCheckReport report;
  for (const IndexInfo* index : indexes) {
    if (!report.index.empty()) report.index += ",";
    report.index += index->spec.name;
    Entries expected;
    Entries stored;
    OBKV_RETURN_IF_ERROR(
        ExpectedEntries(snap.lease.get(), main, *index, &expected));
    OBKV_RETURN_IF_ERROR(StoredEntries(snap.lease.get(), *index, &stored));
    report.expected += static_cast<int64_t>(expected.size());
    report.entries += static_cast<int64_t>(stored.size());
    for (const auto& [key, cells] : expected) {
      auto it = stored.find(key);
      if (it == stored.end()) {
        Note(key, &report.missing, &report.missing_keys);
      } else if (it->second != cells) {
        Note(key, &report.stale, &report.stale_keys);
      }
    }
    for (const auto& [key, cells] : stored) {
      if (expected.find(key) == expected.end()) {
        Note(key, &report.stale, &report.stale_keys);
      }
    }
  }
  OBKV_RETURN_IF_ERROR(snap.txn.Commit());
  return report;
}

}  // namespace obkvlite
