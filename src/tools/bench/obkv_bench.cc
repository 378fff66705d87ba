// Copyright (c) obkvlite authors.
//
// obkv-bench: YCSB-style workloads on raw SQLite and on obkvlite tables, in
// one process run, reporting each arm's throughput and its ratio to its
// floor (report.h).
//
//   obkv-bench --rows N [--runs R] [--ops N] [--value-bytes B]
//              [--cache-mib M] [--mmap-mib M] [--ordered] [--arms raw,...]
//              [--mysql-socket PATH] [--json] [--sequential]
//              [--stats-overhead | --noise-floor | --ops-overhead |
//               --index-overhead | --retry-overhead]
//   obkv-bench --create-partitions P,... [--create-families F,...]
//              [--shards S] [--runs R] [--mmap-mib M] [--json]
//   obkv-bench --threads 1,2,4,... [--rows N] [--seconds S] [--runs R] [--json]
//              [--workloads get,put,...] [--durability normal|full]
//              [--group-commit on|off] [--server-writers N]
//              [--max-idle-readers N]
//              (scaling_bench.h)
//
// Arms: raw (hand-written SQLite, one K/Q/T/V WITHOUT ROWID table), rawcells
// (raw whose gets copy each cell into an owning RowResult, the floor of
// Table::Get(get, &row)), rawreader (raw whose scans run on a second
// connection, as a store's readers do), raw97
// (the same by hand over key97's 97 KEY partition tables, in the tables the
// library's router picks, its scans merged by a heap; raw97_arm.cc), rawts
// (the timeseries arm's documents by hand, its put floor;
// raw_sqlite_ts_arm.cc), and
// the obkvlite tables normal, key97, prefix (KEY 97 on a 7-byte prefix),
// timeseries and key97x2 (KEY 97 over 2 shard files,
// StoreOptions::sqlite.shards, loaded by 2 threads; its other workloads run
// on one thread like every arm). key97's ratios are to raw97 when raw97 runs,
// every other file arm's to raw. Arms mariadb (an unpartitioned obkvlite table
// on a MariaDB server) and rawmariadb (hand-written Connector/C SQL on the same
// table) need the server's socket; their ratios are to rawmariadb. So do
// mariadbts (a timeseries table on the server) and rawmariadbts (its
// documents in hand-written multi-row INSERTs), ratios to rawmariadbts.
// Arms thrift
// and thriftnull run the Thrift gateway's figures (thrift_bench.h):
// mutateRows and scannerGetList against in-process puts and scans, getRow
// latency against a null call's, 4 clients against 1. With key97x2,
// key97 and raw in one run, "shards:" lines give the 2-shard / 1-shard scan
// ratios and 2 writers / a raw file's puts.
//
// --mmap-mib M sets the bytes each file is read through mmap on every arm:
// StoreOptions::sqlite.mmap_size for obkvlite, PRAGMA mmap_size for raw SQLite
// (default the library's, 256 MiB; 0 turns it off everywhere).
//
// --stats-overhead measures instead what request counting costs each
// obkvlite arm of --arms (StoreOptions::request_stats; stats_overhead.h):
// throughput ratios counting on / off of puts, gets and scans, medians
// over the runs. An arm "<arm>-nostats" is <arm> with counting off.
// --noise-floor runs the same pairs with counting off on both sides: how
// far the host's noise alone moves the ratios.
// --rounds N splits the overhead modes' gets, updates and scans into N
// paired rounds instead of 21 (the same requests in all).
// --ops-overhead measures the same way what the operation statistics
// cost (StoreOptions::operation_stats, obkvlite/operation_stats.h; target
// <= 2% on gets and puts): each arm against "<arm>-noops".
// --index-overhead measures the same way what one secondary index (on
// f:field0; obkvlite/index.h) costs: each arm with the index against it
// without ("<arm>-indexed" / "<arm>").
// --retry-overhead measures the same way what the retry of rolled-back
// writes costs when nothing conflicts (DESIGN §8; target <= 2%): each arm
// with the default retries against it with RetryOptions::max_attempts 1
// ("<arm>" / "<arm>-noretry"), e.g. --arms mariadb.
// --rest measures HBase's REST API over HTTP against in-process calls
// instead, with the HTTP round trip alone as its floor (arms inproc, rest,
// restnull; rest_bench.h).
// --create-partitions times Store::CreateTable against the partition count
// instead, with a raw CREATE TABLE floor (create_bench.h); one family unless
// --create-families says otherwise (e.g. 1,3), one file unless --shards S.
//
// Each run loads N rows x 10 qualifiers x B-byte values (default 100; YCSB
// hashed keys, or ordered ones with --ordered; batches of 1000 rows) into
// every arm, then runs uniform point gets of whole rows, 100-row scans,
// YCSB A/B/C/F (zipfian 0.99) and a full scan with its peak RssAnon (heap,
// sampled every ms; rss_sampler.h) and VmHWM (which counts mapped file
// pages too) (workload.h). The arms of a run run in lockstep, each in its
// own process, taking turns one block of a workload at a time (1/20 of its
// operations; the full scan whole), so that a shared host's noise falls on
// every arm of a workload alike (lockstep.h); --sequential runs them one
// after another in this process instead. Figures are medians over the
// runs. The last line of the output is JSON.

