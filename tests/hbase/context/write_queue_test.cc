// Copyright (c) obkvlite authors.
//
// WriteQueue (hbase/context/write_queue.h) on its own, with groups that
// record what they were given: a lone write is a group of one on its own
// thread; writes that arrive while a group runs form the next group, in
// their order of arrival, each with its own status; the bounds on writes
// and bytes cut groups, and a write beyond the byte bound still runs,
// alone. Every case has a watchdog.

#include "hbase/context/write_queue.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "watchdog.h"

namespace obkvlite {
namespace {

using testing::Watchdog;
using Write = WriteQueue::Write;

// A body that is never called: RunGroup below only records.
const Write::Body kNoBody = [](storage::Connection*) { return Status::OK(); };
const Write::Rows kNoRows;

// Records each group's writes (by `what`) and the thread that ran it;
// the first group blocks until Release(), so the others queue behind it.
class Recorder {
 public:
  void Run(Write* const* group, size_t n) {
    std::unique_lock<std::mutex> lock(mu_);
    std::vector<std::string> names;
    for (size_t i = 0; i < n; ++i) {
      names.push_back(group[i]->what);
      // Each write fails or succeeds on its own.
      group[i]->status = names.back().find("bad") == 0
                             ? Status::InvalidArgument(names.back())
                             : Status::OK();
    }
    groups_.push_back(names);
    threads_.push_back(std::this_thread::get_id());
    started_.notify_all();
    if (groups_.size() == 1) {
      released_cv_.wait(lock, [this] { return released_; });
    }
  }
  void WaitStarted() {
    std::unique_lock<std::mutex> lock(mu_);
    started_.wait(lock, [this] { return !groups_.empty(); });
  }
  void Release() {
    std::lock_guard<std::mutex> lock(mu_);
    released_ = true;
    released_cv_.notify_all();
  }
  std::vector<std::vector<std::string>> groups() {
    std::lock_guard<std::mutex> lock(mu_);
    return groups_;
  }
  std::vector<std::thread::id> threads() {
    std::lock_guard<std::mutex> lock(mu_);
    return threads_;
  }

