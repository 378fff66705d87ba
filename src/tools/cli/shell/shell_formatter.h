// Copyright (c) obkvlite authors.
//
// The converters the HBase shell applies to the bytes it prints (table.rb
// convert / convert_bytes): a static method of
// org.apache.hadoop.hbase.util.Bytes, named in a column's suffix
// ('f:q:toInt', 'f:q:c(org.apache.hadoop.hbase.util.Bytes).toLong') or by
// get's and scan's FORMATTER => 'toString'. Each gives what the shell
// prints for the Java value Bytes returns:
//   toStringBinary  the default, Bytes.toStringBinary
//   toString        the bytes as UTF-8 (malformed sequences become U+FFFD)
//   toHex           lower-case hex digits
//   toInt, toLong, toShort   the first 4 / 8 / 2 bytes, big-endian signed
//   toFloat, toDouble        the first 4 / 8 bytes as IEEE 754, written as
//                            Ruby writes a Float: 1.5, 1.0e+20, NaN
//   toBoolean       exactly one byte, true unless 0
// A value too short for its converter is an error worded as Bytes' own
// IllegalArgumentException, e.g. "offset (0) + length (4) exceed the
// capacity of the array: 2", and toBoolean "Array has wrong size: 2".
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_FORMATTER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_FORMATTER_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

// The one class whose methods convert values here.
inline constexpr std::string_view kHBaseBytesClass =
    "org.apache.hadoop.hbase.util.Bytes";

enum class ShellFormatter {
  kToStringBinary,
  kToString,
  kToHex,
  kToInt,
  kToLong,
  kToShort,
  kToFloat,
  kToDouble,
  kToBoolean,
};

// "toInt" or "c(org.apache.hadoop.hbase.util.Bytes).toInt". Any other
// class or method is an InvalidArgument naming the converters there are.
Result<ShellFormatter> ParseShellFormatter(std::string_view spec);

// What the HBase shell prints for `bytes` through `formatter`.
Result<std::string> FormatBytes(ShellFormatter formatter,
                                std::string_view bytes);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_FORMATTER_H_
