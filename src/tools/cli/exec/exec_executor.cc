// Copyright (c) obkvlite authors.
#include "tools/cli/exec/exec_executor.h"

#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "tools/cli/exec/exec_stats.h"

namespace obkvlite {
namespace cli {
namespace {

ExecResponse CellsOf(RowResult&& row) {
  return ExecResponse::Cells(std::move(row.cells));
}

// The cells of every row `scanner` returns, into `sink` or the response.
Result<ExecResponse> DrainScanner(std::unique_ptr<Scanner> scanner,
                                  const CellSink& sink) {
  std::vector<Cell> cells;
  RowResult row;
  while (scanner->Next(&row)) {
    for (Cell& cell : row.cells) {
      if (sink) {
        sink(cell);
      } else {
        cells.push_back(std::move(cell));
      }
    }
  }
  OBKV_RETURN_IF_ERROR(scanner->status());
  return ExecResponse::Cells(std::move(cells));
}

Result<ExecResponse> RunScan(Table& table, const Scan& scan,
                             const CellSink& sink) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        table.GetScanner(scan));
  return DrainScanner(std::move(scanner), sink);
}

Result<ExecResponse> RunIndexScan(Table& table, const IndexScan& scan,
                                  const CellSink& sink) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        table.GetIndexScanner(scan));
  return DrainScanner(std::move(scanner), sink);
}

// The result of one batch op: the shape its single-op form returns.
ExecResponse BatchItemResponse(const Mutation& mutation,
                               MutationResult&& result) {
  if (std::holds_alternative<Increment>(mutation) ||
      std::holds_alternative<Append>(mutation)) {
    return ExecResponse::Cells(std::move(result.cells));
  }
  if (std::holds_alternative<CheckAndMutate>(mutation)) {
    return ExecResponse::Success(result.success);
  }
  return ExecResponse::Ok();
}

Result<ExecResponse> RunBatch(Table& table, const ExecBatch& batch) {
  OBKV_ASSIGN_OR_RETURN(std::vector<MutationResult> results,
                        table.Batch(batch.mutations));
  if (results.size() != batch.mutations.size()) {
    return Status::Corruption("batch: " + std::to_string(results.size()) +
                              " results for " +
                              std::to_string(batch.mutations.size()) + " ops");
  }
  std::vector<ExecResponse> items;
  for (size_t i = 0; i < results.size(); ++i) {
    items.push_back(
        BatchItemResponse(batch.mutations[i], std::move(results[i])));
  }
  return ExecResponse::Results(std::move(items));
}

Result<ExecResponse> Run(Table& table, const ExecOperation& operation,
                         const CellSink& scan_sink) {
  return std::visit(
      [&table, &scan_sink](const auto& op) -> Result<ExecResponse> {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, Put>) {
          OBKV_RETURN_IF_ERROR(table.Put(op));
          return ExecResponse::Ok();
        } else if constexpr (std::is_same_v<T, Get>) {
          OBKV_ASSIGN_OR_RETURN(RowResult row, table.Get(op));
          return CellsOf(std::move(row));
        } else if constexpr (std::is_same_v<T, Scan>) {
          return RunScan(table, op, scan_sink);
        } else if constexpr (std::is_same_v<T, Delete>) {
          OBKV_RETURN_IF_ERROR(table.Delete(op));
          return ExecResponse::Ok();
        } else if constexpr (std::is_same_v<T, Increment>) {
          OBKV_ASSIGN_OR_RETURN(RowResult row, table.Increment(op));
          return CellsOf(std::move(row));
        } else if constexpr (std::is_same_v<T, Append>) {
          OBKV_ASSIGN_OR_RETURN(RowResult row, table.Append(op));
          return CellsOf(std::move(row));
        } else if constexpr (std::is_same_v<T, CheckAndMutate>) {
          OBKV_ASSIGN_OR_RETURN(bool success, table.CheckAndMutate(op));
          return ExecResponse::Success(success);
        } else if constexpr (std::is_same_v<T, IndexScan>) {
          return RunIndexScan(table, op, scan_sink);
        } else if constexpr (std::is_same_v<T, ExecStats>) {
          return Status::InvalidArgument("op: stats runs on the store");
        } else {
          static_assert(std::is_same_v<T, ExecBatch>);
          return RunBatch(table, op);
        }
      },
      operation);
}

}  // namespace

Result<ExecResponse> ExecuteRequest(Store& store, const ExecRequest& request,
                                    const CellSink& scan_sink) {
  if (const auto* stats = std::get_if<ExecStats>(&request.operation)) {
    return RunExecStats(store, request.table, *stats);
  }
  OBKV_ASSIGN_OR_RETURN(Table * table, store.GetTable(request.table));
  return Run(*table, request.operation, scan_sink);
}

std::string RunExecLine(Store& store, std::string_view line, bool* ok) {
  Result<ExecRequest> request = ParseExecRequest(line);
  if (!request.ok()) {
    *ok = false;
    return FormatExecError(request.status());
  }
  Result<ExecResponse> response = ExecuteRequest(store, *request);
  *ok = response.ok();
  return FormatExecResult(response);
}

}  // namespace cli
}  // namespace obkvlite
