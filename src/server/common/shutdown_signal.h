// Copyright (c) obkvlite authors.
//
// ShutdownSignal: turns SIGTERM and SIGINT into a clean stop of a gateway.
// Install() blocks the two signals in the calling thread (threads started
// afterwards inherit the mask, so no worker is interrupted mid-call) and
// starts a thread that waits for them and then runs `on_signal` once.
// Destroying it stops that thread, takes any further SIGTERM or SIGINT that
// came meanwhile (the stop they ask for is done), and restores the caller's
// signal mask, unless a signal came: the process is then stopping, and the
// two signals stay blocked in the calling thread until it exits, so that a
// second SIGTERM cannot end it by the default action.
//
//   auto signal = ShutdownSignal::Install([&] { server.Stop(); });
//   server.Serve();          // returns once Stop() was called
//
// REQUIRED: Install before starting the server's threads; one instance at a
// time in a process.
// Thread safety: on_signal runs on the signal thread.

#ifndef OBKVLITE_SERVER_COMMON_SHUTDOWN_SIGNAL_H_
#define OBKVLITE_SERVER_COMMON_SHUTDOWN_SIGNAL_H_

#include <signal.h>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace obkvlite {
namespace server {

class ShutdownSignal {
 public:
  static std::unique_ptr<ShutdownSignal> Install(
      std::function<void(int signo)> on_signal);
  ~ShutdownSignal();
  ShutdownSignal(const ShutdownSignal&) = delete;
  ShutdownSignal& operator=(const ShutdownSignal&) = delete;

  // The signal received (SIGTERM or SIGINT), or 0 when none was.
  int received() const { return received_.load(); }

 private:
  ShutdownSignal() = default;
  void Run();

  std::function<void(int)> on_signal_;
  sigset_t signals_;
  sigset_t old_mask_;
  std::atomic<bool> done_{false};
  std::atomic<int> received_{0};
  std::thread thread_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_SHUTDOWN_SIGNAL_H_
