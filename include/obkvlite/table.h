// Copyright (c) obkvlite authors.
//
// Table: HBase operations on one table of a store (DESIGN §4), each routed
// to its partition tables by the PartitionRouter.
//
// Every write is atomic: a Put, a Delete, a Batch either lands whole or not
// at all; bad input (limits, unknown family, bad filter) gets an
// InvalidArgument naming the field and writes nothing. The one exception is
// a sharded store (StoreOptions::sqlite.shards > 1): a Put whose cells land
// in several shard files commits once per file (doc/shards.md).
//
// REQUIRED: the Store that returned the Table outlives it.
// Thread safety: a Table may be used from several threads; operations are
// serialised per store for writes, and each Scanner reads a consistent
// snapshot.

#ifndef OBKVLITE_TABLE_H_
#define OBKVLITE_TABLE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/cell_visitor.h"
#include "obkvlite/index.h"
#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/scanner.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// What Table::Purge removed.
struct PurgeStats {
  // Older than the family's TimeToLive, or past their own cell TTL.
  int64_t expired_cells = 0;
  int64_t excess_versions = 0;  // beyond the family's MaxVersions
  // Whole partitions Purge cleared in O(1) instead of cell by cell: a time
  // window's partitions past "expire" (dropped by the roll), and range
  // partitions on G whose every cell is past TimeToLive (emptied; their
  // cells count in expired_cells).
  int64_t partitions_cleared = 0;
};

class Table {
 public:
  virtual ~Table() = default;

  virtual const TableSpec& spec() const = 0;

  virtual Status Put(const obkvlite::Put& put) = 0;
  // Several puts in one transaction: all land or none does.
  virtual Status Put(const std::vector<obkvlite::Put>& puts) = 0;
  // Runs every check Put(put) runs (limits, families, partition routing,
  // the layout's own rules) and writes nothing: OK exactly when Put(put)
  // would accept it at `now_ms` (for cells without a timestamp), else the
  // error Put would give. A table of another implementation answers
  // NotSupported.
  virtual Status ValidatePut(const obkvlite::Put& put, int64_t now_ms);

  // The row's cells; an empty RowResult when nothing matches.
  virtual Result<RowResult> Get(const obkvlite::Get& get) = 0;
  // The same into `*out`, reusing the memory of the cells `*out` already
  // holds, so a caller that gets row after row into one RowResult allocates
  // nothing once rows repeat their shape. On error `*out` is empty.
  virtual Status Get(const obkvlite::Get& get, RowResult* out);
  // The same cells handed to `visitor` as views, copied into no RowResult
  // (obkvlite/cell_visitor.h says how long they live). The default reads
  // the row with Get and visits views of its cells.
  virtual Status Get(const obkvlite::Get& get, CellVisitor* visitor);
  // True iff Get would return at least one cell.
  virtual Result<bool> Exists(const obkvlite::Get& get) = 0;
  // Several rows, as HBase's Table.get(List<Get>): one RowResult per Get,
  // in the order of `gets` (empty where nothing matches). Every Get is
  // checked before the first read; the first error fails the whole call.
  // Each row is read on its own, not in one snapshot. The default runs Get
  // on each in turn.
  virtual Result<std::vector<RowResult>> MultiGet(
      const std::vector<obkvlite::Get>& gets);

  virtual Result<std::unique_ptr<Scanner>> GetScanner(
      const obkvlite::Scan& scan) = 0;

  virtual Status Delete(const obkvlite::Delete& del) = 0;

  // Returns the new cells.
  virtual Result<RowResult> Increment(const obkvlite::Increment& inc) = 0;
  virtual Result<RowResult> Append(const obkvlite::Append& app) = 0;

  // True iff the condition held and the mutations were applied.
  virtual Result<bool> CheckAndMutate(const obkvlite::CheckAndMutate& cam) = 0;

  // Applies every mutation in one transaction, in order; on any error none
  // is applied. Results are in the order of `mutations`.
  virtual Result<std::vector<MutationResult>> Batch(
      const std::vector<Mutation>& mutations) = 0;

  // Physically removes cells hidden by TimeToLive and versions beyond
  // MaxVersions, in every family, in one transaction.
  virtual Result<PurgeStats> Purge() = 0;

  // Secondary indexes (obkvlite/index.h; the spec's "indexes"). The
  // defaults return NotSupported (layouts without indexes).
  //
  // The main table's rows whose indexed value matches `scan`, in index
  // order (value, then row key), with TimeToLive applied to the indexed
  // cell: an entry whose cell expired is skipped. NotFound for an unknown
  // index; InvalidArgument unless exactly one of value and prefix is set.
  // The Scanner reads the index in one snapshot; each main row is read
  // when the scanner reaches it.
  virtual Result<std::unique_ptr<Scanner>> GetIndexScanner(
      const IndexScan& scan);
  // Compares index `index` (empty: every index, reports summed) with what
  // the main table calls for, in one snapshot.
  virtual Result<IndexCheckReport> CheckIndex(const std::string& index);
  // Empties index `index` (empty: every index) and writes it anew from the
  // main table, options.batch_rows main rows per transaction; writes
  // running meanwhile keep it in step. Returns the entries written. A
  // failure midway leaves a partial index: run it again.
  virtual Result<int64_t> RebuildIndex(const std::string& index,
                                       const IndexRebuildOptions& options);
};

}  // namespace obkvlite

#endif  // OBKVLITE_TABLE_H_
