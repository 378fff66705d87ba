// Copyright (c) obkvlite authors.
//
// obkv-crash-writer: loads batches (batch_load.h) into a store through the
// public API and prints "ack N" on stdout after batch N committed. The crash
// test kills it with SIGKILL at random points and checks that every acked
// batch survived whole; the concurrency test runs two at once.
//
//   obkv-crash-writer --store PATH [--writer W] [--first N] [--count M]
//                     [--durability normal|full] [--shards S]
//                     [--indexed 1]
//
// --indexed 1 loads the batches of indexed_batch.h instead (an indexed
// table, one Table::Batch per batch).
//
// Without --count it writes until killed. The table "crash" is created when
// missing. Exit status 0 after --count batches, 1 on any error (stderr
// names it), 2 on bad arguments.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

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
  int shards = 0;  // StoreOptions::shards
  bool indexed = false;  // indexed_batch.h
};

int Usage(const std::string& why) {
  std::fprintf(stderr,
               "obkv-crash-writer: %s\nusage: obkv-crash-writer --store PATH "
               "[--writer W] [--first N] [--count M] "
               "[--durability normal|full] [--shards S] [--indexed 1]\n",
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
    } else if (flag == "--indexed") {
      args->indexed = value == "1";
    } else if (flag == "--shards") {
      args->shards = std::atoi(value.c_str());
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
  Result<TableSpec> spec = ParseTableSpec(indexed ? kIndexedSpecJson : kSpecJson);
  if (!spec.ok()) return spec.status();
  Status created = store->CreateTable(*spec);
  if (!created.ok() && created.code() != Status::Code::kAlreadyExists) {
    return created;
  }
  return store->GetTable(name);
}

int Run(const Args& args) {
  StoreOptions options;
  options.durability = args.durability;
  options.shards = args.shards;
  options.busy_timeout_ms = 30000;
  Result<std::unique_ptr<Store>> store = Store::Open(options, args.store);
  if (!store.ok()) return Fail(store.status());
  Result<Table*> table = OpenTable(store->get(), args.indexed);
  if (!table.ok()) return Fail(table.status());
  for (int64_t n = args.first; args.count < 0 || n < args.first + args.count;
       ++n) {
    Status st = args.indexed
                    ? (*table)->Batch(IndexedBatch(args.writer, n)).status()
                    : (*table)->Put(BatchPuts(args.writer, n));
    if (!st.ok()) return Fail(st);
    std::printf("ack %lld\n", static_cast<long long>(n));
    std::fflush(stdout);
  }
  return 0;
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
