// Copyright (c) obkvlite authors.
//
// The hotspot analyzer (DESIGN §1, layer "analyze"): feeds row keys through
// a family's PartitionRouter and reports, before anything is deployed,
// whether they hotspot on OceanBase's partitions:
//
//   - keys per partition, max/avg, and a HOT flag on partitions with at
//     least 3x the average (seed 004: "3倍以上ならホットスポットを疑う");
//   - node balance under OceanBase's rule that node partition counts differ
//     by at most 1 (seed 003: 3 nodes, 7 partitions -> <3,2,2>, 33%);
//   - lints with the finding, the reason, the fix and the seed they follow:
//     monotonic prefixes, low-cardinality prefixes, long keys, unpadded
//     numbers, personal data;
//   - a heatmap of partitions x time buckets, as SVG and as text.
//
// Keys come one at a time (KeyAnalyzer::Add), so a keys file or a store's
// rows can feed it without holding the keys. Keys are taken in the order
// they are written: the monotonic-prefix lint reads that order.
//
// Thread safety: KeyAnalyzer is not thread-safe, use one per thread; the
// reports and renderers are plain values and pure functions.

#ifndef OBKVLITE_ANALYZE_H_
#define OBKVLITE_ANALYZE_H_

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// ---- Node balance ----

struct NodeBalance {
  int nodes = 0;
  // Partitions per node: as even as OceanBase keeps them (counts differ by
  // at most 1), larger counts first. Partition i is placed on node i % nodes.
  std::vector<int> partitions_per_node;
  // (max - min) / max of partitions_per_node; 0 when max is 0.
  double partition_imbalance = 0;
  // Keys per node under that placement (empty when no loads were given).
  std::vector<int64_t> keys_per_node;
  // (max - min) / max of keys_per_node; 0 when there are no keys.
  double load_imbalance = 0;
};

// Balances `partitions` over `nodes`; `loads` (keys per partition) may be
// empty. REQUIRED: partitions >= 1, nodes >= 1, loads empty or of size
// `partitions`.
NodeBalance BalanceNodes(int partitions, int nodes,
                         const std::vector<int64_t>& loads);

// "nodes: 3 -> partitions <3,2,2>, imbalance 33% (seed 003: ...)", plus a
// second line with the loads per node (named `unit`: "keys", "requests")
// when the balance has loads.
std::string FormatNodeBalance(const NodeBalance& balance,
                              std::string_view unit = "keys");

// ---- Lints ----

enum class LintSeverity { kInfo, kWarning, kError };

// "info", "warning" or "error".
std::string_view LintSeverityName(LintSeverity severity);

struct Lint {
  std::string id;  // monotonic-prefix, low-cardinality-prefix, key-length,
                   // unpadded-number, personal-data
  LintSeverity severity = LintSeverity::kWarning;
  std::string finding;  // what the keys show, with counts and an example
  std::string reason;   // why it hurts
  std::string fix;      // what to do instead
  std::vector<std::string> citations;  // "seed 003: ..."
};

// ---- The report ----

struct PartitionLoad {
  int index = 0;      // physical partition index
  std::string name;   // "p3", "p1s2", or "" when unpartitioned
  std::string table;  // "t$f$p3"
  int64_t keys = 0;
  double ratio = 0;  // keys / average
  bool hot = false;  // ratio >= hot factor
};

struct Heatmap {
  bool by_time = false;         // columns are time buckets (else: input order)
  int64_t start_ms = 0;         // by_time: first bucket's start
  // by_time: width of a bucket, at least a second for keys (a bulk load's
  // keys, written within milliseconds, fall in one column).
  int64_t bucket_ms = 0;
  int64_t keys_per_bucket = 0;  // !by_time: keys per column
  int partitions = 0;
  int buckets = 0;
  std::vector<int64_t> counts;  // partition-major: counts[p * buckets + b]

  int64_t at(int partition, int bucket) const {
    return counts[static_cast<size_t>(partition) * buckets + bucket];
  }
  int64_t max() const;
};

struct AnalysisReport {
  std::string table;
  std::string family;
  std::string partitioning;  // e.g. "KEY(K) PARTITIONS 97"
  int64_t keys = 0;          // keys routed
  int64_t skipped = 0;       // keys over 1024 bytes, not routable
  double average = 0;        // keys / partitions
  int64_t max = 0;
  double max_over_average = 0;
  double hot_factor = 3.0;
  std::vector<PartitionLoad> partitions;
  std::optional<NodeBalance> balance;
  std::vector<Lint> lints;
  Heatmap heatmap;

  // Indexes of the HOT partitions, ascending.
  std::vector<int> HotPartitions() const;
  // The lint with `id`, or nullptr.
  const Lint* FindLint(std::string_view id) const;
};

struct AnalyzeOptions {
  int nodes = 0;          // 0: no node balance
  int time_buckets = 24;  // heatmap columns, 1..1000
  double hot_factor = 3.0;
};

// ---- The analyzer ----

class KeyAnalyzer {
 public:
  // Analyzes keys of `family` (the first family when empty) of `spec`; the
  // analyzer copies what it needs, so `spec` need not outlive it.
  // Errors: unknown family, nodes < 0, time_buckets outside 1..1000,
  // hot_factor not above 0.
  static Result<std::unique_ptr<KeyAnalyzer>> Create(
      const TableSpec& spec, std::string_view family,
      const AnalyzeOptions& options);

  ~KeyAnalyzer();
  KeyAnalyzer(const KeyAnalyzer&) = delete;
  KeyAnalyzer& operator=(const KeyAnalyzer&) = delete;

  // Adds one written key and its timestamp. A key over 1024 bytes is
  // counted (lint key-length) and skipped; other routing errors (an empty
  // key, a missing ts when the family partitions on G...) are returned.
  Status Add(std::string_view key, std::optional<int64_t> ts_ms);

  // The report over every key added so far.
  AnalysisReport Finish() const;

 private:
  struct Impl;
  explicit KeyAnalyzer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Reads a keys file: one key a line in Bytes.toStringBinary form, optionally
// followed by a TAB and a timestamp in ms (a TAB inside a key is written
// \x09). Empty lines are skipped. Errors are prefixed "<name>:<line>: ".
Status AnalyzeKeysStream(std::istream& in, std::string_view name,
                         KeyAnalyzer* analyzer);

// ---- Renderers ----

// A terminal report: summary, partition table, node balance, lints and
// the text heatmap.
std::string RenderReportText(const AnalysisReport& report);
// The whole report as one JSON object (one line).
std::string RenderReportJson(const AnalysisReport& report);
// The heatmap as text: one row per partition, one shade char per bucket.
std::string RenderHeatmapText(const AnalysisReport& report);
// The heatmap as SVG, in the manner of Bigtable's Key Visualizer:
// partitions (rows) x time buckets (columns), one <rect class="cell"> per
// pair carrying data-partition, data-bucket and data-count, coloured by a
// log-scaled ramp whose brightness never decreases with the count; HOT
// partitions are marked, and a legend explains the scale.
std::string RenderHeatmapSvg(const AnalysisReport& report);

}  // namespace obkvlite

#endif  // OBKVLITE_ANALYZE_H_
