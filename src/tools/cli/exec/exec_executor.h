// Copyright (c) obkvlite authors.
//
// Runs a parsed ExecRequest against a store: the one place where exec
// requests (and the flag forms of put, get, scan and delete, which build
// exec requests) meet the Table API.
//
// REQUIRED: `store` outlives the call.
// Thread safety: as the Store.

#ifndef OBKVLITE_TOOLS_CLI_EXEC_EXEC_EXECUTOR_H_
#define OBKVLITE_TOOLS_CLI_EXEC_EXEC_EXECUTOR_H_

#include <functional>
#include <string>
#include <string_view>

#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "tools/cli/exec/exec_request.h"
#include "tools/cli/exec/exec_response.h"

namespace obkvlite {
namespace cli {

// Receives a scan's cells as the scanner yields them.
using CellSink = std::function<void(const Cell&)>;

// Executes `request`. A scan's cells are collected into the response (one
// exec line), or, when `scan_sink` is set, handed to it one by one so memory
// does not grow with the result (the response then holds no cells).
Result<ExecResponse> ExecuteRequest(Store& store, const ExecRequest& request,
                                    const CellSink& scan_sink = nullptr);

// Parses and executes one exec line and returns the result line (without
// newline); `*ok` tells whether it succeeded.
std::string RunExecLine(Store& store, std::string_view line, bool* ok);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_EXEC_EXEC_EXECUTOR_H_
