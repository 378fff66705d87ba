// Copyright (c) obkvlite authors.
//
// HBase REST's cell resources: GET/PUT/POST/DELETE /T/ROW[/COLS][/TS] and
// GET /T/multiget.

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "server/rest/cell_set.h"
#include "server/rest/json_body.h"
#include "server/rest/rest_handlers.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace rest {
namespace {

// ?v=N: the versions to return (1 without it).
Result<int> Versions(const RestContext& ctx) {
  std::optional<std::string> v = ctx.target.Param("v");
  if (!v) return 1;
  Result<int64_t> n =
      ParseIntField(*v, "v", 1, std::numeric_limits<int>::max());
  if (!n.ok()) {
    return Status::InvalidArgument("v: must be a positive integer, got '" +
                                   v->substr(0, 40) + "'");
  }
  return static_cast<int>(*n);
}

TimeRange RangeOf(const RowSpec& rs) {
  if (rs.timestamp) return TimeRange::Exactly(*rs.timestamp);
  TimeRange range;
  if (rs.start_ts) range.min_ms = *rs.start_ts;
  if (rs.end_ts) range.max_ms = *rs.end_ts;
  return range;
}

// Projects `rs`'s columns onto families / columns, checking each family.
Status Project(const TableSpec& spec, const RowSpec& rs,
               std::vector<std::string>* families,
               std::vector<Column>* columns) {
  for (const ColumnSpec& c : rs.columns) {
    OBKV_RETURN_IF_ERROR(server::AddToProjection(spec, c, families, columns));
  }
  return Status::OK();
}

// A read of the target's table: ?v=N, and the rows read so far.
struct Read {
  Table* table = nullptr;
  int versions = 1;
  std::vector<RowResult> rows;
  int64_t cells = 0;
};

// The rows `rs` names, added to `read`: one Get, or a prefix scan for a
// glob.
Status ReadRows(const RestContext& ctx, const RowSpec& rs, Read* read) {
  Table* table = read->table;
  const int versions = read->versions;
  int64_t* cells = &read->cells;
  std::vector<RowResult>* rows = &read->rows;
  const int64_t limit = ctx.options.max_response_cells;
  if (rs.prefix_glob) {
    Scan scan;
    scan.prefix = rs.row;
    scan.max_versions = versions;
    scan.time_range = RangeOf(rs);
    OBKV_RETURN_IF_ERROR(
        Project(table->spec(), rs, &scan.families, &scan.columns));
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table->GetScanner(scan));
    RowResult row;
    while (scanner->Next(&row)) {
      *cells += static_cast<int64_t>(row.cells.size());
      if (*cells > limit) return TooManyCells(limit);
      rows->push_back(std::move(row));
    }
    return scanner->status();
  }
  Get get(rs.row);
  get.max_versions = versions;
  if (rs.timestamp) {
    get.timestamp = rs.timestamp;
  } else {
    get.time_range = RangeOf(rs);
  }
  OBKV_RETURN_IF_ERROR(Project(table->spec(), rs, &get.families, &get.columns));
  OBKV_ASSIGN_OR_RETURN(RowResult row, table->Get(get));
  if (row.empty()) return Status::OK();
  *cells += static_cast<int64_t>(row.cells.size());
  if (*cells > limit) return TooManyCells(limit);
  rows->push_back(std::move(row));
  return Status::OK();
}

// Starts `read` on the target's table with ?v=N; the error response when
// either is wrong.
std::optional<HttpResponse> StartRead(const RestContext& ctx, Read* read) {
  Result<Table*> t = TargetTable(ctx);
  if (!t.ok()) return ErrorResponse(t.status());
  Result<int> v = Versions(ctx);
  if (!v.ok()) return ErrorResponse(v.status());
  read->table = *t;
  read->versions = *v;
  return std::nullopt;
}

Result<int64_t> HeaderTimestamp(const std::string& text) {
  return ParseIntField(text, "X-Timestamp", 0,
                       std::numeric_limits<int64_t>::max() - 1);
}

// A put's column is family:qualifier ("f:" the empty qualifier): HBase's
// RowResource refuses a column CellUtil.parseColumn does not split in two
// (400), so a bare family names no column to put.
Status CheckPutColumn(const ColumnSpec& c, const std::string& field) {
  if (!c.whole_family) return Status::OK();
  return Status::InvalidArgument(field + ": '" + c.family +
                                 "' is a family without a qualifier; a put "
                                 "names family:qualifier ('" +
                                 c.family + ":' for the empty qualifier)");
}

