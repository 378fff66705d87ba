// Copyright (c) obkvlite authors.
//
// Test-only faults of the MySQL-protocol engine, armed per thread, so a test
// can make the server-side path fail at a chosen point of one operation
// (tests/storage/mysql/server_retry_test.cc):
//   - kDeadlock: the n-th statement from now (each prepared-statement
//     execute and each text statement: START TRANSACTION, COMMIT, ...)
//     fails as a deadlock victim would: the session's transaction is
//     rolled back on the server and the statement fails with error 1213.
//   - kLostCommitReply: the n-th COMMIT from now is sent, and the session
//     is closed before its reply is read, as when the connection dies right
//     after COMMIT: the server commits, the client cannot know.
//   - kStopDdl: a DDL plan (storage/mysql/ddl_plan.h) stops before its n-th
//   step
//     from now as if the client died there: the step is not run, the plan
//     stays recorded, and the change fails with IOError "injected stop".
// A fault fires once and disarms itself. The engine asks at its points
// (storage/fault_hooks.h), through the hooks the first InjectFault or
// InjectDdlStepHook installs; each reads the calling thread's state.
//
// Thread safety: the state is the calling thread's own.

#ifndef OBKVLITE_TESTS_FAULT_INJECTION_H_
#define OBKVLITE_TESTS_FAULT_INJECTION_H_

#include <functional>

namespace obkvlite {
namespace storage {

enum class InjectedFault { kDeadlock, kLostCommitReply, kStopDdl };

// Arms `fault` at the n-th statement (or COMMIT) from now; n >= 1.
void InjectFault(InjectedFault fault, int n);
// Disarms; returns whether the armed fault fired.
bool ClearInjectedFault();

// Calls `hook` once, before the n-th DDL plan step from now (n >= 1), then
// runs the step: a test kills the server there
// (tests/storage/mysql/ddl_plan_test.cc). An empty hook disarms.
void InjectDdlStepHook(int n, std::function<void()> hook);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_FAULT_INJECTION_H_
