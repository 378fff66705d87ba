// Copyright (c) obkvlite authors.
//
// obkv_row_lock: the table whose rows make read-modify-writes on a Galera
// cluster conflict (Connection::LockRowForUpdate, doc/engines.md). Each
// (HBase table, row) maps to one of kRowLockSlots slots by a stable hash
// (FNV-1a 64, the same in every process); a read-modify-write upserts its
// slot's row, so two of them on the same row, on any nodes, write the same
// key, and Galera's certification lets only one commit. Two rows sharing a
// slot only conflict more often than needed, never less, and the table
// holds at most kRowLockSlots rows. The table's statements are
// ddl/row_lock_sql.h's.
//
// Thread safety: pure functions and constants.

#ifndef OBKVLITE_STORAGE_ROW_LOCK_H_
#define OBKVLITE_STORAGE_ROW_LOCK_H_

#include <cstdint>
#include <string_view>

namespace obkvlite {
namespace storage {

inline constexpr int64_t kRowLockSlots = int64_t{1} << 24;

// The slot of `row` of HBase table `table`, in [0, kRowLockSlots).
int64_t RowLockSlot(std::string_view table, std::string_view row);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_ROW_LOCK_H_
