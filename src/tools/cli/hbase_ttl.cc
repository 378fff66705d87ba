// Copyright (c) obkvlite authors.
#include "tools/cli/hbase_ttl.h"

#include <charconv>
#include <regex>

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

// A matched group as a number; false when it does not fit a long.
bool Number(const std::csub_match& group, int64_t* out) {
  if (!group.matched) {
    *out = 0;
    return true;
  }
  auto [end, ec] = std::from_chars(group.first, group.second, *out);
  return ec == std::errc() && end == group.second;
}

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
    upper.push_back(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A')
                                         : c);
  }
  if (upper == "FOREVER") return kHBaseForever;
  int64_t plain = 0;
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), plain);
  if (!text.empty() && ec == std::errc() && end == text.data() + text.size()) {
    return plain;
  }
  // PrettyPrinter.INTERVAL_REGEX, matched whole.
  static const std::regex kInterval(
      R"(((\d+)\s*SECONDS?\s*\()?\s*((\d+)\s*DAYS?)?\s*((\d+)\s*HOURS?)?\s*)"
      R"(((\d+)\s*MINUTES?)?\s*((\d+)\s*SECONDS?)?\s*\)?)");
  std::cmatch m;
  const char* begin = upper.data();
  if (!std::regex_match(begin, begin + upper.size(), m, kInterval) ||
      !(m[4].matched || m[6].matched || m[8].matched || m[10].matched)) {
    return BadTtl(text);
  }
  int64_t expected = 0;
  int64_t days = 0;
  int64_t hours = 0;
  int64_t minutes = 0;
  int64_t seconds = 0;
  int64_t total = 0;
  if (!Number(m[2], &expected) || !Number(m[4], &days) ||
      !Number(m[6], &hours) || !Number(m[8], &minutes) ||
      !Number(m[10], &seconds) || !AddScaled(days, 86400, &total) ||
      !AddScaled(hours, 3600, &total) || !AddScaled(minutes, 60, &total) ||
      !AddScaled(seconds, 1, &total)) {
    return BadTtl(text);
  }
  if (m[2].matched && expected != total) {
    return Status::InvalidArgument(
        "Malformed TTL string: TTL values in seconds and human readable "
        "format do not match, got '" +
        std::string(text) + "'");
  }
  return total;
}

}  // namespace cli
}  // namespace obkvlite
