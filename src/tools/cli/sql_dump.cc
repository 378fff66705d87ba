// Copyright (c) obkvlite authors.
#include "tools/cli/sql_dump.h"

#include <sqlite3.h>

#include <memory>
#include <ostream>
#include <string_view>

#include "tools/cli/readonly_sqlite.h"

namespace obkvlite {
namespace cli {
namespace {

constexpr int kRowsPerInsert = 500;
constexpr size_t kBytesPerInsert = 1 << 20;

std::string Hex(sqlite3_stmt* stmt, int col) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  const auto* data =
      static_cast<const unsigned char*>(sqlite3_column_blob(stmt, col));
  const int size = sqlite3_column_bytes(stmt, col);
  std::string out = "X'";
  for (int i = 0; i < size; ++i) {
    out.push_back(kDigits[data[i] >> 4]);
    out.push_back(kDigits[data[i] & 0xF]);
  }
  return out + "'";
}

std::string Int(sqlite3_stmt* stmt, int col) {
  return std::to_string(sqlite3_column_int64(stmt, col));
}

// One "(..., ...)" tuple of the current row.
std::string Tuple(sqlite3_stmt* stmt, bool timeseries) {
  if (timeseries) {
    return "(" + Hex(stmt, 0) + ", " + Int(stmt, 1) + ", " + Int(stmt, 2) +
           ", CONVERT(" + Hex(stmt, 3) + " USING utf8mb4))";
  }
  return "(" + Hex(stmt, 0) + ", " + Hex(stmt, 1) + ", " + Int(stmt, 2) + ", " +
         Hex(stmt, 3) + ")";
}

Result<int64_t> DumpFamily(ReadOnlySqlite& db, const TableSpec& spec,
                           const FamilySpec& family, std::ostream& out) {
  const bool timeseries = spec.layout == Layout::kTimeseries;
  const std::string relation = FamilyRelationName(spec, family);
  const char* columns =
      timeseries ? "\"K\", \"T\", \"S\", \"V\"" : "\"K\", \"Q\", \"T\", \"V\"";
  const std::string order =
      timeseries ? "\"K\", \"T\", \"S\"" : "\"K\", \"Q\", \"T\"";
  const std::string sql = std::string("SELECT ") + columns + " FROM " +
                          QuoteSqlIdentifier(relation) + " ORDER BY " + order;
  std::string_view rest = sql;
  OBKV_ASSIGN_OR_RETURN(StatementPtr stmt, db.PrepareNext(&rest));
  const std::string head = "INSERT INTO " + QuoteMysqlIdentifier(relation) +
                           (timeseries ? " (`K`, `T`, `S`, `V`) VALUES\n"
                                       : " (`K`, `Q`, `T`, `V`) VALUES\n");
  int64_t rows = 0;
  int in_statement = 0;
  size_t bytes = 0;
  int rc;
  while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    const std::string tuple = Tuple(stmt.get(), timeseries);
    if (in_statement == 0) {
      out << head;
    } else {
      out << ",\n";
    }
    out << tuple;
    ++rows;
    ++in_statement;
    bytes += tuple.size();
    if (in_statement == kRowsPerInsert || bytes >= kBytesPerInsert) {
      out << ";\n";
      in_statement = 0;
      bytes = 0;
    }
  }
  if (rc != SQLITE_DONE) {
    return Status::IOError("export: reading " + relation + ": " +
                           db.LastError());
  }
  if (in_statement > 0) out << ";\n";
  return rows;
}

}  // namespace

Result<int64_t> WriteSqlDump(const std::string& store_path,
                             const TableSpec& spec, DdlDialect dialect,
                             std::ostream& out) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<ReadOnlySqlite> db,
                        ReadOnlySqlite::Open(store_path));
  out << "-- obkv export of table " << spec.name << " ("
      << (dialect == DdlDialect::kMysql ? "mysql" : "oceanbase")
      << " dialect): DDL, then the K/Q/T/V rows (T = -timestamp)\n\n";
  out << GenerateDdl(spec, dialect) << "\n";
  int64_t rows = 0;
  for (const FamilySpec& family : spec.families) {
    OBKV_ASSIGN_OR_RETURN(int64_t n, DumpFamily(*db, spec, family, out));
    rows += n;
  }
  out << "-- " << rows << (rows == 1 ? " row\n" : " rows\n");
  return rows;
}

}  // namespace cli
}  // namespace obkvlite
