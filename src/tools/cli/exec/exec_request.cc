// Copyright (c) obkvlite authors.
#include "tools/cli/exec/exec_request.h"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <utility>

#include "obkvlite/bytes.h"
#include "obkvlite/time_range.h"
#include "spec/json_fields.h"
#include "tools/cli/exec/exec_fields.h"
#include "tools/cli/exec/exec_stats.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::json;

constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kIntMax = std::numeric_limits<int>::max();

enum class OpKind {
  kPut,
  kGet,
  kScan,
  kDelete,
  kIncrement,
  kAppend,
  kCheckAndMutate,
  kBatch,
  kStats,
  kIndexScan,
};

struct OpName {
  std::string_view name;
  OpKind kind;
};

constexpr OpName kOpNames[] = {
    {"put", OpKind::kPut},
    {"get", OpKind::kGet},
    {"scan", OpKind::kScan},
    {"delete", OpKind::kDelete},
    {"increment", OpKind::kIncrement},
    {"append", OpKind::kAppend},
    {"check_and_mutate", OpKind::kCheckAndMutate},
    {"batch", OpKind::kBatch},
    {"stats", OpKind::kStats},
    {"index_scan", OpKind::kIndexScan},
};

// Where an operation sits; nested operations inherit the table (and, in
// check_and_mutate's mutations, the row) of the enclosing one.
enum class Nesting { kTop, kBatch, kMutations };

struct Enclosing {
  Nesting nesting = Nesting::kTop;
  const std::string* table = nullptr;  // nested: the enclosing table
  const std::string* row = nullptr;    // kMutations: the checked row (raw)
};

bool AllowedIn(Nesting nesting, OpKind kind) {
  switch (nesting) {
    case Nesting::kTop:
      return true;
    case Nesting::kBatch:
      return kind != OpKind::kGet && kind != OpKind::kScan &&
             kind != OpKind::kBatch && kind != OpKind::kStats &&
             kind != OpKind::kIndexScan;
    case Nesting::kMutations:
      return kind == OpKind::kPut || kind == OpKind::kDelete;
  }
  return false;
}

std::string AllowedOpList(Nesting nesting) {
  std::string list;
  for (const OpName& op : kOpNames) {
    if (!AllowedIn(nesting, op.kind)) continue;
    if (!list.empty()) list += ", ";
    list += op.name;
  }
  return list;
}

const char* NestingName(Nesting nesting) {
  switch (nesting) {
    case Nesting::kTop:
      return "a request";
    case Nesting::kBatch:
      return "a batch";
    case Nesting::kMutations:
      return "check_and_mutate's mutations";
  }
  return "";
}

Result<OpKind> ReadOpKind(const JsonFields& f, Nesting nesting) {
  OBKV_ASSIGN_OR_RETURN(std::string name, f.String("op"));
  for (const OpName& op : kOpNames) {
    if (op.name != name) continue;
    if (!AllowedIn(nesting, op.kind)) {
      return InvalidField(f.PathOf("op"), "'" + name + "' is not allowed in " +
                                              NestingName(nesting) +
                                              " (expected " +
                                              AllowedOpList(nesting) + ")");
    }
    return op.kind;
  }
  return InvalidField(f.PathOf("op"), "unknown operation '" + name +
                                          "' (expected " +
                                          AllowedOpList(nesting) + ")");
}

Status CheckKnownFields(const JsonFields& f, OpKind kind) {
  switch (kind) {
    case OpKind::kPut:
      return f.CheckKnown({"op", "table", "row", "cells", "ttl_ms"});
    case OpKind::kGet:
      return f.CheckKnown({"op", "table", "row", "columns", "families",
                           "max_versions", "time_range", "ts", "filter",
                           "consistency"});
    case OpKind::kScan:
      return f.CheckKnown({"op", "table", "start", "stop", "prefix", "reversed",
                           "limit", "batch", "max_versions", "time_range",
                           "families", "columns", "filter", "consistency"});
    case OpKind::kDelete:
      return f.CheckKnown(
          {"op", "table", "row", "type", "family", "qualifier", "ts"});
    case OpKind::kIncrement:
      return f.CheckKnown(
          {"op", "table", "row", "family", "qualifier", "amount", "ttl_ms"});
    case OpKind::kAppend:
      return f.CheckKnown(
          {"op", "table", "row", "family", "qualifier", "value", "ttl_ms"});
    case OpKind::kCheckAndMutate:
      return f.CheckKnown({"op", "table", "row", "condition", "mutations"});
    case OpKind::kBatch:
      return f.CheckKnown({"op", "table", "ops"});
    case OpKind::kStats:
      return f.CheckKnown({"op", "table", "family", "since", "until", "nodes"});
    case OpKind::kIndexScan:
      return f.CheckKnown({"op", "table", "index", "value", "prefix", "limit",
                           "max_versions", "families", "columns"});
  }
  return Status::OK();
}

