// Copyright (c) obkvlite authors.
//
// The reading commands of ShellSession: get, scan and count, printed as the
// HBase shell prints them (get.rb, scan.rb, count.rb):
//   COLUMN                         CELL
//    f:q                           timestamp=100, value=v
//   1 row(s)
// (scan: ROW / COLUMN+CELL, " r1  column=f:q, timestamp=100, value=v";
// count: "Current count: 1000, row: r999" every INTERVAL rows, then
// "N row(s)").

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>

#include "obkvlite/bytes.h"
#include "tools/cli/count_cells.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_cell_format.h"
#include "tools/cli/shell/shell_columns.h"
#include "tools/cli/shell/shell_read_options.h"
#include "tools/cli/shell/shell_scan_metrics.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

// One line of get (" f:q  timestamp=.., value=..") or of scan
// (" r  column=f:q, timestamp=.., value=..").
Status PrintCell(const ShellCellFormat& format, const Cell& cell, bool scan,
                 std::ostream* out) {
  OBKV_ASSIGN_OR_RETURN(std::string column, format.Column(cell));
  OBKV_ASSIGN_OR_RETURN(std::string text, format.Text(cell));
  if (!scan) {
    *out << ShellTwoColumns(" " + column, text);
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(std::string row, format.Row(cell.row));
  *out << ShellTwoColumns(" " + row, "column=" + column + ", " + text);
  return Status::OK();
}

}  // namespace

Status ShellSession::Get(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(
      c, 2, SIZE_MAX, "'TABLE', 'ROW'[, 'F:Q', ... | [COLUMNS] | {...}]"));
  // get.rb prints the header before it reads the options or reaches the
  // table, so a get that fails on them has printed it.
  *out_ << ShellTwoColumns("COLUMN", "CELL");
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Get get;
  get.consistency = c.consistency;
  OBKV_ASSIGN_OR_RETURN(get.row, ShellBytes(c.name, c.args[1], "ROW"));
  ShellCellFormat format;
  format.set_epoch_timestamps(options_.timestamp_epoch);
  if (c.args.size() == 3 && c.args[2].kind == ShellValue::Kind::kMap) {
    OBKV_RETURN_IF_ERROR(ReadGetOptions(c.name, c.args[2], &get, &format));
  } else if (c.args.size() > 2) {
    // get 't', 'r', 'c1', 'c2' and get 't', 'r', ['c1', 'c2'] alike
    // (_get_internal flattens them into COLUMNS).
    ShellValue columns;
    columns.kind = ShellValue::Kind::kList;
    for (size_t i = 2; i < c.args.size(); ++i) {
      if (c.args[i].kind == ShellValue::Kind::kList) {
        columns.items.insert(columns.items.end(), c.args[i].items.begin(),
                             c.args[i].items.end());
      } else {
        columns.items.push_back(c.args[i]);
      }
    }
    OBKV_RETURN_IF_ERROR(ReadShellProjection(c.name, columns, &get.families,
                                             &get.columns, &format));
  }
  OBKV_ASSIGN_OR_RETURN(ExecResponse response,
                        Execute(c.name, ExecRequest{table, std::move(get)}));
  for (const Cell& cell : response.cells) {
    Status printed = PrintCell(format, cell, false, out_);
    if (!printed.ok()) return printed.WithPrefix(c.name);
  }
  *out_ << (response.cells.empty() ? "0" : "1") << " row(s)\n";
  return Status::OK();
}

