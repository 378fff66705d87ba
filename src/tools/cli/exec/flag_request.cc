// Copyright (c) obkvlite authors.
#include "tools/cli/exec/flag_request.h"

#include <memory>
#include <ostream>

#include "tools/cli/exec/exec_executor.h"
#include "tools/cli/exec/exec_request.h"
#include "tools/cli/exec/exec_response.h"
#include "tools/cli/print_cells.h"

namespace obkvlite {
namespace cli {

int RunFlagRequest(const char* command, const nlohmann::json& request,
                   StoreAccess access, OutputForm form, CliContext& ctx) {
  if (!ctx.RequireStore(command)) return ctx.exit_code;
  Result<ExecRequest> parsed = ParseExecRequestJson(request);
  if (!parsed.ok()) return ctx.Fail(parsed.status());
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, access);
  if (!store.ok()) return ctx.Fail(store.status());
  if (form == OutputForm::kJson) {
    Result<ExecResponse> response = ExecuteRequest(**store, *parsed);
    if (!response.ok()) return ctx.Fail(response.status());
    *ctx.out << FormatExecResponse(*response) << "\n";
    return kExitOk;
  }
  // Human output streams a scan: a cell is printed as soon as it is read.
  std::ostream& out = *ctx.out;
  Result<ExecResponse> response = ExecuteRequest(
      **store, *parsed,
      [&out](const Cell& cell) { out << FormatCell(cell) << "\n"; });
  if (!response.ok()) return ctx.Fail(response.status());
  PrintCells(response->cells, out);
  return kExitOk;
}

}  // namespace cli
}  // namespace obkvlite
