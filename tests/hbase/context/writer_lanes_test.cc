// Copyright (c) obkvlite authors.
//
// WriterLanes (hbase/context/writer_lanes.h) on its own, with an opener
// that counts its calls and hands out empty sessions: lanes open only when
// every open one is busy, or a row's write needs its lane, and never past
// the capacity; a failed open is not tried again for a second; a free lane
// is taken before a new one; and LockAll holds every lane, opened or not.
// The last case runs writers, opens and LockAll from many threads (under
// TSan in scripts/tsan.sh).
// Every case has a watchdog.

#include "hbase/context/writer_lanes.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "watchdog.h"

namespace obkvlite {
namespace {

using testing::Watchdog;
using Lane = WriterLanes::Lane;

// An opener that counts its calls and fails while `fail` is set.
struct CountingOpener {
  std::atomic<int> calls{0};
  std::atomic<bool> fail{false};
  WriterLanes::Opener Get() {
    return [this]() -> Result<std::unique_ptr<storage::Connection>> {
      calls++;
      if (fail.load()) return Status::Unavailable("refused");
      return std::unique_ptr<storage::Connection>();
    };
  }
};

GroupCommitOptions Off() {
  GroupCommitOptions options;
  options.enabled = false;
  return options;
}

TEST_CASE("writer lanes: none open until a write finds every lane busy") {
  Watchdog dog(30, "writer lanes: opening");
  CountingOpener opener;
  WriterLanes lanes(2, opener.Get(), Off());
  CHECK(lanes.capacity() == 2);
  CHECK(lanes.open() == 0);
  CHECK(opener.calls.load() == 0);
  // No lane open: the first one opens.
  Lane* first = lanes.Acquire();
  REQUIRE(first == lanes.lane(0));
  CHECK(lanes.open() == 1);
  // It is free: taken again, nothing opened.
  CHECK(lanes.Acquire() == first);
  CHECK(opener.calls.load() == 1);
  {
    util::MutexLock busy(&first->mu);
    CHECK(lanes.Acquire() == lanes.lane(1));  // every open lane busy
    CHECK(lanes.open() == 2);
  }
  {
    // Both busy and no room: one of the open ones, nothing opened.
    util::MutexLock busy0(&lanes.lane(0)->mu);
    util::MutexLock busy1(&lanes.lane(1)->mu);
    Lane* any = lanes.Acquire();
    CHECK((any == lanes.lane(0) || any == lanes.lane(1)));
  }
  CHECK(opener.calls.load() == 2);
}

TEST_CASE("writer lanes: no room means no lane") {
  Watchdog dog(30, "writer lanes: none");
  CountingOpener opener;
  WriterLanes lanes(0, opener.Get(), GroupCommitOptions());
  CHECK(lanes.Acquire() == nullptr);
  CHECK(opener.calls.load() == 0);
  GroupCommitStats stats;
  lanes.AddStats(&stats);
  CHECK(stats.groups == 0);
  CHECK(lanes.queued() == 0);
}

TEST_CASE("writer lanes: a failed open is not tried again for a second") {
  Watchdog dog(30, "writer lanes: a failed open");
  CountingOpener opener;
  opener.fail = true;
  WriterLanes lanes(3, opener.Get(), Off());
  CHECK(lanes.Acquire() == nullptr);
  CHECK(lanes.Acquire() == nullptr);
  CHECK(opener.calls.load() == 1);
  CHECK(lanes.open() == 0);
  opener.fail = false;
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  CHECK(lanes.Acquire() == lanes.lane(0));
  CHECK(opener.calls.load() == 2);
  CHECK(lanes.open() == 1);
}

TEST_CASE("writer lanes: a row's lane opens with the lanes before it") {
  Watchdog dog(30, "writer lanes: a row's lane");
  CountingOpener opener;
  WriterLanes lanes(3, opener.Get(), GroupCommitOptions());
  CHECK(lanes.Opened(1) == lanes.lane(1));
  CHECK(lanes.open() == 2);
  CHECK(lanes.Opened(0) == lanes.lane(0));  // open already
  CHECK(opener.calls.load() == 2);
  opener.fail = true;
  CHECK(lanes.Opened(2) == nullptr);  // the write goes to the first writer
  CHECK(lanes.open() == 2);
  CHECK(lanes.Opened(2) == nullptr);  // not tried again within a second
  CHECK(opener.calls.load() == 3);
}

TEST_CASE("writer lanes: with group commit, an empty queue comes first") {
  Watchdog dog(30, "writer lanes: queues");
  CountingOpener opener;
  WriterLanes lanes(2, opener.Get(), GroupCommitOptions());
  Lane* first = lanes.Acquire();
  REQUIRE(first != nullptr);
  REQUIRE(first->queue != nullptr);
  // A write that holds lane 0's queue until released.
  std::mutex mu;
  bool release = false;
  std::condition_variable cv;
  std::atomic<bool> running{false};
  const WriteQueue::Write::Body body = [](storage::Connection*) {
    return Status::OK();
  };
  const WriteQueue::Write::Rows rows;
  std::thread holder([&] {
    WriteQueue::Write w("put", &body, &rows, false, 0);
    Status st = first->queue->Submit(
        &w, [&](WriteQueue::Write* const* group, size_t n) {
          running = true;
          std::unique_lock<std::mutex> lock(mu);
          cv.wait(lock, [&] { return release; });
          for (size_t i = 0; i < n; ++i) group[i]->status = Status::OK();
        });
    CHECK(st.ok());
  });
  while (!running.load()) std::this_thread::yield();
  CHECK(lanes.queued() == 1);
  Lane* second = lanes.Acquire();  // lane 0's queue is not empty
  CHECK(second == lanes.lane(1));
  CHECK(lanes.Acquire() == second);  // empty, so taken again
  {
    std::lock_guard<std::mutex> lock(mu);
    release = true;
  }
  cv.notify_all();
  holder.join();
  GroupCommitStats stats;
  lanes.AddStats(&stats);
  CHECK(stats.groups == 1);
  CHECK(stats.writes == 1);
}

TEST_CASE("writer lanes: writers, opens and LockAll from many threads") {
  Watchdog dog(60, "writer lanes: threads");
  CountingOpener opener;
  WriterLanes lanes(4, opener.Get(), Off());
  std::atomic<bool> stop{false};
  std::atomic<int> inside{0};  // threads inside a lane's mutex
  std::atomic<bool> overlap{false};
  std::atomic<int> started{0};  // threads past their first write
  constexpr int kThreads = 8;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      bool first = true;
      while (!stop.load()) {
        Lane* lane = lanes.Acquire();
        REQUIRE(lane != nullptr);
        {
          util::MutexLock lock(&lane->mu);
          inside++;
          std::this_thread::yield();
          inside--;
        }
        if (first) started++;
        first = false;
      }
    });
  }
  // On a loaded host the 200 rounds below could end before any thread has
  // written (CI saw open() == 0): LockAll races writers only once they run.
  while (started.load() < kThreads) std::this_thread::yield();
  for (int round = 0; round < 200; ++round) {
    lanes.LockAll();
    // Nobody writes while every lane is held.
    if (inside.load() != 0) overlap = true;
    int seen = 0;
    lanes.ForEachOpen([&seen](storage::Connection*) { seen++; });
    CHECK(seen == lanes.open());
    lanes.UnlockAll();
  }
  stop = true;
  for (std::thread& t : threads) t.join();
  CHECK_FALSE(overlap.load());
  CHECK(lanes.open() >= 1);
  CHECK(lanes.open() <= 4);
  CHECK(opener.calls.load() == lanes.open());
}

}  // namespace
}  // namespace obkvlite