 private:
  std::mutex mu_;
  std::condition_variable started_, released_cv_;
  bool released_ = false;
  std::vector<std::vector<std::string>> groups_;
  std::vector<std::thread::id> threads_;
};

// Submits `names` in order, each from its own thread, while the first
// group ("hold") runs: each waits until the one before it is queued.
// Returns each write's status, in the order of `names`.
std::vector<Status> QueueBehindHold(WriteQueue* queue, Recorder* rec,
                                    const std::vector<std::string>& names,
                                    const std::vector<int64_t>& bytes = {}) {
  const WriteQueue::RunGroup run = [rec](Write* const* group, size_t n) {
    rec->Run(group, n);
  };
  std::thread holder([&] {
    Write hold("hold", &kNoBody, &kNoRows, false, 0);
    CHECK(queue->Submit(&hold, run).ok());
  });
  rec->WaitStarted();
  std::vector<Status> statuses(names.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < names.size(); ++i) {
    threads.emplace_back([&, i] {
      Write w(names[i].c_str(), &kNoBody, &kNoRows, false,
              bytes.empty() ? 0 : bytes[i]);
      statuses[i] = queue->Submit(&w, run);
    });
    while (queue->queued() < i + 2) std::this_thread::yield();
  }
  rec->Release();
  holder.join();
  for (std::thread& t : threads) t.join();
  return statuses;
}

TEST_CASE("write queue: a lone write is a group of one on its own thread") {
  Watchdog dog(60, "write queue: a lone write");
  WriteQueue queue(GroupCommitOptions{});
  Recorder rec;
  rec.Release();
  Write w("put", &kNoBody, &kNoRows, false, 10);
  CHECK(
      queue
          .Submit(&w, [&](Write* const* group, size_t n) { rec.Run(group, n); })
          .ok());
  CHECK(rec.groups() == std::vector<std::vector<std::string>>{{"put"}});
  CHECK((rec.threads() ==
         std::vector<std::thread::id>{std::this_thread::get_id()}));
  CHECK(queue.queued() == 0);
  const WriteQueue::Stats stats = queue.stats();
  CHECK(stats.groups == 1);
  CHECK(stats.writes == 1);
  CHECK(stats.largest == 1);
}

TEST_CASE(
    "write queue: writes queued behind a group form the next one, in "
    "order, each with its own status") {
  Watchdog dog(60, "write queue: the next group");
  WriteQueue queue(GroupCommitOptions{});
  Recorder rec;
  const std::vector<Status> statuses =
      QueueBehindHold(&queue, &rec, {"a", "bad1", "b", "bad2", "c"});
  CHECK(rec.groups() == std::vector<std::vector<std::string>>{
                            {"hold"}, {"a", "bad1", "b", "bad2", "c"}});
  REQUIRE(statuses.size() == 5);
  CHECK(statuses[0].ok());
  CHECK(statuses[1].ToString() == "InvalidArgument: bad1");
  CHECK(statuses[2].ok());
  CHECK(statuses[3].ToString() == "InvalidArgument: bad2");
  CHECK(statuses[4].ok());
  // The next group ran on the thread of its first write, not the holder's.
  const std::vector<std::thread::id> threads = rec.threads();
  REQUIRE(threads.size() == 2);
  CHECK((threads[0] != threads[1]));
  CHECK(queue.queued() == 0);
  const WriteQueue::Stats stats = queue.stats();
  CHECK(stats.groups == 2);
  CHECK(stats.writes == 6);
  CHECK(stats.largest == 5);
}

TEST_CASE("write queue: max_writes cuts groups") {
  Watchdog dog(60, "write queue: max_writes");
  GroupCommitOptions options;
  options.max_writes = 2;
  WriteQueue queue(options);
  Recorder rec;
  (void)QueueBehindHold(&queue, &rec, {"a", "b", "c", "d", "e"});
  CHECK(rec.groups() == std::vector<std::vector<std::string>>{
                            {"hold"}, {"a", "b"}, {"c", "d"}, {"e"}});
}

TEST_CASE("write queue: max_bytes cuts groups; a larger write runs alone") {
  Watchdog dog(60, "write queue: max_bytes");
  GroupCommitOptions options;
  options.max_bytes = 100;
  WriteQueue queue(options);
  Recorder rec;
  const std::vector<Status> statuses = QueueBehindHold(
      &queue, &rec, {"a", "b", "huge", "c", "d"}, {60, 40, 500, 30, 80});
  for (const Status& st : statuses) CHECK(st.ok());
  CHECK(rec.groups() == std::vector<std::vector<std::string>>{
                            {"hold"}, {"a", "b"}, {"huge"}, {"c"}, {"d"}});
}

TEST_CASE("write queue: many threads, every write runs exactly once") {
  Watchdog dog(120, "write queue: many threads");
  GroupCommitOptions options;
  options.max_writes = 7;
  WriteQueue queue(options);
  constexpr int kThreads = 8;
  constexpr int kWrites = 2000;
  std::atomic<int64_t> ran{0};
  std::atomic<int> running{0};
  std::atomic<bool> overlapped{false};
  const WriteQueue::RunGroup run = [&](Write* const* group, size_t n) {
    if (running.fetch_add(1) != 0) overlapped = true;  // one group at a time
    for (size_t i = 0; i < n; ++i) {
      ran.fetch_add(group[i]->bytes);
      group[i]->status = Status::OK();
    }
    running.fetch_sub(1);
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kWrites; ++i) {
        Write w("put", &kNoBody, &kNoRows, false, 1);
        if (!queue.Submit(&w, run).ok()) ran.fetch_add(1000000);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  CHECK(ran.load() == int64_t{kThreads} * kWrites);
  CHECK_FALSE(overlapped.load());
  const WriteQueue::Stats stats = queue.stats();
  CHECK(stats.writes == int64_t{kThreads} * kWrites);
  CHECK(stats.largest <= 7);
  MESSAGE("write queue: ", stats.writes, " writes in ", stats.groups,
          " groups, the largest of ", stats.largest);
}

}  // namespace
}  // namespace obkvlite
