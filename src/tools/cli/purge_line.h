// Copyright (c) obkvlite authors.
//
// The line that reports a purge (obkv purge, and the shell's flush,
// compact and major_compact):
//   purged t: 3 expired cells, 2 excess versions[, 1 partitions cleared]
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_PURGE_LINE_H_
#define OBKVLITE_TOOLS_CLI_PURGE_LINE_H_

#include <string>

#include "obkvlite/table.h"

namespace obkvlite {
namespace cli {

std::string PurgeLine(const std::string& table, const PurgeStats& stats);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_PURGE_LINE_H_
