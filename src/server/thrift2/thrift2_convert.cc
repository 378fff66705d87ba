// Copyright (c) obkvlite authors.
#include "server/thrift2/thrift2_convert.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "server/common/column_rules.h"
#include "server/common/filter_string.h"
#include "server/thrift/call_metrics.h"
#include "server/thrift/thrift_convert.h"
#include "server/thrift2/wire_enum.h"

namespace obkvlite {
namespace server {
namespace {

constexpr int8_t kPutCellType = 4;  // HBase's Cell.Type.Put code

std::string Index(const std::string& field, const char* member, size_t i) {
  return field + "." + member + "[" + std::to_string(i) + "]";
}

Status CheckTimestamp(int64_t ts, const std::string& field) {
  if (ts < 0) {
    return Status::InvalidArgument(field + ": must be >= 0, got " +
                                   std::to_string(ts));
  }
  return Status::OK();
}

Status CheckTimeRange(const gen2::TTimeRange& r, const std::string& field,
                      TimeRange* out) {
  if (r.minStamp < 0 || r.maxStamp < r.minStamp) {
    return Status::InvalidArgument(
        field + ": must be 0 <= minStamp <= maxStamp, got [" +
        std::to_string(r.minStamp) + ", " + std::to_string(r.maxStamp) + ")");
  }
  out->min_ms = r.minStamp;
  out->max_ms = r.maxStamp;
  return Status::OK();
}

Status CheckVersions(int32_t versions, const std::string& field) {
  if (versions < 1) {
    return Status::InvalidArgument(field + ": must be positive, got " +
                                   std::to_string(versions));
  }
  return Status::OK();
}

// A TGet's or TScan's filter into *filter: filterString, which HBase
// parses whenever it is sent, an empty one too; a serialized Java Filter
// (filterBytes, FilterProtos.Filter) cannot be read here.
template <typename T>
Status ReadFilter(const T& t, const std::string& field, std::string* filter) {
  if (t.__isset.filterString) {
    Result<std::string> text = server::SentFilterString(t.filterString);
    if (!text.ok()) return text.status().WithPrefix(field + ".filterString");
    *filter = std::move(text).value();
  }
  if (t.__isset.filterBytes) {
    return Status::NotSupported(
        field +
        ".filterBytes: a serialized Java filter, which obkvlite does not "
        "read; send the filter in HBase's filter language as filterString");
  }
  return Status::OK();
}

// The projection of TColumns: a whole family, or one column.
Status AddColumns(const TableSpec& spec, const std::vector<gen2::TColumn>& in,
                  const std::string& field, std::vector<std::string>* families,
                  std::vector<Column>* columns) {
  for (size_t i = 0; i < in.size(); ++i) {
    const gen2::TColumn& c = in[i];
    ColumnName name;
    name.family = c.family;
    name.whole_family = !c.__isset.qualifier;
    if (!name.whole_family) {
      OBKV_RETURN_IF_ERROR(CheckQualifierSize(
          c.qualifier, Index(field, "columns", i) + ".qualifier"));
      name.qualifier = c.qualifier;
    }
    OBKV_RETURN_IF_ERROR(
        AddToProjection(spec, std::move(name), families, columns));
  }
  return Status::OK();
}

ReadConsistency ConsistencyOf(int32_t c) {
  return c == gen2::TConsistency::TIMELINE ? ReadConsistency::kWeak
                                           : ReadConsistency::kStrong;
}

Result<std::optional<int64_t>> TtlOf(
    const std::map<std::string, std::string>& attributes,
    const std::string& field) {
  Result<std::optional<int64_t>> ttl = CellTtlAttribute(attributes);
  if (!ttl.ok()) {
    return Status::InvalidArgument(field + "." + ttl.status().message());
  }
  return ttl;
}

}  // namespace

std::string TableNameOf(const gen2::TTableName& name) {
  if (!name.__isset.ns || name.ns.empty() || name.ns == "default") {
    return name.qualifier;
  }
  return name.ns + ":" + name.qualifier;
}

gen2::TTableName ThriftTableName(const std::string& name) {
  gen2::TTableName out;
  const size_t colon = name.find(':');
  if (colon == std::string::npos) {
    out.__set_ns("default");
    out.__set_qualifier(name);
  } else {
    out.__set_ns(name.substr(0, colon));
    out.__set_qualifier(name.substr(colon + 1));
  }
  return out;
}

Result<Get> GetOf(const TableSpec& spec, const gen2::TGet& t,
                  const std::string& field) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(t.row, field + ".row"));
  Get get(t.row);
  if (t.__isset.columns) {
    OBKV_RETURN_IF_ERROR(
        AddColumns(spec, t.columns, field, &get.families, &get.columns));
  }
  if (t.__isset.timestamp) {
    OBKV_RETURN_IF_ERROR(CheckTimestamp(t.timestamp, field + ".timestamp"));
    get.timestamp = t.timestamp;
  } else if (t.__isset.timeRange) {
    OBKV_RETURN_IF_ERROR(
        CheckTimeRange(t.timeRange, field + ".timeRange", &get.time_range));
  }
  if (t.__isset.maxVersions) {
    OBKV_RETURN_IF_ERROR(CheckVersions(t.maxVersions, field + ".maxVersions"));
    get.max_versions = t.maxVersions;
  }
  OBKV_RETURN_IF_ERROR(ReadFilter(t, field, &get.filter));
  if (t.__isset.consistency)
    get.consistency = ConsistencyOf(WireEnum(t.consistency));
  if (t.__isset.storeLimit && t.storeLimit < 0) {
    return Status::InvalidArgument(field + ".storeLimit: must be >= 0, got " +
                                   std::to_string(t.storeLimit));
  }
  if (t.__isset.storeOffset && t.storeOffset < 0) {
    return Status::InvalidArgument(field + ".storeOffset: must be >= 0, got " +
                                   std::to_string(t.storeOffset));
  }
  return get;
}

