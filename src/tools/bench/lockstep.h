// Copyright (c) obkvlite authors.
//
// Lockstep: runs the arms of one bench run side by side, each in its own
// child process, taking turns one block of a workload at a time: arm 1's
// first block of gets, arm 2's, ..., arm 1's second block, and so on. A
// shared host's noise (a neighbour's burst, a frequency change) then lands
// on every arm of a workload alike instead of on whichever arm ran at that
// minute, so the ratio of two arms measures the arms. Only one child runs
// at a time; each has its own heap, so a peak RssAnon is its arm's alone.
//
// Thread safety: RunInLockstep forks, and a child has only the calling
// thread, so no other thread may hold a lock the bodies take (the bench
// calls it with no other thread); a Turn is used by its child's one thread.

#ifndef OBKVLITE_TOOLS_BENCH_LOCKSTEP_H_
#define OBKVLITE_TOOLS_BENCH_LOCKSTEP_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace bench {

// The turn of one arm: Pass ends its block and returns when its next turn
// comes. A null Turn* (an arm run alone) never waits: PassTurn(nullptr)
// does nothing.
class Turn {
 public:
  virtual ~Turn() = default;
  virtual void Pass() = 0;
};

inline void PassTurn(Turn* turn) {
  if (turn != nullptr) turn->Pass();
}

// An arm's figures by name: "put_cells_per_s", "full_scan_cells", ...
using Metrics = std::map<std::string, double>;

// The body of one arm: runs its workloads, passing `turn` between blocks,
// and fills the metrics.
using ArmBody = std::function<Status(Turn* turn, Metrics* out)>;

// Runs every body in its own child process, in turn in the order given
// (each from its start to its first Pass, then the next, ...), until all
// have ended; returns their metrics in that order. A body's error (or a
// child that died) is the result's error, prefixed with the body's index
// in `bodies`, once every other child has ended.
Result<std::vector<Metrics>> RunInLockstep(const std::vector<ArmBody>& bodies);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_LOCKSTEP_H_
