// Copyright (c) obkvlite authors.
#include "storage/fault_injection.h"

#include <utility>

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

namespace {
thread_local int hook_countdown = 0;
thread_local std::function<void()> step_hook;
}  // namespace

void InjectDdlStepHook(int n, std::function<void()> hook) {
  step_hook = std::move(hook);
  hook_countdown = n;
}

void RunInjectedDdlStepHook() {
  if (!step_hook || --hook_countdown > 0) return;
  std::function<void()> fn = std::move(step_hook);
  step_hook = nullptr;
  fn();
}

}  // namespace storage
}  // namespace obkvlite
