// Copyright (c) obkvlite authors.
//
// ScannerRegistry: the open scanners of one gateway (Thrift's ScannerID,
// REST's /T/scanner/ID), by an id unique within the server, so that a
// scanner opened on one connection can be read from any other, as in HBase.
//
//   ScannerRegistry registry({/*max_open=*/1000, /*idle_ms=*/600000});
//   Result<std::string> id = registry.Add(std::move(entry));
//   ScannerRegistry::Lease lease = registry.Use(*id);  // empty: unknown
//   lease->scanner->Next(&row);
//   registry.Remove(*id);
//
// Ids are "1", "2", ... (ScannerIds::kCounter, Thrift's ScannerID, up to
// 2^31 - 1 and never reused) or HBase REST's milliseconds then 8 random
// hex digits (kTimeRandom). An entry may name its table: Use and Remove
// given a table find it only under that table (REST's scope).
//
// An entry idle (not leased) for longer than idle_ms is closed by Sweep,
// which a timer calls every sweep_interval_ms when that is positive, and,
// when expire_on_use, by the next Add or Use too; so a client that crashes
// leaks nothing. At most max_open entries are open: Add past the bound is
// Unavailable "too many open scanners (limit N)" (each gateway words its
// own answer). A Lease holds its entry's lock: one caller at a time reads a
// scanner, a leased entry never expires, and Remove waits for the lease to
// end; the lease stamps the entry used when it ends.
//
// REQUIRED: the Tables behind the entries' scanners outlive the registry
// or CloseAll().
// Thread safety: every method may be called from any thread.

#ifndef OBKVLITE_SERVER_COMMON_SCANNER_REGISTRY_H_
#define OBKVLITE_SERVER_COMMON_SCANNER_REGISTRY_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/scanner.h"
#include "obkvlite/status.h"
#include "util/mutex.h"
#include "util/periodic_task.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace server {

// One open scanner; a gateway derives from it to keep its own per-scanner
// settings (Thrift's sortColumns, REST's batch).
struct ScannerEntry {
  virtual ~ScannerEntry() = default;
  std::unique_ptr<Scanner> scanner;
  // The table the scanner reads: when set, Use and Remove given a table
  // find the entry only under that one.
  std::string table;
};

enum class ScannerIds {
  kCounter,     // "1", "2", ...: Thrift's 32-bit ScannerID
  kTimeRandom,  // milliseconds then 8 random hex digits: HBase REST's ids
};

struct ScannerRegistryOptions {
  // Most scanners open at once; Add beyond it is refused.
  int max_open = 10000;
  // A scanner unused for longer than this (ms) is closed.
  int64_t idle_ms = 600000;
  // Clock in ms; empty means a monotonic clock (tests inject a fake one).
  std::function<int64_t()> clock_ms;
  ScannerIds ids = ScannerIds::kCounter;
  // Add and Use close the idle scanners too, not only Sweep.
  bool expire_on_use = true;
  // > 0: a timer thread calls Sweep this often (ms).
  int64_t sweep_interval_ms = 0;
};

class ScannerRegistry {
 private:
  struct Slot {
    std::mutex mu;  // held by a Lease; guards entry
    std::unique_ptr<ScannerEntry> entry;
    // Both guarded by the registry's mu_.
    int64_t last_used_ms = 0;
    int leases = 0;
  };

 public:
  // Exclusive use of one entry; releases it (and stamps it used) when
  // destroyed. Empty (operator bool false) for an unknown id.
  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&& other) noexcept;
    ~Lease();
    explicit operator bool() const { return slot_ != nullptr; }
    ScannerEntry* operator->() const { return slot_->entry.get(); }
    ScannerEntry* get() const { return slot_ ? slot_->entry.get() : nullptr; }

   private:
    friend class ScannerRegistry;
    void Release();
    ScannerRegistry* registry_ = nullptr;
    std::shared_ptr<Slot> slot_;
  };

  explicit ScannerRegistry(ScannerRegistryOptions options);
  ~ScannerRegistry();
  ScannerRegistry(const ScannerRegistry&) = delete;
  ScannerRegistry& operator=(const ScannerRegistry&) = delete;

  // Registers `entry` and returns its id; Unavailable "too many open
  // scanners (limit N)" at the bound, InvalidArgument when kCounter ids
  // are exhausted.
  [[nodiscard]] Result<std::string> Add(std::unique_ptr<ScannerEntry> entry)
      OBKV_EXCLUDES(mu_);
  // The entry `id` (of `table`, when `table` is not empty), leased; an
  // empty Lease when no such scanner is open.
  Lease Use(std::string_view id, std::string_view table = {})
      OBKV_EXCLUDES(mu_);
  // Closes scanner `id` (of `table`, when not empty), after a lease on it
  // ends; false when no such scanner is open.
  bool Remove(std::string_view id, std::string_view table = {})
      OBKV_EXCLUDES(mu_);
  // Closes scanners idle past idle_ms; returns how many.
  int Sweep() OBKV_EXCLUDES(mu_);
  // Closes every scanner (at shutdown, before the store closes).
  void CloseAll() OBKV_EXCLUDES(mu_);
  // Number of open scanners.
  int size() const OBKV_EXCLUDES(mu_);
  // Scanners closed for being idle so far.
  int64_t expired() const OBKV_EXCLUDES(mu_);
  // The bound on open scanners (options' max_open).
  int max_open() const { return options_.max_open; }

 private:
  using SlotMap = std::map<std::string, std::shared_ptr<Slot>, std::less<>>;

  int64_t Now() const;
  // The id for the next entry; empty when kCounter ids are exhausted.
  std::string NextIdLocked() OBKV_REQUIRES(mu_);
  // Takes the expired slots out of slots_.
  void TakeExpiredLocked(std::vector<std::shared_ptr<Slot>>* out)
      OBKV_REQUIRES(mu_);
  // The table of a slot still in slots_.
  static std::string_view TableOf(const Slot& slot);
  // Closes `slots`' entries, each once no lease holds it.
  static void Close(const std::vector<std::shared_ptr<Slot>>& slots);

  const ScannerRegistryOptions options_;
  mutable util::Mutex mu_;
  int32_t next_id_ OBKV_GUARDED_BY(mu_) = 1;
  std::mt19937_64 random_ OBKV_GUARDED_BY(mu_);
  SlotMap slots_ OBKV_GUARDED_BY(mu_);
  int64_t expired_ OBKV_GUARDED_BY(mu_) = 0;
  // Last: stopped (by its destructor) before the members it sweeps go.
  std::unique_ptr<util::PeriodicTask> sweeper_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_SCANNER_REGISTRY_H_
