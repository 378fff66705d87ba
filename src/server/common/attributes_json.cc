// Copyright (c) obkvlite authors.
#include "server/common/attributes_json.h"

namespace obkvlite {
namespace server {

Result<nlohmann::json> HBaseAttributesJson(
    const std::map<std::string, std::string>& attributes,
    HBaseAttributeScope scope, const std::string& path) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [k, v] : attributes) {
    Result<std::string> canonical = CanonicalHBaseAttribute(scope, k, v);
    if (canonical.ok()) {
      out[k] = *canonical;
    } else if (canonical.status().IsNotFound()) {
      out["METADATA"][k] = v;
    } else {
      return Status::InvalidArgument(path + "." + canonical.status().message());
    }
  }
  return out;
}

}  // namespace server
}  // namespace obkvlite
