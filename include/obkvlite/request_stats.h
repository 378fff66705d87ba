// Copyright (c) obkvlite authors.
//
// Request statistics (workload heat): what each partition of each family
// served, counted per time bucket, as HBase counts read and write requests
// per region (seed 004 §4 finds hot regions from them; seed 002 §4.1 adds
// their spread across servers).
//
// A partition is the router's partition index (PartitionRouter::Route), on
// every engine: on SQLite the physical table "t$f$p<i>", on a server the
// partition the server routes the row to inside the one relation "t$f".
//
// What is counted, per (table, family, partition, bucket):
//   reads          read requests: a Get, or the part of a scan (or of a
//                  Get over time partitions) that touches the partition —
//                  one per partition the router pruned the read to, what
//                  Scanner::partitions_opened() counts;
//   rows_read      rows returned that have cells of the partition;
//   cells_read     cells returned from the partition;
//   writes         write requests: a Put, Increment, Append or the
//                  mutations of a CheckAndMutate or batch, one per
//                  partition they write;
//   cells_written  cells written;
//   bytes_written  K + Q + V bytes of the cells written;
//   deletes        delete requests, one per partition a delete visits.
// A request that fails is not counted.
//
// Counting happens in memory with relaxed atomics (StoreOptions::
// request_stats); a background thread adds the counts to the store's table
// "obkv_stats" every StoreOptions::request_stats_flush_ms and at close, with
// additive upserts, so several processes on one store add up, and a crash
// loses at most the counts of the last interval.
//
// Thread safety: plain values.

#ifndef OBKVLITE_REQUEST_STATS_H_
#define OBKVLITE_REQUEST_STATS_H_

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace obkvlite {

// Name of the store's request statistics table. It holds no '$', so it
// never collides with a "table$family" relation.
inline constexpr std::string_view kStatsTable = "obkv_stats";

struct RequestCounts {
  int64_t reads = 0;
  int64_t rows_read = 0;
  int64_t cells_read = 0;
  int64_t writes = 0;
  int64_t cells_written = 0;
  int64_t bytes_written = 0;
  int64_t deletes = 0;

  // Requests of any kind: reads + writes + deletes (HBase counts a delete
  // as a write request).
  int64_t requests() const { return reads + writes + deletes; }
  bool empty() const {
    return reads == 0 && rows_read == 0 && cells_read == 0 && writes == 0 &&
           cells_written == 0 && bytes_written == 0 && deletes == 0;
  }
  RequestCounts& operator+=(const RequestCounts& o) {
    reads += o.reads;
    rows_read += o.rows_read;
    cells_read += o.cells_read;
    writes += o.writes;
    cells_written += o.cells_written;
    bytes_written += o.bytes_written;
    deletes += o.deletes;
    return *this;
  }
};

// The counts of one partition of one family in one time bucket.
struct RequestStatsBucket {
  std::string family;
  int partition = 0;            // the router's partition index
  int64_t bucket_start_ms = 0;  // a multiple of the bucket width
  RequestCounts counts;
};

// Which buckets Store::RequestStats returns.
struct RequestStatsQuery {
  // One family; empty for every family of the table.
  std::string family;
  // Buckets starting in [since_ms, until_ms).
  int64_t since_ms = 0;
  int64_t until_ms = std::numeric_limits<int64_t>::max();
};

}  // namespace obkvlite

#endif  // OBKVLITE_REQUEST_STATS_H_