Status ShellSession::Scan(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 2, "'TABLE'[, {...}]"));
  // scan.rb prints the header before _hash_to_scan reads the options and
  // before the table is reached, so a scan failing on either has printed
  // it; cells then stream as the scanner yields them, so a scan failing
  // midway has printed the rows read so far.
  std::ostream& out = *out_;
  out << ShellTwoColumns("ROW", "COLUMN+CELL");
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  obkvlite::Scan scan;
  scan.consistency = c.consistency;
  ShellCellFormat format;
  format.set_epoch_timestamps(options_.timestamp_epoch);
  // METRICS => ['NAME', ...] prints those scan metrics, ALL_METRICS =>
  // true every one (scan.rb, formatter.rb's scan_metrics).
  bool metrics = false;
  std::optional<std::set<std::string>> metric_names;
  if (c.args.size() == 2) {
    OBKV_RETURN_IF_ERROR(ReadScanOptions(
        c.name, c.args[1], &scan, &format,
        [&](const std::string& key, const ShellValue& value) -> Result<bool> {
          if (key == "ALL_METRICS") {
            OBKV_ASSIGN_OR_RETURN(bool all, ShellBool(c.name, value, key));
            metrics = metrics || all;
            return true;
          }
          if (key != "METRICS") return false;
          if (value.kind != ShellValue::Kind::kList) {
            return ShellError(c.name,
                              "METRICS must be a list of metric "
                              "names, e.g. ['RPC_RETRIES']");
          }
          metric_names.emplace();
          for (const ShellValue& name : value.items) {
            OBKV_ASSIGN_OR_RETURN(std::string text,
                                  ShellString(c.name, name, "METRICS"));
            metric_names->insert(std::move(text));
          }
          metrics = true;
          return true;
        }));
  }
  // As HBase 2.x's scan, the count is of Results: a row, or with BATCH
  // each part of one, and LIMIT stops after that many Results.
  const auto started = std::chrono::steady_clock::now();
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) return scanner.status().WithPrefix(c.name);
  ShellScanMetrics measured;
  int64_t results = 0;
  int64_t rows = 0;
  std::string last_row;
  bool limited = false;
  RowResult part;
  while ((*scanner)->Next(&part)) {
    if (part.cells.empty()) continue;
    if (rows == 0 || part.cells.front().row != last_row) {
      ++rows;
      last_row = part.cells.front().row;
    }
    for (const Cell& cell : part.cells) {
      measured.bytes_in_results += CellResultBytes(cell);
      Status st = PrintCell(format, cell, true, &out);
      if (!st.ok()) return st.WithPrefix(c.name);
    }
    ++results;
    if (scan.limit > 0 && results >= scan.limit) {
      limited = true;
      break;
    }
  }
  if (!(*scanner)->status().ok()) {
    return (*scanner)->status().WithPrefix(c.name);
  }
  measured.millis_between_nexts =
      std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - started)
          .count();
  out << results << " row(s)\n";
  if (!metrics) return Status::OK();
  measured.regions_scanned = RegionsScanned(
      table->spec(), scan,
      limited ? std::optional<std::string>(last_row) : std::nullopt);
  measured.rows_scanned = rows;
  if (!scan.filter.empty()) {
    // The rows the region servers would read: the same range without the
    // filter, as far as the filtered scan went.
    obkvlite::Scan unfiltered = scan;
    unfiltered.filter.clear();
    unfiltered.limit = 0;
    unfiltered.batch = 0;
    if (limited) {
      if (scan.reversed) {
        unfiltered.stop_row = last_row;  // (last_row, start]; then it
        measured.rows_scanned = 1;
      } else {
        unfiltered.stop_row = last_row + std::string(1, '\0');
        measured.rows_scanned = 0;
      }
    } else {
      measured.rows_scanned = 0;
    }
    Result<CellCounts> seen = CountScan(*table, unfiltered);
    if (!seen.ok()) return seen.status().WithPrefix(c.name);
    measured.rows_scanned += seen->rows;
  }
  measured.rows_filtered = measured.rows_scanned - rows;
  out << ScanMetricsTable(measured, metric_names);
  return Status::OK();
}

Status ShellSession::Count(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 2, "'TABLE'[, INTERVAL | {...}]"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  int64_t interval = 1000;
  obkvlite::Scan scan;
  scan.consistency = c.consistency;
  if (c.args.size() == 2 && c.args[1].kind == ShellValue::Kind::kInteger) {
    // count 't', 100: the old form of INTERVAL.
    OBKV_ASSIGN_OR_RETURN(interval,
                          ShellInteger(c.name, c.args[1], "INTERVAL", 1));
  } else if (c.args.size() == 2) {
    ShellCellFormat unused;
    OBKV_RETURN_IF_ERROR(ReadScanOptions(
        c.name, c.args[1], &scan, &unused,
        [&](const std::string& key, const ShellValue& value) -> Result<bool> {
          if (key != "INTERVAL") return false;
          OBKV_ASSIGN_OR_RETURN(interval, ShellInteger(c.name, value, key, 1));
          return true;
        }));
  }
  std::ostream& out = *out_;
  Result<CellCounts> counts = CountScan(
      *table, scan,
      [&](const RowResult& part, bool new_row, int64_t rows) -> Status {
        if (new_row && rows % interval == 0) {
          out << "Current count: " << rows
              << ", row: " << ToStringBinary(part.cells.front().row) << "\n";
        }
        return Status::OK();
      });
  if (!counts.ok()) return counts.status().WithPrefix(c.name);
  out << counts->rows << " row(s)\n";
  Return(std::to_string(counts->rows));  // count.rb returns the count
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
