// Copyright (c) obkvlite authors.
//
// Conversions between HBase's Thrift2 types (hbase2.thrift) and obkvlite's
// public API, as HBase's ThriftUtilities makes them, the one place each
// rule of the Thrift2 gateway lives:
//   - table names: TTableName {ns, qualifier} is "ns:qualifier", or
//     "qualifier" in the default namespace;
//   - reads: TGet -> Get and TScan -> Scan (a timestamp wins over a time
//     range; a column without a qualifier is its whole family);
//   - writes: TPut -> Put (a cell without a timestamp takes the put's),
//     TDelete -> Deletes (one per column, by deleteType; no columns: the
//     row), TIncrement -> Increment, TAppend -> Append, TRowMutations ->
//     puts and deletes of one row; the "_ttl" attribute is the cell TTL;
//   - results: cells -> TResult (row, cells newest version first, type 4:
//     a put);
//   - errors: a Status becomes TIOError (canRetry for Busy and
//     Unavailable) or, where a method declares it, TIllegalArgument; the
//     message starts with the method's name.
// Every conversion checks what the API would refuse later with a message
// that names the Thrift field ("tput.columnValues[2].qualifier: ..."), so a
// refused call writes nothing.
//
// Thread safety: functions are reentrant.

#ifndef OBKVLITE_SERVER_THRIFT2_THRIFT2_CONVERT_H_
#define OBKVLITE_SERVER_THRIFT2_THRIFT2_CONVERT_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "server/thrift2/gen-cpp/hbase2_types.h"

namespace obkvlite {
namespace server {

namespace gen2 = ::obkvlite::server::hbase_thrift2;

// "ns:qualifier", or "qualifier" for no ns, an empty one or "default".
std::string TableNameOf(const gen2::TTableName& name);
// The TTableName of a store table name.
gen2::TTableName ThriftTableName(const std::string& name);

// TGet -> Get, checking each family against `spec`. `field` names the TGet
// in errors ("tget", "tgets[3]").
Result<Get> GetOf(const TableSpec& spec, const gen2::TGet& t,
                  const std::string& field);

// TScan -> Scan, as GetOf. colFamTimeRangeMap is not converted (the
// handler applies it, see ScanFamilyRanges).
Result<Scan> ScanOf(const TableSpec& spec, const gen2::TScan& t,
                    const std::string& field);

// TPut -> Put, with the "_ttl" attribute as ttl_ms.
Result<Put> PutOf(const TableSpec& spec, const gen2::TPut& t,
                  const std::string& field);

// TDelete -> its Deletes, appended to `out`.
Status AddDeletes(const TableSpec& spec, const gen2::TDelete& t,
                  const std::string& field, std::vector<Delete>* out);

Result<Increment> IncrementOf(const TableSpec& spec, const gen2::TIncrement& t,
                              const std::string& field);
Result<Append> AppendOf(const TableSpec& spec, const gen2::TAppend& t,
                        const std::string& field);

// The puts and deletes of a TRowMutations, in order; each must be for its
// row (IOError naming the mutation otherwise, as HBase's RowMutations).
Result<std::vector<std::variant<Put, Delete>>> RowMutationsOf(
    const TableSpec& spec, const gen2::TRowMutations& t,
    const std::string& field);

// Checks a mutation's durability (any of TDurability's values; doc/
// thrift2.md says what each means here).
Status CheckDurability(int32_t durability, const std::string& field);

// The TResult of `row`: no row and no cells for an empty one. Values are
// moved out of `*row`. `partial` marks a part of a row (a scan's batch).
gen2::TResult ResultOf(RowResult* row, bool partial = false);

// Throws the Thrift2 exception for a non-OK `status`: TIllegalArgument for
// InvalidArgument when `illegal_argument`, else TIOError.
[[noreturn]] void ThrowStatus2(std::string_view method, const Status& status,
                               bool illegal_argument = false);
[[noreturn]] void ThrowIOError2(std::string_view method,
                                const std::string& message);
[[noreturn]] void ThrowIllegalArgument2(std::string_view method,
                                        const std::string& message);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT2_THRIFT2_CONVERT_H_
