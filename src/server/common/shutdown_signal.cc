// Copyright (c) obkvlite authors.
#include "server/common/shutdown_signal.h"

#include <pthread.h>
#include <time.h>

#include <utility>

namespace obkvlite {
namespace server {

std::unique_ptr<ShutdownSignal> ShutdownSignal::Install(
    std::function<void(int)> on_signal) {
  std::unique_ptr<ShutdownSignal> s(new ShutdownSignal());
  s->on_signal_ = std::move(on_signal);
  sigemptyset(&s->signals_);
  sigaddset(&s->signals_, SIGTERM);
  sigaddset(&s->signals_, SIGINT);
  pthread_sigmask(SIG_BLOCK, &s->signals_, &s->old_mask_);
  s->thread_ = std::thread([raw = s.get()] { raw->Run(); });
  return s;
}

void ShutdownSignal::Run() {
  // sigtimedwait in short steps, so that the destructor can end the thread
  // without a signal.
  const timespec step{0, 100 * 1000 * 1000};
  while (!done_.load()) {
    const int signo = sigtimedwait(&signals_, nullptr, &step);
    if (signo == SIGTERM || signo == SIGINT) {
      received_.store(signo);
      on_signal_(signo);
      return;
    }
  }
}

ShutdownSignal::~ShutdownSignal() {
  done_.store(true);
  if (thread_.joinable()) thread_.join();
  // A SIGTERM or SIGINT that came while the gateway stopped asks for what
  // is already done: taken here, so that restoring the mask does not end
  // the process by it.
  const timespec now{0, 0};
  while (sigtimedwait(&signals_, nullptr, &now) > 0) {
  }
  // After a signal the process is on its way out: one more, sent between
  // here and its exit, must not end it by the signal's default action
  // (exit status 143 where the stop promised 0), so the signals stay
  // blocked.
  if (received_.load() != 0) return;
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

}  // namespace server
}  // namespace obkvlite
