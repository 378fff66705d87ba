// Copyright (c) obkvlite authors.
//
// AlteredSpec: a table's spec with HBase-style family changes applied, for
// `obkv alter` and the shell's alter (as admin.rb's alter does it): each
// change names a family; a name the table has is updated with the members
// the change sets (a JSON merge patch, so a null member removes it, e.g.
// "ttl_seconds": null for TTL => FOREVER), a new name adds the family
// (VERSIONS 1 unless set, as create), and a delete removes it.
//
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_ALTER_SPEC_H_
#define OBKVLITE_TOOLS_CLI_ALTER_SPEC_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

struct FamilyAlter {
  bool remove = false;
  // {"name": ..., members to set}; only "name" for a remove.
  nlohmann::json family;
};

// InvalidArgument naming the family for a delete of a family the table
// does not have, or of its last family.
Result<TableSpec> AlteredSpec(const TableSpec& current,
                              const std::vector<FamilyAlter>& alters);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_ALTER_SPEC_H_
