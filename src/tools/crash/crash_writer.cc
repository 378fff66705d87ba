// Copyright (c) obkvlite authors.
//
// obkv-crash-writer: loads batches (batch_load.h) into a store through the
// public API and prints "ack N" on stdout after batch N committed. The crash
// test kills it with SIGKILL at random points and checks that every acked
// batch survived whole; the concurrency test runs two at once.
//
//   obkv-crash-writer --store PATH [--writer W] [--first N] [--count M]
//                     [--durability normal|full] [--shards S]
//                     [--mode batches|mix] [--indexed 1] [--threads T]
//                     [--paced 1]
//
// --threads T (> 1) loads from T threads on the one Store at once, so that
// their writes commit in groups (StoreOptions::group_commit): thread t
// writes as writer "W<t>" and prints "ack W<t> N" after its batch N.
//
// --mode mix (scripts/soak.sh, through crash_test) writes every cell in two
// versions, and runs two more threads on the same Store while it writes: a
// reader that scans the table without pause and checks that no batch is
// partial (on a store of one file: give --shards) and that batches never
// disappear, and a
// purger that runs Table::Purge without pause, removing the older versions.
//
// --paced 1 writes each batch only when it has read a line on stdin, and
// stops at its end (read_lock_linger_test: a Get after each ack sees that
// batch); it needs one thread.
//
// --indexed 1 loads the batches of indexed_batch.h instead (an indexed
// table, one Table::Batch per batch).
//
// Without --count it writes until killed. The table "crash" is created when
// missing. Exit status 0 after --count batches, 1 on any error (stderr
// names it), 2 on bad arguments, 3 when the reader saw a defect.

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "tools/crash/batch_load.h"
#include "tools/crash/indexed_batch.h"

namespace obkvlite {
namespace crash {
namespace {

struct Args {
  std::string store;
  std::string writer = "w";
  int64_t first = 0;
  int64_t count = -1;  // -1: until killed
  Durability durability = Durability::kFull;
  int shards = 0;  // StoreOptions::sqlite.shards
  bool mix = false;
  bool indexed = false;  // indexed_batch.h
  int threads = 1;       // writer threads (--threads)
  bool paced = false;    // a batch per line read on stdin (--paced)
};

int Usage(const std::string& why) {
  std::fprintf(stderr,
               "obkv-crash-writer: %s\nusage: obkv-crash-writer --store PATH "
               "[--writer W] [--first N] [--count M] "
               "[--durability normal|full] [--shards S] "
               "[--mode batches|mix] [--indexed 1] [--threads T] "
               "[--paced 1]\n",
               why.c_str());
  return 2;
}

bool ParseArgs(int argc, char** argv, Args* args, std::string* error) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) {
      *error = flag + ": missing value";
      return false;
    }
    const std::string value = argv[++i];
    if (flag == "--store") {
      args->store = value;
    } else if (flag == "--writer") {
      args->writer = value;
    } else if (flag == "--first") {
      args->first = std::atoll(value.c_str());
    } else if (flag == "--count") {
      args->count = std::atoll(value.c_str());
    } else if (flag == "--paced") {
      args->paced = value == "1";
    } else if (flag == "--indexed") {
      args->indexed = value == "1";
    } else if (flag == "--threads") {
      args->threads = std::atoi(value.c_str());
      if (args->threads < 1 || args->threads > 64) {
        *error = "--threads must be in [1, 64]";
        return false;
      }
    } else if (flag == "--shards") {
      args->shards = std::atoi(value.c_str());
    } else if (flag == "--mode" && (value == "batches" || value == "mix")) {
      args->mix = value == "mix";
    } else if (flag == "--durability" &&
               (value == "normal" || value == "full")) {
      args->durability =
          value == "full" ? Durability::kFull : Durability::kNormal;
    } else {
      *error = "bad argument " + flag + " " + value;
      return false;
    }
  }
  if (args->store.empty()) *error = "--store is required";
  if (args->paced && args->threads > 1) {
    *error = "--paced reads stdin from one writer: give no --threads";
  }
  return error->empty();
}

int Fail(const Status& status) {
  std::fprintf(stderr, "obkv-crash-writer: %s\n", status.ToString().c_str());
  return 1;
}

