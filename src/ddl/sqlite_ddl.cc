// Copyright (c) obkvlite authors.
//
// The sqlite dialect: the physical tables the store executes (DESIGN §2).

#include <sstream>

#include "ddl/ddl_internal.h"
#include "ddl/sql_quote.h"
#include "ddl/sqlite_family_ddl.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace {

// SQLite limits one compound SELECT to 500 terms; views over more
// partitions are built from chunk views "t$f$u<i>" of this many tables.
constexpr int kViewChunk = 400;

// `qualified` is the quoted table name, with its schema in sharded stores.
std::string CreatePartitionTable(const TableSpec& t, const FamilySpec& f,
                                 const std::string& qualified) {
  const bool ts = t.layout == Layout::kTimeseries;
  std::ostringstream s;
  s << "CREATE TABLE " << qualified << " (\n";
  s << "  \"K\" BLOB NOT NULL,\n";
  if (!ts) s << "  \"Q\" BLOB NOT NULL,\n";
  s << "  \"T\" INTEGER NOT NULL,\n";
  if (ts) {
    s << "  \"S\" INTEGER NOT NULL,\n";
    s << "  \"V\" TEXT NOT NULL,\n";
  } else {
    s << "  \"V\" BLOB NOT NULL,\n";
    if (f.cell_ttl) s << "  \"TTL\" INTEGER DEFAULT NULL,\n";
  }
  if (ddl_internal::HasGColumn(t, f)) {
    s << "  \"G\" INTEGER GENERATED ALWAYS AS (abs(\"T\")) VIRTUAL,\n";
  }
  if (f.partition.prefix_length > 0) {
    s << "  \"K_PREFIX\" BLOB GENERATED ALWAYS AS (substr(\"K\", 1, "
      << f.partition.prefix_length << ")) VIRTUAL,\n";
  }
  s << (ts ? "  PRIMARY KEY (\"K\", \"T\", \"S\")\n"
           : "  PRIMARY KEY (\"K\", \"Q\", \"T\")\n");
  s << ") WITHOUT ROWID;";
  return s.str();
}

// `create` is "CREATE VIEW" or "CREATE TEMP VIEW".
std::string UnionView(const char* create, const std::string& view,
                      const std::string& columns,
                      const std::vector<std::string>& sources) {
  std::string out =
      std::string(create) + " " + QuoteSqlIdentifier(view) + " AS\n";
  for (size_t i = 0; i < sources.size(); ++i) {
    if (i > 0) out += "UNION ALL\n";
    out +=
        "SELECT " + columns + " FROM " + QuoteSqlIdentifier(sources[i]) + "\n";
  }
  out.back() = ';';
  return out;
}

// Chunk view names of a family with more than kViewChunk partitions.
std::vector<std::string> ChunkViews(const std::string& relation, int count) {
  std::vector<std::string> names;
  for (int c = 0; c * kViewChunk < count; ++c) {
    names.push_back(relation + "$u" + std::to_string(c));
  }
  return names;
}

// The union views of family `f` ("t$f" over its partitions), none when it
// is unpartitioned.
std::vector<std::string> FamilyUnionViews(const TableSpec& spec,
                                          const FamilySpec& f,
                                          const char* create) {
  std::vector<std::string> out;
  const PartitionSpec& p = f.partition;
  if (p.strategy == PartitionStrategy::kNone) return out;
  const std::string columns = SqliteStoredColumns(spec, f);
  const std::string relation = FamilyRelationName(spec, f);
  const int count = p.PhysicalCount();
  std::vector<std::string> tables;
  for (int i = 0; i < count; ++i) {
    tables.push_back(PartitionTableName(relation, p, i));
  }
  if (count <= kViewChunk) {
    out.push_back(UnionView(create, relation, columns, tables));
    return out;
  }
  const std::vector<std::string> chunks = ChunkViews(relation, count);
  for (size_t c = 0; c < chunks.size(); ++c) {
    std::vector<std::string> part(
        tables.begin() + c * kViewChunk,
        tables.begin() + std::min<size_t>(tables.size(), (c + 1) * kViewChunk));
    out.push_back(UnionView(create, chunks[c], columns, part));
  }
  out.push_back(UnionView(create, relation, columns, chunks));
  return out;
}

// DROP VIEW statements of family `f`'s union views.
std::vector<std::string> DropFamilyViews(const TableSpec& spec,
                                         const FamilySpec& f) {
  std::vector<std::string> out;
  const std::string relation = FamilyRelationName(spec, f);
  const PartitionSpec& p = f.partition;
  if (p.strategy == PartitionStrategy::kNone) return out;
  out.push_back("DROP VIEW IF EXISTS " + QuoteSqlIdentifier(relation) + ";");
  if (p.PhysicalCount() > kViewChunk) {
    for (const std::string& chunk : ChunkViews(relation, p.PhysicalCount())) {
      out.push_back("DROP VIEW IF EXISTS " + QuoteSqlIdentifier(chunk) + ";");
    }
  }
  return out;
}

std::string CatalogInsert(const TableSpec& spec) {
  return "INSERT INTO " + QuoteSqlIdentifier(kCatalogTable) +
         " (\"name\", \"spec\") VALUES (" + QuoteSqlString(spec.name) + ", " +
         QuoteSqlString(spec.json) + ");";
}

}  // namespace

std::string SqliteCatalogDdl() {
  return "CREATE TABLE IF NOT EXISTS " + QuoteSqlIdentifier(kCatalogTable) +
         " (\n  \"name\" TEXT PRIMARY KEY NOT NULL,\n"
         "  \"spec\" TEXT NOT NULL\n) WITHOUT ROWID;";
}

