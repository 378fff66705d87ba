// Copyright (c) obkvlite authors.
//
// Store: HBase tables in OBKV-HBase's physical layout (DESIGN §2): a
// relation "t$f" per family and a catalog of table specs, so reopening
// needs nothing but the location. Two engines (doc/engines.md):
//   - a SQLite file path: one WITHOUT ROWID table per partition, "t$f" a
//     view over them; every cell can be inspected with SQL, e.g.
//     SELECT * FROM "t$f";
//   - "mysql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?socket=PATH]": the
//     same tables on a MySQL-protocol server (OceanBase's MySQL tenant,
//     MariaDB, MySQL), "t$f" partitioned by the server itself.
// The same application code runs on both; only the location differs.
//
// REQUIRED: Tables returned by GetTable must not outlive the Store.
// Thread safety: a Store may be shared by several threads.

#ifndef OBKVLITE_STORE_H_
#define OBKVLITE_STORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/compat.h"
#include "obkvlite/hot_keys.h"
#include "obkvlite/operation_stats.h"
#include "obkvlite/options.h"
#include "obkvlite/partition_change.h"
#include "obkvlite/request_stats.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {

// True when `location` names a server store (a URI such as mysql://...)
// rather than a file path.
bool IsServerLocation(std::string_view location);

// InvalidArgument when `location` starts like a URI ("word:", such as the
// typo "mysql:app:PW@host") without "//" and is no existing path: it is
// never taken for a new SQLite file. The error names the scheme and never
// repeats the rest, which may hold a password. Store::Open checks it too.
Status CheckStoreLocation(std::string_view location);

// Which engine runs a store (Store::info).
struct StoreInfo {
  std::string engine;    // "sqlite", "mariadb", "mysql" or "oceanbase"
  std::string version;   // SQLite's or the server's version string
  std::string location;  // the path, or the URI without its password
  // One line per unfinished DDL change this open finished or rolled back
  // (or could not), on a server store (doc/ddl-plans.md), and per index
  // table it restored (a create or drop of an indexed table stopped between
  // its tables), on either engine; else empty.
  std::vector<std::string> repaired;
};

// One stored row of a family's relation (Store::ForEachStoredRow): the
// normal layout's (K, Q, T, V), or the timeseries layout's (K, T, S, V)
// with an empty qualifier. T and S are the stored (negated) values. The
// views are valid during the callback only.
struct StoredRow {
  std::string_view key;
  std::string_view qualifier;  // empty for timeseries rows
  int64_t t = 0;
  int64_t s = 0;  // timeseries only
  std::string_view value;
  // The cell's TTL in ms (a family with cell_ttl), or -1: none.
  int64_t ttl_ms = -1;
};

// How Store::CopyTableTo copies.
struct CopyOptions {
  // Rows written per destination transaction.
  int batch_rows = 1000;
  // Called after each batch with the rows copied so far; may be empty.
  std::function<void(int64_t rows)> progress;
};

// How a lifecycle change (Store::DisableTable, EnableTable, AlterTable,
// TruncateTable) runs.
struct ChangeOptions {
  // Plan only: fill oceanbase_ddl, change nothing (`--ddl-only`).
  bool dry_run = false;
  // When not null, receives the OceanBase statements that make the same
  // change on a cluster (obkvlite/ddl.h's oceanbase dialect), each ending
  // in ";\n".
  std::vector<std::string>* oceanbase_ddl = nullptr;
};

class Store {
 public:
  virtual ~Store() = default;

  // Opens (or, with create_if_missing, creates) the store at `path`: a
  // file, or a mysql:// URI whose missing DATABASE is then created.
  static Result<std::unique_ptr<Store>> Open(const StoreOptions& options,
                                             const std::string& path);

  // Creates the table's relations and catalog entry (the sqlite dialect of
  // obkvlite/ddl.h in one transaction; on a server the oceanbase or mysql
  // dialect, undone on failure). AlreadyExists if a table of that name
  // exists.
  virtual Status CreateTable(const TableSpec& spec) = 0;

  // Drops every relation of the table and its catalog entry, enabled or
  // not (HBase's shell asks for a disable first; the library does not).
  virtual Status DropTable(const std::string& name) = 0;

  // The table named `name`; NotFound if absent. The pointer stays valid
  // for the life of the Store; once the table is dropped its operations
  // return NotFound (and work again if a table of that name is created).
  virtual Result<Table*> GetTable(const std::string& name) = 0;

  // True when the store has a table named `name`.
  virtual Result<bool> TableExists(const std::string& name) = 0;

