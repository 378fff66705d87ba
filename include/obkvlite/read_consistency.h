// Copyright (c) obkvlite authors.
//
// ReadConsistency: what a Get or a Scan may read (doc/engines.md, "Weak
// reads"), as OBKV-HBase's hbase.htable.read.consistency and HBase's
// Consistency (STRONG, TIMELINE):
//   kStrong  every write committed before the read started is seen: on a
//            Galera cluster the node first applies what the cluster
//            committed (wsrep_sync_wait = 1), on OceanBase the leader
//            replica serves it;
//   kWeak    the read may be stale: on a Galera cluster it skips that wait
//            and its sessions spread over every listed host; on OceanBase
//            it reads a follower replica (ob_read_consistency = WEAK). A
//            weak read still sees one consistent snapshot, and never a
//            write that was not committed.
// On SQLite both are the same: every read sees every commit.
//
// Thread safety: plain value.

#ifndef OBKVLITE_READ_CONSISTENCY_H_
#define OBKVLITE_READ_CONSISTENCY_H_

#include <optional>
#include <string_view>

namespace obkvlite {

enum class ReadConsistency { kStrong, kWeak };

// "strong" or "weak" (exec's "consistency", a server URI's
// read_consistency=); nullopt for any other name.
inline std::optional<ReadConsistency> ParseReadConsistency(
    std::string_view name) {
  if (name == "strong") return ReadConsistency::kStrong;
  if (name == "weak") return ReadConsistency::kWeak;
  return std::nullopt;
}

}  // namespace obkvlite

#endif  // OBKVLITE_READ_CONSISTENCY_H_