// The put of an application/octet-stream body: the URL names the row and
// the one column; X-Timestamp or the URL the timestamp.
Result<std::vector<Put>> BinaryPut(const RestContext& ctx,
                                   const TableSpec& spec) {
  const RowSpec& rs = ctx.target.row;
  if (rs.prefix_glob || rs.columns.size() != 1) {
    return Status::InvalidArgument(
        "application/octet-stream: the URL must name one row and one column "
        "(/table/row/family:qualifier)");
  }
  const ColumnSpec& c = rs.columns.front();
  OBKV_RETURN_IF_ERROR(CheckPutColumn(c, "column"));
  OBKV_RETURN_IF_ERROR(server::CheckFamily(spec, c.family));
  std::optional<int64_t> ts = rs.timestamp;
  const std::string header = ctx.request.Header("x-timestamp");
  if (!header.empty()) {
    OBKV_ASSIGN_OR_RETURN(int64_t v, HeaderTimestamp(header));
    ts = v;
  }
  Put put(rs.row);
  put.cells.push_back({c.family, c.qualifier, ts, ctx.request.body});
  return std::vector<Put>{std::move(put)};
}

// The puts of a CellSet body; its keys and columns override the URL's.
Result<std::vector<Put>> CellSetPuts(const RestContext& ctx, MediaType type,
                                     const TableSpec& spec) {
  const RowSpec& rs = ctx.target.row;
  OBKV_ASSIGN_OR_RETURN(CellSetModel model,
                        ParseCellSet(type, ctx.request.body));
  if (model.rows.empty()) {
    return Status::InvalidArgument("body: CellSet: no Row");
  }
  std::vector<Put> puts;
  puts.reserve(model.rows.size());
  // Paths are named only for an error: a 1,000-row body builds none.
  auto rpath = [](size_t r) { return "body: Row[" + std::to_string(r) + "]"; };
  auto cpath = [&rpath](size_t r, size_t c) {
    return rpath(r) + ".Cell[" + std::to_string(c) + "]";
  };
  for (size_t r = 0; r < model.rows.size(); ++r) {
    RowModel& row = model.rows[r];
    Put put;
    if (row.key) {
      put.row = std::move(*row.key);
    } else if (!rs.prefix_glob) {
      put.row = rs.row;
    } else {
      return Status::InvalidArgument(rpath(r) + ".key: missing");
    }
    if (row.cells.empty()) {
      return Status::InvalidArgument(rpath(r) + ".Cell: no cells");
    }
    put.cells.reserve(row.cells.size());
    // A cell without a column takes the URL's next one (RowResource.update
    // reads rowspec.getColumns()[i++] for each such cell of a row).
    size_t next_url_column = 0;
    for (size_t c = 0; c < row.cells.size(); ++c) {
      CellModel& cell = row.cells[c];
      ColumnSpec column;
      if (cell.column) {
        Result<ColumnSpec> parsed =
            ParseColumnSpec(*cell.column, "column", false);
        if (!parsed.ok()) {  // again, for the error naming the cell
          return ParseColumnSpec(*cell.column, cpath(r, c) + ".column", false)
              .status();
        }
        column = std::move(parsed).value();
        OBKV_RETURN_IF_ERROR(CheckPutColumn(column, cpath(r, c) + ".column"));
      } else if (next_url_column < rs.columns.size()) {
        column = rs.columns[next_url_column++];
        OBKV_RETURN_IF_ERROR(CheckPutColumn(column, "column"));
      } else {
        return Status::InvalidArgument(cpath(r, c) + ".column: missing");
      }
      OBKV_RETURN_IF_ERROR(server::CheckFamily(spec, column.family));
      std::optional<int64_t> ts =
          cell.timestamp ? cell.timestamp : rs.timestamp;
      // HBase's LATEST_TIMESTAMP (Long.MAX_VALUE) is the server's clock:
      // RemoteHTable sends it for a Put without a timestamp.
      if (ts && *ts == INT64_MAX) ts.reset();
      if (ts && *ts < 0) {
        return Status::InvalidArgument(cpath(r, c) +
                                       ".timestamp: must be >= 0, got " +
                                       std::to_string(*ts));
      }
      put.cells.push_back({std::move(column.family),
                           std::move(column.qualifier), ts,
                           std::move(cell.value)});
    }
    puts.push_back(std::move(put));
  }
  return puts;
}

