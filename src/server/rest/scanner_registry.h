// Copyright (c) obkvlite authors.
//
// The open REST scanners: each PUT /T/scanner adds one under a fresh id
// (milliseconds then random hex, as HBase's ids look), GETs take it by id,
// DELETE removes it, and a scanner idle longer than the idle timeout is
// closed by a background sweep (HBase's REST scanner cache expiry).
//
// REQUIRED: the Store whose Tables made the scanners outlives the registry
// (Clear() closes them all; the destructor does too).
// Thread safety: every method may be called from any thread; one entry's
// scanner is used under its own mutex (ScannerLease), so two GETs on one
// scanner take turns.

#ifndef OBKVLITE_SERVER_REST_SCANNER_REGISTRY_H_
#define OBKVLITE_SERVER_REST_SCANNER_REGISTRY_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "obkvlite/scanner.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace rest {

struct ScannerRegistryOptions {
  // A scanner not read for this long is closed (seconds, >= 1).
  int idle_seconds = 60;
  // Open scanners at most; a create past it is Unavailable (HTTP 503).
  int max_scanners = 1000;
};

// One open scanner.
struct OpenScanner {
  std::string table;
  int batch = 0;  // cells per GET
  std::unique_ptr<Scanner> scanner;
};

// Exclusive use of one open scanner while it lives; marks the scanner used
// at both ends.
class ScannerLease {
 public:
  ScannerLease(ScannerLease&&) = default;
  ~ScannerLease();
  OpenScanner* operator->() const { return entry_; }
  OpenScanner& operator*() const { return *entry_; }

 private:
  friend class ScannerRegistry;
  struct Slot;
  ScannerLease(std::shared_ptr<Slot> slot);
  std::shared_ptr<Slot> slot_;
  std::unique_lock<std::mutex> lock_;
  OpenScanner* entry_ = nullptr;
};

class ScannerRegistry {
 public:
  explicit ScannerRegistry(const ScannerRegistryOptions& options);
  ~ScannerRegistry();
  ScannerRegistry(const ScannerRegistry&) = delete;
  ScannerRegistry& operator=(const ScannerRegistry&) = delete;

  // Registers `scanner` and returns its id; Unavailable past max_scanners.
  Result<std::string> Add(OpenScanner scanner);
  // The scanner `id` of table `table`, locked for the caller; nullopt when
  // absent (never created, deleted, or expired).
  std::optional<ScannerLease> Acquire(const std::string& table,
                                      const std::string& id);
  // Closes scanner `id` of `table`; false when absent. A GET holding it
  // finishes first.
  bool Remove(const std::string& table, const std::string& id);
  // Closes every scanner.
  void Clear();
  // Open scanners now.
  int size() const;
  // Scanners closed by the idle sweep so far.
  int64_t expired() const;

 private:
  using Clock = std::chrono::steady_clock;
  void SweepLoop();
  void Sweep(Clock::time_point now);

  const ScannerRegistryOptions options_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::map<std::string, std::shared_ptr<ScannerLease::Slot>> slots_;
  std::mt19937_64 random_;
  int64_t expired_ = 0;
  std::thread sweeper_;
};

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_SCANNER_REGISTRY_H_