  // Namespaces (HBase's create_namespace, drop_namespace, list_namespace;
  // obkvlite/spec.h): a table "ns:t" needs namespace "ns" to exist.
  // "default" and "hbase" always exist. CreateNamespace: AlreadyExists when
  // it exists; on a server it creates the database "ns". DropNamespace:
  // NotFound when absent, FailedPrecondition while it holds tables
  // ("Only empty namespaces can be removed. Namespace ns1 has 2 tables"),
  // refused for default and hbase. ListNamespaces: every namespace,
  // ascending.
  Status CreateNamespace(const std::string& name) {
    return CreateNamespace(name, {});
  }
  virtual Status DropNamespace(const std::string& name) = 0;
  virtual Result<std::vector<std::string>> ListNamespaces() = 0;

  // Namespace properties (HBase's NamespaceDescriptor configuration:
  // create_namespace 'ns', {'K' => 'V'}, alter_namespace, shown by
  // describe_namespace), kept in the store's catalog. CreateNamespace with
  // properties makes the namespace and keeps them, or on error neither.
  // GetNamespaceProperties: the properties by key (ascending), NotFound for
  // a namespace that does not exist. AlterNamespace sets `set` and removes
  // `unset` (a key that is not set is no error, as HBase's
  // removeConfiguration), all or nothing; NotFound for a missing namespace.
  // A key has 1 to 255 bytes, a value up to 65535 (InvalidArgument naming
  // the key). DropNamespace drops the properties too.
  virtual Status CreateNamespace(
      const std::string& name,
      const std::map<std::string, std::string>& properties) = 0;
  virtual Result<std::map<std::string, std::string>> GetNamespaceProperties(
      const std::string& name) = 0;
  virtual Status AlterNamespace(const std::string& name,
                                const std::map<std::string, std::string>& set,
                                const std::vector<std::string>& unset) = 0;

  // HBase's disable and enable. A disabled table refuses every read and
  // write with FailedPrecondition "table 't' is disabled (enable it
  // first)" until it is enabled; the catalog keeps the state ("disabled":
  // true in its spec; OceanBase's kv_attributes "State": "disable").
  // FailedPrecondition when the table already is in that state, as HBase's
  // TableNotEnabledException / TableNotDisabledException.
  virtual Status DisableTable(const std::string& name,
                              const ChangeOptions& options) = 0;
  virtual Status EnableTable(const std::string& name,
                             const ChangeOptions& options) = 0;

  // HBase's modifyTable: the table becomes `spec` (same name, made by
  // ParseTableSpec). Families may be added (created empty) and removed
  // (their cells dropped); a kept family may change ttl_seconds,
  // max_versions, kv_attributes, hbase_attributes, time_window and
  // auto_split; the table may change hbase_attributes. Any other change
  // (layout, rowkey, value_type, partitioning, disabled) is InvalidArgument
  // naming the field and what makes that change (ChangePartitions,
  // DisableTable, or a copy into a new table). At least one family stays.
  virtual Status AlterTable(const TableSpec& spec,
                            const ChangeOptions& options) = 0;

  // Removes every cell of the table; its families, partitions and bounds
  // stay (HBase's truncate_preserve; OceanBase's TRUNCATE TABLE).
  virtual Status TruncateTable(const std::string& name,
                               const ChangeOptions& options) = 0;

  // Changes the partitions of a table (obkvlite/partition_change.h) in one
  // transaction on SQLite. Errors name the field and the rule and leave
  // the store as it was. With change.dry_run only the result is computed.
  virtual Result<PartitionChangeResult> ChangePartitions(
      const std::string& name, const PartitionChange& change) = 0;

  // The first-level partitions of family `family` (empty: the first
  // family) with their bounds and stored cell counts, and with
  // options.sizes their stored bytes (obkvlite/partition_change.h), all in
  // one snapshot. NotFound for an unknown table, InvalidArgument for an
  // unknown family. Safe from any thread, as every Store method.
  virtual Result<std::vector<PartitionInfo>> ListPartitions(
      const std::string& name, const std::string& family,
      const PartitionListOptions& options) = 0;
  // The same without sizes (PartitionInfo::bytes is -1).
  Result<std::vector<PartitionInfo>> ListPartitions(const std::string& name,
                                                    const std::string& family) {
    return ListPartitions(name, family, PartitionListOptions());
  }

  // Names of all tables, ascending.
  virtual std::vector<std::string> ListTables() const = 0;

  // Path of the store file, or the URI without its password.
  virtual const std::string& path() const = 0;

  // The engine, its version and the location.
  virtual const StoreInfo& info() const = 0;

  // What group commit did since the store opened, over every writer (all
  // zero when StoreOptions::group_commit is off): writes / groups is the
  // mean group, the commits it saved.
  virtual GroupCommitStats group_commit_stats() const = 0;

  // `obkv check`: every difference between the catalog and what the engine
  // really holds (an unfinished DDL change, a relation or partition table
  // missing or left over, other columns or partitions on a server), one
  // line each naming the table, the family and what differs; empty when
  // they agree (doc/ddl-plans.md). Changes nothing.
  virtual Result<std::vector<std::string>> Check() = 0;

