// Copyright (c) obkvlite authors.
#include "spec/spec_change_check.h"

#include <nlohmann/json.hpp>

#include "spec/spec_json_edit.h"

namespace obkvlite {
namespace {

nlohmann::json Member(const std::string& json, const char* key) {
  try {
    const nlohmann::json doc = nlohmann::json::parse(json);
    return doc.contains(key) ? doc.at(key) : nlohmann::json();
  } catch (const std::exception&) {
    return nlohmann::json();
  }
}

}  // namespace

Status CheckSpecChange(const TableSpec& before, const TableSpec& after) {
  if (after.name != before.name) {
    return Status::InvalidArgument("table: '" + after.name +
                                   "' is not the table being altered ('" +
                                   before.name + "')");
  }
  if (after.layout != before.layout) {
    return Status::InvalidArgument(
        "layout: a table's layout cannot change (copy the rows into a new "
        "table instead)");
  }
  if (Member(after.json, "rowkey") != Member(before.json, "rowkey")) {
    return Status::InvalidArgument(
        "rowkey: a table's rowkey design cannot change (its keys are "
        "stored); create a new table and copy the rows");
  }
  for (const IndexSpec& index : before.indexes) {
    std::vector<std::string> families{index.family};
    for (const IndexColumn& c : index.covered) families.push_back(c.family);
    for (const std::string& f : families) {
      if (after.FindFamily(f) != nullptr) continue;
      return Status::InvalidArgument(
          "families: family '" + f + "' holds columns of index '" + index.name +
          "' and cannot be deleted while the index exists");
    }
  }
  if (Member(after.json, "indexes") != Member(before.json, "indexes")) {
    return Status::InvalidArgument(
        "indexes: a table's indexes cannot change with alter (create a "
        "table with the new indexes, load the rows into it, or run `obkv "
        "index rebuild` after writing them)");
  }
  if (after.disabled != before.disabled) {
    return Status::InvalidArgument(
        "disabled: use disable / enable to change a table's state");
  }
  for (size_t i = 0; i < after.families.size(); ++i) {
    const FamilySpec& f = after.families[i];
    const FamilySpec* old = before.FindFamily(f.name);
    if (old == nullptr) continue;
    const std::string path = "families[" + std::to_string(i) + "]";
    if (f.longblob != old->longblob ||
        f.value_max_bytes != old->value_max_bytes) {
      return Status::InvalidArgument(
          path + ".value_type: family '" + f.name +
          "' keeps its value type (a new one needs a new family)");
    }
    if (f.cell_ttl != old->cell_ttl) {
      return Status::InvalidArgument(
          path + ".cell_ttl: family '" + f.name +
          "' keeps its cell_ttl (a family with the other needs a new name)");
    }
    if (PartitionSpecToJson(f.partition) !=
        PartitionSpecToJson(old->partition)) {
      return Status::InvalidArgument(
          path + ".partition: family '" + f.name +
          "' changes its partitions through `obkv partition` (add, split, "
          "merge, drop, truncate, rehash), not alter");
    }
  }
  return Status::OK();
}

}  // namespace obkvlite
