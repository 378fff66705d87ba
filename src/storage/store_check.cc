// Copyright (c) obkvlite authors.
#include "storage/store_check.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>

#include "ddl/sql_quote.h"
#include "ddl/store_check_sql.h"
#include "ddl/store_ddl.h"
#include "storage/first_column.h"
#include "storage/namespaces.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace storage {
namespace {

// One CREATE TABLE of the store's own DDL: the table, its columns, each
// column's definition ("K varbinary(1024) NOT NULL", Definition's form),
// its primary key ("K,Q,T") and its partitioning ("KEY(K)", "RANGE
// COLUMNS(T) SUBPARTITION KEY(K)", Partitioning's form).
struct CreatedTable {
  std::string name;
  std::vector<std::string> columns;
  std::vector<std::string> definitions;
  std::string primary_key;
  std::string partitioning;
};

// `text` without quotes, backticks and white space (a server prints
// spaces where we have none). REQUIRED: `text` in upper case (AsciiUpper).
std::string Squeezed(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '`' || c == '"' || std::isspace(static_cast<unsigned char>(c))) {
      continue;
    }
    out.push_back(c);
  }
  return out;
}

// A column's type as servers print it back: an integer type without its
// display width (MySQL 8 drops it), and JSON as MariaDB stores it
// (LONGTEXT with a json_valid check).
std::string ComparableType(std::string_view text) {
  std::string type = AsciiLower(text);
  const size_t paren = type.find('(');
  if (paren != std::string::npos && type.find("int") != std::string::npos) {
    type.resize(paren);
  }
  if (type == "json") type = "longtext";
  return type;
}

// "NAME TYPE" and " NOT NULL" when it is: one column's comparable form.
std::string Definition(std::string_view name, std::string_view type,
                       bool not_null) {
  return std::string(name) + " " + ComparableType(type) +
         (not_null ? " NOT NULL" : "");
}

// The text inside the parentheses after `keyword` in `sql`, squeezed
// ("" when absent).
std::string Parenthesised(std::string_view sql, std::string_view keyword) {
  const size_t at = sql.find(keyword);
  if (at == std::string_view::npos) return "";
  const size_t open = sql.find('(', at + keyword.size());
  const size_t close = sql.find(')', open);
  if (open == std::string_view::npos || close == std::string_view::npos) {
    return "";
  }
  return Squeezed(sql.substr(open + 1, close - open - 1));
}

// "METHOD(EXPR)" and " SUBPARTITION METHOD(EXPR)" of a CREATE TABLE's or
// SHOW CREATE TABLE's partitioning clause ("RANGE COLUMNS(T) SUBPARTITION
// KEY(K)", the expressions squeezed), or "". REQUIRED: `sql` in upper case.
std::string Partitioning(std::string_view sql) {
  std::string out;
  for (const std::string_view keyword : {"PARTITION BY ", "SUBPARTITION BY "}) {
    size_t at = sql.find(keyword);
    // "PARTITION BY" is also the tail of "SUBPARTITION BY".
    while (keyword[0] == 'P' && at != std::string_view::npos && at > 0 &&
           sql[at - 1] == 'B') {
      at = sql.find(keyword, at + 1);
    }
    if (at == std::string_view::npos) break;
    const size_t open = sql.find('(', at);
    if (open == std::string_view::npos) break;
    // The method's words, one space apart ("RANGE COLUMNS").
    std::string method;
    for (char c : sql.substr(at + keyword.size(), open - at - keyword.size())) {
      if (!std::isspace(static_cast<unsigned char>(c))) {
        method.push_back(c);
      } else if (!method.empty() && method.back() != ' ') {
        method.push_back(' ');
      }
    }
    if (!method.empty() && method.back() == ' ') method.pop_back();
    if (!out.empty()) out += " SUBPARTITION ";
    out += method + "(" +
           Parenthesised(sql.substr(at), sql.substr(at, open - at)) + ")";
  }
  return out;
}