#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "build_commit.h"  // OBKV_BUILD_COMMIT, generated at build time
#include "obkvlite/spec.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/create_bench.h"
#include "tools/bench/lockstep.h"
#include "tools/bench/report.h"
#if OBKVLITE_BENCH_REST
#include "tools/bench/rest_bench.h"
#endif
#include "tools/bench/scaling_bench.h"
#include "tools/bench/stats_overhead.h"
#include "tools/bench/thrift_bench.h"
#include "tools/bench/workload.h"

namespace obkvlite {
namespace bench {
namespace {

const char* const kArmNames[] = {
    "raw",     "rawcells",   "rawreader", "raw97",       "rawts",
    "normal",  "key97",      "prefix",    "timeseries",  "key97x2",
    "mariadb", "rawmariadb", "mariadbts", "rawmariadbts"};

std::unique_ptr<BenchArm> MakeArm(const std::string& name) {
  if (name == "raw") return NewRawSqliteArm();
  if (name == "rawcells") return NewRawCellsArm();
  if (name == "rawreader") return NewRawReaderArm();
  if (name == "raw97") return NewRaw97Arm();
  if (name == "rawts") return NewRawSqliteTsArm();
  if (name == "rawmariadb") return NewRawMariadbArm(false);
  if (name == "rawmariadbts") return NewRawMariadbArm(true);
  return NewObkvArm(name);
}

// "a, b, c".
std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    out += (out.empty() ? "" : ", ") + name;
  }
  return out;
}

// Parses "1,2,3" into `out`; false unless every item is an integer in
// [lo, hi].
bool ParseIntList(const std::string& text, int lo, int hi,
                  std::vector<int>* out) {
  out->clear();
  if (text.empty() || text.back() == ',') return false;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || v < lo || v > hi) return false;
    out->push_back(static_cast<int>(v));
  }
  return !out->empty();
}