// ---- enclosing table and row ---------------------------------------------

Result<std::string> ReadTable(const JsonFields& f, const Enclosing& enc) {
  if (enc.table == nullptr) return f.String("table");
  if (!f.Has("table")) return *enc.table;
  OBKV_ASSIGN_OR_RETURN(std::string table, f.String("table"));
  if (table != *enc.table) {
    return InvalidField(f.PathOf("table"), "must be the enclosing table '" +
                                               *enc.table + "', got '" + table +
                                               "'");
  }
  return table;
}

Result<std::string> ReadRow(const JsonFields& f, const Enclosing& enc) {
  if (enc.row == nullptr) return ReadBytes(f, "row");
  if (!f.Has("row")) return *enc.row;
  OBKV_ASSIGN_OR_RETURN(std::string row, ReadBytes(f, "row"));
  if (row != *enc.row) {
    return InvalidField(f.PathOf("row"),
                        "must be the checked row '" + ToStringBinary(*enc.row) +
                            "', got '" + ToStringBinary(row) + "'");
  }
  return row;
}

// ---- operations -----------------------------------------------------------

Result<PutCell> ParsePutCell(const json& value, const std::string& path) {
  JsonFields f(value, path);
  OBKV_RETURN_IF_ERROR(f.CheckObject());
  OBKV_RETURN_IF_ERROR(f.CheckKnown({"family", "qualifier", "value", "ts"}));
  PutCell cell;
  OBKV_ASSIGN_OR_RETURN(cell.family, f.String("family"));
  OBKV_ASSIGN_OR_RETURN(cell.qualifier, ReadBytes(f, "qualifier"));
  OBKV_ASSIGN_OR_RETURN(cell.value, ReadBytes(f, "value"));
  OBKV_ASSIGN_OR_RETURN(cell.timestamp, ReadTimestamp(f, "ts"));
  return cell;
}

// "ttl_ms": the cell TTL of a put, increment or append (HBase's
// Mutation.setTTL), in milliseconds; absent: none. The family's cell_ttl is
// checked by the store.
Result<std::optional<int64_t>> ReadCellTtl(const JsonFields& f) {
  return f.OptionalInteger("ttl_ms", 0, kInt64Max,
                           "a TTL in milliseconds, >= 0");
}

Result<Put> ParsePut(const JsonFields& f, const Enclosing& enc) {
  Put put;
  OBKV_ASSIGN_OR_RETURN(put.row, ReadRow(f, enc));
  OBKV_ASSIGN_OR_RETURN(put.ttl_ms, ReadCellTtl(f));
  OBKV_ASSIGN_OR_RETURN(const json* cells, ReadArray(f, "cells", true));
  for (size_t i = 0; i < cells->size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        PutCell cell,
        ParsePutCell((*cells)[i], IndexPath(f.PathOf("cells"), i)));
    put.cells.push_back(std::move(cell));
  }
  return put;
}

// "consistency": "strong" or "weak" (obkvlite/read_consistency.h); absent:
// the store's.
Result<std::optional<ReadConsistency>> ReadConsistencyField(
    const JsonFields& f) {
  OBKV_ASSIGN_OR_RETURN(std::optional<std::string> name,
                        f.OptionalString("consistency"));
  if (!name) return std::optional<ReadConsistency>();
  if (std::optional<ReadConsistency> c = ParseReadConsistency(*name)) return c;
  return InvalidField(f.PathOf("consistency"),
                      "must be \"strong\" or \"weak\", got \"" + *name + "\"");
}

