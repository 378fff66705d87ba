// Copyright (c) obkvlite authors.
#include "tools/cli/transfer/sql_dump.h"

#include <ostream>
#include <string>
#include <string_view>

#include "ddl/sql_quote.h"

namespace obkvlite {
namespace cli {
namespace {

constexpr int kRowsPerInsert = 500;
constexpr size_t kBytesPerInsert = 1 << 20;

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out = "X'";
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    out.push_back(kDigits[byte >> 4]);
    out.push_back(kDigits[byte & 0xF]);
  }
  return out + "'";
}

// One "(..., ...)" tuple of a stored row; `cell_ttl` adds its TTL (NULL:
// none).
std::string Tuple(const StoredRow& row, bool timeseries, bool cell_ttl) {
  if (timeseries) {
    return "(" + Hex(row.key) + ", " + std::to_string(row.t) + ", " +
           std::to_string(row.s) + ", CONVERT(" + Hex(row.value) +
           " USING utf8mb4))";
  }
  std::string tuple = "(" + Hex(row.key) + ", " + Hex(row.qualifier) + ", " +
                      std::to_string(row.t) + ", " + Hex(row.value);
  if (cell_ttl) {
    tuple += ", " + (row.ttl_ms < 0 ? std::string("NULL")
                                    : std::to_string(row.ttl_ms));
  }
  return tuple + ")";
}

Result<int64_t> DumpFamily(Store* store, const TableSpec& spec,
                           const FamilySpec& family, std::ostream& out) {
  const bool timeseries = spec.layout == Layout::kTimeseries;
  const std::string relation = FamilyRelationName(spec, family);
  const bool cell_ttl = family.cell_ttl;
  const std::string head = "INSERT INTO " + QuoteMysqlTableName(relation) +
                           (timeseries ? " (`K`, `T`, `S`, `V`) VALUES\n"
                            : cell_ttl ? " (`K`, `Q`, `T`, `V`, `TTL`) VALUES\n"
                                       : " (`K`, `Q`, `T`, `V`) VALUES\n");
  int64_t rows = 0;
  int in_statement = 0;
  size_t bytes = 0;
  OBKV_RETURN_IF_ERROR(store->ForEachStoredRow(
      spec.name, family.name, [&](const StoredRow& row) -> Status {
        const std::string tuple = Tuple(row, timeseries, cell_ttl);
        out << (in_statement == 0 ? head : ",\n") << tuple;
        ++rows;
        ++in_statement;
        bytes += tuple.size();
        if (in_statement == kRowsPerInsert || bytes >= kBytesPerInsert) {
          out << ";\n";
          in_statement = 0;
          bytes = 0;
        }
        return Status::OK();
      }));
  if (in_statement > 0) out << ";\n";
  return rows;
}

}  // namespace

Result<int64_t> WriteSqlDump(Store* store, const TableSpec& spec,
                             DdlDialect dialect, std::ostream& out) {
  out << "-- obkv export of table " << spec.name << " ("
      << (dialect == DdlDialect::kMysql ? "mysql" : "oceanbase")
      << " dialect): DDL, then the K/Q/T/V rows (T = -timestamp)\n\n";
  out << GenerateDdl(spec, dialect) << "\n";
  int64_t rows = 0;
  for (const FamilySpec& family : spec.families) {
    OBKV_ASSIGN_OR_RETURN(int64_t n, DumpFamily(store, spec, family, out));
    rows += n;
  }
  out << "-- " << rows << (rows == 1 ? " row\n" : " rows\n");
  return rows;
}

}  // namespace cli
}  // namespace obkvlite