Result<Scan> ScanOf(const TableSpec& spec, const gen2::TScan& t,
                    const std::string& field) {
  Scan scan;
  if (t.__isset.startRow) scan.start_row = t.startRow;
  if (t.__isset.stopRow) scan.stop_row = t.stopRow;
  if (t.__isset.columns) {
    OBKV_RETURN_IF_ERROR(
        AddColumns(spec, t.columns, field, &scan.families, &scan.columns));
  }
  if (t.__isset.maxVersions) {
    OBKV_RETURN_IF_ERROR(CheckVersions(t.maxVersions, field + ".maxVersions"));
    scan.max_versions = t.maxVersions;
  }
  if (t.__isset.timeRange) {
    OBKV_RETURN_IF_ERROR(
        CheckTimeRange(t.timeRange, field + ".timeRange", &scan.time_range));
  }
  if (t.__isset.batchSize) {
    if (t.batchSize < 0) {
      return Status::InvalidArgument(field + ".batchSize: must be >= 0, got " +
                                     std::to_string(t.batchSize));
    }
    scan.batch = t.batchSize;
  }
  if (t.__isset.limit) {
    if (t.limit < 0) {
      return Status::InvalidArgument(field + ".limit: must be >= 0, got " +
                                     std::to_string(t.limit));
    }
    scan.limit = t.limit;
  }
  if (t.__isset.reversed) scan.reversed = t.reversed;
  if (t.__isset.caching) scan.caching = t.caching;
  OBKV_RETURN_IF_ERROR(ReadFilter(t, field, &scan.filter));
  if (t.__isset.consistency)
    scan.consistency = ConsistencyOf(WireEnum(t.consistency));
  return scan;
}

Status CheckDurability(int32_t durability, const std::string& field) {
  if (durability < gen2::TDurability::USE_DEFAULT ||
      durability > gen2::TDurability::FSYNC_WAL) {
    return Status::InvalidArgument(
        field + ": must be 0 (USE_DEFAULT) to 4 (FSYNC_WAL), got " +
        std::to_string(durability));
  }
  return Status::OK();
}

