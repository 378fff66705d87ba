// Copyright (c) obkvlite authors.
//
// ExecResponse: the result line of one `obkv exec` request (DESIGN §5), and
// its exact JSON text. Keys come in this order:
//   {"ok":true}
//   {"ok":true,"cells":[{"row":..,"family":..,"qualifier":..,"ts":..,
//                        "value":..}]}
//   {"ok":true,"success":true}
//   {"ok":true,"results":[<one result per batch op>]}
//   {"ok":true,"stats":<the request report, RenderRequestReportJson>}
//   {"ok":false,"error":{"code":"InvalidArgument","message":".."}}
// Rows, families, qualifiers and values are written with
// Bytes.toStringBinary, so every line is printable ASCII (an error message
// echoing invalid UTF-8 gets U+FFFD).
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_TOOLS_CLI_EXEC_EXEC_RESPONSE_H_
#define OBKVLITE_TOOLS_CLI_EXEC_EXEC_RESPONSE_H_

#include <string>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

struct ExecResponse {
  enum class Kind {
    kOk,       // put, delete
    kCells,    // get, scan, increment, append
    kSuccess,  // check_and_mutate
    kResults,  // batch
    kStats,    // stats
  };

  Kind kind = Kind::kOk;
  std::vector<Cell> cells;            // kCells
  bool success = false;               // kSuccess
  std::vector<ExecResponse> results;  // kResults
  std::string stats_json;             // kStats: one JSON object

  static ExecResponse Ok() { return ExecResponse(); }
  static ExecResponse Cells(std::vector<Cell> cells);
  static ExecResponse Success(bool success);
  static ExecResponse Results(std::vector<ExecResponse> results);
  static ExecResponse Stats(std::string stats_json);
};

// One JSON line, without the trailing newline.
std::string FormatExecResponse(const ExecResponse& response);
// The error line; REQUIRED: !status.ok().
std::string FormatExecError(const Status& status);
// Either of the above.
std::string FormatExecResult(const Result<ExecResponse>& result);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_EXEC_EXEC_RESPONSE_H_
