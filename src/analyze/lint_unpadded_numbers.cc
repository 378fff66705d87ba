// Copyright (c) obkvlite authors.
//
// Lint unpadded-number: a field holding decimal numbers of varying width
// ("1", "10", "100", "2"), which sort as text, not as numbers (seed 004's
// anti-pattern 3). Fields are split at separators; a field counts when it
// is all digits, or letters then digits ("user7"), in 90% of the keys.

#include <algorithm>
#include <array>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

constexpr size_t kMaxFields = 16;
constexpr int64_t kMinKeysForPadding = 10;
constexpr double kNumericShare = 0.9;

// Digits of a field, or "" when it is not all digits / letters+digits.
std::string_view NumberOf(std::string_view field, bool* suffix) {
  size_t i = 0;
  while (i < field.size() &&
         !IsSeparator(static_cast<unsigned char>(field[i])) &&
         !(field[i] >= '0' && field[i] <= '9')) {
    ++i;
  }
  *suffix = i > 0;
  const std::string_view digits = field.substr(i);
  if (digits.empty()) return {};
  for (char c : digits) {
    if (c < '0' || c > '9') return {};
  }
  return digits;
}

struct Widths {
  int64_t present = 0;
  int64_t numbers[2] = {0, 0};  // [0] all digits, [1] letters then digits
  std::string shortest[2];
  std::string longest[2];
};

class UnpaddedNumberRule : public LintRule {
 public:
  void Observe(const ObservedKey& k) override {
    size_t f = 0;
    size_t start = 0;
    for (size_t i = 0; i <= k.content.size() && f < kMaxFields; ++i) {
      if (i < k.content.size() &&
          !IsSeparator(static_cast<unsigned char>(k.content[i]))) {
        continue;
      }
      if (i > start) ObserveField(f++, k.content.substr(start, i - start));
      start = i + 1;
    }
  }

  std::optional<Lint> Finish(const LintContext& ctx) const override {
    for (size_t f = 0; f < kMaxFields; ++f) {
      const Widths& w = fields_[f];
      for (int kind = 0; kind < 2; ++kind) {
        if (w.present < kMinKeysForPadding ||
            w.numbers[kind] < kNumericShare * w.present ||
            w.shortest[kind].size() == w.longest[kind].size()) {
          continue;
        }
        return MakeLint(ctx, f, w.shortest[kind], w.longest[kind]);
      }
    }
    return std::nullopt;
  }

 private:
  void ObserveField(size_t f, std::string_view field) {
    Widths& w = fields_[f];
    ++w.present;
    bool suffix = false;
    const std::string_view digits = NumberOf(field, &suffix);
    if (digits.empty()) return;
    const int kind = suffix ? 1 : 0;
    if (w.numbers[kind]++ == 0) {
      w.shortest[kind].assign(digits);
      w.longest[kind].assign(digits);
    } else if (digits.size() < w.shortest[kind].size()) {
      w.shortest[kind].assign(digits);
    } else if (digits.size() > w.longest[kind].size()) {
      w.longest[kind].assign(digits);
    }
  }

  static Lint MakeLint(const LintContext& ctx, size_t field,
                       const std::string& shortest,
                       const std::string& longest) {
    Lint lint;
    lint.id = "unpadded-number";
    lint.severity = LintSeverity::kWarning;
    lint.finding = "field " + std::to_string(field + 1) +
                   " (counting from 1 after any salt) holds numbers of " +
                   std::to_string(shortest.size()) + " to " +
                   std::to_string(longest.size()) + " digits in " +
                   std::to_string(ctx.keys) + " keys (e.g. '" + shortest +
                   "' and '" + longest + "'), so they do not sort as numbers";
    lint.reason =
        "keys compare as bytes, so \"1\" < \"10\" < \"100\" < \"2\": scans "
        "return numbers out of order and a prefix scan for 1 also returns "
        "10 to 19";
    lint.fix =
        "pad numbers to a fixed width (\"%019d\", \"001\"), or encode "
        "them as 8-byte big-endian longs";
    lint.citations = {
        "seed 004: pad numbers to a fixed width (\"001\", \"002\", \"010\"); "
        "unpadded, \"1\" < \"10\" < \"100\" < \"2\"",
        "seed 000: fixed-length padding ([rpad(column1, 'x', 20)]) keeps "
        "field boundaries unambiguous, so a scan for host1 does not return "
        "host12"};
    return lint;
  }

  std::array<Widths, kMaxFields> fields_;
};

}  // namespace

std::unique_ptr<LintRule> NewUnpaddedNumberRule() {
  return std::make_unique<UnpaddedNumberRule>();
}

}  // namespace analyze_internal
}  // namespace obkvlite