Result<Put> PutOf(const TableSpec& spec, const gen2::TPut& t,
                  const std::string& field) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(t.row, field + ".row"));
  if (t.__isset.durability) {
    OBKV_RETURN_IF_ERROR(
        CheckDurability(WireEnum(t.durability), field + ".durability"));
  }
  if (t.columnValues.empty()) {
    return Status::InvalidArgument(field +
                                   ".columnValues: no columns to insert");
  }
  std::optional<int64_t> put_ts;
  if (t.__isset.timestamp) {
    OBKV_RETURN_IF_ERROR(CheckTimestamp(t.timestamp, field + ".timestamp"));
    put_ts = t.timestamp;
  }
  Put put(t.row);
  OBKV_ASSIGN_OR_RETURN(put.ttl_ms, TtlOf(t.attributes, field));
  put.cells.reserve(t.columnValues.size());
  for (size_t i = 0; i < t.columnValues.size(); ++i) {
    const gen2::TColumnValue& c = t.columnValues[i];
    const std::string at = Index(field, "columnValues", i);
    OBKV_RETURN_IF_ERROR(CheckFamily(spec, c.family));
    OBKV_RETURN_IF_ERROR(CheckQualifierSize(c.qualifier, at + ".qualifier"));
    OBKV_RETURN_IF_ERROR(
        CheckValueSize(spec, c.family, c.value, at + ".value"));
    std::optional<int64_t> ts = put_ts;
    if (c.__isset.timestamp) {
      OBKV_RETURN_IF_ERROR(CheckTimestamp(c.timestamp, at + ".timestamp"));
      ts = c.timestamp;
    }
    put.cells.push_back({c.family, c.qualifier, ts, c.value});
  }
  return put;
}

Status AddDeletes(const TableSpec& spec, const gen2::TDelete& t,
                  const std::string& field, std::vector<Delete>* out) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(t.row, field + ".row"));
  if (t.__isset.durability) {
    OBKV_RETURN_IF_ERROR(
        CheckDurability(WireEnum(t.durability), field + ".durability"));
  }
  if (!t.__isset.columns) {
    Delete del;
    del.row = t.row;
    del.type = DeleteType::kRow;
    if (t.__isset.timestamp) {
      OBKV_RETURN_IF_ERROR(CheckTimestamp(t.timestamp, field + ".timestamp"));
      del.timestamp = t.timestamp;
    }
    out->push_back(std::move(del));
    return Status::OK();
  }
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const gen2::TColumn& c = t.columns[i];
    const std::string at = Index(field, "columns", i);
    OBKV_RETURN_IF_ERROR(CheckFamily(spec, c.family));
    Delete del;
    del.row = t.row;
    del.family = c.family;
    if (c.__isset.timestamp) {
      OBKV_RETURN_IF_ERROR(CheckTimestamp(c.timestamp, at + ".timestamp"));
      del.timestamp = c.timestamp;
    }
    // As HBase 2.x: a column's qualifier is used by the column kinds even
    // when unset (the empty qualifier).
    const int32_t delete_type = WireEnum(t.deleteType);
    switch (delete_type) {
      case gen2::TDeleteType::DELETE_COLUMN:
      case gen2::TDeleteType::DELETE_COLUMNS:
        OBKV_RETURN_IF_ERROR(
            CheckQualifierSize(c.qualifier, at + ".qualifier"));
        del.qualifier = c.qualifier;
        del.type = delete_type == gen2::TDeleteType::DELETE_COLUMN
                       ? DeleteType::kColumn
                       : DeleteType::kColumns;
        break;
      case gen2::TDeleteType::DELETE_FAMILY:
        del.type = DeleteType::kFamily;
        break;
      case gen2::TDeleteType::DELETE_FAMILY_VERSION:
        if (!c.__isset.timestamp) {
          return Status::InvalidArgument(
              at + ".timestamp: required by DELETE_FAMILY_VERSION");
        }
        del.type = DeleteType::kFamilyVersion;
        break;
      default:
        return Status::InvalidArgument(
            field +
            ".deleteType: must be 0 (DELETE_COLUMN) to 3 "
            "(DELETE_FAMILY_VERSION), got " +
            std::to_string(delete_type));
    }
    out->push_back(std::move(del));
  }
  return Status::OK();
}

Result<Increment> IncrementOf(const TableSpec& spec, const gen2::TIncrement& t,
                              const std::string& field) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(t.row, field + ".row"));
  if (t.__isset.durability) {
    OBKV_RETURN_IF_ERROR(
        CheckDurability(WireEnum(t.durability), field + ".durability"));
  }
  if (t.columns.empty()) {
    return Status::InvalidArgument(field + ".columns: no columns to increment");
  }
  Increment inc;
  inc.row = t.row;
  OBKV_ASSIGN_OR_RETURN(inc.ttl_ms, TtlOf(t.attributes, field));
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const gen2::TColumnIncrement& c = t.columns[i];
    OBKV_RETURN_IF_ERROR(CheckFamily(spec, c.family));
    OBKV_RETURN_IF_ERROR(CheckQualifierSize(
        c.qualifier, Index(field, "columns", i) + ".qualifier"));
    inc.columns.push_back({c.family, c.qualifier, c.amount});
  }
  return inc;
}

