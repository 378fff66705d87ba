// Copyright (c) obkvlite authors.
//
// CellSetBody: the JSON CellSet (HBase REST's `PUT /table/fakerow` body)
// that puts one value in every column of every row, as the REST benches
// send it: keys, columns and values base64-encoded, the server's time or
// a given timestamp.
//
//   std::string body = CellSetBody({"r1", "r2"}, {"f:q"}, "v");
//
// Thread safety: a pure function.

#ifndef OBKVLITE_TOOLS_BENCH_CELL_SET_BODY_H_
#define OBKVLITE_TOOLS_BENCH_CELL_SET_BODY_H_

#include <cstdint>
#include <string>
#include <vector>

namespace obkvlite {
namespace bench {

// `value` in each of `columns` ("family:qualifier") of each of `rows`, at
// `timestamp` when it is >= 0, else at the server's time.
std::string CellSetBody(const std::vector<std::string>& rows,
                        const std::vector<std::string>& columns,
                        const std::string& value, int64_t timestamp = -1);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_CELL_SET_BODY_H_
