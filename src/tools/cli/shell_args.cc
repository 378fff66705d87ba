// Copyright (c) obkvlite authors.
#include "tools/cli/shell_args.h"

namespace obkvlite {
namespace cli {

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

Result<int64_t> ShellInteger(const std::string& command,
                             const ShellValue& value, const std::string& name,
                             int64_t min) {
  if (value.kind != ShellValue::Kind::kInteger || value.integer < min) {
    return ShellError(command, name + " must be " +
                                   (min > 0 ? "a positive" : "a non-negative") +
                                   " integer, got " + value.Describe());
  }
  return value.integer;
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

Result<ShellColumns> ShellColumnList(const std::string& command,
                                     const ShellValue& value) {
  std::vector<const ShellValue*> items;
  if (value.kind == ShellValue::Kind::kList) {
    for (const ShellValue& item : value.items) items.push_back(&item);
  } else {
    items.push_back(&value);
  }
  ShellColumns out;
  for (const ShellValue* item : items) {
    OBKV_ASSIGN_OR_RETURN(std::string text,
                          ShellString(command, *item, "COLUMN"));
    const size_t colon = text.find(':');
    if (colon == std::string::npos) {
      out.families.push_back(text);
    } else {
      out.columns.push_back({text.substr(0, colon), text.substr(colon + 1)});
    }
  }
  return out;
}

}  // namespace cli
}  // namespace obkvlite