// The tables that `statements` create (notes and other statements
// skipped), with the columns their lines "  `C` ..." list.
std::vector<CreatedTable> CreatedTables(
    const std::vector<std::string>& statements) {
  constexpr std::string_view kCreate = "CREATE TABLE ";
  std::vector<CreatedTable> out;
  for (const std::string& sql : statements) {
    const size_t at = sql.find(kCreate);
    if (at == std::string::npos || (at > 0 && sql[at - 1] != '\n')) continue;
    size_t end = 0;
    const std::vector<std::string> parts =
        TableNameAt(sql, at + kCreate.size(), &end);
    if (parts.empty() || sql.compare(end, 2, " (") != 0) continue;
    CreatedTable t;
    t.name = parts.back();
    size_t line = sql.find('\n', end);
    while (line != std::string::npos && line + 3 < sql.size() &&
           sql.compare(line + 1, 2, "  ") == 0 &&
           (sql[line + 3] == '"' || sql[line + 3] == '`')) {
      const size_t close = sql.find(sql[line + 3], line + 4);
      if (close == std::string::npos) break;
      t.columns.push_back(sql.substr(line + 4, close - line - 4));
      const size_t eol = std::min(sql.find('\n', close), sql.size());
      const std::string rest = sql.substr(close + 2, eol - close - 2);
      t.definitions.push_back(
          Definition(t.columns.back(), rest.substr(0, rest.find(' ')),
                     rest.find("NOT NULL") != std::string::npos));
      line = sql.find('\n', close);
    }
    // From the CREATE TABLE on: a note before it may say "primary key (...)"
    // (MariaDB's RANGE on T for a range on G).
    const std::string upper = AsciiUpper(std::string_view(sql).substr(at));
    t.primary_key = Parenthesised(upper, "PRIMARY KEY");
    t.partitioning = Partitioning(upper);
    out.push_back(std::move(t));
  }
  return out;
}

std::string Joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ",") + s;
  return out.empty() ? "none" : out;
}

std::string Where(const TableSpec& t, const FamilySpec& f) {
  return "table '" + t.name + "' family '" + f.name + "': ";
}

// The first-level partition names the server should have for `p`, or
// their count alone ("#n") where the server names them itself (KEY).
std::vector<std::string> ExpectedPartitions(const PartitionSpec& p) {
  std::vector<std::string> out;
  if (p.HasRangeLevel()) {
    for (size_t i = 0; i < p.bounds.size(); ++i) {
      out.push_back(p.RangePartitionName(static_cast<int>(i)));
    }
    std::sort(out.begin(), out.end());
  } else if (p.strategy == PartitionStrategy::kKey) {
    out.push_back("#" + std::to_string(p.key_partitions));
  }
  return out;
}

}  // namespace

