// Copyright (c) obkvlite authors.
#include "storage/fault_hooks.h"

#include <atomic>

namespace obkvlite {
namespace storage {
namespace {

std::atomic<const FaultHooks*> installed_fault_hooks{nullptr};

const FaultHooks* Installed() {
  return installed_fault_hooks.load(std::memory_order_acquire);
}

}  // namespace

void InstallFaultHooks(const FaultHooks* hooks) {
  installed_fault_hooks.store(hooks, std::memory_order_release);
}

bool TakeInjectedDeadlock() {
  const FaultHooks* hooks = Installed();
  return hooks != nullptr && hooks->take_deadlock();
}

bool TakeInjectedLostCommit() {
  const FaultHooks* hooks = Installed();
  return hooks != nullptr && hooks->take_lost_commit();
}

void RunInjectedDdlStepHook() {
  const FaultHooks* hooks = Installed();
  if (hooks != nullptr) hooks->before_ddl_step();
}

bool TakeInjectedDdlStop() {
  const FaultHooks* hooks = Installed();
  return hooks != nullptr && hooks->take_ddl_stop();
}

}  // namespace storage
}  // namespace obkvlite
