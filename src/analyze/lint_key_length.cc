// Copyright (c) obkvlite authors.
//
// Lint key-length: keys over 64 bytes (seed 002's 16-64 byte guideline)
// and over 1024 bytes, which K varbinary(1024) cannot store (seed 003).

#include "analyze/analyze_internal.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

constexpr size_t kAdvisedMaxKeyBytes = 64;

class KeyLengthRule : public LintRule {
 public:
  void Observe(const ObservedKey& k) override {
    if (k.key.size() > kAdvisedMaxKeyBytes) ++long_;
    if (k.key.size() > kMaxRowKeyBytes) ++too_long_;
    if (k.key.size() > longest_.size()) longest_.assign(k.key);
  }

  std::optional<Lint> Finish(const LintContext& ctx) const override {
    if (long_ == 0) return std::nullopt;
    Lint lint;
    lint.id = "key-length";
    const std::string longest = " (longest " + std::to_string(longest_.size()) +
                                " bytes: " + QuoteKey(longest_) + ")";
    if (too_long_ > 0) {
      lint.severity = LintSeverity::kError;
      lint.finding = std::to_string(too_long_) + " of " +
                     std::to_string(ctx.keys) +
                     " keys exceed 1024 bytes and cannot be stored" + longest;
    } else {
      lint.severity = LintSeverity::kWarning;
      lint.finding = std::to_string(long_) + " of " + std::to_string(ctx.keys) +
                     " keys (" +
                     Percent(static_cast<double>(long_) / ctx.keys) +
                     ") exceed 64 bytes" + longest;
    }
    lint.reason =
        "the row key is stored with every cell, so long keys multiply "
        "storage and slow every access; K is varbinary(1024), so keys over "
        "1024 bytes cannot be written at all";
    lint.fix =
        "replace long text (URLs, names) with a hash or a short code, and "
        "numbers in text with 8-byte big-endian longs";
    lint.citations = {
        "seed 002: keep row keys within 16-64 bytes; replace long text such "
        "as a URL with its MD5 hash or a business code",
        "seed 003: keep the primary key short, never over 1K",
        "seed 000: keep row keys short: a long instead of the string "
        "\"2015122410\", the code tb instead of \"Taobao\""};
    return lint;
  }

 private:
  int64_t long_ = 0;
  int64_t too_long_ = 0;
  std::string longest_;
};

}  // namespace

std::unique_ptr<LintRule> NewKeyLengthRule() {
  return std::make_unique<KeyLengthRule>();
}

}  // namespace analyze_internal
}  // namespace obkvlite
