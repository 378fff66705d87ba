// Copyright (c) obkvlite authors.
#include "tools/bench/create_bench.h"

#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "tools/bench/raw_sqlite_db.h"
#include "tools/bench/stats_overhead.h"

namespace obkvlite {
namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Table "t" with families f0.. and `partitions` KEY partitions.
Result<TableSpec> CreateSpec(int partitions, int families) {
  std::string json = R"({"table": "t", "families": [)";
  for (int f = 0; f < families; ++f) {
    json += (f ? ", " : "") + std::string(R"({"name": "f)") +
            std::to_string(f) + "\"}";
  }
  json += R"(], "partition": {"strategy": "key", "partitions": )" +
          std::to_string(partitions) + "}}";
  return ParseTableSpec(json);
}

// ms of Store::CreateTable(spec) on a new store in `dir`.
Result<double> TimeStoreCreate(const BenchConfig& cfg, const TableSpec& spec,
                               const std::string& dir) {
  StoreOptions options = cfg.options;
  options.sqlite.shards = cfg.shards;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Store> store,
                        Store::Open(options, dir + "/store.db"));
  const auto t0 = Clock::now();
  OBKV_RETURN_IF_ERROR(store->CreateTable(spec));
  return MsSince(t0);
}

// ms of the raw floor: every partition table of `spec` created by hand, on
// as many files as the store has, one transaction per file.
Result<double> TimeRawCreate(const BenchConfig& cfg, const TableSpec& spec,
                             const std::string& dir) {
  const int files = cfg.shards > 0 ? cfg.shards : 1;
  std::vector<std::unique_ptr<RawSqliteDb>> dbs;
  for (int k = 0; k < files; ++k) {
    dbs.push_back(std::make_unique<RawSqliteDb>());
    OBKV_RETURN_IF_ERROR(
        dbs[k]->Open(dir + "/raw" + std::to_string(k) + ".db", cfg.options));
  }
  const auto t0 = Clock::now();
  for (auto& db : dbs) OBKV_RETURN_IF_ERROR(db->Exec("BEGIN"));
  for (const FamilySpec& family : spec.families) {
    const PartitionRouter router(spec.name, family);
    for (int p = 0; p < router.partition_count(); ++p) {
      const int k = files > 1 ? ShardOfPartition(spec.name, p, files) : 0;
      OBKV_RETURN_IF_ERROR(
          dbs[k]->CreateCellTable(router.PartitionTableName(p)));
    }
  }
  for (auto& db : dbs) OBKV_RETURN_IF_ERROR(db->Exec("COMMIT"));
  return MsSince(t0);
}

// Runs `fn(dir)` in a fresh temporary directory, removed after it.
template <typename Fn>
Result<double> InFreshDir(Fn&& fn) {
  char tmpl[] = "/tmp/obkv-bench-create-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) return Status::IOError("mkdtemp failed");
  const std::string dir = tmpl;
  Result<double> r = fn(dir);
  std::system(("rm -rf '" + dir + "'").c_str());
  return r;
}

}  // namespace

int RunCreatePartitions(const BenchConfig& cfg) {
  if (!cfg.json_only) {
    std::printf(
        "create time vs partition count: Store::CreateTable of a KEY table "
        "against raw CREATE TABLE ... WITHOUT ROWID in one transaction per "
        "file; %d file(s), mmap=%lld MiB, medians of %d runs\n"
        "%10s %8s %8s %12s %14s %12s %14s %10s\n",
        cfg.shards > 0 ? cfg.shards : 1,
        static_cast<long long>(cfg.options.sqlite.mmap_size >> 20), cfg.runs,
        "partitions", "families", "tables", "store_ms", "store_ms/table",
        "raw_ms", "raw_ms/table", "store/raw");
  }
  std::ostringstream js;
  js << "{\"runs\":" << cfg.runs << ",\"shards\":" << cfg.shards
     << ",\"mmap_size\":" << cfg.options.sqlite.mmap_size << ",\"create\":[";
  bool first = true;
  for (int partitions : cfg.create_partitions) {
    for (int families : cfg.create_families) {
      Result<TableSpec> spec = CreateSpec(partitions, families);
      if (!spec.ok()) {
        std::cerr << "obkv-bench: --create-partitions " << partitions << ": "
                  << spec.status().ToString() << "\n";
        return 2;
      }
      std::vector<double> store_ms, raw_ms;
      for (int run = 0; run < cfg.runs; ++run) {
        // Alternate which side goes first, so neither always runs on a
        // host warmed (or loaded) by the other.
        for (int side = 0; side < 2; ++side) {
          const bool store_side = (side == 0) == (run % 2 == 0);
          Result<double> ms = InFreshDir([&](const std::string& dir) {
            return store_side ? TimeStoreCreate(cfg, *spec, dir)
                              : TimeRawCreate(cfg, *spec, dir);
          });
          if (!ms.ok()) {
            std::cerr << "obkv-bench: create " << partitions << " x "
                      << families << (store_side ? " (store): " : " (raw): ")
                      << ms.status().ToString() << "\n";
            return 1;
          }
          (store_side ? store_ms : raw_ms).push_back(*ms);
        }
      }
      const int tables = partitions * families;
      const double s = Median(store_ms), r = Median(raw_ms);
      if (!cfg.json_only) {
        std::printf("%10d %8d %8d %12.1f %14.4f %12.1f %14.4f %9.2fx\n",
                    partitions, families, tables, s, s / tables, r, r / tables,
                    r > 0 ? s / r : 0);
      }
      char item[256];
      std::snprintf(item, sizeof item,
                    "{\"partitions\":%d,\"families\":%d,\"tables\":%d,"
                    "\"store_ms\":%.3f,\"raw_ms\":%.3f,"
                    "\"store_ms_per_table\":%.5f,\"raw_ms_per_table\":%.5f}",
                    partitions, families, tables, s, r, s / tables, r / tables);
      js << (first ? "" : ",") << item;
      first = false;
    }
  }
  js << "]}";
  std::printf("%s\n", js.str().c_str());
  return 0;
}

}  // namespace bench
}  // namespace obkvlite
