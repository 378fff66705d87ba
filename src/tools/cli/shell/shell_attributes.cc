// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_attributes.h"

#include <set>
#include <string_view>

#include "tools/cli/shell/shell_args.h"

namespace obkvlite {
namespace cli {
namespace {

// Why an attribute changes nothing here; nullptr for other keys.
const char* NoEffectReason(std::string_view key) {
  if (key == "ATTRIBUTES") {
    return "attributes are read by HBase's coprocessors, and there are none "
           "here";
  }
  if (key == "REGION_REPLICA_ID") {
    return "there are no region replicas here (CONSISTENCY => 'TIMELINE' "
           "reads weakly)";
  }
  if (key == "METRICS" || key == "ALL_METRICS") {
    return "only a scan prints scan metrics";
  }
  return nullptr;
}

bool TakesAttributes(std::string_view name) {
  static const std::set<std::string_view> kCommands = {
      "get", "scan", "count", "put", "delete", "deleteall", "incr", "append"};
  return kCommands.count(name) > 0;
}

// Commands that take HBase's per-operation cell TTL (table.rb set_op_ttl).
bool TakesCellTtl(std::string_view name) {
  return name == "put" || name == "incr" || name == "append";
}

// Commands whose trailing map holds attributes only.
bool MapIsAttributesOnly(std::string_view name) {
  return name != "get" && name != "scan" && name != "count";
}

}  // namespace

Status TakeOperationAttributes(ShellCommand* c, std::string* notes) {
  if (!TakesAttributes(c->name)) return Status::OK();
  for (ShellValue& arg : c->args) {
    if (arg.kind != ShellValue::Kind::kMap) continue;
    for (size_t i = 0; i < arg.entries.size();) {
      const std::string& key = arg.entries[i].first;
      if (key == "VISIBILITY" || key == "AUTHORIZATIONS") {
        return ShellError(c->name,
                          key +
                              " is refused: obkvlite has no cell visibility "
                              "labels, and accepting them without enforcing "
                              "them would mislead");
      }
      if (key == "CONSISTENCY" && !MapIsAttributesOnly(c->name)) {
        // HBase's Consistency: TIMELINE may read a stale replica, here a
        // weak read (obkvlite/read_consistency.h).
        OBKV_ASSIGN_OR_RETURN(
            std::string name,
            ShellString(c->name, arg.entries[i].second, "CONSISTENCY"));
        if (name == "STRONG") {
          c->consistency = ReadConsistency::kStrong;
        } else if (name == "TIMELINE") {
          c->consistency = ReadConsistency::kWeak;
        } else {
          return ShellError(c->name,
                            "CONSISTENCY must be 'STRONG' or "
                            "'TIMELINE', got '" +
                                name + "'");
        }
        arg.entries.erase(arg.entries.begin() + static_cast<long>(i));
        continue;
      }
      if (key == "TTL" && TakesCellTtl(c->name)) {
        OBKV_ASSIGN_OR_RETURN(
            c->op_ttl_ms,
            ShellInteger(c->name, arg.entries[i].second, "TTL", 0));
        arg.entries.erase(arg.entries.begin() + static_cast<long>(i));
        continue;
      }
      if ((key == "METRICS" || key == "ALL_METRICS") && c->name == "scan") {
        ++i;  // the scan prints them (shell_scan_metrics.h)
        continue;
      }
      const char* reason = NoEffectReason(key);
      if (reason == nullptr) {
        ++i;
        continue;
      }
      *notes += "NOTE: " + key + " has no effect here: " + reason + "\n";
      arg.entries.erase(arg.entries.begin() + static_cast<long>(i));
    }
  }
  if (MapIsAttributesOnly(c->name) && !c->args.empty() &&
      c->args.back().kind == ShellValue::Kind::kMap &&
      c->args.back().entries.empty()) {
    c->args.pop_back();
  }
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
