// Copyright (c) obkvlite authors.
#include "hbase/timeseries_write.h"

#include <sqlite3.h>

#include <map>
#include <string_view>

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

Result<storage::SqliteStatement*> Statement(storage::Connection* conn,
                                            const std::string& table,
                                            int kind) {
  return conn->statements()->Get(
      table, kind, [&] { return layout::TimeseriesSql(kind, table); });
}

// Inserts every doc with `s`; false in *conflict when a key was taken.
Status InsertAll(storage::Connection* writer,
                 const std::vector<TimeseriesDoc>& docs, int64_t s,
                 size_t* inserted, bool* conflict) {
  *conflict = false;
  for (*inserted = 0; *inserted < docs.size(); ++*inserted) {
    const TimeseriesDoc& doc = docs[*inserted];
    OBKV_ASSIGN_OR_RETURN(
        storage::SqliteStatement * stmt,
        Statement(writer, doc.family->partition_tables[doc.partition],
                  layout::kTsInsert));
    stmt->BindBlob(1, doc.row);
    stmt->BindInt(2, layout::EncodeTimestamp(doc.ts));
    stmt->BindInt(3, s);
    stmt->BindText(4, doc.value);
    const int rc = stmt->StepRc();
    stmt->Reset();
    if (rc == SQLITE_DONE) continue;
    if ((rc & 0xff) == SQLITE_CONSTRAINT) {
      *conflict = true;
      return Status::OK();
    }
    return stmt->Error(rc);
  }
  return Status::OK();
}

Status RemoveInserted(storage::Connection* writer,
                      const std::vector<TimeseriesDoc>& docs, size_t n,
                      int64_t s) {
  for (size_t i = 0; i < n; ++i) {
    const TimeseriesDoc& doc = docs[i];
    OBKV_ASSIGN_OR_RETURN(
        storage::SqliteStatement * stmt,
        Statement(writer, doc.family->partition_tables[doc.partition],
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
  OBKV_RETURN_IF_ERROR(ValidateRow(put.row, "row"));
  if (put.cells.empty()) {
    return Status::InvalidArgument("cells: must not be empty");
  }
  const FamilyInfo* family = nullptr;
  std::map<int64_t, std::map<std::string_view, std::string_view>> by_ts;
  std::map<int64_t, int> partitions;
  for (size_t i = 0; i < put.cells.size(); ++i) {
    const PutCell& cell = put.cells[i];
    OBKV_ASSIGN_OR_RETURN(
        const FamilyInfo* f,
        FindFamily(schema, cell.family, FieldRef("cells", i, "family")));
    if (family != nullptr && f != family) {
      return TimeseriesUnsupported("cells[" + std::to_string(i) +
                                   "].family: a put spanning several families");
    }
    family = f;
    OBKV_RETURN_IF_ERROR(
        ValidateQualifier(cell.qualifier, FieldRef("cells", i, "qualifier")));
    OBKV_RETURN_IF_ERROR(
        ValidateValue(cell.value, *f, FieldRef("cells", i, "value")));
    OBKV_RETURN_IF_ERROR(
        CheckUtf8(cell.qualifier, FieldRef("cells", i, "qualifier")));
    OBKV_RETURN_IF_ERROR(CheckUtf8(cell.value, FieldRef("cells", i, "value")));
    const int64_t ts = cell.timestamp.value_or(now_ms);
    OBKV_RETURN_IF_ERROR(ValidateTimestamp(ts, FieldRef("cells", i, "ts")));
    if (partitions.count(ts) == 0) {
      OBKV_ASSIGN_OR_RETURN(RoutedCell routed,
                            RouteCell(*f, put.row, cell.qualifier, ts,
                                      cell.value, FieldRef("cells", i)));
      partitions[ts] = routed.partition;
    }
    by_ts[ts][cell.qualifier] = cell.value;  // a later duplicate wins
  }
  for (const auto& [ts, members] : by_ts) {
    docs->push_back(TimeseriesDoc{family, partitions[ts], put.row, ts,
                                  layout::EncodeTimeseriesValue(members)});
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
