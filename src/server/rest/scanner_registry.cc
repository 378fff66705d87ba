// Copyright (c) obkvlite authors.
#include "server/rest/scanner_registry.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <vector>

namespace obkvlite {
namespace rest {

struct ScannerLease::Slot {
  std::mutex mu;  // held by the lease
  OpenScanner scanner;
  // Steady-clock ticks of the last use, read by the sweep without mu.
  std::atomic<int64_t> last_used{0};
};

namespace {

int64_t Ticks(std::chrono::steady_clock::time_point t) {
  return t.time_since_epoch().count();
}

}  // namespace

ScannerLease::ScannerLease(std::shared_ptr<Slot> slot)
    : slot_(std::move(slot)), lock_(slot_->mu), entry_(&slot_->scanner) {}

ScannerLease::~ScannerLease() {
  if (slot_) slot_->last_used = Ticks(std::chrono::steady_clock::now());
}

ScannerRegistry::ScannerRegistry(const ScannerRegistryOptions& options)
    : options_(options), random_(std::random_device{}()) {
  sweeper_ = std::thread([this] { SweepLoop(); });
}

ScannerRegistry::~ScannerRegistry() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  sweeper_.join();
  Clear();
}

Result<std::string> ScannerRegistry::Add(OpenScanner scanner) {
  auto slot = std::make_shared<ScannerLease::Slot>();
  slot->scanner = std::move(scanner);
  slot->last_used = Ticks(Clock::now());
  std::lock_guard<std::mutex> lock(mu_);
  if (static_cast<int>(slots_.size()) >= options_.max_scanners) {
    return Status::Unavailable("too many open scanners (" +
                               std::to_string(options_.max_scanners) +
                               "); delete some or wait for them to expire");
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  char id[48];
  do {
    std::snprintf(id, sizeof id, "%lld%08llx", static_cast<long long>(ms),
                  static_cast<unsigned long long>(random_() & 0xffffffffULL));
  } while (slots_.count(id) > 0);
  slots_.emplace(id, std::move(slot));
  return std::string(id);
}

std::optional<ScannerLease> ScannerRegistry::Acquire(const std::string& table,
                                                     const std::string& id) {
  std::shared_ptr<ScannerLease::Slot> slot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = slots_.find(id);
    if (it == slots_.end() || it->second->scanner.table != table) {
      return std::nullopt;
    }
    slot = it->second;
  }
  ScannerLease lease(slot);
  slot->last_used = Ticks(Clock::now());
  return lease;
}

bool ScannerRegistry::Remove(const std::string& table, const std::string& id) {
  std::shared_ptr<ScannerLease::Slot> slot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = slots_.find(id);
    if (it == slots_.end() || it->second->scanner.table != table) return false;
    slot = std::move(it->second);
    slots_.erase(it);
  }
  // Wait for a GET holding it, then close it outside the registry lock.
  std::lock_guard<std::mutex> use(slot->mu);
  slot->scanner.scanner.reset();
  return true;
}

void ScannerRegistry::Clear() {
  std::map<std::string, std::shared_ptr<ScannerLease::Slot>> slots;
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots.swap(slots_);
  }
  for (auto& entry : slots) {
    std::lock_guard<std::mutex> use(entry.second->mu);
    entry.second->scanner.scanner.reset();
  }
}

int ScannerRegistry::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(slots_.size());
}

int64_t ScannerRegistry::expired() const {
  std::lock_guard<std::mutex> lock(mu_);
  return expired_;
}

void ScannerRegistry::Sweep(Clock::time_point now) {
  const int64_t limit =
      Ticks(now) - std::chrono::duration_cast<Clock::duration>(
                       std::chrono::seconds(options_.idle_seconds))
                       .count();
  std::vector<std::shared_ptr<ScannerLease::Slot>> idle;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = slots_.begin(); it != slots_.end();) {
      ScannerLease::Slot& s = *it->second;
      // A slot in use right now is not idle, whatever its stamp says.
      std::unique_lock<std::mutex> use(s.mu, std::try_to_lock);
      if (use.owns_lock() && s.last_used.load() < limit) {
        use.unlock();
        idle.push_back(std::move(it->second));
        it = slots_.erase(it);
        ++expired_;
      } else {
        ++it;
      }
    }
  }
  for (auto& slot : idle) {
    std::lock_guard<std::mutex> use(slot->mu);
    slot->scanner.scanner.reset();
  }
}

void ScannerRegistry::SweepLoop() {
  const auto interval = std::chrono::milliseconds(
      std::clamp(options_.idle_seconds * 250, 100, 1000));
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    wake_.wait_for(lock, interval);
    if (stopping_) break;
    lock.unlock();
    Sweep(Clock::now());
    lock.lock();
  }
}

}  // namespace rest
}  // namespace obkvlite