// The deletes `rs` names, as HBase's RowResource.delete: the whole row (up
// to TS), a family up to TS, one column's version at TS, or all versions
// of a column.
Result<std::vector<Mutation>> UrlDeletes(const RowSpec& rs,
                                         const TableSpec& spec) {
  if (rs.prefix_glob) {
    return Status::InvalidArgument("row: DELETE takes one row, not a '*' glob");
  }
  if (rs.start_ts) {
    return Status::InvalidArgument(
        "timestamp: DELETE takes one timestamp, not a range");
  }
  std::vector<Mutation> deletes;
  if (rs.columns.empty()) {
    Delete d;
    d.row = rs.row;
    d.type = DeleteType::kRow;
    d.timestamp = rs.timestamp;
    deletes.emplace_back(std::move(d));
  }
  for (const ColumnSpec& c : rs.columns) {
    OBKV_RETURN_IF_ERROR(server::CheckFamily(spec, c.family));
    Delete d;
    d.row = rs.row;
    d.family = c.family;
    d.qualifier = c.qualifier;
    d.timestamp = rs.timestamp;
    d.type = c.whole_family ? DeleteType::kFamily
             : rs.timestamp ? DeleteType::kColumn
                            : DeleteType::kColumns;
    deletes.emplace_back(std::move(d));
  }
  return deletes;
}

// HBase's checkAndDelete (?check=delete; RowResource.checkAndDelete): the
// CellSet's one row (its key, else the URL's row), whose last cell is the
// check: its column (else the URL's first column) must be family:qualifier
// and hold exactly that value. The cells before it are what is deleted: a
// family ("f") every version up to the cell's timestamp, a column ("f:q")
// the version at the cell's timestamp, the latest without one; a body of
// the check cell alone deletes every version of the checked column. The
// URL's columns and timestamp delete nothing.
Result<CheckAndMutate> CheckAndDeleteOf(const RestContext& ctx, MediaType type,
                                        const TableSpec& spec) {
  const RowSpec& rs = ctx.target.row;
  OBKV_ASSIGN_OR_RETURN(CellSetModel model,
                        ParseCellSet(type, ctx.request.body));
  if (model.rows.size() != 1 || model.rows.front().cells.empty()) {
    return Status::InvalidArgument(
        "check=delete: the body must hold one Row with 1 Cell or more, the "
        "last one the value to check");
  }
  RowModel& row = model.rows.front();
  CheckAndMutate cam;
  cam.row = row.key ? std::move(*row.key) : rs.row;
  const size_t last = row.cells.size() - 1;
  // The timestamp a cell gives its delete: none, or LATEST_TIMESTAMP
  // (what RemoteHTable sends), means the latest version.
  auto stamp = [](const CellModel& cell) -> std::optional<int64_t> {
    if (cell.timestamp && *cell.timestamp == INT64_MAX) return std::nullopt;
    return cell.timestamp;
  };
  for (size_t c = 0; c < last; ++c) {
    const std::string field = "body: Row[0].Cell[" + std::to_string(c) + "]";
    CellModel& cell = row.cells[c];
    if (!cell.column) {
      return Status::InvalidArgument(field + ".column: missing");
    }
    OBKV_ASSIGN_OR_RETURN(
        ColumnSpec column,
        ParseColumnSpec(*cell.column, field + ".column", false));
    OBKV_RETURN_IF_ERROR(server::CheckFamily(spec, column.family));
    Delete d;
    d.row = cam.row;
    d.family = std::move(column.family);
    d.qualifier = std::move(column.qualifier);
    d.timestamp = stamp(cell);
    d.type = column.whole_family ? DeleteType::kFamily : DeleteType::kColumn;
    cam.mutations.emplace_back(std::move(d));
  }
  CellModel& probe = row.cells[last];
  const std::string field = "body: Row[0].Cell[" + std::to_string(last) + "]";
  ColumnSpec checked;
  if (probe.column) {
    OBKV_ASSIGN_OR_RETURN(
        checked, ParseColumnSpec(*probe.column, field + ".column", false));
  } else if (!rs.columns.empty()) {
    checked = rs.columns.front();
  } else {
    return Status::InvalidArgument(field + ".column: missing");
  }
  if (checked.whole_family) {
    return Status::InvalidArgument(
        "check=delete: the last Cell's column must be family:qualifier");
  }
  OBKV_RETURN_IF_ERROR(server::CheckFamily(spec, checked.family));
  if (last == 0) {
    Delete d;
    d.row = cam.row;
    d.type = DeleteType::kColumns;
    d.family = checked.family;
    d.qualifier = checked.qualifier;
    cam.mutations.emplace_back(std::move(d));
  }
  cam.family = std::move(checked.family);
  cam.qualifier = std::move(checked.qualifier);
  cam.op = CompareOp::kEqual;
  cam.value = std::move(probe.value);
  return cam;
}

