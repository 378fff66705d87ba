// Copyright (c) obkvlite authors.
#include "hbase/store/auto_split.h"

namespace obkvlite {

bool AutoSplitter::Add(const Key& key, int64_t cells, int64_t max_cells) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = estimates_.find(key);
  if (it == estimates_.end()) return true;
  it->second += cells;
  return it->second > max_cells;
}

void AutoSplitter::Set(const Key& key, int64_t cells) {
  std::lock_guard<std::mutex> lock(mu_);
  estimates_[key] = cells;
}

void AutoSplitter::Forget(const std::string& table) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = estimates_.begin(); it != estimates_.end();) {
    it = it->first.table == table ? estimates_.erase(it) : std::next(it);
  }
}

}  // namespace obkvlite