Result<Get> ParseGet(const JsonFields& f, const Enclosing& enc) {
  Get get;
  OBKV_ASSIGN_OR_RETURN(get.row, ReadRow(f, enc));
  OBKV_ASSIGN_OR_RETURN(get.consistency, ReadConsistencyField(f));
  OBKV_ASSIGN_OR_RETURN(get.columns, ReadColumns(f));
  OBKV_ASSIGN_OR_RETURN(get.families, ReadStrings(f, "families"));
  OBKV_ASSIGN_OR_RETURN(get.max_versions, ReadMaxVersions(f));
  OBKV_ASSIGN_OR_RETURN(get.time_range, ReadTimeRange(f));
  OBKV_ASSIGN_OR_RETURN(get.timestamp, ReadTimestamp(f, "ts"));
  if (get.timestamp.has_value() && f.Has("time_range")) {
    return InvalidField(f.PathOf("ts"), "cannot be combined with time_range");
  }
  OBKV_ASSIGN_OR_RETURN(std::optional<std::string> filter,
                        f.OptionalString("filter"));
  get.filter = filter.value_or("");
  return get;
}

Result<Scan> ParseScan(const JsonFields& f) {
  Scan scan;
  OBKV_ASSIGN_OR_RETURN(scan.consistency, ReadConsistencyField(f));
  OBKV_ASSIGN_OR_RETURN(scan.start_row, ReadOptionalBytes(f, "start"));
  OBKV_ASSIGN_OR_RETURN(scan.stop_row, ReadOptionalBytes(f, "stop"));
  OBKV_ASSIGN_OR_RETURN(scan.prefix, ReadOptionalBytes(f, "prefix"));
  OBKV_ASSIGN_OR_RETURN(std::optional<bool> reversed,
                        f.OptionalBool("reversed"));
  scan.reversed = reversed.value_or(false);
  OBKV_ASSIGN_OR_RETURN(
      std::optional<int64_t> limit,
      f.OptionalInteger("limit", 0, kInt64Max,
                        "a non-negative integer (0 = unlimited)"));
  scan.limit = limit.value_or(0);
  OBKV_ASSIGN_OR_RETURN(
      std::optional<int64_t> batch,
      f.OptionalInteger("batch", 0, kIntMax,
                        "a non-negative integer (0 = whole rows)"));
  scan.batch = static_cast<int>(batch.value_or(0));
  OBKV_ASSIGN_OR_RETURN(scan.max_versions, ReadMaxVersions(f));
  OBKV_ASSIGN_OR_RETURN(scan.time_range, ReadTimeRange(f));
  OBKV_ASSIGN_OR_RETURN(scan.families, ReadStrings(f, "families"));
  OBKV_ASSIGN_OR_RETURN(scan.columns, ReadColumns(f));
  OBKV_ASSIGN_OR_RETURN(std::optional<std::string> filter,
                        f.OptionalString("filter"));
  scan.filter = filter.value_or("");
  return scan;
}

Result<IndexScan> ParseIndexScan(const JsonFields& f) {
  IndexScan scan;
  OBKV_ASSIGN_OR_RETURN(scan.index, f.String("index"));
  if (f.Has("value") == f.Has("prefix")) {
    return InvalidField(f.PathOf("value"),
                        "exactly one of value and prefix is required");
  }
  if (f.Has("value")) {
    OBKV_ASSIGN_OR_RETURN(scan.value, ReadBytes(f, "value"));
  } else {
    OBKV_ASSIGN_OR_RETURN(scan.prefix, ReadBytes(f, "prefix"));
  }
  OBKV_ASSIGN_OR_RETURN(
      std::optional<int64_t> limit,
      f.OptionalInteger("limit", 0, kInt64Max,
                        "a non-negative integer (0 = unlimited)"));
  scan.limit = limit.value_or(0);
  OBKV_ASSIGN_OR_RETURN(scan.max_versions, ReadMaxVersions(f));
  OBKV_ASSIGN_OR_RETURN(scan.families, ReadStrings(f, "families"));
  OBKV_ASSIGN_OR_RETURN(scan.columns, ReadColumns(f));
  return scan;
}

struct DeleteTypeName {
  std::string_view name;
  DeleteType type;
};

constexpr DeleteTypeName kDeleteTypes[] = {
    {"column", DeleteType::kColumn},
    {"columns", DeleteType::kColumns},
    {"family", DeleteType::kFamily},
    {"family_version", DeleteType::kFamilyVersion},
    {"row", DeleteType::kRow},
};

