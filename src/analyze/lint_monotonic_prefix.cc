// Copyright (c) obkvlite authors.
//
// Lint monotonic-prefix: keys written in ascending (or descending) order,
// as timestamp-first or sequence-first keys are. Under RANGE partitioning
// every new key lands in the same partition (seed 003, seed 004).

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

constexpr int64_t kMinPairs = 9;  // at least 10 keys
constexpr double kMonotonicShare = 0.9;

class MonotonicPrefixRule : public LintRule {
 public:
  void Observe(const ObservedKey& k) override {
    if (seen_ == 0) {
      first_.assign(k.key);
    } else {
      const int c = k.key.compare(previous_);
      if (c > 0) ++ascending_;
      if (c < 0) ++descending_;
      if (c == 0) ++equal_;
    }
    previous_.assign(k.key);
    ++seen_;
  }

  std::optional<Lint> Finish(const LintContext& ctx) const override {
    const int64_t pairs = ascending_ + descending_ + equal_;
    if (pairs < kMinPairs) return std::nullopt;
    const bool up = ascending_ >= kMonotonicShare * pairs;
    const bool down = descending_ >= kMonotonicShare * pairs;
    if (!up && !down) return std::nullopt;
    const int64_t along = up ? ascending_ : descending_;
    Lint lint;
    lint.id = "monotonic-prefix";
    lint.finding = Percent(static_cast<double>(along) / pairs) +
                   " of consecutive keys " + (up ? "ascend" : "descend") +
                   " (from " + QuoteKey(first_) + " to " + QuoteKey(previous_) +
                   "): the key starts with a " +
                   (up ? "timestamp or sequence"
                       : "reverse timestamp or a decreasing "
                         "sequence") +
                   ", leading part " + QuoteKey(LeadingToken(previous_));
    const std::string edge = up ? "last" : "first";
    if (PlacesKeysInOrder(ctx.partition)) {
      lint.severity = LintSeverity::kWarning;
      lint.reason =
          "RANGE partitioning places keys by byte order, so every "
          "new key lands in the same (" +
          edge + ") partition and one node takes all the writes";
    } else {
      lint.severity = LintSeverity::kInfo;
      lint.reason =
          ctx.partition.strategy == PartitionStrategy::kNone
              ? "the family is unpartitioned; under RANGE partitioning or on "
                "HBase regions every new key would land in the " +
                    edge + " partition"
              : "harmless under KEY partitioning, which hashes the key, but "
                "these keys would send every write to the " +
                    edge +
                    " partition under RANGE partitioning or on HBase regions";
    }
    lint.fix =
        "lead with a hash of the monotonic field (hashvalueoftime | "
        "timestamp | msgid), a salt (md5(id)[0:4], murmur3 % buckets) or a "
        "high-cardinality id; or use KEY partitioning";
    lint.citations = {
        "seed 003: avoid a timestamp or sequence as the key prefix under "
        "RANGE partitioning (timestamp | msgid sends nearly every write to "
        "one machine); use hashvalueoftime | timestamp | msgid instead",
        "seed 004: sequential row keys (timestamps, auto-increment ids) "
        "always write to the last region; use salt + id + reverse timestamp",
        "seed 000: timestamp-first keys put every write on the same region "
        "server; salt with an MD5 prefix, reverse the field or bucket by "
        "ts % n"};
    return lint;
  }

 private:
  int64_t seen_ = 0;
  int64_t ascending_ = 0;
  int64_t descending_ = 0;
  int64_t equal_ = 0;
  std::string first_;
  std::string previous_;
};

}  // namespace

std::unique_ptr<LintRule> NewMonotonicPrefixRule() {
  return std::make_unique<MonotonicPrefixRule>();
}

}  // namespace analyze_internal
}  // namespace obkvlite
