// Copyright (c) obkvlite authors.
//
// The normal layout (DESIGN §2): one relational row per HBase cell,
// (K, Q, T, V) with PRIMARY KEY (K, Q, T) and T = EncodeTimestamp(ts).
// This file owns the SQL text, in each dialect (ddl/sql_quote.h), of
// every statement the store runs on a normal-layout table; the hbase layer
// binds and steps them.
//
// Statement kinds are small integers, the key of the per-connection
// statement cache together with the partition table's name. Parameters
// are numbered as documented per kind; a T range is always
// "T > ?3 AND T <= ?4" (layout/timestamp_codec.h: EncodeTimeRange), and a
// read of every version (ReadShape::all_times) has none: ?3 and ?4 are then
// not bound. A read selects only the columns it needs (ReadShape).
//
// Pages (layout/page.h): a paged scan's continuation is the last (K, Q, T)
// read, bound to ?6, ?7, ?8.
//
// Cell TTL (FamilySpec::cell_ttl, OBKV-HBase's optional column TTL): a read
// of such a table (ReadShape::cell_ttl) hides the cells whose TTL passed,
// "(TTL IS NULL OR TTL >= ?9 + T)" with ?9 the read's clock (now - ts <=
// TTL: HBase's and OBKV's test), and selects TTL after its other columns;
// its upserts write TTL too.
//
// Layout seam: a table's layout picks its Table implementation in
// hbase/table/layout_dispatch.cc; the timeseries layout (K, T, S, V-json) gets
// its own file pair here (timeseries_layout.{h,cc}) with its own kinds.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_NORMAL_LAYOUT_H_
#define OBKVLITE_LAYOUT_NORMAL_LAYOUT_H_

#include <string>
#include <string_view>

#include "ddl/sql_quote.h"
#include "layout/page.h"