// The explicit "type", or the one implied by family and qualifier.
Result<DeleteType> ReadDeleteType(const JsonFields& f) {
  if (!f.Has("type")) {
    if (f.Has("qualifier") && !f.Has("family")) {
      return InvalidField(f.PathOf("family"),
                          "required when qualifier is given");
    }
    if (f.Has("qualifier")) return DeleteType::kColumns;
    return f.Has("family") ? DeleteType::kFamily : DeleteType::kRow;
  }
  OBKV_ASSIGN_OR_RETURN(std::string name, f.String("type"));
  for (const DeleteTypeName& t : kDeleteTypes) {
    if (t.name == name) return t.type;
  }
  return InvalidField(
      f.PathOf("type"),
      "unknown delete type '" + name +
          "' (expected column, columns, family, family_version, "
          "row)");
}

std::string_view DeleteTypeText(DeleteType type) {
  for (const DeleteTypeName& t : kDeleteTypes) {
    if (t.type == type) return t.name;
  }
  return "";
}

// Which of family / qualifier / ts each delete type needs or forbids.
Status CheckDeleteShape(const JsonFields& f, DeleteType type) {
  const std::string with_type =
      " type '" + std::string(DeleteTypeText(type)) + "'";
  const bool wants_family = type != DeleteType::kRow;
  const bool wants_qualifier =
      type == DeleteType::kColumn || type == DeleteType::kColumns;
  if (wants_family && !f.Has("family")) {
    return InvalidField(f.PathOf("family"), "required for" + with_type);
  }
  if (!wants_family && f.Has("family")) {
    return InvalidField(f.PathOf("family"), "not allowed with" + with_type);
  }
  if (wants_qualifier && !f.Has("qualifier")) {
    return InvalidField(f.PathOf("qualifier"), "required for" + with_type);
  }
  if (!wants_qualifier && f.Has("qualifier")) {
    return InvalidField(f.PathOf("qualifier"), "not allowed with" + with_type);
  }
  if (type == DeleteType::kFamilyVersion && !f.Has("ts")) {
    return InvalidField(f.PathOf("ts"), "required for" + with_type);
  }
  return Status::OK();
}

Result<Delete> ParseDelete(const JsonFields& f, const Enclosing& enc) {
  Delete del;
  OBKV_ASSIGN_OR_RETURN(del.row, ReadRow(f, enc));
  OBKV_ASSIGN_OR_RETURN(del.type, ReadDeleteType(f));
  OBKV_RETURN_IF_ERROR(CheckDeleteShape(f, del.type));
  if (f.Has("family")) {
    OBKV_ASSIGN_OR_RETURN(del.family, f.String("family"));
  }
  OBKV_ASSIGN_OR_RETURN(del.qualifier, ReadOptionalBytes(f, "qualifier"));
  OBKV_ASSIGN_OR_RETURN(del.timestamp, ReadTimestamp(f, "ts"));
  return del;
}

Result<Increment> ParseIncrement(const JsonFields& f, const Enclosing& enc) {
  Increment inc;
  OBKV_ASSIGN_OR_RETURN(inc.row, ReadRow(f, enc));
  OBKV_ASSIGN_OR_RETURN(inc.ttl_ms, ReadCellTtl(f));
  Increment::Column column;
  OBKV_ASSIGN_OR_RETURN(column.family, f.String("family"));
  OBKV_ASSIGN_OR_RETURN(column.qualifier, ReadBytes(f, "qualifier"));
  OBKV_ASSIGN_OR_RETURN(
      std::optional<int64_t> amount,
      f.OptionalInteger("amount", kInt64Min, kInt64Max, "an integer"));
  column.amount = amount.value_or(1);
  inc.columns.push_back(std::move(column));
  return inc;
}

Result<Append> ParseAppend(const JsonFields& f, const Enclosing& enc) {
  Append app;
  OBKV_ASSIGN_OR_RETURN(app.row, ReadRow(f, enc));
  OBKV_ASSIGN_OR_RETURN(app.ttl_ms, ReadCellTtl(f));
  Append::Column column;
  OBKV_ASSIGN_OR_RETURN(column.family, f.String("family"));
  OBKV_ASSIGN_OR_RETURN(column.qualifier, ReadBytes(f, "qualifier"));
  OBKV_ASSIGN_OR_RETURN(column.value, ReadBytes(f, "value"));
  app.columns.push_back(std::move(column));
  return app;
}

