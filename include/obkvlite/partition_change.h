// Copyright (c) obkvlite authors.
//
// Partition changes of a live table (Store::ChangePartitions,
// doc/partitions.md): what OceanBase's ALTER TABLE ... ADD / DROP /
// TRUNCATE / REORGANIZE PARTITION and PARTITION BY do, on the first level
// of a family's partitioning. For RANGE(G) + KEY, the KEY subpartitions of
// a first-level partition move with it.
//
// Partitions go by the names `obkv partition list` shows: on a SQLite
// store their first-level index, "p<i>", as the store's tables keep the
// names "t$f$p<i>" by index after every change (DESIGN §2); on a server
// the server's own names, OceanBase's, which it cannot rename and the spec
// keeps in "names" (PartitionSpec::names, PartitionNaming).
//
// Thread safety: plain values.

#ifndef OBKVLITE_PARTITION_CHANGE_H_
#define OBKVLITE_PARTITION_CHANGE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "obkvlite/spec.h"

namespace obkvlite {

enum class PartitionOp {
  kAdd,       // append a range partition after the last one (`bound`)
  kSplit,     // cut partitions[0] at `bound`, strictly inside its range
  kMerge,     // join the adjacent partitions[0] and partitions[1]
  kDrop,      // remove partitions[0] and its rows; the next one takes its range
  kTruncate,  // remove the rows of partitions[0], keep its bounds
  kRehash,    // rewrite every row into `count` KEY partitions
  kRoll,      // a time window's precreate and expire at `now_ms`
};

// "add", "split", "merge", "drop", "truncate", "rehash" or "roll".
const char* PartitionOpName(PartitionOp op);

struct PartitionChange {
  PartitionOp op = PartitionOp::kAdd;
  // The family to change; empty changes every family of the table, which
  // then must share one first-level partitioning (kRoll: every family with
  // a time window).
  std::string family;
  // First-level partition indexes: one for kSplit, kDrop and kTruncate,
  // two adjacent ones for kMerge.
  std::vector<int> partitions;
  // Or the same partitions by name, as `obkv partition list` shows them
  // (the store's PartitionNaming); used when `partitions` is empty.
  std::vector<std::string> partition_names;
  // The new bound of kAdd and kSplit: a row key (RANGE COLUMNS(K)), a
  // timestamp in ms (G) or MAXVALUE (kAdd only).
  RangeBound bound;
  // kRehash: the new KEY partition count, 1..8192.
  int count = 0;
  // kRoll: "now" in ms; 0 takes the store's clock.
  int64_t now_ms = 0;
  // Plan only: compute the new spec and the OceanBase statements, change
  // nothing (`--ddl-only`).
  bool dry_run = false;
  // Rows copied so far, of `total`, while rows move (kSplit, kMerge,
  // kRehash); may be empty.
  std::function<void(int64_t done, int64_t total)> progress;
};

struct PartitionChangeResult {
  // The table's spec after the change (before it, when nothing changed).
  TableSpec spec;
  // The OceanBase statements that make the same change on a cluster, each
  // ending in ";".
  std::vector<std::string> oceanbase_ddl;
  // Advice: non-prime or oversized KEY counts, and for kRoll the
  // partitions it created and dropped.
  std::vector<std::string> warnings;
  // Stored rows rewritten into another partition table.
  int64_t rows_moved = 0;
  // False when there was nothing to do (a roll with nothing due).
  bool changed = false;
};

// One first-level partition of a family (Store::ListPartitions).
struct PartitionInfo {
  int index = 0;
  std::string name;            // the store's name: p<index>, or the server's
  std::string oceanbase_name;  // OceanBase's name (PartitionSpec::names)
  // The range [lower, upper) of a range level; has_lower is false for the
  // first partition. Both unset for KEY partitions.
  bool has_range = false;
  bool has_lower = false;
  RangeBound lower;
  RangeBound upper;
  // Stored rows (cells, for the normal layout) in the partition, including
  // those TimeToLive or MaxVersions hide. Exact: counted in the snapshot.
  int64_t cells = 0;
  // Bytes the engine stores for the partition (its subpartitions included),
  // with PartitionListOptions::sizes; else -1. -1 also where the engine
  // cannot tell (a server whose own partitions are not the spec's first
  // level). SQLite: exact, the pages of the partition's tables and their
  // indexes times the page size (dbstat), so never below one page per
  // table; pages freed by deletes leave it at once (they go to the file's
  // freelist; the file keeps its size until VACUUM). A server: its
  // estimate, information_schema.PARTITIONS' DATA_LENGTH + INDEX_LENGTH, as
  // fresh as the server's statistics (doc/engines.md, "Stored sizes").
  int64_t bytes = -1;
};

// What Store::ListPartitions measures besides bounds and cell counts.
struct PartitionListOptions {
  // Fill PartitionInfo::bytes. On SQLite this reads every page of the
  // family's tables (overflow pages of large values too); on a server one
  // information_schema query.
  bool sizes = false;
};

}  // namespace obkvlite

#endif  // OBKVLITE_PARTITION_CHANGE_H_
