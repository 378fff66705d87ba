// Copyright (c) obkvlite authors.
#include "tools/cli/exec/exec_fields.h"

#include <limits>
#include <utility>

#include "obkvlite/bytes.h"
#include "tools/cli/column_text.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::json;

}  // namespace

Status InvalidField(const std::string& path, const std::string& rule) {
  return Status::InvalidArgument(path + ": " + rule);
}

Result<std::string> ReadBytes(const JsonFields& f, std::string_view key) {
  OBKV_ASSIGN_OR_RETURN(std::string text, f.String(key));
  return FromStringBinary(text, f.PathOf(key));
}

Result<std::string> ReadOptionalBytes(const JsonFields& f,
                                      std::string_view key) {
  if (!f.Has(key)) return std::string();
  return ReadBytes(f, key);
}

Result<std::optional<int64_t>> ReadTimestamp(const JsonFields& f,
                                             std::string_view key) {
  return f.OptionalInteger(key, 0, kInt64Max, "a non-negative integer (ms)");
}

Result<int> ReadMaxVersions(const JsonFields& f) {
  OBKV_ASSIGN_OR_RETURN(
      std::optional<int64_t> v,
      f.OptionalInteger("max_versions", 1, std::numeric_limits<int>::max(),
                        "a positive integer"));
  return static_cast<int>(v.value_or(1));
}

Result<const json*> ReadArray(const JsonFields& f, std::string_view key,
                              bool non_empty) {
  const json* v = f.Get(key);
  if (v == nullptr) return InvalidField(f.PathOf(key), "required");
  const char* rule =
      non_empty ? "must be a non-empty array" : "must be an array";
  if (!v->is_array() || (non_empty && v->empty())) {
    return InvalidField(f.PathOf(key),
                        std::string(rule) + ", got " + JsonForMessage(*v));
  }
  return v;
}

Result<std::vector<std::string>> ReadStrings(const JsonFields& f,
                                             std::string_view key) {
  std::vector<std::string> out;
  if (!f.Has(key)) return out;
  OBKV_ASSIGN_OR_RETURN(const json* array, ReadArray(f, key, false));
  for (size_t i = 0; i < array->size(); ++i) {
    const json& item = (*array)[i];
    if (!item.is_string()) {
      return InvalidField(IndexPath(f.PathOf(key), i),
                          "must be a string, got " + JsonForMessage(item));
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

Result<std::vector<Column>> ReadColumns(const JsonFields& f) {
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> texts,
                        ReadStrings(f, "columns"));
  std::vector<Column> out;
  for (size_t i = 0; i < texts.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        Column column,
        ParseColumn(texts[i], IndexPath(f.PathOf("columns"), i)));
    out.push_back(std::move(column));
  }
  return out;
}

Result<TimeRange> ReadTimeRange(const JsonFields& f) {
  const json* v = f.Get("time_range");
  if (v == nullptr) return TimeRange::All();
  auto is_ms = [](const json& x) {
    return x.is_number_unsigned() ||
           (x.is_number_integer() && x.get<int64_t>() >= 0);
  };
  auto fits = [](const json& x) {
    return !x.is_number_unsigned() ||
           x.get<uint64_t>() <= static_cast<uint64_t>(kInt64Max);
  };
  if (v->is_array() && v->size() == 2 && is_ms((*v)[0]) && is_ms((*v)[1]) &&
      fits((*v)[0]) && fits((*v)[1]) &&
      (*v)[0].get<int64_t>() <= (*v)[1].get<int64_t>()) {
    TimeRange range;
    range.min_ms = (*v)[0].get<int64_t>();
    range.max_ms = (*v)[1].get<int64_t>();
    return range;
  }
  return InvalidField(
      f.PathOf("time_range"),
      "must be [min, max) with 0 <= min <= max, got " + JsonForMessage(*v));
}

}  // namespace cli
}  // namespace obkvlite
