// Copyright (c) obkvlite authors.
//
// AutoSplitter: the per-partition cell estimates behind "auto_split"
// (DESIGN §6, seed 003). After each write the store adds the cells it
// wrote to the estimate of their partition; only when an estimate passes
// the family's max_cells (or a partition has none yet) does the store
// count the partition exactly, and split it when the count is over. The
// estimate is an upper bound (overwrites and deletes only lower the real
// count), so a partition over the limit is always found.
//
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_STORE_AUTO_SPLIT_H_
#define OBKVLITE_HBASE_STORE_AUTO_SPLIT_H_

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace obkvlite {

class AutoSplitter {
 public:
  struct Key {
    std::string table;
    std::string family;
    int partition;
    bool operator<(const Key& o) const {
      return std::tie(table, family, partition) <
             std::tie(o.table, o.family, o.partition);
    }
  };

  // Adds `cells` to the estimate of `key`. True when the caller must count
  // exactly: no estimate yet, or the estimate is above `max_cells`.
  bool Add(const Key& key, int64_t cells, int64_t max_cells);
  // Records an exact count.
  void Set(const Key& key, int64_t cells);
  // Drops every estimate of `table` (its partitions changed).
  void Forget(const std::string& table);

 private:
  std::mutex mu_;
  std::map<Key, int64_t> estimates_;  // guarded by mu_
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STORE_AUTO_SPLIT_H_
