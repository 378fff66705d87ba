// Copyright (c) obkvlite authors.
#include "server/common/scanner_registry.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace obkvlite {
namespace server {

ScannerRegistry::Lease::Lease(Lease&& other) noexcept
    : registry_(other.registry_), slot_(std::move(other.slot_)) {
  other.registry_ = nullptr;
}

ScannerRegistry::Lease& ScannerRegistry::Lease::operator=(
    Lease&& other) noexcept {
  if (this != &other) {
    Release();
    registry_ = other.registry_;
    slot_ = std::move(other.slot_);
    other.registry_ = nullptr;
  }
  return *this;
}

ScannerRegistry::Lease::~Lease() { Release(); }

void ScannerRegistry::Lease::Release() {
  if (slot_ == nullptr) return;
  slot_->mu.unlock();
  {
    util::MutexLock lock(&registry_->mu_);
    slot_->last_used_ms = registry_->Now();
    --slot_->leases;
  }
  slot_.reset();
  registry_ = nullptr;
}

ScannerRegistry::ScannerRegistry(ScannerRegistryOptions options)
    : options_(std::move(options)), random_(std::random_device{}()) {
  if (options_.sweep_interval_ms > 0) {
    sweeper_ = std::make_unique<util::PeriodicTask>(
        std::chrono::milliseconds(options_.sweep_interval_ms),
        [this] { Sweep(); });
    sweeper_->Start();
  }
}

ScannerRegistry::~ScannerRegistry() {
  if (sweeper_ != nullptr) sweeper_->Stop();
  CloseAll();
}

int64_t ScannerRegistry::Now() const {
  if (options_.clock_ms) return options_.clock_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string ScannerRegistry::NextIdLocked() {
  if (options_.ids == ScannerIds::kCounter) {
    if (next_id_ == INT32_MAX) return std::string();
    return std::to_string(next_id_++);
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  char id[48];
  do {
    std::snprintf(id, sizeof id, "%lld%08llx", static_cast<long long>(ms),
                  static_cast<unsigned long long>(random_() & 0xffffffffULL));
  } while (slots_.count(std::string_view(id)) > 0);
  return id;
}

std::string_view ScannerRegistry::TableOf(const Slot& slot) {
  // The entry goes (under slot.mu) only after its slot left slots_, and
  // its table never changes.
  return slot.entry != nullptr ? std::string_view(slot.entry->table)
                               : std::string_view();
}

void ScannerRegistry::TakeExpiredLocked(
    std::vector<std::shared_ptr<Slot>>* out) {
  const int64_t now = Now();
  for (auto it = slots_.begin(); it != slots_.end();) {
    const Slot& slot = *it->second;
    if (slot.leases == 0 && now - slot.last_used_ms > options_.idle_ms) {
      out->push_back(std::move(it->second));
      it = slots_.erase(it);
      ++expired_;
    } else {
      ++it;
    }
  }
}

void ScannerRegistry::Close(const std::vector<std::shared_ptr<Slot>>& slots) {
  for (const std::shared_ptr<Slot>& slot : slots) {
    std::lock_guard<std::mutex> hold(slot->mu);  // waits for a lease
    slot->entry.reset();
  }
}

Result<std::string> ScannerRegistry::Add(std::unique_ptr<ScannerEntry> entry) {
  std::vector<std::shared_ptr<Slot>> expired;  // closed outside mu_
  Status refused;
  std::string id;
  {
    util::MutexLock lock(&mu_);
    if (options_.expire_on_use) TakeExpiredLocked(&expired);
    if (static_cast<int>(slots_.size()) >= options_.max_open) {
      refused = Status::Unavailable("too many open scanners (limit " +
                                    std::to_string(options_.max_open) + ")");
    } else if (id = NextIdLocked(); id.empty()) {
      refused =
          Status::InvalidArgument("scanner ids exhausted: restart the server");
    } else {
      auto slot = std::make_shared<Slot>();
      slot->entry = std::move(entry);
      slot->last_used_ms = Now();
      slots_.emplace(id, std::move(slot));
    }
  }
  Close(expired);
  if (!refused.ok()) return refused;
  return id;
}

ScannerRegistry::Lease ScannerRegistry::Use(std::string_view id,
                                            std::string_view table) {
  std::vector<std::shared_ptr<Slot>> expired;
  Lease lease;
  {
    util::MutexLock lock(&mu_);
    if (options_.expire_on_use) TakeExpiredLocked(&expired);
    auto it = slots_.find(id);
    if (it != slots_.end() &&
        (table.empty() || TableOf(*it->second) == table)) {
      lease.slot_ = it->second;
      lease.registry_ = this;
      ++lease.slot_->leases;
    }
  }
  Close(expired);
  if (!lease) return lease;
  lease.slot_->mu.lock();  // outside mu_: another lease may hold it
  if (lease.slot_->entry == nullptr) {  // removed while we waited
    lease.Release();
  }
  return lease;
}

bool ScannerRegistry::Remove(std::string_view id, std::string_view table) {
  std::shared_ptr<Slot> slot;
  {
    util::MutexLock lock(&mu_);
    auto it = slots_.find(id);
    if (it == slots_.end() ||
        (!table.empty() && TableOf(*it->second) != table)) {
      return false;
    }
    slot = std::move(it->second);
    slots_.erase(it);
  }
  Close({slot});
  return true;
}

int ScannerRegistry::Sweep() {
  std::vector<std::shared_ptr<Slot>> expired;
  {
    util::MutexLock lock(&mu_);
    TakeExpiredLocked(&expired);
  }
  Close(expired);
  return static_cast<int>(expired.size());
}

void ScannerRegistry::CloseAll() {
  SlotMap all;
  {
    util::MutexLock lock(&mu_);
    all.swap(slots_);
  }
  std::vector<std::shared_ptr<Slot>> slots;
  slots.reserve(all.size());
  for (auto& [id, slot] : all) slots.push_back(std::move(slot));
  Close(slots);
}

int ScannerRegistry::size() const {
  util::MutexLock lock(&mu_);
  return static_cast<int>(slots_.size());
}

int64_t ScannerRegistry::expired() const {
  util::MutexLock lock(&mu_);
  return expired_;
}

}  // namespace server
}  // namespace obkvlite
