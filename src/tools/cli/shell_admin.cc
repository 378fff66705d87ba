// Copyright (c) obkvlite authors.
//
// The table commands of ShellSession (create, describe, list, truncate,
// help) and the command dispatch. create builds a table spec (DESIGN §6)
// from HBase's create syntax and validates it with ParseTableSpec:
//   'f' or {NAME => 'f', VERSIONS => n, TTL => s | 'FOREVER',
//           VALUE_TYPE => 'varbinary(N)' | 'longblob'}   a family
//   SPLITS => ['a', 'm']        RANGE COLUMNS(K) with MAXVALUE last
//   NUMREGIONS => n             KEY(K) PARTITIONS n (SPLITALGO ignored)
//   PARTITION => '{...}'        the spec's "partition" object, as JSON
//   LAYOUT => 'timeseries'

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/spec.h"
#include "tools/cli/shell_args.h"
#include "tools/cli/shell_describe.h"
#include "tools/cli/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::json;

Result<json> FamilyJson(const std::string& command, const ShellValue& map) {
  json family = json::object();
  for (const auto& [key, value] : map.entries) {
    if (key == "NAME") {
      OBKV_ASSIGN_OR_RETURN(std::string name, ShellString(command, value, key));
      family["name"] = name;
    } else if (key == "VERSIONS") {
      OBKV_ASSIGN_OR_RETURN(family["max_versions"],
                            ShellInteger(command, value, key, 1));
    } else if (key == "TTL") {
      if (value.text == "FOREVER") continue;
      OBKV_ASSIGN_OR_RETURN(family["ttl_seconds"],
                            ShellInteger(command, value, key, 1));
    } else if (key == "VALUE_TYPE") {
      OBKV_ASSIGN_OR_RETURN(std::string type, ShellString(command, value, key));
      family["value_type"] = type;
    } else {
      return ShellError(command, "unknown family option " + key);
    }
  }
  return family;
}

// Applies one table-level option to the spec.
Status TableOption(const std::string& command, const std::string& key,
                   const ShellValue& value, json* spec) {
  if (key == "SPLITS") {
    if (value.kind != ShellValue::Kind::kList || value.items.empty()) {
      return ShellError(command, "SPLITS must be a non-empty list of row keys");
    }
    json bounds = json::array();
    for (const ShellValue& split : value.items) {
      OBKV_ASSIGN_OR_RETURN(std::string key_bytes,
                            ShellString(command, split, "SPLITS"));
      bounds.push_back(ToStringBinary(key_bytes));
    }
    bounds.push_back("MAXVALUE");
    (*spec)["partition"] = {
        {"strategy", "range"}, {"column", "K"}, {"bounds", bounds}};
  } else if (key == "NUMREGIONS") {
    OBKV_ASSIGN_OR_RETURN(int64_t n, ShellInteger(command, value, key, 1));
    (*spec)["partition"] = {{"strategy", "key"}, {"partitions", n}};
  } else if (key == "SPLITALGO") {
    // HBase's split algorithm; OBKV's KEY partitioning hashes instead.
  } else if (key == "PARTITION") {
    OBKV_ASSIGN_OR_RETURN(std::string text, ShellString(command, value, key));
    json partition = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (partition.is_discarded() || !partition.is_object()) {
      return ShellError(command,
                        "PARTITION must be a JSON object, e.g. "
                        "'{\"strategy\": \"key\", \"partitions\": 7}'");
    }
    (*spec)["partition"] = partition;
  } else if (key == "LAYOUT") {
    OBKV_ASSIGN_OR_RETURN(std::string layout, ShellString(command, value, key));
    (*spec)["layout"] = layout;
  } else {
    return ShellError(command, "unknown table option " + key);
  }
  return Status::OK();
}

bool HasName(const ShellValue& map) {
  for (const auto& entry : map.entries) {
    if (entry.first == "NAME") return true;
  }
  return false;
}

}  // namespace

