// Copyright (c) obkvlite authors.
//
// I/O faults, as SQLite's own test_vfs.c injects them: each workload
// (create table, put batches, delete, purge, drop table) runs on a store
// opened on FaultVfs (fault_vfs.h), which fails the Nth xWrite, xSync,
// xRead, xTruncate, xFileSize or xLock with SQLITE_IOERR_* (or xWrite with
// SQLITE_FULL), for N = 1, 2, 3 ... until the workload runs without
// reaching the Nth call. The store's open and close are inside the
// workload. For every N:
//   - every failed operation returns IOError (a full disk says "disk full"
//     and names the store file);
//   - after reopening on the default VFS, PRAGMA integrity_check is ok on
//     every file, nothing acknowledged is lost, no batch is partial (on a
//     3-file store an unacknowledged batch may be, doc/shards.md), and the
//     next write works.
// It runs on a store of 1 file, or of OBKV_TEST_SHARDS files (CTest
// registers it a second time with 3, so the two run side by side), and
// prints the fault points per workload (doc/durability.md has them).

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "batch_check.h"
#include "fault_vfs.h"
#include "obkvlite/store.h"
#include "store_fixture.h"
#include "tools/crash/batch_load.h"

namespace obkvlite {
namespace testing {
namespace {

struct FaultKind {
  FaultOp op;
  int rc;
  const char* name;
};

const FaultKind kFaultKinds[] = {
    {FaultOp::kWrite, SQLITE_IOERR_WRITE, "xWrite"},
    {FaultOp::kWrite, SQLITE_FULL, "xWrite(full)"},
    {FaultOp::kSync, SQLITE_IOERR_FSYNC, "xSync"},
    {FaultOp::kRead, SQLITE_IOERR_READ, "xRead"},
    {FaultOp::kTruncate, SQLITE_IOERR_TRUNCATE, "xTruncate"},
    {FaultOp::kFileSize, SQLITE_IOERR_FSTAT, "xFileSize"},
    {FaultOp::kLock, SQLITE_IOERR_LOCK, "xLock"},
};

constexpr const char* kTable = crash::kTableName;
constexpr int64_t kMaxFaultPoints = 5000;

// What a check after the reopen knows of the run: one status per operation
// that ran (none when the store did not open), and the store's files.
struct Run {
  std::vector<Status> statuses;
  bool open_failed = false;
  int shards = 1;
  bool acked(size_t i) const { return i < statuses.size() && statuses[i].ok(); }
};

struct Workload {
  const char* name;
  // Builds the store the workload starts from, on the default VFS (null:
  // the workload starts without a store).
  std::function<void(Store*)> setup;
  // The operations, on the store opened on the fault VFS.
  std::function<std::vector<Status>(Store*)> run;
  // REQUIREs what must hold after reopening on the default VFS, then makes
  // the next write.
  std::function<void(Store*, const Run&)> check;
};

// The faulted open is on the fault VFS at durability FULL (an xSync per
// commit); the setup and the reopen are on the default VFS.
StoreOptions Options(int shards, bool faulted) {
  StoreOptions options;
  options.sqlite.shards = shards;
  if (faulted) {
    options.durability = Durability::kFull;
    options.sqlite.vfs = kFaultVfsName;
  }
  return options;
}

std::unique_ptr<Store> OpenOn(const std::string& path, int shards) {
  return MustOpenStore(path, Options(shards, false));
}

void MustOk(const Status& st) { REQUIRE_MESSAGE(st.ok(), st.ToString()); }

crash::BatchTally MustTally(Store* store, const std::string& table) {
  Result<crash::BatchTally> tally = TallyBatches(MustTable(store, table));
  REQUIRE_MESSAGE(tally.ok(), tally.status().ToString());
  return std::move(tally).value();
}

// One Batch deleting every row of batch `n`.
Status DeleteBatch(Table* table, int64_t n) {
  std::vector<Mutation> ops;
  for (const Put& put : crash::BatchPuts("w", n)) {
    Delete del;
    del.row = put.row;
    ops.push_back(del);
  }
  return table->Batch(ops).status();
}

// A setup: creates the table and puts batches 0 .. count-1, each cell in
// `versions` versions.
std::function<void(Store*)> LoadBatches(const TableSpec& spec, int64_t count,
                                        int versions = 1) {
  return [spec, count, versions](Store* store) {
    MustOk(store->CreateTable(spec));
    for (int64_t n = 0; n < count; ++n) {
      MustOk(MustTable(store, kTable)->Put(crash::BatchPuts("w", n, versions)));
    }
  };
}

// A run: `op(table, n)` for each n in [first, last), one status each.
std::function<std::vector<Status>(Store*)> EachBatch(
    int64_t first, int64_t last, std::function<Status(Table*, int64_t)> op) {
  return [first, last, op](Store* store) {
    std::vector<Status> st;
    Result<Table*> t = store->GetTable(kTable);
    for (int64_t n = first; n < last; ++n) {
      st.push_back(t.ok() ? op(*t, n) : t.status());
    }
    return st;
  };
}

// Operation `op` of the run wrote batch `n` (or deleted it): acked means
// whole (absent); unacked means whole or absent on one file. Adds an
// unacked batch to `torn` on a sharded store, where it may be partial.
void CheckBatchOp(const crash::BatchTally& tally, const Run& run, size_t op,
                  int64_t n, bool deletes,
                  std::set<std::pair<std::string, int64_t>>* torn) {
  CAPTURE(n);
  if (run.acked(op)) {
    CHECK((deletes ? !tally.Has("w", n) : tally.Whole("w", n)));
  } else if (run.shards == 1) {
    CHECK((!tally.Has("w", n) || tally.Whole("w", n)));
  } else {
    torn->insert({"w", n});
  }
}

void CheckWhole(const crash::BatchTally& tally, int64_t first, int64_t last,
                const std::set<std::pair<std::string, int64_t>>& torn = {}) {
  for (int64_t n = first; n <= last; ++n) {
    CAPTURE(n);
    CHECK(tally.Whole("w", n));
  }
  CHECK(tally.FirstDefect(torn) == "");
}

// Puts batch `n` and sees it whole: the next write works.
void CheckNextPut(Store* store, int64_t n) {
  MustOk(MustTable(store, kTable)->Put(crash::BatchPuts("w", n)));
  CHECK(MustTally(store, kTable).Whole("w", n));
}

int64_t PhysicalCells(const std::string& path) {
  return InspectInt(path,
                    "SELECT (SELECT count(*) FROM \"crash$f\") + "
                    "(SELECT count(*) FROM \"crash$g\")");
}

std::vector<Workload> Workloads(const std::string& path) {
  const TableSpec spec = MustParseSpec(crash::kSpecJson);
  const TableSpec keep =
      MustParseSpec(SpecJson("keep", R"([{"name": "f"}, {"name": "g"}])",
                             R"({"strategy": "key", "partitions": 7})"));
  std::vector<Workload> out;

  out.push_back({"create table", nullptr,
                 [spec](Store* store) {
                   // The put runs only after an acknowledged create.
                   std::vector<Status> st{store->CreateTable(spec)};
                   if (!st[0].ok()) return st;
                   Result<Table*> t = store->GetTable(kTable);
                   st.push_back(t.ok() ? (*t)->Put(crash::BatchPuts("w", 0))
                                       : t.status());
                   return st;
                 },
                 [spec](Store* store, const Run& run) {
                   Result<Table*> t = store->GetTable(kTable);
                   if (run.acked(0))
                     REQUIRE_MESSAGE(t.ok(), t.status().ToString());
                   if (!t.ok()) {
                     CHECK(t.status().IsNotFound());
                     MustOk(store->CreateTable(spec));
                   }
                   std::set<std::pair<std::string, int64_t>> torn;
                   CheckBatchOp(MustTally(store, kTable), run, 1, 0, false,
                                &torn);
                   CHECK(MustTally(store, kTable).FirstDefect(torn) == "");
                   CheckNextPut(store, 1);
                 }});

  out.push_back({"put batches", LoadBatches(spec, 4),
                 EachBatch(4, 10,
                           [](Table* t, int64_t n) {
                             return t->Put(crash::BatchPuts("w", n));
                           }),
                 [](Store* store, const Run& run) {
                   const crash::BatchTally tally = MustTally(store, kTable);
                   std::set<std::pair<std::string, int64_t>> torn;
                   for (int64_t n = 4; n < 10; ++n) {
                     CheckBatchOp(tally, run, n - 4, n, false, &torn);
                   }
                   CheckWhole(tally, 0, 3, torn);
                   CheckNextPut(store, 10);
                 }});

  out.push_back({"delete", LoadBatches(spec, 6), EachBatch(0, 3, DeleteBatch),
                 [](Store* store, const Run& run) {
                   const crash::BatchTally tally = MustTally(store, kTable);
                   std::set<std::pair<std::string, int64_t>> torn;
                   for (int64_t n = 0; n < 3; ++n) {
                     CheckBatchOp(tally, run, n, n, true, &torn);
                   }
                   CheckWhole(tally, 3, 5, torn);
                   CheckNextPut(store, 6);
                 }});

  // Two versions of every cell where the family keeps one (batch_load.h):
  // purge removes the older 128 cells, and what reads see never changes.
  auto purged = std::make_shared<PurgeStats>();
  out.push_back({"purge", LoadBatches(spec, 4, 2),
                 [purged](Store* store) {
                   Result<Table*> t = store->GetTable(kTable);
                   if (!t.ok()) return std::vector<Status>{t.status()};
                   Result<PurgeStats> stats = (*t)->Purge();
                   if (stats.ok()) *purged = *stats;
                   return std::vector<Status>{stats.status()};
                 },
                 [path, purged](Store* store, const Run& run) {
                   CheckWhole(MustTally(store, kTable), 0, 3);
                   const int64_t before = 8 * crash::kCellsPerBatch;
                   const int64_t after = 4 * crash::kCellsPerBatch;
                   const int64_t cells = PhysicalCells(path);
                   if (run.acked(0)) {
                     CHECK(purged->excess_versions == after);
                     CHECK(cells == after);
                   } else if (run.shards == 1) {
                     CHECK((cells == before || cells == after));
                   } else {
                     CHECK((cells >= after && cells <= before));
                   }
                   Result<PurgeStats> again = MustTable(store, kTable)->Purge();
                   MustOk(again.status());
                   CHECK(PhysicalCells(path) == after);
                   CheckNextPut(store, 4);
                 }});

  out.push_back(
      {"drop table",
       [load = LoadBatches(spec, 3), keep](Store* store) {
         load(store);
         MustOk(store->CreateTable(keep));
         MustOk(MustTable(store, "keep")->Put(crash::BatchPuts("k", 0)));
       },
       [](Store* store) {
         return std::vector<Status>{store->DropTable(kTable)};
       },
       [path, spec](Store* store, const Run& run) {
         const crash::BatchTally kept = MustTally(store, "keep");
         CHECK(kept.Whole("k", 0));
         CHECK(kept.FirstDefect() == "");
         Result<Table*> t = store->GetTable(kTable);
         if (run.acked(0)) CHECK(t.status().IsNotFound());
         if (t.ok()) {
           CheckWhole(MustTally(store, kTable), 0, 2);
         } else {
           CHECK(t.status().IsNotFound());
           for (int k = 0; k < run.shards; ++k) {
             const std::string file =
                 k == 0 ? path : path + ".shard" + std::to_string(k);
             CHECK(SqlFirstValue(file,
                                 "SELECT count(*) FROM sqlite_schema "
                                 "WHERE name LIKE 'crash$%'") == "0");
           }
           MustOk(store->CreateTable(spec));
         }
         MustOk(MustTable(store, "keep")->Put(crash::BatchPuts("k", 1)));
         CheckNextPut(store, 3);
       }});
  return out;
}

// The store files in `dir` (the store and its shards; no -wal is left
// after a clean close).
void CopyStore(const std::string& from, const std::string& to) {
  std::filesystem::remove_all(to);
  std::filesystem::create_directories(to);
  for (const auto& entry : std::filesystem::directory_iterator(from)) {
    std::filesystem::copy(entry.path(),
                          to + "/" + entry.path().filename().string());
  }
}

// A failed operation's status: IOError; a full disk names the store.
void CheckFailure(const Status& st, const FaultKind& kind,
                  const std::string& path) {
  INFO(st.ToString());
  CHECK(st.code() == Status::Code::kIOError);
  if (kind.rc == SQLITE_FULL) {
    CHECK(st.message().find("disk full writing store file '" + path) !=
          std::string::npos);
  }
}

TEST_CASE("io faults: every workload survives a failed call at every point") {
  FaultVfs& vfs = FaultVfs::Get();
  const char* shards_env = getenv("OBKV_TEST_SHARDS");
  for (int shards : {shards_env != nullptr ? atoi(shards_env) : 1}) {
    CAPTURE(shards);
    TempDir dir;
    const std::string base = dir.path() + "/template";
    const std::string run_dir = dir.path() + "/run";
    const std::string path = run_dir + "/store.obkv";
    for (const Workload& workload : Workloads(path)) {
      const std::string workload_name = workload.name;
      CAPTURE(workload_name);
      std::filesystem::create_directories(base);
      if (workload.setup) {
        std::unique_ptr<Store> store = OpenOn(base + "/store.obkv", shards);
        workload.setup(store.get());
      }
      std::ostringstream points;
      int64_t total = 0;
      int64_t failed_runs = 0;  // runs in which the open or an operation failed
      for (const FaultKind& kind : kFaultKinds) {
        const std::string kind_name = kind.name;
        CAPTURE(kind_name);
        int64_t n = 1;
        for (;; ++n) {
          CAPTURE(n);
          REQUIRE(n <= kMaxFaultPoints);
          CopyStore(base, run_dir);
          Run run;
          run.shards = shards;
          vfs.Arm(kind.op, n, kind.rc);
          {
            Result<std::unique_ptr<Store>> store =
                Store::Open(Options(shards, true), path);
            if (store.ok()) {
              run.statuses = workload.run(store->get());
            } else {
              CheckFailure(store.status(), kind, path);
              run.open_failed = true;
            }
          }  // closed, still under the fault
          vfs.Disarm();
          const bool fired = vfs.fired();
          bool failed = run.open_failed;
          for (const Status& st : run.statuses) {
            if (!fired) CHECK_MESSAGE(st.ok(), st.ToString());
            if (!st.ok()) CheckFailure(st, kind, path);
            failed = failed || !st.ok();
          }
          failed_runs += failed;
          std::unique_ptr<Store> store = OpenOn(path, shards);
          for (int k = 0; k < shards; ++k) {
            CHECK(IntegrityCheck(
                      k == 0 ? path : path + ".shard" + std::to_string(k)) ==
                  "ok");
          }
          workload.check(store.get(), run);
          if (!fired) break;
        }
        points << " " << kind.name << " " << n - 1;
        total += n - 1;
      }
      MESSAGE("io faults: ", workload_name, ", ", shards, " file(s): ", total,
              " fault points (", failed_runs,
              " failed an operation):", points.str());
      std::filesystem::remove_all(base);
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
