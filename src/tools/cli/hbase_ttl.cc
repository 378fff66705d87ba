// Copyright (c) obkvlite authors.
#include "tools/cli/hbase_ttl.h"

#include <cctype>
#include <charconv>
#include <optional>

namespace obkvlite {
namespace cli {
namespace {

// "1 DAY" / "2 DAYS".
std::string Unit(int64_t n, const char* unit, bool plural) {
  return std::to_string(n) + " " + unit + (plural ? "S" : "");
}

Status BadTtl(std::string_view text) {
  return Status::InvalidArgument(
      "TTL must be a number of seconds, 'FOREVER' or HBase's form such as "
      "'1 DAY 2 HOURS' or '3600 SECONDS (1 HOUR)', got '" +
      std::string(text) + "'");
}

// Reads PrettyPrinter.INTERVAL_REGEX's parts, matched whole:
//   [N SECONDS? (] [N DAYS?] [N HOURS?] [N MINUTES?] [N SECONDS?] [)]
// with optional white space between parts, units in any case. (By hand:
// std::regex's backtracking recursion overflows the stack on long input.)
class IntervalReader {
 public:
  explicit IntervalReader(std::string_view text) : text_(text) {}

  // False when `text` is not of that form, or a number exceeds a long.
  bool Read(std::optional<int64_t>* expected, int64_t values[4], bool* any) {
    static const char* kUnits[] = {"DAY", "HOUR", "MINUTE", "SECOND"};
    int64_t n = 0;
    // "N SECONDS (": the leading total, from the very first byte.
    if (Number(&n) && (SkipSpace(), Unit("SECOND")) &&
        (SkipSpace(), Char('('))) {
      *expected = n;
    } else {
      i_ = 0;
    }
    *any = false;
    for (int unit = 0; unit < 4; ++unit) {
      SkipSpace();
      const size_t at = i_;
      values[unit] = 0;
      if (Number(&n) && (SkipSpace(), Unit(kUnits[unit]))) {
        values[unit] = n;
        *any = true;
      } else if (overflow_) {
        return false;
      } else {
        i_ = at;
      }
    }
    SkipSpace();
    Char(')');
    return !overflow_ && i_ == text_.size();
  }

 private:
  void SkipSpace() {
    while (i_ < text_.size() &&
           std::isspace(static_cast<unsigned char>(text_[i_])) != 0) {
      ++i_;
    }
  }
  bool Char(char c) {
    if (i_ >= text_.size() || text_[i_] != c) return false;
    ++i_;
    return true;
  }
  bool Number(int64_t* out) {
    size_t end = i_;
    while (end < text_.size() && text_[end] >= '0' && text_[end] <= '9') {
      ++end;
    }
    if (end == i_) return false;
    auto [ptr, ec] =
        std::from_chars(text_.data() + i_, text_.data() + end, *out);
    if (ec != std::errc()) {
      overflow_ = true;
      return false;
    }
    i_ = end;
    return true;
  }
  // UNIT or UNITS, any case.
  bool Unit(const char* unit) {
    size_t j = i_;
    for (const char* u = unit; *u != '\0'; ++u, ++j) {
      if (j >= text_.size() ||
          std::toupper(static_cast<unsigned char>(text_[j])) != *u) {
        return false;
      }
    }
    if (j < text_.size() &&
        std::toupper(static_cast<unsigned char>(text_[j])) == 'S') {
      ++j;
    }
    i_ = j;
    return true;
  }

  std::string_view text_;
  size_t i_ = 0;
  bool overflow_ = false;
};

bool AddScaled(int64_t n, int64_t scale, int64_t* total) {
  int64_t scaled = 0;
  return !__builtin_mul_overflow(n, scale, &scaled) &&
         !__builtin_add_overflow(*total, scaled, total);
}

}  // namespace

std::string HumanReadableTtl(int64_t seconds) {
  if (seconds <= 0 || seconds == kHBaseForever) return "FOREVER";
  if (seconds < 60) return Unit(seconds, "SECOND", seconds != 1);
  const int64_t days = seconds / 86400;
  const int64_t hours = seconds / 3600 % 24;
  const int64_t minutes = seconds / 60 % 60;
  const int64_t secs = seconds % 60;
  std::string inner;
  auto add = [&inner](const std::string& part) {
    inner += (inner.empty() ? "" : " ") + part;
  };
  if (days > 0) add(Unit(days, "DAY", days != 1));
  if (hours > 0) add(Unit(hours, "HOUR", hours != 1));
  if (minutes > 0) add(Unit(minutes, "MINUTE", minutes != 1));
  // PrettyPrinter appends the seconds' "S" unless minutes == 1.
  if (secs > 0) add(Unit(secs, "SECOND", minutes != 1));
  return std::to_string(seconds) + " SECONDS (" + inner + ")";
}

Result<int64_t> ParseHBaseTtl(std::string_view text) {
  std::string upper;
  for (char c : text) {
    upper.push_back(
        static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  if (upper == "FOREVER") return kHBaseForever;
  int64_t plain = 0;
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), plain);
  if (!text.empty() && ec == std::errc() && end == text.data() + text.size()) {
    return plain;
  }
  std::optional<int64_t> expected;
  int64_t parts[4];  // days, hours, minutes, seconds
  bool any = false;
  int64_t total = 0;
  if (!IntervalReader(text).Read(&expected, parts, &any) || !any ||
      !AddScaled(parts[0], 86400, &total) ||
      !AddScaled(parts[1], 3600, &total) || !AddScaled(parts[2], 60, &total) ||
      !AddScaled(parts[3], 1, &total)) {
    return BadTtl(text);
  }
  if (expected && *expected != total) {
    return Status::InvalidArgument(
        "Malformed TTL string: TTL values in seconds and human readable "
        "format do not match, got '" +
        std::string(text) + "'");
  }
  return total;
}

}  // namespace cli
}  // namespace obkvlite