// --stats-overhead: the on/off ratios of every obkvlite arm, per run and
// their medians; the last line is JSON.
int RunStatsOverhead(const BenchConfig& cfg) {
  const std::vector<std::string> qualifiers = Qualifiers();
  OverheadWorkload w;
  w.rows = cfg.rows;
  w.batch = [&](uint64_t b) { return MakeBatch(cfg, qualifiers, b); };
  w.key = [&](uint64_t i) { return BenchKey(cfg, i); };
  w.noise_floor = cfg.noise_floor;
  w.rounds = cfg.overhead_rounds;
  // The same requests per run: shorter rounds when there are more.
  w.gets_per_round = std::max<int64_t>(100, 2000 * 21 / w.rounds);
  w.updates_per_round = std::max<int64_t>(50, 1000 * 21 / w.rounds);
  w.scans_per_round = std::max<int64_t>(10, 100 * 21 / w.rounds);
  std::ostringstream js;
  js << "{\"rows\":" << cfg.rows << ",\"runs\":" << cfg.runs
     << (cfg.index_overhead   ? ",\"index_overhead\":{"
         : cfg.retry_overhead ? ",\"retry_overhead\":{"
         : cfg.ops_overhead   ? ",\"ops_overhead\":{"
                              : ",\"stats_overhead\":{");
  if (!cfg.json_only) {
    std::printf(cfg.index_overhead
                    ? "index overhead: throughput with one index / without "
                      "(1.00 = no cost), rows=%llu%s\n%-11s %5s %8s %8s %8s "
                      "%8s\n"
                : cfg.ops_overhead
                    ? "operation-stats overhead: throughput timing on / off "
                      "(1.00 = no cost; target >= 0.98 on gets and puts), "
                      "rows=%llu%s\n%-11s %5s %8s %8s %8s %8s\n"
                : cfg.retry_overhead
                    ? "retry overhead: throughput with retries (max_attempts "
                      "10) / without (1) on uncontended writes (1.00 = no "
                      "cost; target >= 0.98), rows=%llu%s\n%-11s %5s %8s %8s "
                      "%8s %8s\n"
                    : "request-stats overhead: throughput counting on / off "
                      "(1.00 = no cost; target >= 0.97), rows=%llu%s\n%-11s "
                      "%5s %8s %8s %8s %8s\n",
                static_cast<unsigned long long>(cfg.rows),
                cfg.noise_floor ? ", NOISE FLOOR: off / off" : "", "arm", "run",
                "put", "update", "get", "scan");
  }
  bool first_arm = true;
  for (const std::string& arm : cfg.arms) {
    if (IsRawArm(arm) || StripVariant(arm) != arm) {
      continue;
    }
    std::vector<double> put, update, get, scan;
    for (int run = 0; run < cfg.runs; ++run) {
      char tmpl[] = "/tmp/obkv-bench-XXXXXX";
      const std::string dir = mkdtemp(tmpl);
      Result<OverheadRatios> r =
          cfg.index_overhead
              ? MeasurePairOverhead(arm + kIndexedSuffix, arm, dir, cfg.options,
                                    w, 42 + run)
          : cfg.retry_overhead
              ? MeasurePairOverhead(arm, arm + kNoRetrySuffix, dir, cfg.options,
                                    w, 42 + run)
          : cfg.ops_overhead
              ? MeasurePairOverhead(cfg.noise_floor ? arm + kNoOpsSuffix : arm,
                                    arm + kNoOpsSuffix, dir, cfg.options, w,
                                    42 + run)
              : MeasureStatsOverhead(arm, dir, cfg.options, w, 42 + run);
      std::system(("rm -rf '" + dir + "'").c_str());
      if (!r.ok()) {
        std::cerr << "obkv-bench: arm " << arm << ": " << r.status().ToString()
                  << "\n";
        return 1;
      }
      put.push_back(r->put);
      update.push_back(r->update);
      get.push_back(r->get);
      scan.push_back(r->scan);
      if (!cfg.json_only) {
        std::printf("%-11s %5d %8.3f %8.3f %8.3f %8.3f\n", arm.c_str(), run + 1,
                    r->put, r->update, r->get, r->scan);
      }
    }
    if (!cfg.json_only) {
      std::printf("%-11s %5s %8.3f %8.3f %8.3f %8.3f\n", arm.c_str(), "median",
                  Median(put), Median(update), Median(get), Median(scan));
    }
    char line[200];
    std::snprintf(line, sizeof line,
                  "\"%s\":{\"put\":%.4f,\"update\":%.4f,\"get\":%.4f,"
                  "\"scan\":%.4f}",
                  arm.c_str(), Median(put), Median(update), Median(get),
                  Median(scan));
    js << (first_arm ? "" : ",") << line;
    first_arm = false;
  }
  js << "}}";
  std::printf("%s\n", js.str().c_str());
  return 0;
}

