// Copyright (c) obkvlite authors.
#include "hbase/timeseries/timeseries_delete.h"

#include <string>
#include <utility>
#include <vector>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/timeseries/timeseries_request.h"
#include "layout/timeseries_layout.h"
#include "layout/timeseries_value.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {
namespace {

struct StoredDoc {
  int partition;
  int64_t t;
  int64_t s;
  std::string v;
};

// Every document of `row` in `family` with a ts in `times`.
Status ReadDocs(storage::Connection* conn, const FamilyInfo& family,
                const std::string& row, const TimeRange& times,
                std::vector<StoredDoc>* docs) {
  const int kind = layout::TimeseriesScanKind(false, 1);
  const layout::TBounds t = layout::EncodeTimeRange(times);
  for (int p : family.Distinct(family.router.PruneGet(row, times))) {
    OBKV_ASSIGN_OR_RETURN(
        storage::Statement * stmt,
        TimeseriesStatement(conn, family.partition_tables[p], kind));
    stmt->BindBlob(1, row);
    stmt->BindBlob(2, row);
    stmt->BindInt(3, t.lo_exclusive);
    stmt->BindInt(4, t.hi_inclusive);
    storage::StepCode rc;
    while ((rc = stmt->Advance()) == storage::StepCode::kRow) {
      docs->push_back(StoredDoc{
          p, stmt->ColumnInt(layout::kTsColT), stmt->ColumnInt(layout::kTsColS),
          std::string(stmt->ColumnText(layout::kTsColV))});
    }
    Status st = rc == storage::StepCode::kDone ? Status::OK() : stmt->error();
    stmt->Reset();
    OBKV_RETURN_IF_ERROR(st);
  }
  return Status::OK();
}

// Rewrites `doc` with `members`, or deletes it when there are none.
Status Rewrite(
    storage::Connection* conn, const FamilyInfo& family, const std::string& row,
    const StoredDoc& doc,
    const std::vector<std::pair<std::string, std::string>>& members) {
  const int kind = members.empty() ? layout::kTsDeleteDoc : layout::kTsUpdate;
  OBKV_ASSIGN_OR_RETURN(
      storage::Statement * stmt,
      TimeseriesStatement(conn, family.partition_tables[doc.partition], kind));
  const std::string v =
      members.empty() ? std::string() : layout::EncodeTimeseriesValue(members);
  stmt->BindBlob(1, row);
  stmt->BindInt(2, doc.t);
  stmt->BindInt(3, doc.s);
  if (!members.empty()) stmt->BindText(4, v);
  return stmt->Run();
}

// Removes `qualifier` (or every member when null) from each doc.
Status RemoveFrom(storage::Connection* conn, const FamilyInfo& family,
                  const std::string& row, const std::vector<StoredDoc>& docs,
                  const std::string* qualifier) {
  std::vector<std::pair<std::string, std::string>> members;
  for (const StoredDoc& doc : docs) {
    members.clear();
    if (qualifier != nullptr) {
      OBKV_RETURN_IF_ERROR(layout::DecodeTimeseriesValue(doc.v, &members));
      const size_t before = members.size();
      for (size_t i = 0; i < members.size(); ++i) {
        if (members[i].first == *qualifier) {
          members.erase(members.begin() + static_cast<ptrdiff_t>(i));
          break;
        }
      }
      if (members.size() == before) continue;
    }
    OBKV_RETURN_IF_ERROR(Rewrite(conn, family, row, doc, members));
  }
  return Status::OK();
}

// kColumn without ts: the latest ts holding the qualifier, or -1.
Result<int64_t> LatestTs(storage::Connection* conn, const FamilyInfo& family,
                         const Delete& del) {
  std::vector<StoredDoc> docs;
  OBKV_RETURN_IF_ERROR(
      ReadDocs(conn, family, del.row, TimeRange::All(), &docs));
  int64_t latest = -1;
  std::vector<std::pair<std::string, std::string>> members;
  for (const StoredDoc& doc : docs) {
    const int64_t ts = layout::DecodeTimestamp(doc.t);
    if (ts <= latest) continue;
    OBKV_RETURN_IF_ERROR(layout::DecodeTimeseriesValue(doc.v, &members));
    for (const auto& m : members) {
      if (m.first == del.qualifier) latest = ts;
    }
  }
  return latest;
}

}  // namespace

Status ValidateTimeseriesDelete(const TableSchema& schema, const Delete& del) {
  OBKV_RETURN_IF_ERROR(ValidateRow(del.row, "row"));
  if (del.timestamp.has_value()) {
    OBKV_RETURN_IF_ERROR(ValidateTimestamp(*del.timestamp, "ts"));
  }
  if (del.type == DeleteType::kRow) {
    if (schema.families().size() == 1) return Status::OK();
    return TimeseriesUnsupported(
        "type: a row delete spanning several families (use family)");
  }
  OBKV_RETURN_IF_ERROR(FindFamily(schema, del.family, "family").status());
  if (del.type == DeleteType::kColumn || del.type == DeleteType::kColumns) {
    OBKV_RETURN_IF_ERROR(ValidateQualifier(del.qualifier, "qualifier"));
  }
  if (del.type == DeleteType::kFamilyVersion && !del.timestamp.has_value()) {
    return Status::InvalidArgument("ts: required for family_version");
  }
  return Status::OK();
}

Status ApplyTimeseriesDelete(storage::Connection* writer,
                             const TableSchema& schema, const Delete& del) {
  std::vector<StoredDoc> docs;
  if (del.type == DeleteType::kRow) {
    for (const FamilyInfo& family : schema.families()) {
      docs.clear();
      OBKV_RETURN_IF_ERROR(ReadDocs(writer, family, del.row,
                                    TimeRange::UpTo(del.timestamp), &docs));
      OBKV_RETURN_IF_ERROR(RemoveFrom(writer, family, del.row, docs, nullptr));
    }
    return Status::OK();
  }
  const FamilyInfo& family = *FindFamily(schema, del.family, "family").value();
  TimeRange times;
  const std::string* qualifier = &del.qualifier;
  switch (del.type) {
    case DeleteType::kColumn: {
      int64_t ts = del.timestamp.value_or(-1);
      if (!del.timestamp.has_value()) {
        OBKV_ASSIGN_OR_RETURN(ts, LatestTs(writer, family, del));
        if (ts < 0) return Status::OK();
      }
      times = TimeRange::Exactly(ts);
      break;
    }
    case DeleteType::kColumns:
      times = TimeRange::UpTo(del.timestamp);
      break;
    case DeleteType::kFamily:
      times = TimeRange::UpTo(del.timestamp);
      qualifier = nullptr;
      break;
    case DeleteType::kFamilyVersion:
      times = TimeRange::Exactly(*del.timestamp);
      qualifier = nullptr;
      break;
    case DeleteType::kRow:
      break;
  }
  OBKV_RETURN_IF_ERROR(ReadDocs(writer, family, del.row, times, &docs));
  return RemoveFrom(writer, family, del.row, docs, qualifier);
}

}  // namespace obkvlite