// HBase's ?check=append and ?check=increment (RowResource.append and
// increment): the CellSet's one row (its key, else the URL's row), each
// cell's column (else the URL's next column) family:qualifier. An append
// adds each value to its column's; an increment adds each value, a decimal
// number ("5", "-2", as Long.parseLong reads it), to its column's 8-byte
// counter. 200 with no body.
HttpResponse AppendOrIncrementRow(const RestContext& ctx, MediaType type,
                                  Table* table, bool increment) {
  const char* check = increment ? "check=increment" : "check=append";
  const char* operation = increment ? "increment" : "append";
  if (type == MediaType::kBinary) {
    return BadRequest("check: needs a CellSet body (JSON or XML)");
  }
  const RowSpec& rs = ctx.target.row;
  Result<CellSetModel> model = ParseCellSet(type, ctx.request.body);
  if (!model.ok()) return ErrorResponse(ctx, operation, model.status());
  if (model->rows.size() != 1) {
    return BadRequest(std::string(check) + ": the body must hold one Row");
  }
  RowModel& row = model->rows.front();
  Append app;
  Increment inc;
  app.row = inc.row = row.key ? *row.key : rs.row;
  size_t next_url_column = 0;
  for (size_t c = 0; c < row.cells.size(); ++c) {
    const std::string field = "body: Row[0].Cell[" + std::to_string(c) + "]";
    CellModel& cell = row.cells[c];
    ColumnSpec column;
    if (cell.column) {
      Result<ColumnSpec> parsed =
          ParseColumnSpec(*cell.column, field + ".column", false);
      if (!parsed.ok()) return ErrorResponse(ctx, operation, parsed.status());
      column = std::move(parsed).value();
    } else if (next_url_column < rs.columns.size()) {
      column = rs.columns[next_url_column++];
    } else {
      return BadRequest(field + ".column: missing");
    }
    Status st = CheckPutColumn(column, field + ".column");
    if (st.ok()) st = server::CheckFamily(table->spec(), column.family);
    if (!st.ok()) return ErrorResponse(ctx, operation, st);
    if (increment) {
      Result<int64_t> amount =
          ParseIntField(cell.value, "Row[0].Cell[" + std::to_string(c) + "].$",
                        std::numeric_limits<int64_t>::min() + 1,
                        std::numeric_limits<int64_t>::max());
      if (!amount.ok()) return ErrorResponse(amount.status());
      inc.columns.push_back(
          {std::move(column.family), std::move(column.qualifier), *amount});
    } else {
      app.columns.push_back({std::move(column.family),
                             std::move(column.qualifier),
                             std::move(cell.value)});
    }
  }
  Status st =
      increment ? table->Increment(inc).status() : table->Append(app).status();
  return st.ok() ? HttpResponse() : ErrorResponse(st);
}

// HBase's checkAndPut (?check=put) and checkAndDelete (?check=delete,
// CheckAndDeleteOf): the CellSet's one row, whose last cell is the check
// (its column must hold exactly that value); for a put, the other cells
// are put (one of them in the checked column, as HBase requires). 200 when
// it applied, 304 when the check failed.
HttpResponse CheckAndMutateRow(const RestContext& ctx, MediaType type,
                               Table* table, const std::string& check) {
  if (check != "put" && check != "delete") {
    return BadRequest("check: must be put, delete, append or increment, got '" +
                      check.substr(0, 40) + "'");
  }
  if (type == MediaType::kBinary) {
    return BadRequest("check: needs a CellSet body (JSON or XML)");
  }
  CheckAndMutate cam;
  if (check == "delete") {
    Result<CheckAndMutate> parsed = CheckAndDeleteOf(ctx, type, table->spec());
    if (!parsed.ok()) {
      return ErrorResponse(ctx, "checkAndMutate", parsed.status());
    }
    cam = std::move(parsed).value();
  } else {
    Result<std::vector<Put>> puts = CellSetPuts(ctx, type, table->spec());
    if (!puts.ok()) return ErrorResponse(ctx, "checkAndMutate", puts.status());
    Put put = std::move(puts->front());
    if (puts->size() != 1 || put.cells.size() < 2) {
      return BadRequest(
          "check=put: the body must hold one Row with 2 Cells or more, the "
          "last one the value to check");
    }
    const PutCell& probe = put.cells.back();
    if (probe.qualifier.empty()) {
      return BadRequest(
          "check=put: the last Cell's column must be family:qualifier");
    }
    if (std::none_of(
            put.cells.begin(), put.cells.end() - 1, [&probe](const PutCell& c) {
              return c.family == probe.family && c.qualifier == probe.qualifier;
            })) {
      return BadRequest(
          "check=put: the column to put and the column to check do not "
          "match");
    }
    cam.row = put.row;
    cam.family = probe.family;
    cam.qualifier = probe.qualifier;
    cam.op = CompareOp::kEqual;
    cam.value = probe.value;
    put.cells.pop_back();
    cam.mutations.emplace_back(std::move(put));
  }
  Result<bool> applied = table->CheckAndMutate(cam);
  if (!applied.ok()) return ErrorResponse(applied.status());
  HttpResponse r;
  r.status = *applied ? 200 : 304;
  return r;
}

}  // namespace