Result<Append> AppendOf(const TableSpec& spec, const gen2::TAppend& t,
                        const std::string& field) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(t.row, field + ".row"));
  if (t.__isset.durability) {
    OBKV_RETURN_IF_ERROR(
        CheckDurability(WireEnum(t.durability), field + ".durability"));
  }
  if (t.columns.empty()) {
    return Status::InvalidArgument(field + ".columns: no columns to append");
  }
  Append app;
  app.row = t.row;
  OBKV_ASSIGN_OR_RETURN(app.ttl_ms, TtlOf(t.attributes, field));
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const gen2::TColumnValue& c = t.columns[i];
    const std::string at = Index(field, "columns", i);
    OBKV_RETURN_IF_ERROR(CheckFamily(spec, c.family));
    OBKV_RETURN_IF_ERROR(CheckQualifierSize(c.qualifier, at + ".qualifier"));
    OBKV_RETURN_IF_ERROR(
        CheckValueSize(spec, c.family, c.value, at + ".value"));
    app.columns.push_back({c.family, c.qualifier, c.value});
  }
  return app;
}

Result<std::vector<std::variant<Put, Delete>>> RowMutationsOf(
    const TableSpec& spec, const gen2::TRowMutations& t,
    const std::string& field) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(t.row, field + ".row"));
  std::vector<std::variant<Put, Delete>> out;
  for (size_t i = 0; i < t.mutations.size(); ++i) {
    const gen2::TMutation& m = t.mutations[i];
    const std::string at = Index(field, "mutations", i);
    std::string row;
    if (m.__isset.put) {
      OBKV_ASSIGN_OR_RETURN(Put put, PutOf(spec, m.put, at + ".put"));
      row = put.row;
      out.emplace_back(std::move(put));
    } else if (m.__isset.deleteSingle) {
      std::vector<Delete> deletes;
      OBKV_RETURN_IF_ERROR(
          AddDeletes(spec, m.deleteSingle, at + ".deleteSingle", &deletes));
      row = m.deleteSingle.row;
      for (Delete& d : deletes) out.emplace_back(std::move(d));
    } else {
      return Status::InvalidArgument(at +
                                     ": sets neither put nor deleteSingle");
    }
    if (row != t.row) {
      return Status::InvalidArgument(at + ": the row '" + row +
                                     "' differs from the row '" + t.row +
                                     "' of the row mutations");
    }
  }
  return out;
}

gen2::TResult ResultOf(RowResult* row, bool partial) {
  gen2::TResult out;
  if (row->cells.empty()) return out;
  out.__set_row(row->cells.front().row);
  out.columnValues.reserve(row->cells.size());
  for (Cell& cell : row->cells) {
    gen2::TColumnValue& v = out.columnValues.emplace_back();
    v.family = std::move(cell.family);
    v.qualifier = std::move(cell.qualifier);
    v.value = std::move(cell.value);
    v.__set_timestamp(cell.timestamp);
    v.__set_type(kPutCellType);
  }
  if (partial) out.__set_partial(true);
  return out;
}

void ThrowIOError2(std::string_view method, const std::string& message) {
  NoteCallFailure(503);
  gen2::TIOError e;
  e.__set_message(std::string(method) + ": " + message);
  e.__set_canRetry(false);
  throw e;
}

void ThrowIllegalArgument2(std::string_view method,
                           const std::string& message) {
  NoteCallFailure(400);
  gen2::TIllegalArgument e;
  e.__set_message(std::string(method) + ": " + message);
  throw e;
}

void ThrowStatus2(std::string_view method, const Status& status,
                  bool illegal_argument) {
  if (illegal_argument && status.IsInvalidArgument()) {
    ThrowIllegalArgument2(method, status.message());
  }
  NoteCallFailure(503);
  gen2::TIOError e;
  e.__set_message(std::string(method) + ": " + status.message());
  e.__set_canRetry(status.code() == Status::Code::kBusy ||
                   status.code() == Status::Code::kUnavailable);
  throw e;
}

}  // namespace server
}  // namespace obkvlite