struct CompareOpName {
  std::string_view name;
  CompareOp op;
};

constexpr CompareOpName kCompareOps[] = {
    {"<", CompareOp::kLess},
    {"<=", CompareOp::kLessOrEqual},
    {"=", CompareOp::kEqual},
    {"!=", CompareOp::kNotEqual},
    {">=", CompareOp::kGreaterOrEqual},
    {">", CompareOp::kGreater},
};

Result<CompareOp> ReadCompareOp(const JsonFields& f) {
  if (!f.Has("op")) {
    return InvalidField(f.PathOf("op"),
                        "required (<, <=, =, !=, >=, >), or \"exists\": false");
  }
  OBKV_ASSIGN_OR_RETURN(std::string name, f.String("op"));
  for (const CompareOpName& c : kCompareOps) {
    if (c.name == name) return c.op;
  }
  return InvalidField(f.PathOf("op"), "unknown comparison '" + name +
                                          "' (expected <, <=, =, !=, >=, >)");
}

// "condition": {"family","qualifier","op","value"} or
//              {"family","qualifier","exists":false}.
Status ParseCondition(const JsonFields& cam, CheckAndMutate* out) {
  const json* value = cam.Get("condition");
  if (value == nullptr)
    return InvalidField(cam.PathOf("condition"), "required");
  JsonFields f(*value, cam.PathOf("condition"));
  OBKV_RETURN_IF_ERROR(f.CheckObject());
  OBKV_RETURN_IF_ERROR(
      f.CheckKnown({"family", "qualifier", "op", "value", "exists"}));
  OBKV_ASSIGN_OR_RETURN(out->family, f.String("family"));
  OBKV_ASSIGN_OR_RETURN(out->qualifier, ReadBytes(f, "qualifier"));
  OBKV_ASSIGN_OR_RETURN(std::optional<bool> exists, f.OptionalBool("exists"));
  if (exists.has_value()) {
    if (*exists) {
      return InvalidField(f.PathOf("exists"),
                          "only false is supported (test a present cell with "
                          "\"op\" and \"value\")");
    }
    for (std::string_view key : {"op", "value"}) {
      if (f.Has(key)) {
        return InvalidField(f.PathOf(key),
                            "not allowed with \"exists\": false");
      }
    }
    out->check_not_exists = true;
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(out->op, ReadCompareOp(f));
  OBKV_ASSIGN_OR_RETURN(out->value, ReadBytes(f, "value"));
  return Status::OK();
}

Result<ExecRequest> ParseOperation(const json& value, const std::string& path,
                                   const Enclosing& enc);

Result<CheckAndMutate> ParseCheckAndMutate(const JsonFields& f,
                                           const std::string& table,
                                           const Enclosing& enc) {
  CheckAndMutate cam;
  OBKV_ASSIGN_OR_RETURN(cam.row, ReadRow(f, enc));
  OBKV_RETURN_IF_ERROR(ParseCondition(f, &cam));
  OBKV_ASSIGN_OR_RETURN(const json* mutations, ReadArray(f, "mutations", true));
  const Enclosing inner{Nesting::kMutations, &table, &cam.row};
  for (size_t i = 0; i < mutations->size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        ExecRequest m,
        ParseOperation((*mutations)[i], IndexPath(f.PathOf("mutations"), i),
                       inner));
    if (Put* put = std::get_if<Put>(&m.operation)) {
      cam.mutations.emplace_back(std::move(*put));
    } else {
      cam.mutations.emplace_back(std::get<Delete>(std::move(m.operation)));
    }
  }
  return cam;
}

// Moves a batch-allowed operation into the Mutation variant.
Mutation ToMutation(ExecOperation&& op) {
  return std::visit(
      [](auto&& v) -> Mutation {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Get> || std::is_same_v<T, Scan> ||
                      std::is_same_v<T, ExecBatch> ||
                      std::is_same_v<T, ExecStats> ||
                      std::is_same_v<T, IndexScan>) {
          return Put();  // unreachable: AllowedIn rejects these in a batch
        } else {
          return std::move(v);
        }
      },
      std::move(op));
}