HttpResponse GetRow(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type =
      ResponseType(ctx, kCellOrValueTypes, &refused);
  if (!type) return refused;
  const RowSpec& rs = ctx.target.row;
  if (*type == MediaType::kBinary &&
      (rs.prefix_glob || rs.columns.size() != 1)) {
    return BadRequest(
        "application/octet-stream returns one value: name one row and one "
        "column (/table/row/family:qualifier)");
  }
  Read read;
  if (auto refused_read = StartRead(ctx, &read)) return *refused_read;
  Status st = ReadRows(ctx, rs, &read);
  if (!st.ok()) return ErrorResponse(ctx, "get", st);
  const std::vector<RowResult>& rows = read.rows;
  if (rows.empty()) return NotFound();
  if (*type == MediaType::kBinary) {
    const Cell& cell = rows.front().cells.front();
    HttpResponse r = Body(*type, cell.value);
    r.headers.emplace_back("X-Timestamp", std::to_string(cell.timestamp));
    return r;
  }
  return Body(*type, RenderCellSet(*type, rows));
}

HttpResponse PutRow(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type =
      BodyType(ctx,
               {MediaType::kJson, MediaType::kXml, MediaType::kProtobuf,
                MediaType::kBinary},
               &refused);
  if (!type) return refused;
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok()) return ErrorResponse(table.status());
  if (std::optional<std::string> check = ctx.target.Param("check")) {
    // RowResource compares ?check= ignoring case.
    const std::string kind = AsciiLower(*check);
    if (kind == "append" || kind == "increment") {
      return AppendOrIncrementRow(ctx, *type, *table, kind == "increment");
    }
    return CheckAndMutateRow(ctx, *type, *table, kind);
  }
  const TableSpec& spec = (*table)->spec();
  Result<std::vector<Put>> puts = *type == MediaType::kBinary
                                      ? BinaryPut(ctx, spec)
                                      : CellSetPuts(ctx, *type, spec);
  if (!puts.ok()) return ErrorResponse(ctx, "put", puts.status());
  Status st =
      puts->size() == 1 ? (*table)->Put(puts->front()) : (*table)->Put(*puts);
  return st.ok() ? HttpResponse() : ErrorResponse(st);
}

HttpResponse DeleteRow(const RestContext& ctx) {
  const RowSpec& rs = ctx.target.row;
  if (ctx.target.Param("check")) {
    return BadRequest(
        "check: a checkAndDelete is PUT or POST /table/row?check=delete");
  }
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok()) return ErrorResponse(table.status());
  Result<std::vector<Mutation>> deletes = UrlDeletes(rs, (*table)->spec());
  if (!deletes.ok()) return ErrorResponse(ctx, "delete", deletes.status());
  Status st;
  if (deletes->size() == 1) {
    st = (*table)->Delete(std::get<Delete>(deletes->front()));
  } else {
    st = (*table)->Batch(*deletes).status();
  }
  return st.ok() ? HttpResponse() : ErrorResponse(st);
}

HttpResponse GetMultiple(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kCellTypes, &refused);
  if (!type) return refused;
  const std::vector<std::string> keys = ctx.target.Params("row");
  if (keys.empty()) return BadRequest("row: name at least one row (?row=KEY)");
  Read read;
  if (auto refused_read = StartRead(ctx, &read)) return *refused_read;
  for (size_t i = 0; i < keys.size(); ++i) {
    Result<RowSpec> rs = ParseMultigetRow(keys[i]);
    if (!rs.ok()) {
      return ErrorResponse(
          rs.status().WithPrefix("row[" + std::to_string(i) + "]"));
    }
    Status st = ReadRows(ctx, *rs, &read);
    if (!st.ok()) return ErrorResponse(ctx, "get", st);
  }
  if (read.rows.empty()) return NotFound();
  return Body(*type, RenderCellSet(*type, read.rows));
}

}  // namespace rest
}  // namespace obkvlite