// The table, created when missing (another writer may win the race).
Result<Table*> OpenTable(Store* store, bool indexed) {
  const char* name = indexed ? kIndexedTableName : kTableName;
  Result<Table*> table = store->GetTable(name);
  if (table.ok() || !table.status().IsNotFound()) return table;
  Result<TableSpec> spec =
      ParseTableSpec(indexed ? kIndexedSpecJson : kSpecJson);
  if (!spec.ok()) return spec.status();
  Status created = store->CreateTable(*spec);
  if (!created.ok() && created.code() != Status::Code::kAlreadyExists) {
    return created;
  }
  return store->GetTable(name);
}

// The mix mode's reader: scans until `stop`; exits the process with 3 on a
// defect (a partial batch on a store of one file, or fewer batches than
// the previous scan saw) and with 1 on an error.
void ReadUntil(Table* table, bool one_file, const std::atomic<bool>* stop) {
  int64_t seen = 0;
  while (!stop->load()) {
    Result<BatchTally> tally = TallyBatches(table);
    if (!tally.ok()) std::_Exit(Fail(tally.status()));
    std::string defect = one_file ? tally->FirstDefect() : "";
    const int64_t batches = tally->Batches("w");
    if (defect.empty() && batches < seen) {
      defect = "saw " + std::to_string(batches) + " batches after " +
               std::to_string(seen);
    }
    if (!defect.empty()) {
      std::fprintf(stderr, "obkv-crash-writer: reader: %s\n", defect.c_str());
      std::_Exit(3);
    }
    seen = batches;
  }
}

// The mix mode's purger: purges until `stop`; exits with 1 on an error.
void PurgeUntil(Table* table, const std::atomic<bool>* stop) {
  while (!stop->load()) {
    Result<PurgeStats> purged = table->Purge();
    if (!purged.ok()) std::_Exit(Fail(purged.status()));
  }
}

int Run(const Args& args) {
  StoreOptions options;
  options.durability = args.durability;
  options.sqlite.shards = args.shards;
  options.busy_timeout_ms = 30000;
  Result<std::unique_ptr<Store>> store = Store::Open(options, args.store);
  if (!store.ok()) return Fail(store.status());
  Result<Table*> table = OpenTable(store->get(), args.indexed);
  if (!table.ok()) return Fail(table.status());
  std::atomic<bool> stop{false};
  std::vector<std::thread> helpers;
  if (args.mix) {
    helpers.emplace_back(ReadUntil, *table, args.shards <= 1, &stop);
    helpers.emplace_back(PurgeUntil, *table, &stop);
  }
  // Loads writer `name`'s batches; `label` prefixes its ack lines.
  std::mutex out_mu;
  std::atomic<int> status{0};
  auto load = [&](const std::string& name, const std::string& label) {
    for (int64_t n = args.first;
         status.load() == 0 && (args.count < 0 || n < args.first + args.count);
         ++n) {
      if (args.paced) {
        char line[256];
        if (std::fgets(line, sizeof(line), stdin) == nullptr) return;
      }
      Status st = args.indexed
                      ? (*table)->Batch(IndexedBatch(name, n)).status()
                      : (*table)->Put(BatchPuts(name, n, args.mix ? 2 : 1));
      std::lock_guard<std::mutex> lock(out_mu);
      if (!st.ok()) {
        status.store(Fail(st));
        return;
      }
      std::printf("ack %s%lld\n", label.c_str(), static_cast<long long>(n));
      std::fflush(stdout);
    }
  };
  if (args.threads == 1) {
    load(args.writer, "");
  } else {
    std::vector<std::thread> writers;
    for (int t = 0; t < args.threads; ++t) {
      const std::string name = args.writer + std::to_string(t);
      writers.emplace_back(load, name, name + " ");
    }
    for (std::thread& t : writers) t.join();
  }
  stop.store(true);
  for (std::thread& t : helpers) t.join();
  return status.load();
}

}  // namespace
}  // namespace crash
}  // namespace obkvlite

int main(int argc, char** argv) {
  obkvlite::crash::Args args;
  std::string error;
  if (!obkvlite::crash::ParseArgs(argc, argv, &args, &error)) {
    return obkvlite::crash::Usage(error);
  }
  return obkvlite::crash::Run(args);
}