const char* ShellHelpText() {
  return "create 'TABLE', 'FAMILY' | {NAME => 'f', VERSIONS => 3, TTL => "
         "3600}, ...[, SPLITS => ['a', 'm'] | NUMREGIONS => 7 | PARTITION => "
         "'{json}']\n"
         "put 'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE'[, TS]\n"
         "get 'TABLE', 'ROW'[, 'F:Q' | ['F:Q', 'F'] | {COLUMN => .., "
         "VERSIONS => 3, TIMESTAMP => ts, TIMERANGE => [a, b], FILTER => "
         "\"...\"}]\n"
         "scan 'TABLE'[, {STARTROW => 'a', STOPROW => 'z', ROWPREFIXFILTER "
         "=> 'p', LIMIT => 10, COLUMNS => [..], VERSIONS => 3, TIMERANGE => "
         "[a, b], FILTER => \"...\", REVERSED => true, BATCH => n}]\n"
         "delete 'TABLE', 'ROW', 'FAMILY:QUALIFIER'[, TS]\n"
         "deleteall 'TABLE', 'ROW'[, 'FAMILY[:QUALIFIER]'][, TS]\n"
         "count 'TABLE'\n"
         "describe 'TABLE'\n"
         "list\n"
         "truncate 'TABLE'\n"
         "help\n"
         "exit\n";
}

Status ShellSession::Run(const ShellCommand& c) {
  const std::string& n = c.name;
  if (n.empty()) return Status::OK();
  if (n == "put") return Put(c);
  if (n == "get") return Get(c);
  if (n == "scan") return Scan(c);
  if (n == "delete") return Delete(c);
  if (n == "deleteall") return DeleteAll(c);
  if (n == "count") return Count(c);
  if (n == "create") return Create(c);
  if (n == "describe" || n == "desc") return Describe(c);
  if (n == "list") return List(c);
  if (n == "truncate") return Truncate(c);
  if (n == "help") return Help(c);
  return Status::InvalidArgument("unknown command '" + n + "' (try help)");
}

Status ShellSession::Create(const ShellCommand& c) {
  if (c.args.size() < 2) {
    return ShellError(c.name, "takes 'TABLE' and at least one family");
  }
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  json spec = {{"table", table}, {"families", json::array()}};
  for (size_t i = 1; i < c.args.size(); ++i) {
    const ShellValue& arg = c.args[i];
    if (arg.kind == ShellValue::Kind::kString) {
      spec["families"].push_back({{"name", arg.text}});
    } else if (arg.kind == ShellValue::Kind::kMap && HasName(arg)) {
      OBKV_ASSIGN_OR_RETURN(json family, FamilyJson(c.name, arg));
      spec["families"].push_back(family);
    } else if (arg.kind == ShellValue::Kind::kMap) {
      for (const auto& [key, value] : arg.entries) {
        OBKV_RETURN_IF_ERROR(TableOption(c.name, key, value, &spec));
      }
    } else {
      return ShellError(
          c.name,
          "expected a family name or {NAME => ...}, got " + arg.Describe());
    }
  }
  Result<TableSpec> parsed = ParseTableSpec(spec.dump());
  if (!parsed.ok()) return parsed.status().WithPrefix(c.name);
  Status created = store_->CreateTable(*parsed);
  if (!created.ok()) return created.WithPrefix(c.name);
  *out_ << "Created table " << table << "\n";
  return Status::OK();
}

Status ShellSession::Describe(const ShellCommand& c) {
  if (c.args.size() != 1) return ShellError(c.name, "takes 'TABLE'");
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "TABLE"));
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) return table.status().WithPrefix(c.name);
  *out_ << DescribeTable((*table)->spec());
  return Status::OK();
}

Status ShellSession::List(const ShellCommand& c) {
  if (!c.args.empty()) return ShellError(c.name, "takes no arguments");
  const std::vector<std::string> names = store_->ListTables();
  *out_ << "TABLE\n";
  for (const std::string& name : names) *out_ << name << "\n";
  *out_ << names.size() << " row(s)\n";
  return Status::OK();
}

Status ShellSession::Truncate(const ShellCommand& c) {
  if (c.args.size() != 1) return ShellError(c.name, "takes 'TABLE'");
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "TABLE"));
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) return table.status().WithPrefix(c.name);
  const TableSpec spec = (*table)->spec();  // a copy: the table goes away
  *out_ << "Truncating '" << name << "' table (it may take a while):\n";
  OBKV_RETURN_IF_ERROR(store_->DropTable(name).WithPrefix(c.name));
  return store_->CreateTable(spec).WithPrefix(c.name);
}

Status ShellSession::Help(const ShellCommand& c) {
  if (!c.args.empty()) return ShellError(c.name, "takes no arguments");
  *out_ << ShellHelpText();
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
