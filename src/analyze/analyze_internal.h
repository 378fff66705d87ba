// Copyright (c) obkvlite authors.
//
// Internal pieces of the analyzer: the lint rule interface (one rule per
// lint_*.cc), key tokens, load and heatmap arithmetic, and formatting
// helpers shared by the renderers.
//
// Thread safety: a LintRule is a single-threaded accumulator; the free
// functions are pure.

#ifndef OBKVLITE_ANALYZE_ANALYZE_INTERNAL_H_
#define OBKVLITE_ANALYZE_ANALYZE_INTERNAL_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/analyze.h"
#include "obkvlite/router.h"
#include "obkvlite/rowkey_spec.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace analyze_internal {

// ---- Lint rules ----

// A key as the rules see it.
struct ObservedKey {
  std::string_view key;      // the whole key
  std::string_view content;  // the key without its declared salt prefix
};

struct LintContext {
  const PartitionSpec& partition;
  const RowkeySpec* rowkey;  // nullptr without a "rowkey" section
  int64_t keys = 0;          // keys observed
};

class LintRule {
 public:
  virtual ~LintRule() = default;
  // Sees every key, in the order written.
  virtual void Observe(const ObservedKey& key) = 0;
  // The lint, if the keys seen call for one.
  virtual std::optional<Lint> Finish(const LintContext& context) const = 0;
};

std::unique_ptr<LintRule> NewKeyLengthRule();
std::unique_ptr<LintRule> NewMonotonicPrefixRule();
std::unique_ptr<LintRule> NewLowCardinalityPrefixRule(
    const PartitionSpec& partition);
std::unique_ptr<LintRule> NewUnpaddedNumberRule();
std::unique_ptr<LintRule> NewPersonalDataRule();

// True when the family places keys by byte order (RANGE COLUMNS(K)), so
// ordered or clustered keys land in the same partition.
bool PlacesKeysInOrder(const PartitionSpec& partition);

// True when the spec declares a fan-out prefix: a salt or a leading modulo
// bucket, which is low-cardinality by design.
bool DeclaresFanOut(const RowkeySpec* rowkey);

// ---- Key tokens ----

// Bytes that separate fields: anything but ASCII letters and digits.
bool IsSeparator(unsigned char c);
// The bytes before the first separator (the whole key when there is none).
std::string_view LeadingToken(std::string_view key);
// A key for a message: Bytes.toStringBinary form, cut to 60 chars, quoted.
std::string QuoteKey(std::string_view key);
// "97%", "33%", "1.5%": a share, with one decimal below 10%.
std::string Percent(double fraction);

// ---- Options ----

// The checks shared by the analyzers: nodes >= 0, time_buckets in
// 1..1000, hot_factor > 0; errors name the field.
Status CheckReportOptions(int nodes, int time_buckets, double hot_factor);

// The family `family` names in `spec` (the first when empty), or an
// InvalidArgument naming "family".
Result<const FamilySpec*> FindReportFamily(const TableSpec& spec,
                                           std::string_view family);

// ---- Loads ----

// Totals of a load per partition.
struct LoadSpread {
  int64_t total = 0;
  int64_t max = 0;
  double average = 0;  // total / partitions
  double max_over_average = 0;
  double stddev = 0;  // population standard deviation
};
LoadSpread SummarizeLoads(const std::vector<int64_t>& counts);

// Keys per partition -> PartitionLoad rows (names and tables from the
// router), with ratio to the average and the HOT flag (ratio >= factor).
std::vector<PartitionLoad> ComputeLoads(const PartitionRouter& router,
                                        const std::vector<int64_t>& counts,
                                        double hot_factor);

// ---- Heatmap ----

// One routed key: its partition and, when known, its timestamp; or, with
// a weight, that many requests of a partition in the time bucket at ts.
struct HeatSample {
  int partition = 0;
  int64_t ts_ms = -1;
  int64_t weight = 1;
};

// Buckets samples into at most `max_buckets` columns: by time when every
// sample has a ts (buckets of a round width such as 10m or 1h, at least
// `min_bucket_ms`, aligned to a multiple of it), else by input order. A
// cell is the sum of its samples' weights.
Heatmap BuildHeatmap(const std::vector<HeatSample>& samples, bool by_time,
                     int partitions, int max_buckets,
                     int64_t min_bucket_ms = 1);

// What the one heatmap renderer (heatmap_svg.cc) draws: a grid of counts,
// one row per partition, HOT rows marked, and the texts around it. Both
// the key heatmap and the request heatmap are drawn from one of these.
struct HeatmapPicture {
  const Heatmap* map = nullptr;                      // the grid
  const std::vector<PartitionLoad>* rows = nullptr;  // index, name, hot
  std::string kind;     // "analyze" or "stats": the <title>'s "obkv KIND: "
  std::string name;     // "t$f"
  std::string heading;  // after "t$f: " in the heading line
  std::string summary;  // "1000 keys, max/avg 1.20", before the axes text
  std::string unit;     // what a count counts: "keys", "requests"
  double hot_factor = 3.0;
};
std::string RenderHeatmapPicture(const HeatmapPicture& picture);

// The colour of a cell: a log-scaled ramp from black through red and
// orange to pale yellow in which no channel ever decreases, so brightness
// never decreases with the count. Returns "#rrggbb".
std::string HeatColour(int64_t count, int64_t max);
// The ramp at position t in [0, 1] (0: no keys, 1: the maximum).
std::string RampColour(double t);
// The same scale as a level 0..levels-1 (0 only for a zero count).
int HeatLevel(int64_t count, int64_t max, int levels);

// "2023-11-14T22:13:20Z" (".123" added when ms are not zero).
std::string FormatUtcMs(int64_t ms);
// "1h", "15m", "30s", "250ms": a duration in its largest exact unit.
std::string FormatDurationMs(int64_t ms);
// The label of a partition row: "p3", "p1s2", or "all" when unpartitioned.
std::string PartitionLabel(const PartitionLoad& load);

}  // namespace analyze_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ANALYZE_ANALYZE_INTERNAL_H_
