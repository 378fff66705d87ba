// Copyright (c) obkvlite authors.
#include "spec/spec_json_edit.h"

#include <map>

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace {

const char* StrategyText(PartitionStrategy s) {
  switch (s) {
    case PartitionStrategy::kNone:
      return "none";
    case PartitionStrategy::kKey:
      return "key";
    case PartitionStrategy::kRange:
      return "range";
    case PartitionStrategy::kRangeKey:
      return "range_key";
    case PartitionStrategy::kKeyRange:
      return "key_range";
  }
  return "none";
}

nlohmann::json BoundJson(const RangeBound& b, RangeColumn column) {
  if (b.is_maxvalue) return "MAXVALUE";
  if (column == RangeColumn::kG) return b.ts_ms;
  return ToStringBinary(b.key);
}

}  // namespace

nlohmann::json PartitionSpecToJson(const PartitionSpec& p) {
  nlohmann::json out = nlohmann::json::object();
  out["strategy"] = StrategyText(p.strategy);
  if (p.strategy == PartitionStrategy::kNone) return out;
  if (p.strategy == PartitionStrategy::kKey ||
      p.strategy == PartitionStrategy::kKeyRange) {
    out["partitions"] = p.key_partitions;
  }
  if (p.strategy == PartitionStrategy::kRangeKey) {
    out["subpartitions"] = p.key_partitions;
  }
  if (p.strategy == PartitionStrategy::kRange) {
    out["column"] = p.range_column == RangeColumn::kG ? "G" : "K";
  }
  if (p.HasRangeLevel()) {
    nlohmann::json bounds = nlohmann::json::array();
    for (const RangeBound& b : p.bounds) {
      bounds.push_back(BoundJson(b, p.range_column));
    }
    out["bounds"] = std::move(bounds);
    // Names are written only once they differ from p<i>.
    bool default_names = true;
    for (size_t i = 0; i < p.names.size(); ++i) {
      default_names = default_names && p.names[i] == "p" + std::to_string(i);
    }
    if (!default_names) out["names"] = p.names;
  }
  if (p.HasKeyLevel()) {
    if (p.prefix_length > 0) out["prefix_length"] = p.prefix_length;
    if (p.hash == HashFunction::kMurmur3) out["hash"] = "murmur3";
  }
  return out;
}

Result<TableSpec> EditSpecJson(
    const TableSpec& spec, const std::function<Status(nlohmann::json&)>& edit) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(spec.json);
  } catch (const std::exception& e) {
    return Status::Corruption("spec of table '" + spec.name +
                              "': not JSON: " + e.what());
  }
  try {
    OBKV_RETURN_IF_ERROR(edit(doc));
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("spec: ") + e.what());
  }
  return ParseTableSpec(doc.dump());
}

Result<TableSpec> WithFamilyPartitions(
    const TableSpec& spec,
    const std::vector<std::pair<std::string, PartitionSpec>>& partitions) {
  return EditSpecJson(spec, [&](nlohmann::json& doc) -> Status {
    std::map<std::string, nlohmann::json> wanted;
    for (const auto& [family, p] : partitions) {
      wanted[family] = PartitionSpecToJson(p);
    }
    nlohmann::json& families = doc["families"];
    // The families that take the table's partition, and whether all of
    // them get one and the same new partition.
    bool table_level = doc.contains("partition");
    std::optional<nlohmann::json> shared;
    for (const nlohmann::json& f : families) {
      if (f.contains("partition")) continue;
      auto it = wanted.find(f.at("name").get<std::string>());
      if (it == wanted.end() || (shared && *shared != it->second)) {
        table_level = false;
        break;
      }
      shared = it->second;
    }
    if (table_level && shared) {
      doc["partition"] = *shared;
      for (nlohmann::json& f : families) {
        auto it = wanted.find(f.at("name").get<std::string>());
        if (it != wanted.end() && f.contains("partition")) {
          f["partition"] = it->second;
        }
      }
      return Status::OK();
    }
    for (nlohmann::json& f : families) {
      auto it = wanted.find(f.at("name").get<std::string>());
      if (it != wanted.end()) f["partition"] = it->second;
    }
    return Status::OK();
  });
}

}  // namespace obkvlite
