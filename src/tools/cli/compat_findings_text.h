// Copyright (c) obkvlite authors.
//
// `obkv compat`'s two renderings of the findings report
// (obkvlite/compat.h's CompatReportLine).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_COMPAT_FINDINGS_TEXT_H_
#define OBKVLITE_TOOLS_CLI_COMPAT_FINDINGS_TEXT_H_

#include <string>
#include <vector>

#include "obkvlite/compat.h"

namespace obkvlite {
namespace cli {

// A heading, then one line per report line:
//   t  scan  C-25  x3  [rest 1, thrift 2]  FIRST .. LAST  REASON; OBKV: ERROR
// or one line saying there is no finding.
std::string RenderFindingsText(const std::vector<CompatReportLine>& lines);

// {"findings": [{"table", "operation", "rule", "reason", "obkv_error",
// "count", "surfaces": {...}, "first_seen_ms", "last_seen_ms"}, ...]}.
std::string RenderFindingsJson(const std::vector<CompatReportLine>& lines);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_COMPAT_FINDINGS_TEXT_H_