std::string SqliteNamespaceDdl() {
  return "CREATE TABLE IF NOT EXISTS " + QuoteSqlIdentifier(kNamespaceTable) +
         " (\n  \"name\" TEXT PRIMARY KEY NOT NULL\n) WITHOUT ROWID;";
}

std::vector<std::string> SqliteCreateStatements(const TableSpec& spec) {
  std::vector<std::string> out;
  for (const FamilySpec& f : spec.families) {
    const std::string relation = FamilyRelationName(spec, f);
    for (int i = 0; i < f.partition.PhysicalCount(); ++i) {
      out.push_back(CreatePartitionTable(
          spec, f,
          QuoteSqlIdentifier(PartitionTableName(relation, f.partition, i))));
    }
    for (std::string& view : FamilyUnionViews(spec, f, "CREATE VIEW")) {
      out.push_back(std::move(view));
    }
  }
  out.push_back(CatalogInsert(spec));
  return out;
}

std::string ShardSchemaName(int shard) {
  return shard == 0 ? "main" : "shard" + std::to_string(shard);
}

std::vector<ShardedTableDdl> SqliteShardedTables(const TableSpec& spec,
                                                 int shards) {
  std::vector<ShardedTableDdl> out;
  for (const FamilySpec& f : spec.families) {
    const std::string relation = FamilyRelationName(spec, f);
    for (int i = 0; i < f.partition.PhysicalCount(); ++i) {
      ShardedTableDdl table;
      table.shard = ShardOfPartition(spec.name, i, shards);
      table.name = PartitionTableName(relation, f.partition, i);
      table.create = CreatePartitionTable(
          spec, f,
          QuoteSqlIdentifier(ShardSchemaName(table.shard)) + "." +
              QuoteSqlIdentifier(table.name));
      out.push_back(std::move(table));
    }
  }
  return out;
}

std::vector<std::string> SqliteShardedCreateStatements(const TableSpec& spec,
                                                       int shards) {
  std::vector<std::string> out;
  for (ShardedTableDdl& table : SqliteShardedTables(spec, shards)) {
    out.push_back("DROP TABLE IF EXISTS " +
                  QuoteSqlIdentifier(ShardSchemaName(table.shard)) + "." +
                  QuoteSqlIdentifier(table.name) + ";");
    out.push_back(std::move(table.create));
  }
  out.push_back(CatalogInsert(spec));
  return out;
}

std::vector<std::string> SqliteShardedViewStatements(const TableSpec& spec) {
  std::vector<std::string> out;
  for (const FamilySpec& f : spec.families) {
    for (std::string& view : FamilyUnionViews(spec, f, "CREATE TEMP VIEW")) {
      out.push_back(std::move(view));
    }
  }
  return out;
}

std::vector<std::string> SqliteDropStatements(const TableSpec& spec) {
  std::vector<std::string> out;
  for (const FamilySpec& f : spec.families) {
    const std::string relation = FamilyRelationName(spec, f);
    const PartitionSpec& p = f.partition;
    for (std::string& view : DropFamilyViews(spec, f)) {
      out.push_back(std::move(view));
    }
    for (int i = 0; i < p.PhysicalCount(); ++i) {
      out.push_back("DROP TABLE IF EXISTS " +
                    QuoteSqlIdentifier(PartitionTableName(relation, p, i)) +
                    ";");
    }
  }
  out.push_back("DELETE FROM " + QuoteSqlIdentifier(kCatalogTable) +
                " WHERE \"name\" = " + QuoteSqlString(spec.name) + ";");
  return out;
}

std::string SqliteStoredColumns(const TableSpec& spec, const FamilySpec& f) {
  if (spec.layout == Layout::kTimeseries) {
    return "\"K\", \"T\", \"S\", \"V\"";
  }
  return f.cell_ttl ? "\"K\", \"Q\", \"T\", \"V\", \"TTL\""
                    : "\"K\", \"Q\", \"T\", \"V\"";
}

std::string SqlitePartitionTableDdl(const TableSpec& spec, const FamilySpec& f,
                                    const std::string& qualified) {
  return CreatePartitionTable(spec, f, qualified);
}

std::vector<std::string> SqliteFamilyViewStatements(const TableSpec& spec,
                                                    const FamilySpec& f) {
  return FamilyUnionViews(spec, f, "CREATE VIEW");
}

std::vector<std::string> SqliteFamilyDropViewStatements(const TableSpec& spec,
                                                        const FamilySpec& f) {
  return DropFamilyViews(spec, f);
}

std::string SqliteCatalogUpdate(const TableSpec& spec) {
  return "UPDATE " + QuoteSqlIdentifier(kCatalogTable) +
         " SET \"spec\" = " + QuoteSqlString(spec.json) +
         " WHERE \"name\" = " + QuoteSqlString(spec.name) + ";";
}

std::string GenerateDdl(const TableSpec& spec, DdlDialect dialect) {
  std::vector<TableSpec> tables{spec};
  // The index tables (obkvlite/index.h) are tables like any other.
  for (const IndexSpec& index : spec.indexes) {
    Result<TableSpec> own = IndexTableSpec(spec, index);
    if (own.ok()) tables.push_back(std::move(own).value());
  }
  std::string out;
  if (dialect == DdlDialect::kSqlite) out = SqliteCatalogDdl() + "\n";
  for (const TableSpec& table : tables) {
    if (dialect != DdlDialect::kSqlite) {
      out += (out.empty() ? "" : "\n") +
             ddl_internal::MysqlFamilyDdl(table, dialect);
      continue;
    }
    for (const std::string& stmt : SqliteCreateStatements(table)) {
      out += "\n" + stmt + "\n";
    }
  }
  return out;
}

}  // namespace obkvlite
