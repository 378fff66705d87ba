// Copyright (c) obkvlite authors.
#include "spec/partition_spec_parser.h"

#include <cctype>
#include <limits>
#include <set>

#include "obkvlite/bytes.h"
#include "spec/json_fields.h"
#include "spec/partition_plan.h"

namespace obkvlite {
namespace {

constexpr std::string_view kMaxValue = "MAXVALUE";

bool IsPrime(int64_t n) {
  if (n < 2) return false;
  for (int64_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

// Advice from seed 003: KEY counts should be primes such as 97, 193, 389,
// and at most 997.
void AdviseKeyCount(int64_t n, const std::string& path,
                    std::vector<std::string>* warnings) {
  if (n > 997) {
    warnings->push_back(path + ": " + std::to_string(n) +
                        " partitions is over 997, OBKV's recommended "
                        "maximum");
  } else if (!IsPrime(n)) {
    warnings->push_back(path + ": " + std::to_string(n) +
                        " is not prime; OBKV recommends a prime such as 97, "
                        "193 or 389");
  }
}

Result<int> ReadKeyCount(const JsonFields& fields, std::string_view key,
                         std::vector<std::string>* warnings) {
  OBKV_ASSIGN_OR_RETURN(
      int64_t n,
      fields.Integer(key, 1, kMaxPartitions, "an integer between 1 and 8192"));
  AdviseKeyCount(n, fields.PathOf(key), warnings);
  return static_cast<int>(n);
}

Status ReadKeyOptions(const JsonFields& fields, PartitionSpec* spec) {
  OBKV_ASSIGN_OR_RETURN(
      auto prefix, fields.OptionalInteger("prefix_length", 1, kMaxPrefixLength,
                                          "an integer between 1 and 1024"));
  spec->prefix_length = prefix ? static_cast<int>(*prefix) : 0;
  OBKV_ASSIGN_OR_RETURN(auto hash, fields.OptionalString("hash"));
  if (!hash || *hash == "oceanbase") {
    spec->hash = HashFunction::kOceanBase;
  } else if (*hash == "murmur3") {
    spec->hash = HashFunction::kMurmur3;
  } else {
    return Status::InvalidArgument(fields.PathOf("hash") +
                                   ": must be \"oceanbase\" or \"murmur3\", "
                                   "got " +
                                   JsonForMessage(*fields.Get("hash")));
  }
  return Status::OK();
}

Result<RangeBound> ReadBound(const nlohmann::json& value,
                             const std::string& path, RangeColumn column) {
  RangeBound bound;
  if (value.is_string() && value.get<std::string>() == kMaxValue) {
    bound.is_maxvalue = true;
    return bound;
  }
  if (column == RangeColumn::kG) {
    OBKV_ASSIGN_OR_RETURN(
        bound.ts_ms,
        ReadInteger(value, path, 1, std::numeric_limits<int64_t>::max(),
                    "a positive integer timestamp in ms or \"MAXVALUE\""));
    return bound;
  }
  if (!value.is_string()) {
    return Status::InvalidArgument(
        path +
        ": must be a row key string (\\xHH escapes) or \"MAXVALUE\", "
        "got " +
        JsonForMessage(value));
  }
  OBKV_ASSIGN_OR_RETURN(bound.key,
                        FromStringBinary(value.get<std::string>(), path));
  if (bound.key.empty()) {
    return Status::InvalidArgument(path +
                                   ": must not be empty (it would leave the "
                                   "first partition empty)");
  }
  if (bound.key.size() > kMaxRowKeyBytes) {
    return Status::InvalidArgument(path + ": " +
                                   std::to_string(bound.key.size()) +
                                   " bytes, limit 1024 (K is varbinary(1024))");
  }
  return bound;
}

std::string BoundText(const RangeBound& b, RangeColumn column) {
  if (column == RangeColumn::kG) return std::to_string(b.ts_ms);
  return "'" + ToStringBinary(b.key) + "'";
}

Status ReadBounds(const JsonFields& fields, RangeColumn column,
                  PartitionSpec* spec) {
  const std::string path = fields.PathOf("bounds");
  const nlohmann::json* bounds = fields.Get("bounds");
  if (bounds == nullptr) {
    return Status::InvalidArgument(path +
                                   ": required (ascending range "
                                   "bounds, MAXVALUE allowed last)");
  }
  if (!bounds->is_array() || bounds->empty() ||
      bounds->size() > static_cast<size_t>(kMaxPartitions)) {
    return Status::InvalidArgument(
        path + ": must be an array of 1 to 8192 bounds, got " +
        JsonForMessage(*bounds));
  }
  for (size_t i = 0; i < bounds->size(); ++i) {
    const std::string item_path = IndexPath(path, i);
    OBKV_ASSIGN_OR_RETURN(RangeBound bound,
                          ReadBound((*bounds)[i], item_path, column));
    if (!spec->bounds.empty()) {
      const RangeBound& prev = spec->bounds.back();
      if (prev.is_maxvalue) {
        return Status::InvalidArgument(IndexPath(path, i - 1) +
                                       ": MAXVALUE may only be the last bound");
      }
      if (!bound.is_maxvalue && !BoundLess(prev, bound, column)) {
        return Status::InvalidArgument(
            item_path + ": bounds must ascend strictly, but " +
            BoundText(bound, column) + " follows " + BoundText(prev, column));
      }
    }
    spec->bounds.push_back(std::move(bound));
  }
  return Status::OK();
}

// "names": OceanBase's partition names, one per bound, unique in any case.
Status ReadNames(const JsonFields& fields, PartitionSpec* spec) {
  const nlohmann::json* names = fields.Get("names");
  if (names == nullptr) return Status::OK();
  const std::string path = fields.PathOf("names");
  if (!names->is_array() || names->size() != spec->bounds.size()) {
    return Status::InvalidArgument(
        path + ": must be an array of " + std::to_string(spec->bounds.size()) +
        " partition names, one per bound, got " + JsonForMessage(*names));
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < names->size(); ++i) {
    const std::string item_path = IndexPath(path, i);
    const nlohmann::json& name = (*names)[i];
    if (!name.is_string()) {
      return Status::InvalidArgument(item_path + ": must be a string, got " +
                                     JsonForMessage(name));
    }
    const std::string text = name.get<std::string>();
    OBKV_RETURN_IF_ERROR(ValidateIdentifier(text, item_path));
    std::string lower;
    for (char c : text) {
      lower.push_back(
          static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    if (!seen.insert(lower).second) {
      return Status::InvalidArgument(item_path + ": duplicate partition name '" +
                                     text + "'");
    }
    spec->names.push_back(text);
  }
  return Status::OK();
}

Result<RangeColumn> ReadRangeColumn(const JsonFields& fields) {
  OBKV_ASSIGN_OR_RETURN(auto column, fields.OptionalString("column"));
  if (!column || *column == "K") return RangeColumn::kK;
  if (*column == "G") return RangeColumn::kG;
  return Status::InvalidArgument(fields.PathOf("column") +
                                 ": must be \"K\" or \"G\", got " +
                                 JsonForMessage(*fields.Get("column")));
}

}  // namespace

Result<PartitionSpec> ParsePartitionSpec(const nlohmann::json& value,
                                         const std::string& path,
                                         std::vector<std::string>* warnings) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_ASSIGN_OR_RETURN(std::string strategy, fields.String("strategy"));

  PartitionSpec spec;
  if (strategy == "none") {
    spec.strategy = PartitionStrategy::kNone;
    OBKV_RETURN_IF_ERROR(fields.CheckKnown({"strategy"}));
  } else if (strategy == "key") {
    spec.strategy = PartitionStrategy::kKey;
    OBKV_RETURN_IF_ERROR(
        fields.CheckKnown({"strategy", "partitions", "prefix_length", "hash"}));
    OBKV_ASSIGN_OR_RETURN(spec.key_partitions,
                          ReadKeyCount(fields, "partitions", warnings));
    OBKV_RETURN_IF_ERROR(ReadKeyOptions(fields, &spec));
  } else if (strategy == "range") {
    spec.strategy = PartitionStrategy::kRange;
    OBKV_RETURN_IF_ERROR(
        fields.CheckKnown({"strategy", "column", "bounds", "names"}));
    OBKV_ASSIGN_OR_RETURN(spec.range_column, ReadRangeColumn(fields));
    OBKV_RETURN_IF_ERROR(ReadBounds(fields, spec.range_column, &spec));
    OBKV_RETURN_IF_ERROR(ReadNames(fields, &spec));
  } else if (strategy == "range_key") {
    spec.strategy = PartitionStrategy::kRangeKey;
    spec.range_column = RangeColumn::kG;
    OBKV_RETURN_IF_ERROR(fields.CheckKnown(
        {"strategy", "bounds", "names", "subpartitions", "prefix_length",
         "hash"}));
    OBKV_RETURN_IF_ERROR(ReadBounds(fields, RangeColumn::kG, &spec));
    OBKV_RETURN_IF_ERROR(ReadNames(fields, &spec));
    OBKV_ASSIGN_OR_RETURN(spec.key_partitions,
                          ReadKeyCount(fields, "subpartitions", warnings));
    OBKV_RETURN_IF_ERROR(ReadKeyOptions(fields, &spec));
  } else if (strategy == "key_range") {
    spec.strategy = PartitionStrategy::kKeyRange;
    spec.range_column = RangeColumn::kG;
    OBKV_RETURN_IF_ERROR(fields.CheckKnown(
        {"strategy", "partitions", "bounds", "prefix_length", "hash"}));
    OBKV_ASSIGN_OR_RETURN(spec.key_partitions,
                          ReadKeyCount(fields, "partitions", warnings));
    OBKV_RETURN_IF_ERROR(ReadBounds(fields, RangeColumn::kG, &spec));
    OBKV_RETURN_IF_ERROR(ReadKeyOptions(fields, &spec));
  } else {
    return Status::InvalidArgument(
        fields.PathOf("strategy") +
        ": must be one of none, key, range, range_key, key_range; got " +
        JsonForMessage(*fields.Get("strategy")));
  }

  if (spec.IsTwoLevel()) {
    const int64_t total = static_cast<int64_t>(spec.key_partitions) *
                          static_cast<int64_t>(spec.bounds.size());
    if (total > kMaxPartitions) {
      return Status::InvalidArgument(
          path + ": " + std::to_string(spec.bounds.size()) + " x " +
          std::to_string(spec.key_partitions) + " = " + std::to_string(total) +
          " physical partitions, limit 8192");
    }
  }
  return spec;
}

}  // namespace obkvlite
