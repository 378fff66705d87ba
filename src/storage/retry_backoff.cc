// Copyright (c) obkvlite authors.
#include "storage/retry_backoff.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>

namespace obkvlite {
namespace storage {

void BackOff(const RetryOptions& retry, int attempt) {
  int64_t backoff = retry.initial_backoff_ms;
  for (int i = 1; i < attempt && backoff < retry.max_backoff_ms; ++i) {
    backoff *= 2;
  }
  backoff = std::min<int64_t>(backoff, retry.max_backoff_ms);
  if (backoff <= 0) return;
  thread_local std::minstd_rand random(std::random_device{}());
  const int64_t wait_us =
      backoff * 500 + static_cast<int64_t>(random() % (backoff * 500 + 1));
  std::this_thread::sleep_for(std::chrono::microseconds(wait_us));
}

}  // namespace storage
}  // namespace obkvlite