int Main(int argc, char** argv) {
  BenchConfig cfg;
  bool shards_given = false;
  bool rest_arms = false;  // --rest
  ScalingConfig scaling;
  bool scaling_run = false;  // --threads
  bool runs_given = false;   // --runs
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::cerr << "obkv-bench: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    // Reads the flag's integer into `*out`; false, having said so, when it
    // is outside [lo, hi].
    auto bounded = [&](int lo, int hi, int* out) {
      *out = std::atoi(next());
      if (*out >= lo && *out <= hi) return true;
      std::cerr << "obkv-bench: " << a << " must be in [" << lo << ", " << hi
                << "]\n";
      return false;
    };
    if (a == "--rows") {
      cfg.rows = std::strtoull(next(), nullptr, 10);
    } else if (a == "--runs") {
      cfg.runs = std::atoi(next());
      runs_given = true;
    } else if (a == "--ops") {
      cfg.ycsb_ops = cfg.gets = std::atoll(next());
    } else if (a == "--scans") {
      cfg.scans = std::atoll(next());
    } else if (a == "--arms") {
      cfg.arms.clear();
      std::stringstream ss(next());
      std::string arm;
      while (std::getline(ss, arm, ',')) cfg.arms.push_back(arm);
    } else if (a == "--value-bytes") {
      cfg.value_bytes = std::atoi(next());
    } else if (a == "--ordered") {
      cfg.ordered_keys = true;
    } else if (a == "--cache-mib") {
      cfg.options.sqlite.cache_size_kib = std::atoi(next()) * 1024;
    } else if (a == "--mmap-mib") {
      const char* v = next();
      char* end = nullptr;
      const long long mib = std::strtoll(v, &end, 10);
      if (*v == '\0' || *end != '\0' || mib < 0 || mib > 1 << 20) {
        std::cerr << "obkv-bench: --mmap-mib must be an integer in [0, "
                     "1048576] (0: off)\n";
        return 2;
      }
      cfg.options.sqlite.mmap_size = static_cast<int64_t>(mib) << 20;
    } else if (a == "--json") {
      cfg.json_only = true;
    } else if (a == "--sequential") {
      cfg.lockstep = false;
    } else if (a == "--rest") {
      rest_arms = true;
    } else if (a == "--threads") {
      if (!ParseIntList(next(), 1, 1024, &scaling.threads)) {
        std::cerr << "obkv-bench: --threads must be a list of integers in "
                     "[1, 1024], e.g. 1,2,4,8\n";
        return 2;
      }
      std::sort(scaling.threads.begin(), scaling.threads.end());
      scaling_run = true;
    } else if (a == "--workloads") {
      std::stringstream ss(next());
      std::string name;
      while (std::getline(ss, name, ',')) scaling.workloads.push_back(name);
    } else if (a == "--durability") {
      const std::string level = next();
      if (level != "normal" && level != "full") {
        std::cerr << "obkv-bench: --durability must be normal or full\n";
        return 2;
      }
      cfg.options.durability =
          level == "full" ? Durability::kFull : Durability::kNormal;
    } else if (a == "--group-commit") {
      const std::string mode = next();
      if (mode != "on" && mode != "off") {
        std::cerr << "obkv-bench: --group-commit must be on or off\n";
        return 2;
      }
      cfg.options.group_commit.enabled = mode == "on";
    } else if (a == "--server-writers") {
      if (!bounded(1, kMaxServerWriters, &cfg.options.server_writers)) {
        return 2;
      }
    } else if (a == "--max-idle-readers") {
      if (!bounded(0, kMaxIdleReaders, &cfg.options.max_idle_readers)) {
        return 2;
      }
    } else if (a == "--seconds") {
      scaling.seconds = std::atof(next());
      if (!(scaling.seconds >= 0.1 && scaling.seconds <= 600)) {
        std::cerr << "obkv-bench: --seconds must be in [0.1, 600]\n";
        return 2;
      }
    } else if (a == "--mysql-socket") {
      SetBenchServerSocket(next());
    } else if (a == "--stats-overhead") {
      cfg.stats_overhead = true;
    } else if (a == "--rounds") {
      if (!bounded(1, 10000, &cfg.overhead_rounds)) return 2;
    } else if (a == "--ops-overhead") {
      cfg.stats_overhead = cfg.ops_overhead = true;
    } else if (a == "--index-overhead") {
      cfg.stats_overhead = cfg.index_overhead = true;
    } else if (a == "--retry-overhead") {
      cfg.stats_overhead = cfg.retry_overhead = true;
    } else if (a == "--noise-floor") {
      cfg.stats_overhead = cfg.noise_floor = true;
    } else if (a == "--create-partitions") {
      if (!ParseIntList(next(), 1, 8192, &cfg.create_partitions)) {
        std::cerr << "obkv-bench: --create-partitions must be a list of "
                     "integers in [1, 8192], e.g. 97,997,8192\n";
        return 2;
      }
    } else if (a == "--create-families") {
      if (!ParseIntList(next(), 1, 64, &cfg.create_families)) {
        std::cerr << "obkv-bench: --create-families must be a list of "
                     "integers in [1, 64], e.g. 1,3\n";
        return 2;
      }
    } else if (a == "--shards") {
      const char* v = next();
      char* end = nullptr;
      const long s = std::strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || s < 0 || s > kMaxShards) {
        std::cerr << "obkv-bench: --shards must be an integer in [0, "
                  << kMaxShards << "]\n";
        return 2;
      }
      cfg.shards = static_cast<int>(s);
      shards_given = true;
    } else {
      std::cerr
          << "usage: obkv-bench --rows N [--runs R] [--ops N] [--scans N] "
             "[--value-bytes B] [--cache-mib M] [--mmap-mib M] "
             "[--ordered] [--arms "
             "raw,rawcells,rawreader,raw97,rawts,normal,key97,prefix,"
             "timeseries,key97x2,mariadb,rawmariadb,mariadbts,"
             "rawmariadbts,thrift,thriftnull] "
             "[--mysql-socket PATH] [--json] [--sequential] "
             "[--stats-overhead] [--noise-floor] [--ops-overhead] "
             "[--index-overhead] [--rounds N] "
             "[--retry-overhead]\n"
             "       obkv-bench --create-partitions P,... "
             "[--create-families F,...] [--shards S] [--runs R] "
             "[--mmap-mib M] [--json]\n"
             "       obkv-bench --rest [--runs R] [--ops N] [--json]\n"
             "       obkv-bench --threads 1,2,4,... [--rows N] [--seconds S] "
             "[--runs R] "
             "[--value-bytes B] [--workloads get,put,...] "
             "[--durability normal|full] [--group-commit on|off] "
             "[--server-writers N] [--max-idle-readers N] [--json]\n";
      return 2;
    }
  }
  if (cfg.rows < 1 || cfg.runs < 1 || cfg.scans < 1) {
    std::cerr << "obkv-bench: --rows, --runs and --scans must be >= 1\n";
    return 2;
  }
  if (cfg.options.sqlite.cache_size_kib < 1024) {
    std::cerr << "obkv-bench: --cache-mib must be >= 1\n";
    return 2;
  }
  if (shards_given && cfg.create_partitions.empty()) {
    std::cerr << "obkv-bench: --shards needs --create-partitions (arm "
                 "key97x2 is the sharded arm of the workloads)\n";
    return 2;
  }
  // Figures are quoted only for the commit that produced them.
  if (!cfg.json_only) {
    std::printf("obkv-bench: commit %s (git describe --dirty, at build time)\n",
                OBKV_BUILD_COMMIT);
  }
  if (!cfg.create_partitions.empty()) return RunCreatePartitions(cfg);
  if (rest_arms) {
#if OBKVLITE_BENCH_REST
    return RunRestBench(cfg);
#else
    std::cerr << "obkv-bench: --rest: not in the static program (Debian "
                 "ships cpp-httplib and simdjson as shared libraries only); "
                 "run the build folder's obkv-bench\n";
    return 2;
#endif
  }
  if (scaling_run) {
    scaling.rounds = runs_given ? cfg.runs : 1;
    return RunScalingBench(cfg, scaling);
  }
  // The Thrift arms run their own figures (thrift_bench.h), after the
  // others when there are any.
  const bool thrift =
      std::any_of(cfg.arms.begin(), cfg.arms.end(), IsThriftArm);
  cfg.arms.erase(std::remove_if(cfg.arms.begin(), cfg.arms.end(), IsThriftArm),
                 cfg.arms.end());
  if (thrift && cfg.arms.empty()) return RunThriftBench(cfg);
  for (const std::string& full : cfg.arms) {
    const std::string arm = StripVariant(full);
    if (std::find(std::begin(kArmNames), std::end(kArmNames), arm) ==
        std::end(kArmNames)) {
      std::cerr << "obkv-bench: --arms: unknown arm '" << arm << "' (";
      for (const char* name : kArmNames) {
        std::cerr << (name == kArmNames[0] ? "" : ", ") << name;
      }
      std::cerr << ")\n";
      return 2;
    }
    if (BaselineOf(arm, cfg.arms).rfind("rawmariadb", 0) == 0 &&
        BenchServerSocket().empty()) {
      std::cerr << "obkv-bench: --arms " << arm
                << ": needs --mysql-socket PATH (scripts/bench.sh starts a "
                   "private server)\n";
      return 2;
    }
  }
  if (cfg.arms.empty()) {
    std::cerr << "obkv-bench: --arms: no arm given\n";
    return 2;
  }
  if (cfg.value_bytes < 1 || cfg.value_bytes > 65536) {
    std::cerr << "obkv-bench: --value-bytes must be in [1, 65536]\n";
    return 2;
  }

  if (cfg.stats_overhead) return RunStatsOverhead(cfg);

  std::map<std::string, std::map<std::string, std::vector<double>>> samples;
  for (int run = 0; run < cfg.runs; ++run) {
    // Rotate the arm order each run so no arm always goes first.
    std::vector<std::string> order = cfg.arms;
    std::rotate(order.begin(), order.begin() + run % order.size(), order.end());
    std::vector<std::string> dirs;
    std::vector<ArmBody> bodies;
    for (const std::string& name : order) {
      char tmpl[] = "/tmp/obkv-bench-XXXXXX";
      dirs.push_back(mkdtemp(tmpl));
      bodies.push_back(
          [&cfg, name, dir = dirs.back(), run](Turn* turn, Metrics* m) {
            std::unique_ptr<BenchArm> arm = MakeArm(name);
            return RunArm(cfg, arm.get(), dir, 42 + run, m, turn);
          });
    }
    std::vector<Metrics> figures(order.size());
    Status s;
    if (cfg.lockstep) {
      Result<std::vector<Metrics>> r = RunInLockstep(bodies);
      s = r.status();
      if (r.ok()) figures = std::move(r).value();
    } else {
      for (size_t i = 0; i < bodies.size() && s.ok(); ++i) {
        s = bodies[i](nullptr, &figures[i])
                .WithPrefix("arm " + std::to_string(i));
      }
    }
    for (const std::string& dir : dirs) {
      std::system(("rm -rf '" + dir + "'").c_str());
    }
    if (!s.ok()) {
      std::cerr << "obkv-bench: run " << run + 1 << " (arms "
                << JoinNames(order) << "): " << s.ToString() << "\n";
      return 1;
    }
    for (size_t i = 0; i < order.size(); ++i) {
      for (auto& [k, v] : figures[i]) samples[order[i]][k].push_back(v);
    }
    if (!cfg.json_only) {
      std::cerr << "run " << run + 1 << "/" << cfg.runs << " done ("
                << JoinNames(order) << (cfg.lockstep ? ", in lockstep" : "")
                << ")\n";
    }
  }

  ArmMedians med;
  for (auto& [arm, metrics] : samples) {
    for (auto& [k, v] : metrics) med[arm][k] = Median(v);
  }

  PrintReport(cfg, med);
  return thrift ? RunThriftBench(cfg) : 0;
}

}  // namespace
}  // namespace bench
}  // namespace obkvlite

int main(int argc, char** argv) { return obkvlite::bench::Main(argc, argv); }
