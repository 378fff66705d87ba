// Copyright (c) obkvlite authors.
#include "hbase/context/row_clock.h"

#include <algorithm>
#include <iterator>

namespace obkvlite {
namespace {

// Entries past which Advance drops those the clock has passed.
constexpr size_t kPruneAbove = 64;

}  // namespace

std::string RowClock::Key(std::string_view table, std::string_view row) {
  std::string key;
  key.reserve(table.size() + 1 + row.size());
  key.append(table);
  key.push_back('\0');
  key.append(row);
  return key;
}

int64_t RowClock::At(int64_t now, std::string_view table,
                     std::string_view row) const {
  if (newest_.load(std::memory_order_acquire) <= now) return now;
  util::MutexLock lock(&mu_);
  auto it = ahead_.find(Key(table, row));
  return it == ahead_.end() ? now : std::max(now, it->second);
}

void RowClock::Advance(int64_t clock, int64_t now, std::string_view table,
                       std::string_view row, int64_t assigned) {
  if (assigned <= now) return;
  const int64_t to = std::min(assigned, now + 1);
  util::MutexLock lock(&mu_);
  if (ahead_.size() > kPruneAbove) {
    for (auto it = ahead_.begin(); it != ahead_.end();) {
      it = it->second <= clock ? ahead_.erase(it) : std::next(it);
    }
  }
  int64_t& high = ahead_[Key(table, row)];
  high = std::max(high, to);
  if (newest_.load(std::memory_order_relaxed) < high) {
    newest_.store(high, std::memory_order_release);
  }
}

}  // namespace obkvlite
