// Copyright (c) obkvlite authors.
//
// Write operations on one row, with HBase's meaning (DESIGN §4):
// Put, Delete, Increment, Append, CheckAndMutate, and the Mutation variant a
// batch is made of.
//
// Byte strings are raw bytes. A missing timestamp means "now" (the store's
// clock, ms). Limits are checked by the table: row 1..1024 bytes, qualifier
// <= 256 bytes, value <= the family's limit (1 MiB, or 512 MiB for
// longblob); a violation writes nothing.
//
// Cell TTL (HBase's Mutation.setTTL, the "_ttl" attribute; OBKV-HBase's
// optional TTL column): `ttl_ms` on a Put, Increment or Append gives every
// cell it writes a time to live in ms, counted from the cell's timestamp:
// reads hide the cell once now - timestamp > ttl_ms (and still once the
// family's TimeToLive passed, whichever comes first). Every family written
// must keep cell TTLs (FamilySpec::cell_ttl), or the write is refused,
// naming the family; ttl_ms must be >= 0.
//
// Thread safety: plain values.

#ifndef OBKVLITE_MUTATION_H_
#define OBKVLITE_MUTATION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "obkvlite/cell.h"

namespace obkvlite {

// One cell of a Put.
struct PutCell {
  std::string family;
  std::string qualifier;
  std::optional<int64_t> timestamp;  // nullopt: now
  std::string value;
};

struct Put {
  std::string row;
  std::vector<PutCell> cells;
  std::optional<int64_t> ttl_ms;  // cell TTL of every cell; nullopt: none

  Put() = default;
  explicit Put(std::string r) : row(std::move(r)) {}
  // Adds a cell stamped "now".
  Put& Add(std::string family, std::string qualifier, std::string value) {
    cells.push_back({std::move(family), std::move(qualifier), std::nullopt,
                     std::move(value)});
    return *this;
  }
  // Adds a cell with an explicit timestamp (ms, >= 0).
  Put& Add(std::string family, std::string qualifier, int64_t ts,
           std::string value) {
    cells.push_back(
        {std::move(family), std::move(qualifier), ts, std::move(value)});
    return *this;
  }
};

// The OBKV delete kinds. Deletes are physical: no tombstones, so an older
// version written after a delete is visible again.
enum class DeleteType {
  kColumn,         // the latest version of family:qualifier, or exactly ts
  kColumns,        // all versions of family:qualifier with timestamp <= ts
  kFamily,         // all qualifiers of family, versions <= ts
  kFamilyVersion,  // all qualifiers of family, exactly ts (ts required)
  kRow,            // every family of the row (versions <= ts)
};

struct Delete {
  std::string row;
  DeleteType type = DeleteType::kRow;
  std::string family;                // required except for kRow
  std::string qualifier;             // required for kColumn and kColumns
  std::optional<int64_t> timestamp;  // nullopt: latest / everything
};

// Adds `amount` to 8-byte big-endian longs (a missing cell counts as 0).
// The new cell's timestamp is max(now, old_ts + 1). Its cell TTL is
// `ttl_ms`, or, when that is nullopt, the old cell's (as in HBase and
// OBKV).
struct Increment {
  struct Column {
    std::string family;
    std::string qualifier;
    int64_t amount = 1;
  };
  std::string row;
  std::vector<Column> columns;
  std::optional<int64_t> ttl_ms;  // cell TTL of the new cells
};

// Appends bytes to cells (a missing cell counts as empty). The new cell's
// timestamp is max(now, old_ts + 1); its cell TTL as an Increment's.
struct Append {
  struct Column {
    std::string family;
    std::string qualifier;
    std::string value;
  };
  std::string row;
  std::vector<Column> columns;
  std::optional<int64_t> ttl_ms;  // cell TTL of the new cells
};

// HBase's CompareOperator.
enum class CompareOp {
  kLess,
  kLessOrEqual,
  kEqual,
  kNotEqual,
  kGreaterOrEqual,
  kGreater
};

// Applies `mutations` (puts and deletes on `row`) iff the condition holds:
// `value op cell` on the newest version of family:qualifier (as in HBase,
// the operand is on the left), or, with check_not_exists (HBase's null
// check value, ifNotExists), iff the cell is absent or its newest version
// is empty.
struct CheckAndMutate {
  std::string row;
  std::string family;
  std::string qualifier;
  CompareOp op = CompareOp::kEqual;
  std::string value;
  bool check_not_exists = false;
  std::vector<std::variant<Put, Delete>> mutations;
};

using Mutation = std::variant<Put, Delete, Increment, Append, CheckAndMutate>;

// Outcome of one mutation in a batch.
struct MutationResult {
  std::vector<Cell> cells;  // new cells of an Increment or Append
  bool success = true;      // false when a CheckAndMutate did not apply
};

}  // namespace obkvlite

#endif  // OBKVLITE_MUTATION_H_
