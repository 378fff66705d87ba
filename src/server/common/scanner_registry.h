// Copyright (c) obkvlite authors.
//
// ScannerRegistry: the open scanners of one gateway (Thrift's ScannerID,
// REST's scanner resources), by an id unique within the server, so that a
// scanner opened on one connection can be read from any other, as in HBase.
//
//   ScannerRegistry registry({/*max_open=*/1000, /*idle_ms=*/600000});
//   Result<int32_t> id = registry.Add(std::move(entry));
//   ScannerRegistry::Lease lease = registry.Use(*id);   // nullptr: unknown
//   lease->scanner->Next(&row);
//   registry.Remove(*id);
//
// An entry idle (not leased) for longer than idle_ms is closed by the next
// Add, Use or Sweep, so a client that crashes leaks nothing; at most
// max_open entries are open, and Add past the bound fails saying so. A
// Lease holds its entry's lock: one caller at a time reads a scanner, and
// Remove or expiry waits for the lease to end. Ids start at 1 and are not
// reused within a registry's life (up to 2^31 - 1 scanners).
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
#include <vector>

#include "obkvlite/scanner.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace server {

// One open scanner; a gateway derives from it to keep its own per-scanner
// settings (Thrift's sortColumns, REST's batch).
struct ScannerEntry {
  virtual ~ScannerEntry() = default;
  std::unique_ptr<Scanner> scanner;
};

struct ScannerRegistryOptions {
  // Most scanners open at once; Add beyond it is refused.
  int max_open = 10000;
  // A scanner unused for this long (ms) is closed.
  int64_t idle_ms = 600000;
  // Clock in ms; empty means a monotonic clock (tests inject a fake one).
  std::function<int64_t()> clock_ms;
};

class ScannerRegistry {
 private:
  struct Slot {
    std::mutex mu;  // held by a Lease
    std::unique_ptr<ScannerEntry> entry;
    int64_t last_used_ms = 0;
    int leases = 0;  // guarded by the registry's mu_
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

  // Registers `entry` and returns its id; InvalidArgument "too many open
  // scanners (limit N): close some with scannerClose" at the bound.
  Result<int32_t> Add(std::unique_ptr<ScannerEntry> entry);
  // The entry `id`, leased; an empty Lease when no such scanner is open.
  Lease Use(int32_t id);
  // Closes scanner `id`; false when no such scanner is open.
  bool Remove(int32_t id);
  // Closes scanners idle past idle_ms; returns how many.
  int Sweep();
  // Closes every scanner (at shutdown, before the store closes).
  void CloseAll();
  // Number of open scanners.
  int size() const;

 private:
  int64_t Now() const;
  // Takes the expired slots out of slots_; REQUIRED: mu_ held.
  void TakeExpiredLocked(std::vector<std::shared_ptr<Slot>>* out);

  const ScannerRegistryOptions options_;
  mutable std::mutex mu_;
  int32_t next_id_ = 1;
  std::map<int32_t, std::shared_ptr<Slot>> slots_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_SCANNER_REGISTRY_H_
