// Copyright (c) obkvlite authors.
#include "hbase/write/delete_ops.h"

#include <limits>
#include <optional>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/write/newest_stored.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {
namespace {

using layout::EncodeTimestamp;
using storage::Statement;

const char* TypeName(DeleteType type) {
  switch (type) {
    case DeleteType::kColumn:
      return "column";
    case DeleteType::kColumns:
      return "columns";
    case DeleteType::kFamily:
      return "family";
    case DeleteType::kFamilyVersion:
      return "family_version";
    case DeleteType::kRow:
      return "row";
  }
  return "?";
}

// Runs `kind` on every partition of `family` that `times` may touch, with
// the row bound to ?1 and the remaining parameters set by `bind`.
template <typename Bind>
Status DeleteInPartitions(storage::Connection* conn, const FamilyInfo& family,
                          const std::string& row, const TimeRange& times,
                          int kind, Bind bind) {
  for (int p : family.Distinct(family.router.PruneGet(row, times))) {
    OBKV_ASSIGN_OR_RETURN(
        Statement * stmt,
        NormalStatement(conn, family.partition_tables[p], kind));
    stmt->BindBlob(1, row);
    bind(stmt);
    OBKV_RETURN_IF_ERROR(stmt->Run());
  }
  return Status::OK();
}

Status DeleteFamilyUpTo(storage::Connection* conn, const FamilyInfo& family,
                        const std::string& row, std::optional<int64_t> ts) {
  const int64_t min_t = ts.has_value() ? EncodeTimestamp(*ts) : layout::kMinT;
  return DeleteInPartitions(conn, family, row, TimeRange::UpTo(ts),
                            layout::kNormalDeleteRowUpTo,
                            [&](Statement* s) { s->BindInt(2, min_t); });
}

}  // namespace

Status ValidateDelete(const TableSchema& schema, const Delete& del) {
  OBKV_RETURN_IF_ERROR(ValidateRow(del.row, "row"));
  if (del.timestamp.has_value()) {
    OBKV_RETURN_IF_ERROR(ValidateTimestamp(*del.timestamp, "ts"));
  }
  if (del.type == DeleteType::kRow) return Status::OK();
  if (del.family.empty()) {
    return Status::InvalidArgument(std::string("family: required for delete "
                                               "type '") +
                                   TypeName(del.type) + "'");
  }
  OBKV_RETURN_IF_ERROR(FindFamily(schema, del.family, "family").status());
  if (del.type == DeleteType::kColumn || del.type == DeleteType::kColumns) {
    OBKV_RETURN_IF_ERROR(ValidateQualifier(del.qualifier, "qualifier"));
  }
  if (del.type == DeleteType::kFamilyVersion && !del.timestamp.has_value()) {
    return Status::InvalidArgument(
        "ts: required for delete type 'family_version'");
  }
  return Status::OK();
}

Status ApplyDelete(storage::Connection* writer, const TableSchema& schema,
                   const Delete& del) {
  if (del.type == DeleteType::kRow) {
    for (const FamilyInfo& family : schema.families()) {
      OBKV_RETURN_IF_ERROR(
          DeleteFamilyUpTo(writer, family, del.row, del.timestamp));
    }
    return Status::OK();
  }
  const FamilyInfo& family = schema.families()[schema.Rank(del.family)];
  switch (del.type) {
    case DeleteType::kColumn: {
      std::optional<int64_t> t;
      if (del.timestamp.has_value()) {
        t = EncodeTimestamp(*del.timestamp);
      } else {
        OBKV_ASSIGN_OR_RETURN(
            std::optional<StoredVersion> newest,
            NewestStored(writer, family, del.row, del.qualifier));
        if (!newest.has_value()) return Status::OK();  // nothing to delete
        t = newest->t;
      }
      const TimeRange at = TimeRange::Exactly(layout::DecodeTimestamp(*t));
      return DeleteInPartitions(writer, family, del.row, at,
                                layout::kNormalDeleteCell, [&](Statement* s) {
                                  s->BindBlob(2, del.qualifier);
                                  s->BindInt(3, *t);
                                });
    }
    case DeleteType::kColumns: {
      const int64_t min_t = del.timestamp.has_value()
                                ? EncodeTimestamp(*del.timestamp)
                                : layout::kMinT;
      return DeleteInPartitions(
          writer, family, del.row, TimeRange::UpTo(del.timestamp),
          layout::kNormalDeleteColumnUpTo, [&](Statement* s) {
            s->BindBlob(2, del.qualifier);
            s->BindInt(3, min_t);
          });
    }
    case DeleteType::kFamily:
      return DeleteFamilyUpTo(writer, family, del.row, del.timestamp);
    case DeleteType::kFamilyVersion: {
      const int64_t t = EncodeTimestamp(*del.timestamp);
      return DeleteInPartitions(
          writer, family, del.row, TimeRange::Exactly(*del.timestamp),
          layout::kNormalDeleteRowAt, [&](Statement* s) { s->BindInt(2, t); });
    }
    case DeleteType::kRow:
      break;
  }
  return Status::OK();
}

}  // namespace obkvlite