  // Now in ms by the store's clock (StoreOptions::clock_ms, else the
  // system clock): the timestamp a put without one gets.
  virtual int64_t NowMs() const = 0;

  // Creates table `name` in `dest` from this store's catalog spec and
  // copies every stored row into it as it is: (K, Q, T, V), or (K, T, S,
  // V) for timeseries, byte for byte, including cells that TimeToLive or
  // MaxVersions hide from reads. The source is read in one snapshot; each
  // batch is one transaction on `dest`, so a failure midway leaves a
  // partial copy there (drop it and copy again). Returns the rows copied.
  // AlreadyExists when `dest` has the table. REQUIRED: dest != this.
  virtual Result<int64_t> CopyTableTo(const std::string& name, Store* dest,
                                      const CopyOptions& options) = 0;

  // Calls `fn` for every stored row of family `family` of table `name`, in
  // the relation's primary-key order (K, Q, T; timeseries K, T, S) merged
  // across partitions, in one snapshot, cells hidden by TimeToLive or
  // MaxVersions included (what `SELECT * FROM "t$f" ORDER BY ...` shows).
  // Stops at the first error `fn` returns.
  virtual Status ForEachStoredRow(
      const std::string& name, const std::string& family,
      const std::function<Status(const StoredRow&)>& fn) = 0;

  // Request statistics of table `name` (obkvlite/request_stats.h): every
  // bucket with counts that `query` selects, from the store's "obkv_stats"
  // table (every process's flushed counts) plus this Store's counts not
  // flushed yet, ordered by family, partition, bucket_start_ms. NotFound for
  // an unknown table; InvalidArgument naming "family" for an unknown family
  // and "since"/"until" for since_ms > until_ms.
  virtual Result<std::vector<RequestStatsBucket>> RequestStats(
      const std::string& name, const RequestStatsQuery& query) = 0;

  // Hot keys of table `name` (obkvlite/hot_keys.h): per type with requests,
  // in type order (query, insert, delete, update), the `top` highest counts
  // (all kept when top <= 0), from the store's "obkv_hotkeys" table (every
  // process's flushed counts) merged with this Store's not flushed yet.
  // NotFound for an unknown table.
  virtual Result<std::vector<HotKeyStats>> HotKeys(const std::string& name,
                                                   int top) = 0;

  // Zeroes the request statistics of table `name` (of one family when
  // `family` is not empty; without one, its hot keys too): the stored rows
  // of every process and this Store's in-memory counts. Errors as RequestStats;
  // NotSupported on a read-only store.
  virtual Status ResetRequestStats(const std::string& name,
                                   const std::string& family) = 0;

  // Adds this Store's in-memory request counts to "obkv_stats" (and its
  // operation statistics to "obkv_op_stats") now (the
  // flusher does it every StoreOptions::request_stats_flush_ms and at
  // close). OK with nothing to add, and on a read-only store.
  virtual Status FlushRequestStats() = 0;

  // Operation statistics (obkvlite/operation_stats.h): every (surface,
  // operation) with operations, from the store's "obkv_op_stats" table
  // (every process's flushed counts) plus this Store's not flushed yet, one
  // line each, in surface then operation order (SummarizeOperationStats
  // adds the "all" lines). FlushRequestStats flushes them too.
  virtual Result<std::vector<OperationStatsLine>> OperationStats() = 0;
  // Zeroes the operation statistics: the stored rows of every process and
  // this Store's in-memory counts. NotSupported on a read-only store.
  virtual Status ResetOperationStats() = 0;

  // Compatibility profiles (obkvlite/compat.h, doc/obkv-compat.md).
  //
  // For an operation a surface above the library runs itself (the admin
  // calls of a gateway or the shell, Thrift's getRowOrBefore): under the
  // obkv profile, the refusal of reference row `rule` ("C-50") for
  // `operation` on `table` ("" when store-wide); under the hbase profile a
  // finding, and OK. InvalidArgument naming "rule" for a row obkvlite does
  // not act on. Table operations are judged by the Table itself.
  virtual Status CompatCheck(const std::string& table,
                             const std::string& operation,
                             const std::string& rule) = 0;
  // The profile this Store judges by (StoreOptions::compat). A surface
  // that serves an operation itself follows OBKV-HBase's different result
  // under kObkv where the reference row says so (e.g. C-17).
  virtual CompatProfile compat_profile() const = 0;
  // Every finding of every process on this store (its "obkv_compat" table)
  // plus this Store's not flushed yet, in (table, operation, surface, rule)
  // order.
  virtual Result<std::vector<CompatFinding>> CompatFindings() = 0;
  // Removes every finding, stored and in memory; NotSupported on a
  // read-only store.
  virtual Status ResetCompatFindings() = 0;
  // Adds this Store's findings to "obkv_compat" now (also done every
  // StoreOptions::request_stats_flush_ms and at close).
  virtual Status FlushCompatFindings() = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_STORE_H_
