// Copyright (c) obkvlite authors.
//
// Lint low-cardinality-prefix: keys that start with a field of few values,
// such as seed 003's msgtype | msgid, or a K_PREFIX (the hashed prefix of
// KEY(K_PREFIX) partitioning) with fewer values than partitions.

#include <algorithm>
#include <map>
#include <set>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

constexpr int64_t kMinFewValues = 2;   // one value is a constant prefix
constexpr size_t kMaxFewValues = 16;   // "few" distinct leading values
constexpr size_t kTrackedValues = 64;  // stop counting beyond this
constexpr int64_t kMinKeysForFewValues = 20;
constexpr int64_t kMinKeysPerValue = 10;
constexpr double kSeparatedShare = 0.9;

const std::vector<std::string> kCitations = {
    "seed 003: avoid a prefix with few distinct values, such as msgtype | "
    "msgid (msgtype has few values): requests concentrate on almost a "
    "single machine",
    "seed 004: a skewed key distribution (90% of keys starting with user_) "
    "loads the regions of that range"};

bool IsHex(std::string_view s) {
  for (char c : s) {
    const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
                     (c >= 'A' && c <= 'F');
    if (!hex) return false;
  }
  return !s.empty();
}

class LowCardinalityPrefixRule : public LintRule {
 public:
  explicit LowCardinalityPrefixRule(const PartitionSpec& partition)
      : prefix_length_(partition.HasKeyLevel() ? partition.prefix_length : 0),
        max_prefixes_(static_cast<size_t>(partition.key_partitions)) {}

  void Observe(const ObservedKey& k) override {
    const std::string_view token = LeadingToken(k.key);
    if (token.size() < k.key.size() && !token.empty()) {
      ++separated_;
      auto it = tokens_.find(token);
      if (it != tokens_.end()) {
        ++it->second;
      } else if (tokens_.size() < kTrackedValues) {
        tokens_.emplace(std::string(token), 1);
      } else {
        overflow_ = true;
      }
    }
    if (prefix_length_ > 0 && prefixes_.size() <= max_prefixes_) {
      prefixes_.insert(
          std::string(k.key.substr(0, static_cast<size_t>(prefix_length_))));
    }
  }

  std::optional<Lint> Finish(const LintContext& ctx) const override {
    if (DeclaresFanOut(ctx.rowkey)) return std::nullopt;
    if (std::optional<Lint> lint = PrefixLint(ctx)) return lint;
    return TokenLint(ctx);
  }

 private:
  // KEY(K_PREFIX): fewer prefix values than partitions.
  std::optional<Lint> PrefixLint(const LintContext& ctx) const {
    const int64_t d = static_cast<int64_t>(prefixes_.size());
    if (prefix_length_ == 0 || d >= ctx.partition.key_partitions ||
        ctx.keys < kMinKeysPerValue * d) {
      return std::nullopt;
    }
    const std::string n = std::to_string(prefix_length_);
    Lint lint;
    lint.id = "low-cardinality-prefix";
    lint.severity = LintSeverity::kWarning;
    lint.finding =
        "only " + std::to_string(d) + " distinct K_PREFIX values (the first " +
        n + " bytes) in " + std::to_string(ctx.keys) + " keys, for " +
        std::to_string(ctx.partition.key_partitions) + " KEY partitions";
    lint.reason = "KEY(K_PREFIX) hashes only the first " + n +
                  " bytes, so at most " + std::to_string(d) +
                  " partitions receive keys";
    lint.fix =
        "make prefix_length cover a high-cardinality field (seed 003 "
        "uses the 64-byte userid), or partition on the whole K";
    lint.citations = kCitations;
    lint.citations.push_back(
        "seed 003: KEY partitioning on a K_PREFIX avoids hotspots only as "
        "long as the prefix values are not skewed");
    return lint;
  }

  // True when the leading values look like a salt: one width, hex, even.
  bool LooksLikeSalt() const {
    int64_t top = 0;
    for (const auto& [token, count] : tokens_) {
      if (!IsHex(token) || token.size() != tokens_.begin()->first.size()) {
        return false;
      }
      top = std::max(top, count);
    }
    return top * static_cast<int64_t>(tokens_.size()) * 2 <= separated_ * 3;
  }

  std::string TopValues() const {
    std::vector<std::pair<int64_t, std::string>> sorted;
    for (const auto& [token, count] : tokens_)
      sorted.emplace_back(count, token);
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    std::string out;
    for (size_t i = 0; i < sorted.size() && i < 5; ++i) {
      if (i > 0) out += ", ";
      out += QuoteKey(sorted[i].second) + " " +
             Percent(static_cast<double>(sorted[i].first) / separated_);
    }
    if (sorted.size() > 5) out += ", ...";
    return out;
  }

  std::optional<Lint> TokenLint(const LintContext& ctx) const {
    const int64_t d = static_cast<int64_t>(tokens_.size());
    if (overflow_ || ctx.keys < kMinKeysForFewValues || d < kMinFewValues ||
        d > static_cast<int64_t>(kMaxFewValues) ||
        separated_ < kSeparatedShare * ctx.keys ||
        ctx.keys < kMinKeysPerValue * d || LooksLikeSalt()) {
      return std::nullopt;
    }
    Lint lint;
    lint.id = "low-cardinality-prefix";
    lint.finding = "only " + std::to_string(d) +
                   " distinct values before the first separator in " +
                   std::to_string(ctx.keys) + " keys: " + TopValues();
    if (PlacesKeysInOrder(ctx.partition)) {
      lint.severity = LintSeverity::kWarning;
      lint.reason =
          "RANGE partitioning places keys by byte order, so the "
          "keys cluster in the few partitions these " +
          std::to_string(d) + " values fall in";
    } else {
      lint.severity = LintSeverity::kInfo;
      lint.reason =
          "harmless while the whole key is hashed, but under RANGE "
          "partitioning, a short K_PREFIX or HBase regions these "
          "keys reach at most " +
          std::to_string(d) + " partitions";
    }
    lint.fix =
        "lead with a high-cardinality field (msgid | msgtype, userid "
        "| ...), or salt the key";
    lint.citations = kCitations;
    return lint;
  }

  int prefix_length_;
  size_t max_prefixes_;
  int64_t separated_ = 0;
  bool overflow_ = false;
  std::map<std::string, int64_t, std::less<>> tokens_;
  std::set<std::string> prefixes_;
};

}  // namespace

std::unique_ptr<LintRule> NewLowCardinalityPrefixRule(
    const PartitionSpec& partition) {
  return std::make_unique<LowCardinalityPrefixRule>(partition);
}

}  // namespace analyze_internal
}  // namespace obkvlite
