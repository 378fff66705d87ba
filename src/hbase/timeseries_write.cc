// Copyright (c) obkvlite authors.
#include "hbase/timeseries_write.h"

#include <algorithm>
#include <string_view>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/timeseries_clock.h"
#include "hbase/timeseries_request.h"
#include "hbase/write_path.h"
#include "layout/timeseries_layout.h"
#include "layout/timeseries_value.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {
namespace {

constexpr int kMaxConflictRetries = 10000;

Status CheckUtf8(std::string_view bytes, const FieldRef& field) {
  if (layout::IsValidUtf8(bytes)) return Status::OK();
  return Status::InvalidArgument(
      field.ToString() +
      ": not valid UTF-8 (timeseries values are JSON strings)");
}

// Inserts every doc with `s`; false in *conflict when a key was taken.
Status InsertAll(storage::Connection* writer,
                 const std::vector<TimeseriesDoc>& docs, int64_t s,
                 size_t* inserted, bool* conflict) {
  *conflict = false;
  for (*inserted = 0; *inserted < docs.size(); ++*inserted) {
    const TimeseriesDoc& doc = docs[*inserted];
    OBKV_ASSIGN_OR_RETURN(
        storage::Statement * stmt,
        TimeseriesStatement(writer, doc.family->partition_tables[doc.partition],
                            layout::kTsInsert));
    stmt->BindBlob(1, doc.row);
    stmt->BindInt(2, layout::EncodeTimestamp(doc.ts));
    stmt->BindInt(3, s);
    stmt->BindText(4, doc.value);
    const storage::StepCode rc = stmt->Advance();
    Status error = rc == storage::StepCode::kError ? stmt->error() : Status();
    const bool constraint =
        rc == storage::StepCode::kError && stmt->constraint_violated();
    stmt->Reset();
    if (rc != storage::StepCode::kError) continue;
    if (constraint) {
      *conflict = true;
      return Status::OK();
    }
    return error;
  }
  return Status::OK();
}

Status RemoveInserted(storage::Connection* writer,
                      const std::vector<TimeseriesDoc>& docs, size_t n,
                      int64_t s) {
  for (size_t i = 0; i < n; ++i) {
    const TimeseriesDoc& doc = docs[i];
    OBKV_ASSIGN_OR_RETURN(
        storage::Statement * stmt,
        TimeseriesStatement(writer, doc.family->partition_tables[doc.partition],
                            layout::kTsDeleteDoc));
    stmt->BindBlob(1, doc.row);
    stmt->BindInt(2, layout::EncodeTimestamp(doc.ts));
    stmt->BindInt(3, s);
    OBKV_RETURN_IF_ERROR(stmt->Run());
  }
  return Status::OK();
}

}  // namespace

Status PlanTimeseriesPut(const TableSchema& schema, const Put& put,
                         int64_t now_ms, std::vector<TimeseriesDoc>* docs) {
  std::vector<RoutedCell> cells;
  cells.reserve(put.cells.size());
  OBKV_RETURN_IF_ERROR(RoutePut(schema, put, now_ms, &cells));
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].family != cells.front().family) {
      return TimeseriesUnsupported("cells[" + std::to_string(i) +
                                   "].family: a put spanning several families");
    }
    OBKV_RETURN_IF_ERROR(
        CheckUtf8(cells[i].qualifier, FieldRef("cells", i, "qualifier")));
    OBKV_RETURN_IF_ERROR(
        CheckUtf8(cells[i].value, FieldRef("cells", i, "value")));
  }
  // One document per timestamp, members by qualifier; stable, so of two
  // cells with the same (ts, qualifier) the later one is last and wins.
  const auto by_ts_qualifier = [](const RoutedCell& a, const RoutedCell& b) {
    if (a.ts != b.ts) return a.ts < b.ts;
    return a.qualifier < b.qualifier;
  };
  if (!std::is_sorted(cells.begin(), cells.end(), by_ts_qualifier)) {
    std::stable_sort(cells.begin(), cells.end(), by_ts_qualifier);
  }
  std::vector<layout::TimeseriesMember> members;
  members.reserve(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    const RoutedCell& cell = cells[i];
    const bool last_of_column = i + 1 == cells.size() ||
                                cells[i + 1].ts != cell.ts ||
                                cells[i + 1].qualifier != cell.qualifier;
    if (last_of_column) members.emplace_back(cell.qualifier, cell.value);
    if (i + 1 == cells.size() || cells[i + 1].ts != cell.ts) {
      docs->push_back(TimeseriesDoc{cell.family, cell.partition, put.row,
                                    cell.ts,
                                    layout::EncodeTimeseriesValue(members)});
      members.clear();
    }
  }
  return Status::OK();
}

Status WriteTimeseriesPut(storage::Connection* writer,
                          const std::string& store_path, int64_t now_ms,
                          const std::vector<TimeseriesDoc>& docs) {
  for (int attempt = 0; attempt < kMaxConflictRetries; ++attempt) {
    const int64_t s =
        layout::EncodeTimestamp(NextTimeseriesWriteMs(store_path, now_ms));
    size_t inserted = 0;
    bool conflict = false;
    OBKV_RETURN_IF_ERROR(InsertAll(writer, docs, s, &inserted, &conflict));
    if (!conflict) return Status::OK();
    OBKV_RETURN_IF_ERROR(RemoveInserted(writer, docs, inserted, s));
  }
  return Status::Busy("timeseries put: no free write time (S) found");
}

}  // namespace obkvlite
