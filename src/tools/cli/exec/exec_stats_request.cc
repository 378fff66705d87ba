// Copyright (c) obkvlite authors.
//
// ParseExecStats (exec_stats.h): the request half of exec's stats op, apart
// from running it, so the exec request fuzzer links it alone.
#include <limits>

#include "obkvlite/request_report.h"
#include "tools/cli/exec/exec_fields.h"
#include "tools/cli/exec/exec_stats.h"

namespace obkvlite {
namespace cli {
namespace {

// A time member: integer ms, or a string in ms or ISO-8601 UTC.
Result<int64_t> ReadTime(const JsonFields& f, std::string_view key,
                         int64_t absent) {
  const nlohmann::json* v = f.Get(key);
  if (v == nullptr) return absent;
  if (v->is_string()) {
    return ParseTimeMs(v->get<std::string>(), f.PathOf(key));
  }
  OBKV_ASSIGN_OR_RETURN(
      std::optional<int64_t> ms,
      f.OptionalInteger(key, 0, std::numeric_limits<int64_t>::max(),
                        "ms since the epoch or an ISO-8601 UTC string"));
  return ms.value_or(absent);
}

}  // namespace

Result<ExecStats> ParseExecStats(const JsonFields& f) {
  ExecStats stats;
  OBKV_ASSIGN_OR_RETURN(std::optional<std::string> family,
                        f.OptionalString("family"));
  stats.family = family.value_or("");
  OBKV_ASSIGN_OR_RETURN(stats.since_ms, ReadTime(f, "since", 0));
  OBKV_ASSIGN_OR_RETURN(
      stats.until_ms,
      ReadTime(f, "until", std::numeric_limits<int64_t>::max()));
  OBKV_ASSIGN_OR_RETURN(std::optional<int64_t> nodes,
                        f.OptionalInteger("nodes", 1, 100000, "a node count"));
  stats.nodes = static_cast<int>(nodes.value_or(0));
  return stats;
}

}  // namespace cli
}  // namespace obkvlite
