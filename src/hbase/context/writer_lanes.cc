// Copyright (c) obkvlite authors.
#include "hbase/context/writer_lanes.h"

#include <chrono>
#include <utility>

namespace obkvlite {
namespace {

constexpr int64_t kRetryOpenAfterMs = 1000;

int64_t SteadyMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

WriterLanes::WriterLanes(int capacity, Opener opener,
                         const GroupCommitOptions& group_commit)
    : opener_(std::move(opener)) {
  for (int k = 0; k < capacity; ++k) {
    auto lane = std::make_unique<Lane>();
    if (group_commit.enabled) {
      lane->queue = std::make_unique<WriteQueue>(group_commit);
    }
    lanes_.push_back(std::move(lane));
  }
}

WriterLanes::Lane* WriterLanes::Acquire() {
  const int n = open();
  Lane* least = nullptr;
  size_t least_queued = 0;
  for (int k = 0; k < n; ++k) {
    Lane* lane = lanes_[static_cast<size_t>(k)].get();
    if (lane->queue == nullptr) {
      if (lane->mu.try_lock()) {
        lane->mu.unlock();
        return lane;
      }
      continue;
    }
    const size_t queued = lane->queue->queued();
    if (queued == 0) return lane;
    if (least == nullptr || queued < least_queued) {
      least = lane;
      least_queued = queued;
    }
  }
  if (Lane* grown = Grow()) return grown;
  if (least != nullptr || n == 0) return least;
  // Without group commit every open lane was taken: any one of them.
  thread_local size_t spread = 0;
  return lanes_[spread++ % static_cast<size_t>(n)].get();
}

WriterLanes::Lane* WriterLanes::Opened(int k) {
  while (open() <= k) {
    if (Grow() == nullptr && open() <= k) return nullptr;
  }
  return lanes_[static_cast<size_t>(k)].get();
}

WriterLanes::Lane* WriterLanes::Grow() {
  if (open() >= capacity()) return nullptr;
  util::MutexLock lock(&grow_mu_);
  const int n = open();
  if (n >= capacity()) return nullptr;
  if (failed_at_ms_ != 0 && SteadyMs() - failed_at_ms_ < kRetryOpenAfterMs) {
    return nullptr;
  }
  Result<std::unique_ptr<storage::Connection>> conn = opener_();
  if (!conn.ok()) {
    failed_at_ms_ = SteadyMs();
    return nullptr;
  }
  failed_at_ms_ = 0;
  Lane* lane = lanes_[static_cast<size_t>(n)].get();
  lane->conn = std::move(conn).value();
  open_.store(n + 1, std::memory_order_release);
  return lane;
}

void WriterLanes::LockAll() OBKV_NO_THREAD_SAFETY_ANALYSIS {
  for (auto& lane : lanes_) lane->mu.lock();
}

void WriterLanes::UnlockAll() OBKV_NO_THREAD_SAFETY_ANALYSIS {
  for (auto it = lanes_.rbegin(); it != lanes_.rend(); ++it) {
    (*it)->mu.unlock();
  }
}

void WriterLanes::AddStats(GroupCommitStats* sum) const {
  for (const auto& lane : lanes_) {
    if (lane->queue != nullptr) lane->queue->AddStatsTo(sum);
  }
}

size_t WriterLanes::queued() const {
  size_t n = 0;
  for (const auto& lane : lanes_) {
    if (lane->queue != nullptr) n += lane->queue->queued();
  }
  return n;
}

void WriterLanes::ForEachOpen(const std::function<void(storage::Connection*)>&
                                  fn) OBKV_NO_THREAD_SAFETY_ANALYSIS {
  const int n = open();
  for (int k = 0; k < n; ++k) fn(lanes_[static_cast<size_t>(k)]->conn.get());
}

}  // namespace obkvlite
