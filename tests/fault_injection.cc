// Copyright (c) obkvlite authors.
#include "fault_injection.h"

#include <utility>

#include "storage/fault_hooks.h"

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

thread_local int hook_countdown = 0;
thread_local std::function<void()> step_hook;

bool TakeDeadlock() { return Take(InjectedFault::kDeadlock); }

bool TakeLostCommit() { return Take(InjectedFault::kLostCommitReply); }

bool TakeDdlStop() { return Take(InjectedFault::kStopDdl); }

// Counts one DDL plan step and calls the hook when it is due.
void BeforeDdlStep() {
  if (!step_hook || --hook_countdown > 0) return;
  std::function<void()> fn = std::move(step_hook);
  step_hook = nullptr;
  fn();
}

constexpr FaultHooks kInjectorHooks = {&TakeDeadlock, &TakeLostCommit,
                                       &BeforeDdlStep, &TakeDdlStop};

}  // namespace

void InjectFault(InjectedFault fault, int n) {
  InstallFaultHooks(&kInjectorHooks);
  plan = FaultPlan{true, false, fault, n};
}

bool ClearInjectedFault() {
  const bool fired = plan.fired;
  plan = FaultPlan();
  return fired;
}

void InjectDdlStepHook(int n, std::function<void()> hook) {
  InstallFaultHooks(&kInjectorHooks);
  step_hook = std::move(hook);
  hook_countdown = n;
}

}  // namespace storage
}  // namespace obkvlite
