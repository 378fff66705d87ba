// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_cell_format.h"

#include <cinttypes>
#include <cstdio>
#include <ctime>

namespace obkvlite {
namespace cli {
namespace {

constexpr size_t kLeftWidth = 31;

// The first `n` UTF-8 characters of `text` (Ruby's str[0, n]).
std::string FirstChars(const std::string& text, int64_t n) {
  size_t i = 0;
  for (int64_t chars = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (chars++ == n) break;
  }
  return text.substr(0, i);
}

}  // namespace

Result<std::string> ShellCellFormat::Row(std::string_view row) const {
  return FormatBytes(formatter_, row);
}

Result<std::string> ShellCellFormat::Column(const Cell& cell) const {
  OBKV_ASSIGN_OR_RETURN(std::string family,
                        FormatBytes(formatter_, cell.family));
  OBKV_ASSIGN_OR_RETURN(std::string qualifier,
                        FormatBytes(formatter_, cell.qualifier));
  return family + ":" + qualifier;
}

Result<std::string> ShellCellFormat::Text(const Cell& cell) const {
  auto it = columns_.find({cell.family, cell.qualifier});
  OBKV_ASSIGN_OR_RETURN(
      std::string value,
      FormatBytes(it == columns_.end() ? formatter_ : it->second, cell.value));
  std::string text =
      "timestamp=" + ShellTimestamp(cell.timestamp, epoch_timestamps_) +
      ", value=" + value;
  return max_length_ < 0 ? text : FirstChars(text, max_length_);
}

std::string ShellTimestamp(int64_t millis, bool epoch) {
  if (epoch) return std::to_string(millis);
  // Floor division: -1 ms is 23:59:59.999 of the day before the epoch.
  int64_t seconds = millis / 1000;
  int64_t ms = millis % 1000;
  if (ms < 0) {
    ms += 1000;
    --seconds;
  }
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  if (localtime_r(&t, &tm) == nullptr) return std::to_string(millis);
  const int64_t year = static_cast<int64_t>(tm.tm_year) + 1900;
  char date[48];
  if (year > 9999) {
    std::snprintf(date, sizeof(date), "+%" PRId64, year);
  } else if (year < 0) {
    std::snprintf(date, sizeof(date), "-%04" PRId64, -year);
  } else {
    std::snprintf(date, sizeof(date), "%04" PRId64, year);
  }
  char rest[48];
  std::snprintf(rest, sizeof(rest), "-%02d-%02dT%02d:%02d", tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min);
  std::string out = std::string(date) + rest;
  if (tm.tm_sec != 0 || ms != 0) {
    char sec[16];
    std::snprintf(sec, sizeof(sec), ":%02d", tm.tm_sec);
    out += sec;
  }
  if (ms != 0) {
    char frac[16];
    std::snprintf(frac, sizeof(frac), ".%03d", static_cast<int>(ms));
    out += frac;
  }
  return out;
}

std::string ShellTwoColumns(const std::string& left, const std::string& right) {
  std::string out = left;
  out.append(left.size() < kLeftWidth ? kLeftWidth - left.size() : 1, ' ');
  return out + right + "\n";
}

}  // namespace cli
}  // namespace obkvlite
