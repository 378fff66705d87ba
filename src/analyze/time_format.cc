// Copyright (c) obkvlite authors.
//
// Timestamps and durations for heatmap axes, and the times reports take.

#include <cctype>
#include <cstdio>
#include <ctime>

#include "analyze/analyze_internal.h"
#include "obkvlite/request_report.h"
#include "util/civil_date.h"

namespace obkvlite {
namespace {

using util::DaysFromCivil;

// Reads exactly `n` digits at `*pos` into `*out`.
bool Digits(std::string_view s, size_t* pos, size_t n, int64_t* out) {
  if (*pos + n > s.size()) return false;
  int64_t v = 0;
  for (size_t i = 0; i < n; ++i) {
    const char c = s[*pos + i];
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    v = v * 10 + (c - '0');
  }
  *pos += n;
  *out = v;
  return true;
}

bool Expect(std::string_view s, size_t* pos, char c) {
  if (*pos >= s.size() || s[*pos] != c) return false;
  ++*pos;
  return true;
}

bool ParseIsoUtc(std::string_view s, int64_t* ms) {
  size_t pos = 0;
  int64_t y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, frac = 0;
  if (!Digits(s, &pos, 4, &y) || !Expect(s, &pos, '-') ||
      !Digits(s, &pos, 2, &mo) || !Expect(s, &pos, '-') ||
      !Digits(s, &pos, 2, &d)) {
    return false;
  }
  if (pos < s.size() && (s[pos] == 'T' || s[pos] == ' ')) {
    ++pos;
    if (!Digits(s, &pos, 2, &h) || !Expect(s, &pos, ':') ||
        !Digits(s, &pos, 2, &mi)) {
      return false;
    }
    if (pos < s.size() && s[pos] == ':') {
      ++pos;
      if (!Digits(s, &pos, 2, &sec)) return false;
      if (pos < s.size() && s[pos] == '.') {
        ++pos;
        if (!Digits(s, &pos, 3, &frac)) return false;
      }
    }
  }
  const std::string_view zone = s.substr(pos);
  if (!(zone.empty() || zone == "Z" || zone == "+00:00")) return false;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60) {
    return false;
  }
  *ms = ((DaysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60000 + sec * 1000 +
        frac;
  return true;
}

}  // namespace

Result<int64_t> ParseTimeMs(std::string_view text, std::string_view field) {
  bool all_digits = !text.empty() && text.size() <= 18;
  for (char c : text) {
    all_digits = all_digits && std::isdigit(static_cast<unsigned char>(c));
  }
  if (all_digits) return static_cast<int64_t>(std::stoll(std::string(text)));
  int64_t ms = 0;
  if (ParseIsoUtc(text, &ms) && ms >= 0) return ms;
  return Status::InvalidArgument(
      std::string(field) + ": '" + std::string(text) +
      "' is neither ms since the epoch nor an ISO-8601 UTC time such as "
      "2024-10-15T08:30:00Z");
}

namespace analyze_internal {

std::string FormatUtcMs(int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::string out(buf);
  if (ms % 1000 != 0) {
    std::snprintf(buf, sizeof buf, ".%03d", static_cast<int>(ms % 1000));
    out += buf;
  }
  return out + "Z";
}

std::string FormatDurationMs(int64_t ms) {
  struct Unit {
    int64_t ms;
    const char* name;
  };
  static constexpr Unit kUnits[] = {
      {86400000, "d"}, {3600000, "h"}, {60000, "m"}, {1000, "s"}};
  for (const Unit& u : kUnits) {
    if (ms >= u.ms && ms % u.ms == 0) return std::to_string(ms / u.ms) + u.name;
  }
  return std::to_string(ms) + "ms";
}

}  // namespace analyze_internal

std::string FormatTimeMs(int64_t ms) {
  return analyze_internal::FormatUtcMs(ms);
}

}  // namespace obkvlite
