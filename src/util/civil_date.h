// Copyright (c) obkvlite authors.
//
// Dates of the proleptic Gregorian calendar as days since 1970-01-01, and
// back (Howard Hinnant's days_from_civil and civil_from_days algorithms):
// the one conversion behind the time-based partition names and bounds
// (spec/partition_plan.cc) and the report's time text
// (analyze/time_format.cc). Valid for every date an int64 of days holds.
//
// Header-only. Thread safety: pure functions.

#ifndef OBKVLITE_UTIL_CIVIL_DATE_H_
#define OBKVLITE_UTIL_CIVIL_DATE_H_

#include <cstdint>

namespace obkvlite {
namespace util {

// Days from 1970-01-01 to year-month-day (month 1..12, day 1..31).
constexpr int64_t DaysFromCivil(int64_t year, int64_t month, int64_t day) {
  year -= month <= 2 ? 1 : 0;
  const int64_t era = (year >= 0 ? year : year - 399) / 400;
  const int64_t yoe = year - era * 400;
  const int64_t doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// Days since 1970-01-01 -> *year, *month (1..12), *day (1..31).
inline void CivilFromDays(int64_t days, int64_t* year, int* month, int* day) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const int64_t doe = days - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  *day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *year = yoe + era * 400 + (*month <= 2 ? 1 : 0);
}

}  // namespace util
}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_CIVIL_DATE_H_
