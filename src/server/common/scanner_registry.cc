// Copyright (c) obkvlite authors.
#include "server/common/scanner_registry.h"

#include <chrono>
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
    std::lock_guard<std::mutex> lock(registry_->mu_);
    slot_->last_used_ms = registry_->Now();
    --slot_->leases;
  }
  slot_.reset();
  registry_ = nullptr;
}

ScannerRegistry::ScannerRegistry(ScannerRegistryOptions options)
    : options_(std::move(options)) {}

ScannerRegistry::~ScannerRegistry() { CloseAll(); }

int64_t ScannerRegistry::Now() const {
  if (options_.clock_ms) return options_.clock_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void ScannerRegistry::TakeExpiredLocked(
    std::vector<std::shared_ptr<Slot>>* out) {
  const int64_t now = Now();
  for (auto it = slots_.begin(); it != slots_.end();) {
    const Slot& slot = *it->second;
    if (slot.leases == 0 && now - slot.last_used_ms > options_.idle_ms) {
      out->push_back(std::move(it->second));
      it = slots_.erase(it);
    } else {
      ++it;
    }
  }
}

Result<int32_t> ScannerRegistry::Add(std::unique_ptr<ScannerEntry> entry) {
  std::vector<std::shared_ptr<Slot>> expired;  // closed outside mu_
  std::lock_guard<std::mutex> lock(mu_);
  TakeExpiredLocked(&expired);
  if (static_cast<int>(slots_.size()) >= options_.max_open) {
    return Status::InvalidArgument("too many open scanners (limit " +
                                   std::to_string(options_.max_open) +
                                   "): close some with scannerClose");
  }
  if (next_id_ == INT32_MAX) {
    return Status::InvalidArgument("scanner ids exhausted: restart the server");
  }
  auto slot = std::make_shared<Slot>();
  slot->entry = std::move(entry);
  slot->last_used_ms = Now();
  const int32_t id = next_id_++;
  slots_.emplace(id, std::move(slot));
  return id;
}

ScannerRegistry::Lease ScannerRegistry::Use(int32_t id) {
  std::vector<std::shared_ptr<Slot>> expired;
  Lease lease;
  {
    std::lock_guard<std::mutex> lock(mu_);
    TakeExpiredLocked(&expired);
    auto it = slots_.find(id);
    if (it == slots_.end()) return lease;
    lease.slot_ = it->second;
    lease.registry_ = this;
    ++lease.slot_->leases;
  }
  lease.slot_->mu.lock();  // outside mu_: another lease may hold it
  if (lease.slot_->entry == nullptr) {  // removed while we waited
    lease.Release();
  }
  return lease;
}

bool ScannerRegistry::Remove(int32_t id) {
  std::shared_ptr<Slot> slot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = slots_.find(id);
    if (it == slots_.end()) return false;
    slot = std::move(it->second);
    slots_.erase(it);
  }
  std::lock_guard<std::mutex> hold(slot->mu);  // waits for a lease
  slot->entry.reset();
  return true;
}

int ScannerRegistry::Sweep() {
  std::vector<std::shared_ptr<Slot>> expired;
  {
    std::lock_guard<std::mutex> lock(mu_);
    TakeExpiredLocked(&expired);
  }
  for (const std::shared_ptr<Slot>& slot : expired) {
    std::lock_guard<std::mutex> hold(slot->mu);
    slot->entry.reset();
  }
  return static_cast<int>(expired.size());
}

void ScannerRegistry::CloseAll() {
  std::map<int32_t, std::shared_ptr<Slot>> all;
  {
    std::lock_guard<std::mutex> lock(mu_);
    all.swap(slots_);
  }
  for (auto& [id, slot] : all) {
    std::lock_guard<std::mutex> hold(slot->mu);
    slot->entry.reset();
  }
}

int ScannerRegistry::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(slots_.size());
}

}  // namespace server
}  // namespace obkvlite