namespace obkvlite {
namespace layout {

// Result columns of a scan (kColV only when ReadShape::values).
enum NormalColumn { kColK = 0, kColQ = 1, kColT = 2, kColV = 3 };
// Result columns of a column get, whose K and Q are the bound ?1 and ?2
// (kGetColV only when ReadShape::values).
enum NormalGetColumnColumn { kGetColT = 0, kGetColV = 1 };
// Result columns of a row get, whose K is the bound ?1 (kGetRowV only when
// ReadShape::values).
enum NormalGetRowColumn { kGetRowQ = 0, kGetRowT = 1, kGetRowV = 2 };

// What a read selects and bounds.
struct ReadShape {
  // Every version: no T condition (a read of TimeRange::All() without a
  // TTL, for which HBase's "all time" range holds every timestamp).
  bool all_times = false;
  // V is selected; false for reads that return no values (Exists, a
  // KeyOnlyFilter): SQLite then never decodes the value or its overflow
  // pages.
  bool values = true;
  // The table has the TTL column: expired cells are hidden (?9 is the
  // read's clock, TBounds::now_ms) and TTL is selected last.
  bool cell_ttl = false;
};
inline constexpr int kReadShapeCount = 8;
// 0..kReadShapeCount-1, a factor of every read kind.
constexpr int ReadShapeIndex(ReadShape shape) {
  return (shape.cell_ttl ? 4 : 0) + (shape.all_times ? 2 : 0) +
         (shape.values ? 0 : 1);
}
// The column of TTL in a read of `shape` (ReadShape::cell_ttl) whose
// other columns number `columns` without V: a scan's K, Q, T (3), a row
// get's Q, T (2), a column get's T (1).
constexpr int TtlColumn(int columns, ReadShape shape) {
  return columns + (shape.values ? 1 : 0);
}
// The stored value of a NULL TTL (none) as ColumnInt reads it is 0, so
// readers ask Statement::ColumnIsNull first.

// How a scan's key range is bounded in SQL.
enum class LoBound { kInclusive, kExclusive };         // K >= ?1 | K > ?1
enum class HiBound { kExclusive, kInclusive, kNone };  // K < ?2 | K <= ?2
enum class ScanOrder {
  kForward,   // ORDER BY K, Q, T: row, qualifier ascending, newest first
  kReversed,  // ORDER BY K DESC, Q DESC, T DESC: the index read backwards
};

// Most rows one multi-row INSERT writes (kNormalInsertRows).
inline constexpr int kMaxInsertRows = 32;

// Rows per upsert statement for a connection that asks for
// `connection_rows` (storage::Connection::rows_per_insert): the one place
// the engine's wish is capped to the statement kinds that exist.
constexpr int InsertRowsPerStatement(int connection_rows) {
  return connection_rows < kMaxInsertRows ? connection_rows : kMaxInsertRows;
}

// The VALUES list of a multi-row INSERT of `rows` rows of `columns`
// columns: "(?1, ?2, ?3, ?4), (?5, ?6, ?7, ?8), ..." for four, both
// dialects.
std::string InsertValuesSql(int rows, int columns = 4);

// Statement kinds (cache keys). Scan kinds are 0..143 (NormalScanKind).
enum NormalKind : int {
  kNormalScanKinds = 36 * kReadShapeCount,
  // SELECT T,V WHERE K = ?1 AND Q = ?2 AND T > ?3 AND T <= ?4, newest
  // first; sixteen kinds (NormalGetColumnKind): paged (LIMIT ?5) or not,
  // locking the rows it reads (FOR UPDATE on a server) or not, and a
  // ReadShape.
  kNormalGetColumn = kNormalScanKinds,
  // DELETE WHERE K = ?1 AND Q = ?2 AND T = ?3.
  kNormalDeleteCell = kNormalGetColumn + 4 * kReadShapeCount,
  // DELETE WHERE K = ?1 AND Q = ?2 AND T >= ?3 (versions <= a timestamp).
  kNormalDeleteColumnUpTo,
  // DELETE WHERE K = ?1 AND T >= ?2 (all qualifiers, versions <= ts).
  kNormalDeleteRowUpTo,
  // DELETE WHERE K = ?1 AND T = ?2 (all qualifiers, exactly ts).
  kNormalDeleteRowAt,
  // DELETE WHERE T > ?1 (every cell older than a cutoff).
  kNormalDeleteOlder,
  // Upsert of n rows (K, Q, T, V) = (?4i+1, ?4i+2, ?4i+3, ?4i+4), i < n:
  // the same (K, Q, T) overwrites, and a later row of the statement wins.
  // Kind kNormalInsertRows + n - 1 for n = 1..kMaxInsertRows.
  kNormalInsertRows,
  // SELECT Q,T[,V] WHERE K = ?1 [AND T > ?3 AND T <= ?4] ORDER BY K, Q, T:
  // one whole row (a Get of whole families); a kind per ReadShape
  // (NormalGetRowKind).
  kNormalGetRow = kNormalInsertRows + kMaxInsertRows,
  // The upserts of a cell-TTL table: n rows (K, Q, T, V, TTL) = (?5i+1,
  // ..., ?5i+5), TTL NULL for none; kind kNormalInsertTtlRows + n - 1.
  kNormalInsertTtlRows = kNormalGetRow + kReadShapeCount,
  // DELETE WHERE TTL < ?1 + T: every cell whose TTL passed at ?1 (now).
  kNormalDeleteExpired = kNormalInsertTtlRows + kMaxInsertRows,
  kNormalKindEnd,
};

// Kind of a range scan: SELECT K,Q,T[,V] WHERE K lo ?1 [AND K hi ?2]
// [AND T > ?3 AND T <= ?4] ORDER BY per `order`, all of it or a page.
int NormalScanKind(LoBound lo, HiBound hi, ScanOrder order,
                   Page page = Page::kAll, ReadShape shape = ReadShape());

// Kind of a column get (see kNormalGetColumn).
int NormalGetColumnKind(bool paged, bool lock_rows,
                        ReadShape shape = ReadShape());

// Kind of a row get (see kNormalGetRow).
int NormalGetRowKind(ReadShape shape = ReadShape());

// Kind of an upsert of `rows` rows (1..kMaxInsertRows), with the TTL
// column or without.
int NormalInsertKind(int rows, bool cell_ttl);

// The SQL of `kind` on the partition table `table` (quoted here).
std::string NormalSql(SqlDialect dialect, int kind, std::string_view table);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_NORMAL_LAYOUT_H_
