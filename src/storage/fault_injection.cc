// Copyright (c) obkvlite authors.
#include "storage/fault_injection.h"

namespace obkvlite {
namespace storage {
namespace {

struct FaultPlan {
  bool armed = false;
  bool fired = false;
  InjectedFault fault = InjectedFault::kDeadlock;
  int countdown = 0;
};

thread_local FaultPlan plan;

bool Take(InjectedFault fault) {
  if (!plan.armed || plan.fault != fault) return false;
  if (--plan.countdown > 0) return false;
  plan.armed = false;
  plan.fired = true;
  return true;
}

}  // namespace

void InjectFault(InjectedFault fault, int n) {
  plan = FaultPlan{true, false, fault, n};
}

bool ClearInjectedFault() {
  const bool fired = plan.fired;
  plan = FaultPlan();
  return fired;
}

bool TakeInjectedDeadlock() { return Take(InjectedFault::kDeadlock); }

bool TakeInjectedLostCommit() { return Take(InjectedFault::kLostCommitReply); }

bool TakeInjectedDdlStop() { return Take(InjectedFault::kStopDdl); }

}  // namespace storage
}  // namespace obkvlite
