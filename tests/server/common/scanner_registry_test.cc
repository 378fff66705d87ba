// Copyright (c) obkvlite authors.
//
// ScannerRegistry (src/server/common/), the one registry of both gateways:
// ids unique per registry (Thrift's counter, REST's time and random hex),
// the open bound, idle expiry by an injected clock (a used or leased
// scanner does not expire; REST's scanners only by the sweep, and the
// timer sweeps), REST's table scope, unknown ids, Remove waiting for a
// lease, CloseAll. A watchdog ends the process if a case hangs.

#include "server/common/scanner_registry.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
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
  // REST's registry: ids of time and random hex, only the sweep expires.
  Fixture(ScannerIds ids, bool expire_on_use, int64_t sweep_interval_ms = 0)
      : registry(ScannerRegistryOptions{3, 500, [this] { return now.load(); },
                                        ids, expire_on_use,
                                        sweep_interval_ms}) {}

  std::string Add(const std::string& table = "") {
    auto entry = std::make_unique<ScannerEntry>();
    entry->scanner = std::make_unique<CountingScanner>(&closed);
    entry->table = table;
    Result<std::string> id = registry.Add(std::move(entry));
    REQUIRE(id.ok());
    return *id;
  }
};

TEST_CASE("ids are unique, Remove closes, unknown ids lease nothing") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f;
  const std::string a = f.Add();
  const std::string b = f.Add();
  CHECK(a == "1");
  CHECK(b == "2");
  CHECK(f.registry.size() == 2);
  CHECK(static_cast<bool>(f.registry.Use(a)));
  CHECK(f.registry.Remove(a));
  CHECK(f.closed.load() == 1);
  CHECK_FALSE(f.registry.Remove(a));
  CHECK_FALSE(static_cast<bool>(f.registry.Use(a)));
  CHECK_FALSE(static_cast<bool>(f.registry.Use("77")));
  CHECK_FALSE(f.registry.Remove("77"));
  CHECK(f.Add() == "3");  // ids are not reused
}

TEST_CASE("the open bound refuses with a message naming it") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f(2);
  f.Add();
  f.Add();
  auto entry = std::make_unique<ScannerEntry>();
  Result<std::string> refused = f.registry.Add(std::move(entry));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.status().IsUnavailable());
  CHECK(refused.status().message() == "too many open scanners (limit 2)");
  CHECK(f.registry.max_open() == 2);
}

TEST_CASE("idle scanners expire; used and leased ones do not") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f;
  const std::string idle = f.Add();
  const std::string used = f.Add();
  const std::string leased = f.Add();
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

TEST_CASE("REST: an idle scanner expires by the sweep only; a used one not") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f(ScannerIds::kTimeRandom, /*expire_on_use=*/false);
  const std::string idle = f.Add("t");
  const std::string used = f.Add("t");
  f.now = 1400;
  CHECK(static_cast<bool>(f.registry.Use(used, "t")));  // stamped at 1400
  f.now = 1501;
  // Past idle_ms, but nothing expires until the sweep.
  CHECK(static_cast<bool>(f.registry.Use(idle, "t")));  // stamped at 1501
  f.now = 2000;
  CHECK(f.registry.Sweep() == 1);  // `used`: 600 ms idle
  CHECK_FALSE(static_cast<bool>(f.registry.Use(used, "t")));
  CHECK(f.registry.size() == 1);
  CHECK(f.registry.Sweep() == 0);  // `idle` was read at 1501
  f.now = 2002;
  CHECK(f.registry.Sweep() == 1);
  CHECK(f.registry.expired() == 2);
  CHECK(f.closed.load() == 2);
  CHECK_FALSE(static_cast<bool>(f.registry.Use(idle, "t")));
  CHECK_FALSE(f.registry.Remove(idle, "t"));
}

TEST_CASE("REST: ids are milliseconds and hex; scoped to their table") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f(ScannerIds::kTimeRandom, /*expire_on_use=*/false);
  const std::string a = f.Add("t");
  const std::string b = f.Add("t");
  CHECK(a != b);
  REQUIRE(a.size() > 8);
  CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(a.substr(0, a.size() - 8).find_first_not_of("0123456789") ==
        std::string::npos);
  CHECK_FALSE(static_cast<bool>(f.registry.Use(a, "u")));  // another table
  CHECK_FALSE(f.registry.Remove(a, "u"));
  CHECK(static_cast<bool>(f.registry.Use(a, "t")));
  CHECK_FALSE(static_cast<bool>(f.registry.Use("12345678abcdef01", "t")));
  CHECK_FALSE(f.registry.Remove("12345678abcdef01", "t"));
  CHECK(f.registry.Remove(a, "t"));
  CHECK(f.closed.load() == 1);
  CHECK(f.registry.size() == 1);
}

TEST_CASE("the timer sweeps idle scanners on a quiet registry") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f(ScannerIds::kTimeRandom, /*expire_on_use=*/false,
            /*sweep_interval_ms=*/10);
  const std::string id = f.Add("t");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(f.registry.size() == 1);  // not idle yet by the fake clock
  f.now = 1501;
  for (int i = 0; i < 500 && f.registry.size() > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(f.registry.size() == 0);
  CHECK(f.closed.load() == 1);
  CHECK_FALSE(static_cast<bool>(f.registry.Use(id, "t")));
}

TEST_CASE("Remove waits for the lease; CloseAll closes everything") {
  testing::Watchdog watchdog(30, "scanner_registry_test");
  Fixture f;
  const std::string id = f.Add();
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
