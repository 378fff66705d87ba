// Copyright (c) obkvlite authors.
#include "tools/bench/report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "build_commit.h"  // OBKV_BUILD_COMMIT, generated at build time

namespace obkvlite {
namespace bench {
namespace {

// Throughputs, shown with a ratio to the baseline.
const std::vector<std::string>& RatioColumns() {
  static const std::vector<std::string> columns = {
      "put_cells_per_s",      "get_rows_per_s",
      "scan_cells_per_s",     "scan_after_write_cells_per_s",
      "ycsb_a_ops_per_s",     "ycsb_b_ops_per_s",
      "ycsb_c_ops_per_s",     "ycsb_f_ops_per_s",
      "full_scan_cells_per_s"};
  return columns;
}

// Memory figures (MiB), shown as they are.
const std::vector<std::string>& MemoryColumns() {
  static const std::vector<std::string> columns = {
      "full_scan_peak_rss_anon_mib", "full_scan_peak_vmhwm_mib"};
  return columns;
}

bool Ran(const std::vector<std::string>& arms, const std::string& arm) {
  return std::find(arms.begin(), arms.end(), arm) != arms.end();
}

// m[arm][metric], 0 when absent.
double Get(const ArmMedians& m, const std::string& arm,
           const std::string& metric) {
  auto a = m.find(arm);
  if (a == m.end()) return 0;
  auto v = a->second.find(metric);
  return v == a->second.end() ? 0 : v->second;
}

// m[num][metric] / m[den][metric], 0 when either is missing.
double Ratio(const ArmMedians& m, const std::string& num,
             const std::string& den, const std::string& metric) {
  const double d = Get(m, den, metric);
  return d > 0 ? Get(m, num, metric) / d : 0;
}

// One figure of the shard targets (issue: a 2-shard scan >= 1.5x a 1-shard
// one; 2 writers >= 1.6x a raw file), when both its arms ran.
struct ShardRatio {
  const char* json;   // JSON key
  const char* label;  // printed
  const char* num;    // arms
  const char* den;
  const char* metric;
};

const std::vector<ShardRatio>& ShardRatios() {
  static const std::vector<ShardRatio> ratios = {
      {"full_scan_2_over_1", "2-shard full scan / 1-shard full scan", "key97x2",
       "key97", "full_scan_cells_per_s"},
      {"scan_2_over_1", "2-shard 100-row scan / 1-shard 100-row scan",
       "key97x2", "key97", "scan_cells_per_s"},
      {"put_2_writers_over_raw", "2 writers / raw put", "key97x2", "raw",
       "put_cells_per_s"},
  };
  return ratios;
}

}  // namespace

std::string StripVariant(const std::string& arm) {
  std::string base = arm;
  for (const char* suffix : {kNoStatsSuffix, kNoOpsSuffix, kNoLingerSuffix}) {
    if (StripSuffix(suffix, &base)) break;
  }
  return base;
}

bool IsRawArm(const std::string& arm) {
  return arm == "raw" || arm == "rawcells" || arm == "rawreader" ||
         arm == "raw97" || arm == "rawts" || arm == "rawmariadb" ||
         arm == "rawmariadbts";
}

std::string BaselineOf(const std::string& arm,
                       const std::vector<std::string>& arms) {
  const std::string a = StripVariant(arm);
  if (a == "mariadb" || a == "rawmariadb") return "rawmariadb";
  if (a == "mariadbts" || a == "rawmariadbts") return "rawmariadbts";
  if (a == "key97" && Ran(arms, "raw97")) return "raw97";
  return "raw";
}

void PrintReport(const BenchConfig& cfg, const ArmMedians& med) {
  const long long mmap_mib = cfg.options.sqlite.mmap_size >> 20;
  if (!cfg.json_only) {
    std::printf(
        "obkv-bench: rows=%llu, keys=%s, value_bytes=%d, cache=%d MiB per "
        "connection, mmap=%lld MiB%s, medians of %d runs; (x) = ratio to "
        "the arm in column 'vs'; MiB columns: full-scan peak RssAnon (heap) "
        "and VmHWM (with mapped pages)\n",
        static_cast<unsigned long long>(cfg.rows),
        cfg.ordered_keys ? "ordered" : "hashed", cfg.value_bytes,
        cfg.options.sqlite.cache_size_kib / 1024, mmap_mib,
        mmap_mib > 0 ? " per file" : " (off)", cfg.runs);
    std::printf("%-11s %-6s", "arm", "vs");
    for (const auto& c : RatioColumns()) std::printf(" %22s", c.c_str());
    std::printf(" %11s %11s\n", "rss_anon", "vmhwm");
    for (const std::string& arm : cfg.arms) {
      const std::string base = BaselineOf(arm, cfg.arms);
      std::printf("%-11s %-6s", arm.c_str(), base.c_str());
      for (const auto& c : RatioColumns()) {
        const double v = Get(med, arm, c);
        const double r = Ratio(med, arm, base, c);
        char cell[64];
        if (r > 0) {
          std::snprintf(cell, sizeof cell, "%.0f (%.2fx)", v, r);
        } else {
          std::snprintf(cell, sizeof cell, "%.0f", v);
        }
        std::printf(" %22s", cell);
      }
      for (const auto& c : MemoryColumns()) {
        std::printf(" %11.1f", Get(med, arm, c));
      }
      std::printf("\n");
    }
    for (const ShardRatio& s : ShardRatios()) {
      if (Ran(cfg.arms, s.num) && Ran(cfg.arms, s.den)) {
        std::printf("shards: %s = %.2f (%s / %s)\n", s.label,
                    Ratio(med, s.num, s.den, s.metric), s.num, s.den);
      }
    }
  }
  // Last line: JSON.
  std::ostringstream js;
  js << "{\"commit\":\"" << OBKV_BUILD_COMMIT << "\",\"rows\":" << cfg.rows
     << ",\"keys\":\"" << (cfg.ordered_keys ? "ordered" : "hashed")
     << "\",\"value_bytes\":" << cfg.value_bytes << ",\"runs\":" << cfg.runs
     << ",\"mmap_size\":" << cfg.options.sqlite.mmap_size << ",\"arms\":{";
  char num[64];
  bool first_arm = true;
  for (const std::string& arm : cfg.arms) {
    js << (first_arm ? "" : ",") << "\"" << arm << "\":{";
    first_arm = false;
    auto it = med.find(arm);
    if (it != med.end()) {
      for (const auto& [k, v] : it->second) {
        if (k.size() > 4 && k.compare(k.size() - 4, 4, "_mib") == 0) {
          std::snprintf(num, sizeof num, "%.1f", v);
        } else {
          std::snprintf(num, sizeof num, "%lld", static_cast<long long>(v));
        }
        js << "\"" << k << "\":" << num << ",";
      }
    }
    const std::string base = BaselineOf(arm, cfg.arms);
    js << "\"baseline\":\"" << base << "\",\"ratios\":{";
    bool first = true;
    for (const auto& c : RatioColumns()) {
      const double r = Ratio(med, arm, base, c);
      if (r <= 0) continue;
      std::snprintf(num, sizeof num, "%.4f", r);
      js << (first ? "" : ",") << "\"" << c << "\":" << num;
      first = false;
    }
    js << "}}";
  }
  js << "},\"shards\":{";
  bool first = true;
  for (const ShardRatio& s : ShardRatios()) {
    if (!Ran(cfg.arms, s.num) || !Ran(cfg.arms, s.den)) continue;
    std::snprintf(num, sizeof num, "%.4f", Ratio(med, s.num, s.den, s.metric));
    js << (first ? "" : ",") << "\"" << s.json << "\":" << num;
    first = false;
  }
  js << "}}";
  std::printf("%s\n", js.str().c_str());
}

}  // namespace bench
}  // namespace obkvlite
