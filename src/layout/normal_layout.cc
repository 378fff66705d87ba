// Copyright (c) obkvlite authors.
#include "layout/normal_layout.h"

#include "layout/partition_sql.h"

namespace obkvlite {
namespace layout {
namespace {

constexpr int kLoCount = 2;
constexpr int kHiCount = 3;
constexpr int kOrderCount = 2;
static_assert(kLoCount * kHiCount * kOrderCount * kPageCount *
                      kReadShapeCount ==
                  kNormalScanKinds,
              "scan kinds fill 0..kNormalScanKinds-1");

ReadShape ShapeOf(int shape_index) {
  ReadShape shape;
  shape.cell_ttl = (shape_index & 4) != 0;
  shape.all_times = (shape_index & 2) != 0;
  shape.values = (shape_index & 1) == 0;
  return shape;
}

// The T condition of `shape`, after a first condition: the time range and
// the cell TTL (now - ts <= TTL, with T = -ts).
std::string TimeCondition(ReadShape shape) {
  std::string sql = shape.all_times ? "" : " AND T > ?3 AND T <= ?4";
  if (shape.cell_ttl) sql += " AND (TTL IS NULL OR TTL >= ?9 + T)";
  return sql;
}

// The selected columns after `first` ("K, Q, T", "Q, T", "T").
std::string Selected(const char* first, ReadShape shape) {
  return std::string("SELECT ") + first + (shape.values ? ", V" : "") +
         (shape.cell_ttl ? ", TTL" : "");
}

// Column names are plain words in both dialects; tables are quoted.
std::string ScanSql(SqlDialect dialect, int kind, const std::string& table) {
  const ReadShape shape = ShapeOf(kind % kReadShapeCount);
  kind /= kReadShapeCount;
  const auto page = static_cast<Page>(kind % kPageCount);
  kind /= kPageCount;
  const auto order = static_cast<ScanOrder>(kind % kOrderCount);
  const auto hi = static_cast<HiBound>((kind / kOrderCount) % kHiCount);
  const auto lo = static_cast<LoBound>(kind / (kOrderCount * kHiCount));
  const bool forward = order == ScanOrder::kForward;
  std::string sql = Selected("K, Q, T", shape) + " FROM " + table + " WHERE K ";
  sql += lo == LoBound::kInclusive ? ">= ?1" : "> ?1";
  if (hi == HiBound::kExclusive) sql += " AND K < ?2";
  if (hi == HiBound::kInclusive) sql += " AND K <= ?2";
  sql += TimeCondition(shape);
  if (page == Page::kAfter) {
    const char* after = forward ? " > " : " < ";
    sql += std::string(" AND (K") + after + "?6 OR (K = ?6 AND (Q" + after +
           "?7 OR (Q = ?7 AND T" + after + "?8))))";
  }
  sql += forward ? " ORDER BY K, Q, T" : " ORDER BY K DESC, Q DESC, T DESC";
  if (page != Page::kAll) sql += " LIMIT ?5";
  (void)dialect;  // the same text in both dialects
  return sql;
}

std::string GetColumnSql(SqlDialect dialect, int variant,
                         const std::string& table) {
  const ReadShape shape = ShapeOf(variant % kReadShapeCount);
  variant /= kReadShapeCount;
  const bool paged = (variant & 1) != 0;
  const bool lock_rows = (variant & 2) != 0;
  std::string sql = Selected("T", shape) + " FROM " + table +
                    " WHERE K = ?1 AND Q = ?2" + TimeCondition(shape) +
                    " ORDER BY K, Q, T";
  if (paged) sql += " LIMIT ?5";
  // SQLite's write transaction already holds the whole file.
  if (lock_rows && dialect == SqlDialect::kMysql) sql += " FOR UPDATE";
  return sql;
}

std::string GetRowSql(int shape_index, const std::string& table) {
  const ReadShape shape = ShapeOf(shape_index);
  return Selected("Q, T", shape) + " FROM " + table + " WHERE K = ?1" +
         TimeCondition(shape) + " ORDER BY K, Q, T";
}

// An upsert replaces the whole stored cell: its value and its TTL.
std::string InsertSql(SqlDialect dialect, int rows, bool cell_ttl,
                      const std::string& table) {
  std::string sql = dialect == SqlDialect::kMysql ? "INSERT INTO "
                                                  : "INSERT OR REPLACE INTO ";
  sql += table +
         (cell_ttl ? " (K, Q, T, V, TTL) VALUES " : " (K, Q, T, V) VALUES ") +
         InsertValuesSql(rows, cell_ttl ? 5 : 4);
  if (dialect == SqlDialect::kMysql) {
    sql += cell_ttl
               ? " ON DUPLICATE KEY UPDATE V = VALUES(V), TTL = VALUES(TTL)"
               : " ON DUPLICATE KEY UPDATE V = VALUES(V)";
  }
  return sql;
}

}  // namespace

std::string InsertValuesSql(int rows, int columns) {
  std::string sql;
  for (int i = 0; i < rows; ++i) {
    if (i > 0) sql += ", ";
    sql += "(";
    for (int c = 1; c <= columns; ++c) {
      if (c > 1) sql += ", ";
      sql += "?" + std::to_string(columns * i + c);
    }
    sql += ")";
  }
  return sql;
}

int NormalInsertKind(int rows, bool cell_ttl) {
  return (cell_ttl ? kNormalInsertTtlRows : kNormalInsertRows) + rows - 1;
}

int NormalScanKind(LoBound lo, HiBound hi, ScanOrder order, Page page,
                   ReadShape shape) {
  return (((static_cast<int>(lo) * kHiCount + static_cast<int>(hi)) *
               kOrderCount +
           static_cast<int>(order)) *
              kPageCount +
          static_cast<int>(page)) *
             kReadShapeCount +
         ReadShapeIndex(shape);
}

int NormalGetColumnKind(bool paged, bool lock_rows, ReadShape shape) {
  return kNormalGetColumn +
         ((paged ? 1 : 0) + (lock_rows ? 2 : 0)) * kReadShapeCount +
         ReadShapeIndex(shape);
}

int NormalGetRowKind(ReadShape shape) {
  return kNormalGetRow + ReadShapeIndex(shape);
}

std::string NormalSql(SqlDialect dialect, int kind,
                      std::string_view table_name) {
  const std::string table = QuoteTableName(dialect, table_name);
  if (kind >= 0 && kind < kNormalScanKinds) {
    return ScanSql(dialect, kind, table);
  }
  if (kind >= kNormalGetColumn && kind < kNormalDeleteCell) {
    return GetColumnSql(dialect, kind - kNormalGetColumn, table);
  }
  if (kind >= kNormalGetRow && kind < kNormalGetRow + kReadShapeCount) {
    return GetRowSql(kind - kNormalGetRow, table);  // both dialects
  }
  if (kind >= kNormalInsertRows && kind < kNormalGetRow) {
    return InsertSql(dialect, kind - kNormalInsertRows + 1, false, table);
  }
  if (kind >= kNormalInsertTtlRows && kind < kNormalDeleteExpired) {
    return InsertSql(dialect, kind - kNormalInsertTtlRows + 1, true, table);
  }
  switch (kind) {
    case kNormalDeleteCell:
      return "DELETE FROM " + table + " WHERE K = ?1 AND Q = ?2 AND T = ?3";
    case kNormalDeleteColumnUpTo:
      return "DELETE FROM " + table + " WHERE K = ?1 AND Q = ?2 AND T >= ?3";
    case kNormalDeleteRowUpTo:
      return "DELETE FROM " + table + " WHERE K = ?1 AND T >= ?2";
    case kNormalDeleteRowAt:
      return "DELETE FROM " + table + " WHERE K = ?1 AND T = ?2";
    case kNormalDeleteOlder:
      return DeleteOlderSql(dialect, table_name);
    case kNormalDeleteExpired:
      return "DELETE FROM " + table + " WHERE TTL < ?1 + T";
    default:
      return "SELECT RAISE(ABORT, 'unknown statement kind')";
  }
}

}  // namespace layout
}  // namespace obkvlite
