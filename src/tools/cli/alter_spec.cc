// Copyright (c) obkvlite authors.
#include "tools/cli/alter_spec.h"

namespace obkvlite {
namespace cli {

Result<TableSpec> AlteredSpec(const TableSpec& current,
                              const std::vector<FamilyAlter>& alters) {
  nlohmann::json doc = nlohmann::json::parse(current.json);
  nlohmann::json& families = doc["families"];
  for (const FamilyAlter& alter : alters) {
    const std::string name = alter.family.at("name").get<std::string>();
    auto it = families.begin();
    while (it != families.end() && (*it)["name"] != name) ++it;
    if (alter.remove) {
      if (it == families.end()) {
        return Status::InvalidArgument("family: table '" + current.name +
                                       "' has no family '" + name + "'");
      }
      if (families.size() == 1) {
        return Status::InvalidArgument(
            "family: '" + name + "' is the only family of table '" +
            current.name + "'; a table keeps at least one (drop the table)");
      }
      families.erase(it);
      continue;
    }
    if (it != families.end()) {
      it->merge_patch(alter.family);
      continue;
    }
    nlohmann::json added = nlohmann::json::object();
    added.merge_patch(alter.family);
    if (doc.value("layout", "") != "timeseries" &&
        !added.contains("max_versions")) {
      added["max_versions"] = 1;
    }
    families.push_back(std::move(added));
  }
  return ParseTableSpec(doc.dump());
}

}  // namespace cli
}  // namespace obkvlite
