// Copyright (c) obkvlite authors.
#include "tools/cli/exec/exec_response.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::ordered_json;

ordered_json CellJson(const Cell& cell) {
  ordered_json j;
  j["row"] = ToStringBinary(cell.row);
  j["family"] = ToStringBinary(cell.family);
  j["qualifier"] = ToStringBinary(cell.qualifier);
  j["ts"] = cell.timestamp;
  j["value"] = ToStringBinary(cell.value);
  return j;
}

ordered_json ResponseJson(const ExecResponse& response) {
  ordered_json j;
  j["ok"] = true;
  switch (response.kind) {
    case ExecResponse::Kind::kOk:
      break;
    case ExecResponse::Kind::kCells: {
      ordered_json cells = ordered_json::array();
      for (const Cell& cell : response.cells) cells.push_back(CellJson(cell));
      j["cells"] = std::move(cells);
      break;
    }
    case ExecResponse::Kind::kSuccess:
      j["success"] = response.success;
      break;
    case ExecResponse::Kind::kResults: {
      ordered_json results = ordered_json::array();
      for (const ExecResponse& r : response.results) {
        results.push_back(ResponseJson(r));
      }
      j["results"] = std::move(results);
      break;
    }
    case ExecResponse::Kind::kStats:
      j["stats"] = ordered_json::parse(response.stats_json);
      break;
  }
  return j;
}

std::string Dump(const ordered_json& j) {
  return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace

ExecResponse ExecResponse::Cells(std::vector<Cell> cells) {
  ExecResponse r;
  r.kind = Kind::kCells;
  r.cells = std::move(cells);
  return r;
}

ExecResponse ExecResponse::Success(bool success) {
  ExecResponse r;
  r.kind = Kind::kSuccess;
  r.success = success;
  return r;
}

ExecResponse ExecResponse::Results(std::vector<ExecResponse> results) {
  ExecResponse r;
  r.kind = Kind::kResults;
  r.results = std::move(results);
  return r;
}

ExecResponse ExecResponse::Stats(std::string stats_json) {
  ExecResponse r;
  r.kind = Kind::kStats;
  r.stats_json = std::move(stats_json);
  return r;
}

std::string FormatExecResponse(const ExecResponse& response) {
  return Dump(ResponseJson(response));
}

std::string FormatExecError(const Status& status) {
  ordered_json error;
  error["code"] = std::string(status.CodeName());
  error["message"] = status.message();
  ordered_json j;
  j["ok"] = false;
  j["error"] = std::move(error);
  return Dump(j);
}

std::string FormatExecResult(const Result<ExecResponse>& result) {
  return result.ok() ? FormatExecResponse(*result)
                     : FormatExecError(result.status());
}

}  // namespace cli
}  // namespace obkvlite
