// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_read_options.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "server/common/filter_string.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_columns.h"
#include "tools/cli/shell/shell_formatter.h"

namespace obkvlite {
namespace cli {
namespace {

Status NeedsMap(const std::string& command, const ShellValue& options) {
  if (options.kind == ShellValue::Kind::kMap) return Status::OK();
  return ShellError(command,
                    "expected a {KEY => value} map, got " + options.Describe());
}

// The options get and scan share; false when `key` is not one of them.
// `timestamp` receives TIMESTAMP (applied after the loop: TIMERANGE wins).
template <typename Query>
Result<bool> CommonOption(const std::string& command, const std::string& key,
                          const ShellValue& value, Query* q,
                          ShellCellFormat* format,
                          std::optional<int64_t>* timestamp, bool* has_range) {
  if (key == "COLUMN" || key == "COLUMNS") {
    q->families.clear();
    q->columns.clear();
    OBKV_RETURN_IF_ERROR(
        ReadShellProjection(command, value, &q->families, &q->columns, format));
  } else if (key == "VERSIONS") {
    OBKV_ASSIGN_OR_RETURN(q->max_versions, ShellCount(command, value, key));
  } else if (key == "TIMERANGE") {
    OBKV_ASSIGN_OR_RETURN(q->time_range, ShellTimeRange(command, value));
    *has_range = true;
  } else if (key == "TIMESTAMP") {
    OBKV_ASSIGN_OR_RETURN(int64_t ts, ShellInteger(command, value, key, 0));
    *timestamp = ts;
  } else if (key == "FILTER") {
    // table.rb hands any FILTER string to ParseFilter, an empty one too.
    OBKV_ASSIGN_OR_RETURN(std::string text, ShellString(command, value, key));
    Result<std::string> filter = server::SentFilterString(std::move(text));
    if (!filter.ok()) return filter.status().WithPrefix(command);
    q->filter = std::move(filter).value();
  } else if (key == "MAXLENGTH") {
    OBKV_ASSIGN_OR_RETURN(int64_t n, ShellInteger(command, value, key, 0));
    format->set_max_length(n);
  } else if (key == "FORMATTER") {
    OBKV_ASSIGN_OR_RETURN(std::string text, ShellString(command, value, key));
    Result<ShellFormatter> f = ParseShellFormatter(text);
    if (!f.ok()) return f.status().WithPrefix(command);
    format->set_formatter(*f);
  } else if (key == "FORMATTER_CLASS") {
    OBKV_ASSIGN_OR_RETURN(std::string text, ShellString(command, value, key));
    if (text != kHBaseBytesClass) {
      return ShellError(command, "FORMATTER_CLASS must be " +
                                     std::string(kHBaseBytesClass) + ", got '" +
                                     text + "'");
    }
  } else {
    return false;
  }
  return true;
}

// CACHE_BLOCKS: true or false, also as a string (count.rb accepts both).
Status CacheBlocks(const std::string& command, const ShellValue& value) {
  if (value.kind == ShellValue::Kind::kString &&
      (value.text == "true" || value.text == "false")) {
    return Status::OK();
  }
  return ShellBool(command, value, "CACHE_BLOCKS").status();
}

// What only scan takes; false when `key` is not one of them.
Result<bool> ScanOption(const std::string& command, const std::string& key,
                        const ShellValue& value, Scan* scan,
                        std::optional<std::string>* prefix) {
  if (key == "STARTROW") {
    OBKV_ASSIGN_OR_RETURN(scan->start_row, ShellString(command, value, key));
  } else if (key == "STOPROW" || key == "ENDROW") {
    OBKV_ASSIGN_OR_RETURN(scan->stop_row, ShellString(command, value, key));
  } else if (key == "ROWPREFIXFILTER") {
    OBKV_ASSIGN_OR_RETURN(*prefix, ShellString(command, value, key));
  } else if (key == "LIMIT") {
    // table.rb's scan stops only when LIMIT > 0: LIMIT => 0 scans all.
    OBKV_ASSIGN_OR_RETURN(int64_t limit, ShellInteger(command, value, key, 0));
    if (limit > 0) scan->limit = limit;
  } else if (key == "BATCH") {
    OBKV_ASSIGN_OR_RETURN(scan->batch, ShellCount(command, value, key));
  } else if (key == "REVERSED") {
    OBKV_ASSIGN_OR_RETURN(scan->reversed, ShellBool(command, value, key));
  } else if (key == "RAW") {
    OBKV_ASSIGN_OR_RETURN(bool raw, ShellBool(command, value, key));
    if (raw) {
      return ShellError(command,
                        "RAW => true is not supported: deletes are physical "
                        "here, as in OBKV-HBase, so there are no delete "
                        "markers or deleted versions to show");
    }
  } else if (key == "CACHE") {
    // Rows per RPC (table.rb: setCaching when > 0); changes no result here.
    OBKV_ASSIGN_OR_RETURN(int64_t cache, ShellInteger(command, value, key, 0));
    if (cache > 0)
      scan->caching = static_cast<int>(std::min<int64_t>(cache, INT32_MAX));
  } else if (key == "CACHE_BLOCKS") {
    // HBase's block cache; no effect here.
    OBKV_RETURN_IF_ERROR(CacheBlocks(command, value));
  } else {
    return false;
  }
  return true;
}

}  // namespace

Status ReadGetOptions(const std::string& command, const ShellValue& options,
                      Get* get, ShellCellFormat* format) {
  OBKV_RETURN_IF_ERROR(NeedsMap(command, options));
  std::optional<int64_t> timestamp;
  bool has_range = false;
  for (const auto& [key, value] : options.entries) {
    OBKV_ASSIGN_OR_RETURN(
        bool known,
        CommonOption(command, key, value, get, format, &timestamp, &has_range));
    if (!known) return ShellError(command, "unknown option " + key);
  }
  if (timestamp && !has_range) get->timestamp = timestamp;
  return Status::OK();
}

Status ReadScanOptions(const std::string& command, const ShellValue& options,
                       Scan* scan, ShellCellFormat* format,
                       const ExtraOption& extra) {
  OBKV_RETURN_IF_ERROR(NeedsMap(command, options));
  std::optional<int64_t> timestamp;
  bool has_range = false;
  std::optional<std::string> prefix;
  for (const auto& [key, value] : options.entries) {
    OBKV_ASSIGN_OR_RETURN(
        bool known, CommonOption(command, key, value, scan, format, &timestamp,
                                 &has_range));
    if (known) continue;
    OBKV_ASSIGN_OR_RETURN(known,
                          ScanOption(command, key, value, scan, &prefix));
    if (known) continue;
    if (extra) {
      OBKV_ASSIGN_OR_RETURN(known, extra(key, value));
      if (known) continue;
    }
    return ShellError(command, "unknown option " + key);
  }
  if (timestamp && !has_range) {
    if (*timestamp == std::numeric_limits<int64_t>::max()) {
      return ShellError(command, "TIMESTAMP must be below 9223372036854775807");
    }
    scan->time_range = TimeRange::Exactly(*timestamp);
  }
  if (prefix) {
    // Scan.setRowPrefixFilter: the prefix's first and last rows replace
    // STARTROW and STOPROW.
    scan->start_row.clear();
    scan->stop_row.clear();
    scan->prefix = *prefix;
  }
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
