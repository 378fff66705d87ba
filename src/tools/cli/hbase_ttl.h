// Copyright (c) obkvlite authors.
//
// A column family's TTL as the HBase shell writes and reads it
// (org.apache.hadoop.hbase.util.PrettyPrinter, Unit.TIME_INTERVAL):
//   describe prints 'FOREVER', '59 SECONDS' or
//   '3600 SECONDS (1 HOUR)'; create takes a number of seconds, 'FOREVER'
//   or that human-readable form ('1 DAY 2 HOURS', '90 SECONDS (1 MINUTE
//   30 SECONDS)'), units in any case.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_HBASE_TTL_H_
#define OBKVLITE_TOOLS_CLI_HBASE_TTL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

// HBase's TTL meaning "never expires" (HConstants.FOREVER).
inline constexpr int64_t kHBaseForever = 2147483647;

// PrettyPrinter.humanReadableTTL, digit for digit: "FOREVER" (0 or
// kHBaseForever), "1 SECOND", "59 SECONDS", "3600 SECONDS (1 HOUR)",
// "90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)". Like HBase, the
// seconds' plural follows the minutes: 62 is "62 SECONDS (1 MINUTE 2
// SECOND)" and 3601 "3601 SECONDS (1 HOUR 1 SECONDS)".
std::string HumanReadableTtl(int64_t seconds);

// PrettyPrinter.humanReadableIntervalToSec: the seconds `text` stands for,
// kHBaseForever for "FOREVER". Errors (InvalidArgument): a form HBase does
// not read, numbers beyond a long, and a human-readable part that
// contradicts the leading seconds ("Malformed TTL string: ...").
Result<int64_t> ParseHBaseTtl(std::string_view text);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_HBASE_TTL_H_