Result<ExecBatch> ParseBatch(const JsonFields& f, const std::string& table) {
  ExecBatch batch;
  OBKV_ASSIGN_OR_RETURN(const json* ops, ReadArray(f, "ops", false));
  const Enclosing inner{Nesting::kBatch, &table, nullptr};
  for (size_t i = 0; i < ops->size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        ExecRequest m,
        ParseOperation((*ops)[i], IndexPath(f.PathOf("ops"), i), inner));
    batch.mutations.push_back(ToMutation(std::move(m.operation)));
  }
  return batch;
}

template <typename T>
Result<ExecRequest> Wrap(std::string table, Result<T> op) {
  if (!op.ok()) return op.status();
  return ExecRequest{std::move(table), std::move(op).value()};
}

Result<ExecRequest> ParseOperation(const json& value, const std::string& path,
                                   const Enclosing& enc) {
  JsonFields f(value, path);
  if (!value.is_object()) {
    return InvalidField(path.empty() ? "request" : path,
                        "must be a JSON object, got " + JsonForMessage(value));
  }
  OBKV_ASSIGN_OR_RETURN(OpKind kind, ReadOpKind(f, enc.nesting));
  OBKV_RETURN_IF_ERROR(CheckKnownFields(f, kind));
  OBKV_ASSIGN_OR_RETURN(std::string table, ReadTable(f, enc));
  switch (kind) {
    case OpKind::kPut:
      return Wrap(std::move(table), ParsePut(f, enc));
    case OpKind::kGet:
      return Wrap(std::move(table), ParseGet(f, enc));
    case OpKind::kScan:
      return Wrap(std::move(table), ParseScan(f));
    case OpKind::kDelete:
      return Wrap(std::move(table), ParseDelete(f, enc));
    case OpKind::kIncrement:
      return Wrap(std::move(table), ParseIncrement(f, enc));
    case OpKind::kAppend:
      return Wrap(std::move(table), ParseAppend(f, enc));
    case OpKind::kCheckAndMutate: {
      Result<CheckAndMutate> cam = ParseCheckAndMutate(f, table, enc);
      return Wrap(std::move(table), std::move(cam));
    }
    case OpKind::kBatch: {
      Result<ExecBatch> batch = ParseBatch(f, table);
      return Wrap(std::move(table), std::move(batch));
    }
    case OpKind::kStats:
      return Wrap(std::move(table), ParseExecStats(f));
    case OpKind::kIndexScan:
      return Wrap(std::move(table), ParseIndexScan(f));
  }
  return InvalidField(f.PathOf("op"), "unhandled operation");
}

// Requests nest a few levels (batch > ops > mutations > cells); deeper
// input is refused before parsing, since rendering a deeply nested value for
// an error message would recurse once per level.
constexpr int kMaxNesting = 32;

// Depth of [ and { outside strings; stops counting past kMaxNesting.
int NestingDepth(std::string_view text) {
  int depth = 0;
  int max_depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size() && max_depth <= kMaxNesting; ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      max_depth = std::max(max_depth, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return max_depth;
}

// nlohmann's what() without its "[json.exception.parse_error.101] " tag.
std::string WithoutExceptionTag(const char* what) {
  std::string_view text(what);
  const size_t end = text.find("] ");
  if (!text.empty() && text.front() == '[' && end != std::string_view::npos) {
    text.remove_prefix(end + 2);
  }
  return std::string(text);
}

}  // namespace

Result<ExecRequest> ParseExecRequestJson(const nlohmann::json& request) {
  try {
    return ParseOperation(request, "", Enclosing{});
  } catch (const nlohmann::json::exception& e) {
    // The readers check types before every get<>(); this is a safety net.
    return Status::InvalidArgument("request: " + WithoutExceptionTag(e.what()));
  } catch (const std::exception& e) {  // e.g. std::bad_alloc
    return Status::InvalidArgument(std::string("request: ") + e.what());
  }
}

Result<ExecRequest> ParseExecRequest(std::string_view line) {
  if (NestingDepth(line) > kMaxNesting) {
    return Status::InvalidArgument("request: nested deeper than " +
                                   std::to_string(kMaxNesting) + " levels");
  }
  json request;
  try {
    request = json::parse(line.begin(), line.end());
  } catch (const nlohmann::json::exception& e) {
    return Status::InvalidArgument("request: invalid JSON: " +
                                   WithoutExceptionTag(e.what()));
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("request: ") + e.what());
  }
  return ParseExecRequestJson(request);
}

}  // namespace cli
}  // namespace obkvlite
