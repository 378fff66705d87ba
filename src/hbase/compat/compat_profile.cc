// Copyright (c) obkvlite authors.
//
// The profile names of obkvlite/compat.h.

#include <string>

#include "obkvlite/compat.h"

namespace obkvlite {

const char* CompatProfileName(CompatProfile profile) {
  return profile == CompatProfile::kObkv ? "obkv" : "hbase";
}

Result<CompatProfile> ParseCompatProfile(std::string_view text) {
  if (text == "hbase") return CompatProfile::kHBase;
  if (text == "obkv") return CompatProfile::kObkv;
  return Status::InvalidArgument("compat: expected hbase or obkv, got '" +
                                 std::string(text) + "'");
}

}  // namespace obkvlite
