// Copyright (c) obkvlite authors.
//
// Walking and counting what a scan returns, shared by `obkv count` and the
// shell's scan, count and deleteall. Streams through a Scanner; memory does
// not grow with the table.
//
// Thread safety: as the Table.

#ifndef OBKVLITE_TOOLS_CLI_COUNT_CELLS_H_
#define OBKVLITE_TOOLS_CLI_COUNT_CELLS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {
namespace cli {

struct CellCounts {
  int64_t rows = 0;
  int64_t cells = 0;
};

// Sees each part of a row the scanner yields (a whole row, or `batch`
// cells of it), whether it starts a new row, and the rows so far (counting
// this one). An error stops the walk and is returned.
using RowVisitor =
    std::function<Status(const RowResult& part, bool new_row, int64_t rows)>;

// The rows and cells `scan` returns, each row counted once however many
// parts it comes in.
Result<CellCounts> CountScan(Table& table, const Scan& scan,
                             const RowVisitor& visit = nullptr);

// The scans that together read every family `base` asks for (base.families
// empty: all): `base` itself, or for a timeseries table of several families
// (OBKV answers one family per request) one copy of it per family, in the
// spec's order.
std::vector<Scan> FamilyScans(const TableSpec& spec, const Scan& base);

// What a full scan sees of `families` (empty: all): every visible version,
// TimeToLive and MaxVersions applied. On a timeseries table of several
// families the families are scanned side by side, a row in several of them
// counted once.
Result<CellCounts> CountCells(Table& table, std::vector<std::string> families);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_COUNT_CELLS_H_
