// Copyright (c) obkvlite authors.
//
// Hot keys: the row keys of a table that requests address most, counted
// from live traffic in bounded memory, by OBKV's hot-key types
// (GV$OB_KV_HOTKEY_STAT's HOTKEY_TYPE):
//   query   Get and Exists (each overload, batch gets included): its row
//   insert  Put (each row of a vector of puts); a batch's or a successful
//           CheckAndMutate's puts
//   delete  Delete; a batch's or a successful CheckAndMutate's deletes
//   update  Increment and Append, alone or in a batch
// A scan addresses a range, not a key: it is not counted here (its heat is
// in the partitions' request statistics, obkvlite/request_stats.h). A
// failed operation is not counted. Counting is on with
// StoreOptions::request_stats and StoreOptions::hot_keys.
//
// Counting: each table object keeps, per type, a space-saving summary of
// kHotKeyCapacity counters, striped by key hash so that threads rarely
// meet. The request statistics' flusher merges it into the store's table
// "obkv_hotkeys" (StoreOptions::request_stats_flush_ms, and at close), so
// every process that opens the store writable adds to the same ranking; the
// merge (Misra-Gries form, hbase/stats/hot_key_summary.h) keeps at most
// kHotKeyCapacity - 1 keys per (table, type).
//
// Error bound. For a type whose counted requests number N (HotKeyStats::
// requests), every listed key's true request count f satisfies
//   count - error <= f <= count,   error <= N / kHotKeyCapacity,
// and a key not listed had at most `floor` <= N / kHotKeyCapacity requests.
// So any key with more than N / kHotKeyCapacity requests is listed, and two
// listed keys whose counts differ by more than both errors are in true
// order. Counts are exact (error 0) while a table's type has seen fewer
// than kHotKeyCapacity distinct keys in all.
//
// Thread safety: plain values.

#ifndef OBKVLITE_HOT_KEYS_H_
#define OBKVLITE_HOT_KEYS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace obkvlite {

// Name of the store's hot-key table. No '$', so it never collides with a
// "table$family" relation.
inline constexpr std::string_view kHotKeysTable = "obkv_hotkeys";

// Counters kept per (table, type): in memory per stripe, and in the store.
inline constexpr int kHotKeyCapacity = 256;

enum class HotKeyType : int {
  kQuery,
  kInsert,
  kDelete,
  kUpdate,
};
inline constexpr int kHotKeyTypes = 4;

// "query", "insert", "delete", "update".
const char* HotKeyTypeName(HotKeyType type);

// OBKV's name: "TABLE_HOTKEY_QUERY", "TABLE_HOTKEY_INSERT",
// "TABLE_HOTKEY_DELETE", "TABLE_HOTKEY_UPDATE".
const char* HotKeyTypeObkvName(HotKeyType type);

// The type named `name` (either form above, any case); nullopt otherwise.
std::optional<HotKeyType> ParseHotKeyType(std::string_view name);

// One listed key: true requests in [count - error, count].
struct HotKey {
  std::string row;
  int64_t count = 0;
  int64_t error = 0;
};

// The ranking of one type of one table.
struct HotKeyStats {
  HotKeyType type = HotKeyType::kQuery;
  int64_t requests = 0;      // N: requests of this type counted
  int64_t floor = 0;         // most requests a key not listed can have had
  std::vector<HotKey> keys;  // by count, highest first (then by row)
};

}  // namespace obkvlite

#endif  // OBKVLITE_HOT_KEYS_H_