Result<std::vector<std::string>> CheckServerStore(
    Connection* conn, const std::vector<TableSpec>& specs, DdlDialect dialect) {
  std::vector<std::string> out;
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> database,
                        FirstColumn(conn, "SELECT DATABASE()"));
  const std::string own_db = database.empty() ? "" : database[0];
  std::set<std::string> expected;  // "schema.relation"
  for (const TableSpec& t : specs) {
    const std::string_view ns = TableNamespace(t.name);
    const std::string schema =
        ns == kDefaultNamespace ? own_db : std::string(ns);
    std::map<std::string, CreatedTable> created;
    for (CreatedTable& c : CreatedTables(ServerCreateStatements(t, dialect))) {
      created[c.name] = std::move(c);
    }
    for (const FamilySpec& f : t.families) {
      const std::string rel = FamilyRelationName(t, f);
      expected.insert(schema + "." + rel);
      OBKV_ASSIGN_OR_RETURN(
          std::vector<std::string> have,
          FirstColumn(conn, ServerColumnNamesSql(), {schema, rel}));
      if (have.empty()) {
        out.push_back(Where(t, f) + "relation '" + rel +
                      "' is missing on the server");
        continue;
      }
      const CreatedTable& want_table = created[rel];
      if (have != want_table.columns) {
        out.push_back(Where(t, f) + "columns differ: catalog " +
                      Joined(want_table.columns) + "; server " + Joined(have));
      } else {
        OBKV_ASSIGN_OR_RETURN(
            std::vector<std::string> types,
            FirstColumn(conn, ServerColumnTypesSql(), {schema, rel}));
        for (size_t i = 0; i < have.size() && i < types.size(); ++i) {
          const size_t space = types[i].rfind(' ');
          const std::string server =
              Definition(have[i], types[i].substr(0, space),
                         types[i].substr(space + 1) == "NO");
          if (server != want_table.definitions[i]) {
            out.push_back(Where(t, f) + "column " + have[i] +
                          " differs: catalog " + want_table.definitions[i] +
                          "; server " + server);
          }
        }
      }
      // SHOW CREATE TABLE: the primary key and the partitioning clause.
      OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> show,
                            conn->Prepare(ShowCreateTableSql(schema, rel)));
      OBKV_ASSIGN_OR_RETURN(bool shown, show->Step());
      const std::string server_sql =
          shown ? AsciiUpper(show->ColumnText(1)) : "";
      const std::string server_key = Parenthesised(server_sql, "PRIMARY KEY");
      if (server_key != want_table.primary_key) {
        out.push_back(Where(t, f) + "primary key differs: catalog (" +
                      want_table.primary_key + "); server (" + server_key +
                      ")");
      }
      const std::string server_parts = Partitioning(server_sql);
      if (server_parts != want_table.partitioning) {
        out.push_back(
            Where(t, f) + "partitioning differs: catalog " +
            (want_table.partitioning.empty() ? std::string("none")
                                             : want_table.partitioning) +
            "; server " +
            (server_parts.empty() ? std::string("none") : server_parts));
      }
      OBKV_ASSIGN_OR_RETURN(
          std::vector<std::string> parts,
          FirstColumn(conn, ServerPartitionNamesSql(), {schema, rel}));
      std::vector<std::string> want = ExpectedPartitions(f.partition);
      if (!want.empty() && want[0][0] == '#') {
        parts = {"#" + std::to_string(parts.size())};
      }
      std::sort(parts.begin(), parts.end());
      if (parts != want) {
        out.push_back(Where(t, f) + "partitions differ: catalog " +
                      Joined(want) + "; server " + Joined(parts));
      }
    }
  }
  // Relations of the store's form that no catalog table has.
  std::vector<std::string> schemas = {own_db};
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> namespaces,
                        LoadNamespaces(conn));
  schemas.insert(schemas.end(), namespaces.begin(), namespaces.end());
  for (const std::string& schema : schemas) {
    OBKV_ASSIGN_OR_RETURN(
        std::vector<std::string> rels,
        FirstColumn(conn, ServerFamilyRelationsSql(), {schema}));
    for (const std::string& rel : rels) {
      if (expected.count(schema + "." + rel) == 0) {
        out.push_back("relation '" + rel + "' (database '" + schema +
                      "') is on the server, but no catalog table has it");
      }
    }
  }
  return out;
}

Result<std::vector<std::string>> CheckSqliteStore(
    Connection* conn, const std::vector<TableSpec>& specs, int shards) {
  std::vector<std::string> out;
  // schema -> relation -> the family that should have it ("" for none).
  std::map<std::string, std::map<std::string, std::string>> want;
  for (const TableSpec& t : specs) {
    for (const FamilySpec& f : t.families) {
      const std::string rel = FamilyRelationName(t, f);
      const std::string prefix = rel + "$";
      if (shards > 1) {
        for (const ShardedTableDdl& d : SqliteShardedTables(t, shards)) {
          if (d.name == rel || d.name.rfind(prefix, 0) == 0) {
            want[ShardSchemaName(d.shard)][d.name] = Where(t, f);
          }
        }
      } else {
        for (const CreatedTable& c : CreatedTables(SqliteCreateStatements(t))) {
          if (c.name == rel || c.name.rfind(prefix, 0) == 0) {
            want["main"][c.name] = Where(t, f);
          }
        }
      }
    }
  }
  for (int k = 0; k < std::max(shards, 1); ++k) {
    const std::string schema = ShardSchemaName(k);
    OBKV_ASSIGN_OR_RETURN(std::vector<std::string> have,
                          FirstColumn(conn, SqliteFamilyTablesSql(schema)));
    std::map<std::string, std::string>& expected = want[schema];
    for (const std::string& name : have) {
      if (expected.erase(name) == 0) {
        out.push_back("table '" + name + "' (" + schema +
                      ") is in the store, but no catalog table has it");
      }
    }
    for (const auto& [name, where] : expected) {
      out.push_back(where + "partition table '" + name + "' (" + schema +
                    ") is missing");
    }
  }
  return out;
}

}  // namespace storage
}  // namespace obkvlite
