// Copyright (c) obkvlite authors.
#include "spec/partition_policy_parser.h"

#include <cctype>
#include <regex>

#include "spec/json_fields.h"

namespace obkvlite {
namespace {

constexpr int64_t kMaxWindowUnits = 8192;

const char* StrategyName(PartitionStrategy s) {
  switch (s) {
    case PartitionStrategy::kNone:
      return "none";
    case PartitionStrategy::kKey:
      return "KEY";
    case PartitionStrategy::kRange:
      return "RANGE";
    case PartitionStrategy::kRangeKey:
      return "RANGE + KEY";
    case PartitionStrategy::kKeyRange:
      return "KEY + RANGE";
  }
  return "none";
}

std::string Described(const PartitionSpec& p) {
  std::string out = StrategyName(p.strategy);
  if (p.strategy == PartitionStrategy::kRange) {
    out += p.range_column == RangeColumn::kG ? " on G" : " on K";
  }
  return out;
}

}  // namespace

Status ParseTimeWindow(const nlohmann::json* time_window,
                       const std::string& path, FamilySpec* family) {
  if (time_window == nullptr) return Status::OK();
  JsonFields fields(*time_window, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(fields.CheckKnown({"unit", "precreate", "expire"}));
  const PartitionSpec& p = family->partition;
  // The window's partitions are first-level ranges on G.
  const bool range_on_g = (p.strategy == PartitionStrategy::kRange &&
                           p.range_column == RangeColumn::kG) ||
                          p.strategy == PartitionStrategy::kRangeKey;
  if (!range_on_g) {
    return Status::InvalidArgument(
        path +
        ": needs a first-level RANGE partitioning on G (\"range\" with "
        "\"column\": \"G\", or \"range_key\"), the family has " +
        Described(p));
  }
  TimeWindow window;
  OBKV_ASSIGN_OR_RETURN(std::string unit, fields.String("unit"));
  if (unit == "hour") {
    window.unit = TimeUnit::kHour;
  } else if (unit == "day") {
    window.unit = TimeUnit::kDay;
  } else if (unit == "week") {
    window.unit = TimeUnit::kWeek;
  } else if (unit == "month") {
    window.unit = TimeUnit::kMonth;
  } else {
    return Status::InvalidArgument(fields.PathOf("unit") +
                                   ": must be \"hour\", \"day\", \"week\" or "
                                   "\"month\", got " +
                                   JsonForMessage(*fields.Get("unit")));
  }
  OBKV_ASSIGN_OR_RETURN(
      auto precreate,
      fields.OptionalInteger("precreate", 1, kMaxWindowUnits,
                             "an integer between 1 and 8192 (units)"));
  window.precreate = static_cast<int>(precreate.value_or(1));
  OBKV_ASSIGN_OR_RETURN(
      auto expire,
      fields.OptionalInteger("expire", 1, kMaxWindowUnits,
                             "an integer between 1 and 8192 (units)"));
  window.expire = static_cast<int>(expire.value_or(0));
  family->time_window = window;
  return Status::OK();
}

Status ParseAutoSplit(const nlohmann::json* auto_split, const std::string& path,
                      FamilySpec* family) {
  if (auto_split == nullptr) return Status::OK();
  JsonFields fields(*auto_split, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(fields.CheckKnown({"max_cells", "size"}));
  const PartitionSpec& p = family->partition;
  if (p.strategy != PartitionStrategy::kRange ||
      p.range_column != RangeColumn::kK) {
    return Status::InvalidArgument(
        path +
        ": OceanBase splits automatically only first-level RANGE COLUMNS(K) "
        "partitions without subpartitions (seed 003), the family has " +
        Described(p));
  }
  OBKV_ASSIGN_OR_RETURN(
      family->auto_split_max_cells,
      fields.Integer("max_cells", 2, int64_t{1} << 62,
                     "an integer of at least 2 (stored cells)"));
  OBKV_ASSIGN_OR_RETURN(auto size, fields.OptionalString("size"));
  if (size) {
    // OceanBase's SIZE('...'): a number and MB, GB or TB, at least 128MB.
    static const std::regex kSize("([1-9][0-9]{0,6})(MB|GB|TB)",
                                  std::regex::icase);
    std::smatch m;
    const bool ok = size->size() <= 12 && std::regex_match(*size, m, kSize);
    const int64_t mb =
        ok ? std::stoll(m[1].str()) *
                 (std::toupper(static_cast<unsigned char>(m[2].str()[0])) == 'M'
                      ? 1
                  : std::toupper(static_cast<unsigned char>(m[2].str()[0])) ==
                          'G'
                      ? 1024
                      : 1024 * 1024)
           : 0;
    if (!ok || mb < 128) {
      return Status::InvalidArgument(
          fields.PathOf("size") +
          ": must be a size of at least 128MB such as \"2GB\" (OceanBase's "
          "SIZE), got " +
          JsonForMessage(*fields.Get("size")));
    }
    family->auto_split_size = *size;
  }
  return Status::OK();
}

}  // namespace obkvlite
