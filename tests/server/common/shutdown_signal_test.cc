// Copyright (c) obkvlite authors.
//
// ShutdownSignal (server/common/shutdown_signal.h), each case in a child
// process of its own (a SIGTERM that got through would end the whole test
// binary): a SIGTERM runs the stop once; a second SIGTERM while the process
// stops, even after the ShutdownSignal is gone, does not end it by the
// signal (a gateway's stop promises exit status 0; rest_api_test once saw
// -15 there); with no signal received the caller's mask comes back.

#include "server/common/shutdown_signal.h"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

namespace obkvlite {
namespace server {
namespace {

// Runs `child` in a forked process; returns its wait status.
int RunInChild(const std::function<int()>& child) {
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) _exit(child());
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  return status;
}

bool Blocked(int signo) {
  sigset_t mask;
  pthread_sigmask(SIG_SETMASK, nullptr, &mask);
  return sigismember(&mask, signo) == 1;
}

TEST_CASE("shutdown signal: a second SIGTERM while stopping ends nothing") {
  const int status = RunInChild([] {
    std::atomic<int> stops{0};
    {
      auto signal = ShutdownSignal::Install([&stops](int) { stops++; });
      kill(getpid(), SIGTERM);
      for (int i = 0; i < 2000 && signal->received() == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      if (signal->received() != SIGTERM) return 3;
      kill(getpid(), SIGTERM);  // while the gateway stops
    }
    kill(getpid(), SIGTERM);  // after, on the way to exit
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (!Blocked(SIGTERM) || !Blocked(SIGINT)) return 4;
    return stops.load() == 1 ? 0 : 5;
  });
  CHECK_FALSE(WIFSIGNALED(status));
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("shutdown signal: without a signal the caller's mask comes back") {
  const int status = RunInChild([] {
    if (Blocked(SIGTERM)) return 3;
    {
      auto signal = ShutdownSignal::Install([](int) {});
      if (!Blocked(SIGTERM)) return 4;
    }
    return Blocked(SIGTERM) || Blocked(SIGINT) ? 5 : 0;
  });
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

}  // namespace
}  // namespace server
}  // namespace obkvlite
