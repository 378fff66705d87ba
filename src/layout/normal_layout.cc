// Copyright (c) obkvlite authors.
#include "layout/normal_layout.h"

#include "obkvlite/ddl.h"

namespace obkvlite {
namespace layout {
namespace {

constexpr int kLoCount = 2;
constexpr int kHiCount = 3;
constexpr int kOrderCount = 2;
static_assert(kLoCount * kHiCount * kOrderCount == kNormalScanKinds,
              "scan kinds fill 0..kNormalScanKinds-1");

std::string ScanSql(int kind, const std::string& table) {
  const auto order = static_cast<ScanOrder>(kind % kOrderCount);
  const auto hi = static_cast<HiBound>((kind / kOrderCount) % kHiCount);
  const auto lo = static_cast<LoBound>(kind / (kOrderCount * kHiCount));
  std::string sql =
      "SELECT \"K\", \"Q\", \"T\", \"V\" FROM " + table + " WHERE \"K\" ";
  sql += lo == LoBound::kInclusive ? ">= ?1" : "> ?1";
  if (hi == HiBound::kExclusive) sql += " AND \"K\" < ?2";
  if (hi == HiBound::kInclusive) sql += " AND \"K\" <= ?2";
  sql += " AND \"T\" > ?3 AND \"T\" <= ?4 ORDER BY ";
  sql += order == ScanOrder::kForward ? "\"K\", \"Q\", \"T\""
                                      : "\"K\" DESC, \"Q\" DESC, \"T\" DESC";
  return sql;
}

}  // namespace

int NormalScanKind(LoBound lo, HiBound hi, ScanOrder order) {
  return (static_cast<int>(lo) * kHiCount + static_cast<int>(hi)) *
             kOrderCount +
         static_cast<int>(order);
}

std::string NormalSql(int kind, std::string_view table_name) {
  const std::string table = QuoteSqlIdentifier(table_name);
  if (kind >= 0 && kind < kNormalScanKinds) return ScanSql(kind, table);
  switch (kind) {
    case kNormalGetColumn:
      return "SELECT \"K\", \"Q\", \"T\", \"V\" FROM " + table +
             " WHERE \"K\" = ?1 AND \"Q\" = ?2 AND \"T\" > ?3 AND \"T\" <= ?4"
             " ORDER BY \"K\", \"Q\", \"T\"";
    case kNormalInsert:
      return "INSERT OR REPLACE INTO " + table +
             " (\"K\", \"Q\", \"T\", \"V\") VALUES (?1, ?2, ?3, ?4)";
    case kNormalDeleteCell:
      return "DELETE FROM " + table +
             " WHERE \"K\" = ?1 AND \"Q\" = ?2 AND \"T\" = ?3";
    case kNormalDeleteColumnUpTo:
      return "DELETE FROM " + table +
             " WHERE \"K\" = ?1 AND \"Q\" = ?2 AND \"T\" >= ?3";
    case kNormalDeleteRowUpTo:
      return "DELETE FROM " + table + " WHERE \"K\" = ?1 AND \"T\" >= ?2";
    case kNormalDeleteRowAt:
      return "DELETE FROM " + table + " WHERE \"K\" = ?1 AND \"T\" = ?2";
    case kNormalDeleteOlder:
      return "DELETE FROM " + table + " WHERE \"T\" > ?1";
    default:
      return "SELECT RAISE(ABORT, 'unknown statement kind')";
  }
}

}  // namespace layout
}  // namespace obkvlite
