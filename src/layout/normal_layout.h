// Copyright (c) obkvlite authors.
//
// The normal layout (DESIGN §2): one relational row per HBase cell,
// (K, Q, T, V) with PRIMARY KEY (K, Q, T) and T = EncodeTimestamp(ts).
// This file owns the SQL text of every statement the store runs on a
// normal-layout partition table; the hbase layer binds and steps them.
//
// Statement kinds are small integers, the key of the per-connection
// statement cache together with the partition table's name. Parameters
// are numbered as documented per kind; a T range is always
// "T > ?lo AND T <= ?hi" (layout/timestamp_codec.h: EncodeTimeRange).
//
// Layout seam: a table's layout picks its Table implementation in
// hbase/layout_dispatch.cc; the timeseries layout (K, T, S, V-json) gets
// its own file pair here (timeseries_layout.{h,cc}) with its own kinds.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_NORMAL_LAYOUT_H_
#define OBKVLITE_LAYOUT_NORMAL_LAYOUT_H_

#include <string>
#include <string_view>

namespace obkvlite {
namespace layout {

// Result columns of every normal-layout SELECT.
enum NormalColumn { kColK = 0, kColQ = 1, kColT = 2, kColV = 3 };

// How a scan's key range is bounded in SQL.
enum class LoBound { kInclusive, kExclusive };         // K >= ?1 | K > ?1
enum class HiBound { kExclusive, kInclusive, kNone };  // K < ?2 | K <= ?2
enum class ScanOrder {
  kForward,   // ORDER BY K, Q, T: row, qualifier ascending, newest first
  kReversed,  // ORDER BY K DESC, Q DESC, T DESC: the index read backwards
};

// Statement kinds (cache keys). Scan kinds are 0..11 (NormalScanKind).
enum NormalKind : int {
  kNormalScanKinds = 12,
  // SELECT K,Q,T,V WHERE K = ?1 AND Q = ?2 AND T > ?3 AND T <= ?4, newest
  // first.
  kNormalGetColumn = kNormalScanKinds,
  // INSERT OR REPLACE (K, Q, T, V) VALUES (?1, ?2, ?3, ?4).
  kNormalInsert,
  // DELETE WHERE K = ?1 AND Q = ?2 AND T = ?3.
  kNormalDeleteCell,
  // DELETE WHERE K = ?1 AND Q = ?2 AND T >= ?3 (versions <= a timestamp).
  kNormalDeleteColumnUpTo,
  // DELETE WHERE K = ?1 AND T >= ?2 (all qualifiers, versions <= ts).
  kNormalDeleteRowUpTo,
  // DELETE WHERE K = ?1 AND T = ?2 (all qualifiers, exactly ts).
  kNormalDeleteRowAt,
  // DELETE WHERE T > ?1 (every cell older than a cutoff).
  kNormalDeleteOlder,
};

// Kind of a range scan: SELECT K,Q,T,V WHERE K lo ?1 [AND K hi ?2]
// AND T > ?3 AND T <= ?4 ORDER BY per `order`.
int NormalScanKind(LoBound lo, HiBound hi, ScanOrder order);

// The SQL of `kind` on the partition table `table` (quoted here).
std::string NormalSql(int kind, std::string_view table);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_NORMAL_LAYOUT_H_
