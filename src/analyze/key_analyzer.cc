// Copyright (c) obkvlite authors.
//
// KeyAnalyzer: routes each key through the family's PartitionRouter (the
// only source of partition numbers), feeds the lint rules, and keeps one
// (partition, ts) sample per key for the heatmap.

#include <algorithm>

#include "analyze/analyze_internal.h"
#include "ddl/partitioning_text.h"
#include "obkvlite/analyze.h"
#include "obkvlite/rowkey.h"

namespace obkvlite {

using analyze_internal::HeatSample;
using analyze_internal::LintContext;
using analyze_internal::LintRule;
using analyze_internal::ObservedKey;

struct KeyAnalyzer::Impl {
  Impl(const TableSpec& spec, const FamilySpec& family,
       const AnalyzeOptions& opts)
      : table(spec.name),
        family_name(family.name),
        partition(family.partition),
        rowkey(spec.rowkey),
        router(spec.name, family),
        options(opts),
        counts(static_cast<size_t>(router.partition_count()), 0),
        salt_prefix(rowkey ? SaltPrefixLength(*rowkey) : 0) {
    rules.push_back(analyze_internal::NewKeyLengthRule());
    rules.push_back(analyze_internal::NewMonotonicPrefixRule());
    rules.push_back(analyze_internal::NewLowCardinalityPrefixRule(partition));
    rules.push_back(analyze_internal::NewUnpaddedNumberRule());
    rules.push_back(analyze_internal::NewPersonalDataRule());
  }

  std::string table;
  std::string family_name;
  PartitionSpec partition;
  std::optional<RowkeySpec> rowkey;
  PartitionRouter router;
  AnalyzeOptions options;
  std::vector<int64_t> counts;
  size_t salt_prefix;
  std::vector<std::unique_ptr<LintRule>> rules;
  std::vector<HeatSample> samples;
  bool all_timed = true;
  int64_t observed = 0;
  int64_t skipped = 0;
};

KeyAnalyzer::KeyAnalyzer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
KeyAnalyzer::~KeyAnalyzer() = default;

Result<std::unique_ptr<KeyAnalyzer>> KeyAnalyzer::Create(
    const TableSpec& spec, std::string_view family,
    const AnalyzeOptions& options) {
  OBKV_RETURN_IF_ERROR(analyze_internal::CheckReportOptions(
      options.nodes, options.time_buckets, options.hot_factor));
  OBKV_ASSIGN_OR_RETURN(const FamilySpec* f,
                        analyze_internal::FindReportFamily(spec, family));
  return std::unique_ptr<KeyAnalyzer>(
      new KeyAnalyzer(std::make_unique<Impl>(spec, *f, options)));
}

Status KeyAnalyzer::Add(std::string_view key, std::optional<int64_t> ts_ms) {
  Impl& s = *impl_;
  ObservedKey observed{key, key.substr(std::min(s.salt_prefix, key.size()))};
  for (auto& rule : s.rules) rule->Observe(observed);
  ++s.observed;
  if (key.size() > kMaxRowKeyBytes) {
    ++s.skipped;
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(int partition, s.router.Route(key, ts_ms));
  ++s.counts[static_cast<size_t>(partition)];
  s.all_timed = s.all_timed && ts_ms.has_value();
  s.samples.push_back(HeatSample{partition, ts_ms.value_or(-1)});
  return Status::OK();
}

AnalysisReport KeyAnalyzer::Finish() const {
  const Impl& s = *impl_;
  AnalysisReport r;
  r.table = s.table;
  r.family = s.family_name;
  r.partitioning = PartitioningText(s.partition, PartitioningDetail::kCounts);
  r.hot_factor = s.options.hot_factor;
  r.skipped = s.skipped;
  r.partitions =
      analyze_internal::ComputeLoads(s.router, s.counts, s.options.hot_factor);
  const analyze_internal::LoadSpread spread =
      analyze_internal::SummarizeLoads(s.counts);
  r.keys = spread.total;
  r.max = spread.max;
  r.average = spread.average;
  r.max_over_average = spread.max_over_average;
  if (s.options.nodes > 0) {
    r.balance = BalanceNodes(static_cast<int>(s.counts.size()), s.options.nodes,
                             s.counts);
  }
  const LintContext context{s.partition, s.rowkey ? &*s.rowkey : nullptr,
                            s.observed};
  for (const auto& rule : s.rules) {
    if (std::optional<Lint> lint = rule->Finish(context)) {
      r.lints.push_back(std::move(*lint));
    }
  }
  std::stable_sort(
      r.lints.begin(), r.lints.end(), [](const Lint& a, const Lint& b) {
        return static_cast<int>(a.severity) > static_cast<int>(b.severity);
      });
  // Buckets of a second at least: keys written within milliseconds (a bulk
  // load) share a column rather than stripe it by the millisecond.
  constexpr int64_t kMinKeyBucketMs = 1000;
  r.heatmap = analyze_internal::BuildHeatmap(
      s.samples, s.all_timed, static_cast<int>(s.counts.size()),
      s.options.time_buckets, kMinKeyBucketMs);
  return r;
}

}  // namespace obkvlite
