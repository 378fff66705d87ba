// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_args.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace obkvlite {
namespace cli {
namespace {

std::string IntegerRule(int64_t min) {
  return min > 0 ? "a positive integer" : "a non-negative integer";
}

}  // namespace

Status ShellError(const std::string& command, const std::string& message) {
  return Status::InvalidArgument(command + ": " + message);
}

Result<std::string> ShellString(const std::string& command,
                                const ShellValue& value,
                                const std::string& name) {
  if (value.kind != ShellValue::Kind::kString) {
    return ShellError(command,
                      name + " must be a string, got " + value.Describe());
  }
  return value.text;
}

Result<std::string> ShellBytes(const std::string& command,
                               const ShellValue& value,
                               const std::string& name) {
  if (value.kind == ShellValue::Kind::kInteger) {
    return std::to_string(value.integer);
  }
  if (value.kind != ShellValue::Kind::kString) {
    return ShellError(command, name + " must be a string or an integer, got " +
                                   value.Describe());
  }
  return value.text;
}

Result<int64_t> ShellInteger(const std::string& command,
                             const ShellValue& value, const std::string& name,
                             int64_t min) {
  if (value.kind != ShellValue::Kind::kInteger || value.integer < min) {
    return ShellError(command, name + " must be " + IntegerRule(min) +
                                   ", got " + value.Describe());
  }
  return value.integer;
}

Result<int64_t> ShellNumber(const std::string& command, const ShellValue& value,
                            const std::string& name, int64_t min) {
  if (value.kind != ShellValue::Kind::kString) {
    return ShellInteger(command, value, name, min);
  }
  const std::string& text = value.text;
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
      n < min) {
    return ShellError(command, name + " must be " + IntegerRule(min) +
                                   ", got " + value.Describe());
  }
  return n;
}

Result<int> ShellCount(const std::string& command, const ShellValue& value,
                       const std::string& name) {
  OBKV_ASSIGN_OR_RETURN(int64_t n, ShellInteger(command, value, name, 1));
  return static_cast<int>(
      std::min<int64_t>(n, std::numeric_limits<int>::max()));
}

Result<bool> ShellBool(const std::string& command, const ShellValue& value,
                       const std::string& name) {
  if (value.kind == ShellValue::Kind::kWord &&
      (value.text == "true" || value.text == "false")) {
    return value.text == "true";
  }
  return ShellError(command,
                    name + " must be true or false, got " + value.Describe());
}

Result<TimeRange> ShellTimeRange(const std::string& command,
                                 const ShellValue& value) {
  const bool pair = value.kind == ShellValue::Kind::kList &&
                    value.items.size() == 2 &&
                    value.items[0].kind == ShellValue::Kind::kInteger &&
                    value.items[1].kind == ShellValue::Kind::kInteger;
  if (!pair || value.items[0].integer < 0 ||
      value.items[0].integer > value.items[1].integer) {
    return ShellError(command,
                      "TIMERANGE must be [MIN, MAX] with 0 <= MIN <= MAX");
  }
  TimeRange range;
  range.min_ms = value.items[0].integer;
  range.max_ms = value.items[1].integer;
  return range;
}

}  // namespace cli
}  // namespace obkvlite
