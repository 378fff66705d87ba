// Copyright (c) obkvlite authors.
//
// The points where a test may make the MySQL-protocol engine fail
// (tests/storage/fault_injection.h installs the injector): before each
// statement (each prepared-statement execute and each text statement,
// COMMIT included), before each COMMIT, and before each DDL plan step
// (storage/mysql/ddl_plan.h). A program that installs no hooks (every
// program but the tests) pays one atomic load per point and never fails
// at one.
//
// Thread safety: InstallFaultHooks and the points may run on any thread;
// the hooks themselves must be safe on every thread that reaches a point.

#ifndef OBKVLITE_STORAGE_FAULT_HOOKS_H_
#define OBKVLITE_STORAGE_FAULT_HOOKS_H_

namespace obkvlite {
namespace storage {

// The hooks a test installs; each pointer is non-null.
struct FaultHooks {
  // True when this statement must fail as a deadlock victim would.
  bool (*take_deadlock)();
  // True when this COMMIT's reply must be lost.
  bool (*take_lost_commit)();
  // Called before each DDL plan step, before take_ddl_stop.
  void (*before_ddl_step)();
  // True when the DDL plan must stop before this step.
  bool (*take_ddl_stop)();
};

// Installs `hooks` (static storage; null uninstalls) for every thread.
void InstallFaultHooks(const FaultHooks* hooks);

// The points: each asks the installed hook, and without one returns false
// (or does nothing).
bool TakeInjectedDeadlock();
bool TakeInjectedLostCommit();
void RunInjectedDdlStepHook();
bool TakeInjectedDdlStop();

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_FAULT_HOOKS_H_
