// Copyright (c) obkvlite authors.
#include "hbase/context/write_queue.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace obkvlite {

void WriteQueue::Write::Wake(State state) {
  util::MutexLock lock(&wake_mu_);
  state_ = state;
  woken_.notify_one();
}

WriteQueue::Write::State WriteQueue::Write::Await() {
  util::MutexLock lock(&wake_mu_);
  while (state_ == State::kWaiting) woken_.wait(wake_mu_);
  return state_;
}

Status WriteQueue::Submit(Write* write, const RunGroup& run) {
  mu_.lock();
  queue_.push_back(write);
  const bool leads = queue_.size() == 1;
  mu_.unlock();
  if (!leads && write->Await() == Write::State::kDone) return write->status;

  // The leader: itself and the writes behind it, within the bounds.
  std::vector<Write*> group;
  int64_t bytes = 0;
  mu_.lock();
  for (Write* w : queue_) {
    if (!group.empty() &&
        (group.size() >= static_cast<size_t>(options_.max_writes) ||
         bytes + w->bytes > options_.max_bytes)) {
      break;
    }
    group.push_back(w);
    bytes += w->bytes;
  }
  mu_.unlock();

  run(group.data(), group.size());

  mu_.lock();
  stats_.groups++;
  stats_.writes += static_cast<int64_t>(group.size());
  stats_.largest = std::max(stats_.largest, static_cast<int64_t>(group.size()));
  queue_.erase(queue_.begin(),
               queue_.begin() + static_cast<std::ptrdiff_t>(group.size()));
  Write* next = queue_.empty() ? nullptr : queue_.front();
  mu_.unlock();
  if (next != nullptr) next->Wake(Write::State::kLeader);
  for (Write* w : group) {
    if (w != write) w->Wake(Write::State::kDone);
  }
  return write->status;
}

WriteQueue::Stats WriteQueue::stats() const {
  util::MutexLock lock(&mu_);
  return stats_;
}

void WriteQueue::AddStatsTo(Stats* sum) const {
  const Stats one = stats();
  sum->groups += one.groups;
  sum->writes += one.writes;
  sum->largest = std::max(sum->largest, one.largest);
}

size_t WriteQueue::queued() const {
  util::MutexLock lock(&mu_);
  return queue_.size();
}

}  // namespace obkvlite
