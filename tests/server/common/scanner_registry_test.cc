// Copyright (c) obkvlite authors.
//
// ScannerRegistry (src/server/common/): ids unique per registry, the open
// bound and its message, idle expiry by an injected clock (a leased
// scanner never expires), Remove waiting for a lease, CloseAll. A
// watchdog ends the process if a case hangs.

#include "server/common/scanner_registry.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>

#include "watchdog.h"

namespace obkvlite {
namespace server {
namespace {

// A scanner that counts its destruction.
class CountingScanner : public Scanner {
 public:
  explicit CountingScanner(std::atomic<int>* closed) : closed_(closed) {}
  ~CountingScanner() override { closed_->fetch_add(1); }
  Status status() const override { return Status::OK(); }
  int partitions_opened() const override { return 0; }

 protected:
  bool NextRow(RowResult*) override { return false; }

 private:
  std::atomic<int>* closed_;
};

struct Fixture {
  std::atomic<int64_t> now{1000};
  std::atomic<int> closed{0};
  ScannerRegistry registry;

  explicit Fixture(int max_open = 3)
      : registry(ScannerRegistryOptions{max_open, 500,
                                        [this] { return now.load(); }}) {}

  int32_t Add() {
    auto entry = std::make_unique<ScannerEntry>();
    entry->scanner = std::make_unique<CountingScanner>(&closed);
    Result<int32_t> id = registry.Add(std::move(entry));
    REQUIRE(id.ok());
    return *id;
  }
};

TEST_CASE("ids are unique, Remove closes, unknown ids lease nothing") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f;
  const int32_t a = f.Add();
  const int32_t b = f.Add();
  CHECK(a == 1);
  CHECK(b == 2);
  CHECK(f.registry.size() == 2);
  CHECK(static_cast<bool>(f.registry.Use(a)));
  CHECK(f.registry.Remove(a));
  CHECK(f.closed.load() == 1);
  CHECK_FALSE(f.registry.Remove(a));
  CHECK_FALSE(static_cast<bool>(f.registry.Use(a)));
  CHECK_FALSE(static_cast<bool>(f.registry.Use(77)));
  CHECK(f.Add() == 3);  // ids are not reused
}

TEST_CASE("the open bound refuses with a message naming it") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f(2);
  f.Add();
  f.Add();
  auto entry = std::make_unique<ScannerEntry>();
  Result<int32_t> refused = f.registry.Add(std::move(entry));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.status().IsInvalidArgument());
  CHECK(refused.status().message() ==
        "too many open scanners (limit 2): close some with scannerClose");
}

TEST_CASE("idle scanners expire; used and leased ones do not") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f;
  const int32_t idle = f.Add();
  const int32_t used = f.Add();
  const int32_t leased = f.Add();
  ScannerRegistry::Lease hold = f.registry.Use(leased);
  REQUIRE(static_cast<bool>(hold));
  f.now = 1400;
  CHECK(static_cast<bool>(f.registry.Use(used)));  // stamped at 1400
  f.now = 1501;
  CHECK(f.registry.Sweep() == 1);  // idle: 501 ms > 500
  CHECK(f.closed.load() == 1);
  CHECK_FALSE(static_cast<bool>(f.registry.Use(idle)));
  f.now = 5000;
  CHECK(f.registry.Sweep() == 1);  // used; the leased one stays
  CHECK(f.registry.size() == 1);
  hold = ScannerRegistry::Lease();  // released at 5000
  f.now = 5400;
  CHECK(f.registry.Sweep() == 0);
  f.now = 5501;
  CHECK(f.registry.Sweep() == 1);
  CHECK(f.closed.load() == 3);
}

TEST_CASE("Remove waits for the lease; CloseAll closes everything") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f;
  const int32_t id = f.Add();
  f.Add();
  ScannerRegistry::Lease lease = f.registry.Use(id);
  std::atomic<bool> removed{false};
  std::thread remover([&] {
    CHECK(f.registry.Remove(id));
    removed.store(true);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK_FALSE(removed.load());
  CHECK(f.closed.load() == 0);
  lease = ScannerRegistry::Lease();
  remover.join();
  CHECK(removed.load());
  CHECK(f.closed.load() == 1);
  f.registry.CloseAll();
  CHECK(f.closed.load() == 2);
  CHECK(f.registry.size() == 0);
}

}  // namespace
}  // namespace server
}  // namespace obkvlite
