// Copyright (c) obkvlite authors.
//
// The table spec: one HBase table (an OceanBase table group) with its column
// families, layout and partitioning, parsed from JSON (DESIGN §6).
//
// ParseTableSpec validates everything: unknown fields, identifier syntax
// (and table names starting with SQLite's reserved "sqlite_"), positive
// integers, partition counts (1..8192), strictly ascending range
// bounds with MAXVALUE only last, prefix lengths (1..1024) and value types.
// Every error is an InvalidArgument whose message starts with the JSON path,
// e.g. "families[1].ttl_seconds: must be a positive integer, got -5".
// Non-fatal advice (a partition count that is not prime or over 997) goes to
// TableSpec::warnings.
//
// Thread safety: the model types are plain values; parsing is reentrant.

#ifndef OBKVLITE_SPEC_H_
#define OBKVLITE_SPEC_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/rowkey_spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// Limits of the OceanBase column types (DESIGN §2).
inline constexpr size_t kMaxRowKeyBytes = 1024;    // K varbinary(1024)
inline constexpr size_t kMaxQualifierBytes = 256;  // Q varbinary(256)
inline constexpr int64_t kMaxVarbinaryValueBytes = 1048576;   // 1 MiB
inline constexpr int64_t kMaxLongblobValueBytes = 536870912;  // 512 MiB
inline constexpr int kMaxPartitions = 8192;
inline constexpr int kMaxPrefixLength = 1024;
// OceanBase's longest table name (MySQL mode); "table$family" must fit.
inline constexpr size_t kMaxTableNameChars = 64;

enum class Layout { kNormal, kTimeseries };

enum class PartitionStrategy {
  kNone,      // one plain table
  kKey,       // KEY(K) or KEY(K_PREFIX)
  kRange,     // RANGE COLUMNS(K) or RANGE COLUMNS(G)
  kRangeKey,  // RANGE COLUMNS(G) SUBPARTITION BY KEY(K or K_PREFIX)
  kKeyRange,  // KEY(K or K_PREFIX) SUBPARTITION BY RANGE COLUMNS(G)
};

enum class HashFunction {
  kOceanBase,  // MurmurHash64A, seed 0 (OceanBase's hash for binary columns)
  kMurmur3,    // MurmurHash3_x64_128, first 64 bits
};

enum class RangeColumn { kK, kG };

// One "VALUES LESS THAN" bound. Exactly one of the members is meaningful:
// MAXVALUE, a byte string (RANGE on K) or a timestamp in ms (RANGE on G).
struct RangeBound {
  bool is_maxvalue = false;
  std::string key;    // raw bytes, RANGE COLUMNS(K)
  int64_t ts_ms = 0;  // RANGE COLUMNS(G)

  // A bound on K, on G, and MAXVALUE.
  static RangeBound Key(std::string key) {
    RangeBound b;
    b.key = std::move(key);
    return b;
  }
  static RangeBound Ts(int64_t ts_ms) {
    RangeBound b;
    b.ts_ms = ts_ms;
    return b;
  }
  static RangeBound MaxValue() {
    RangeBound b;
    b.is_maxvalue = true;
    return b;
  }
};

// Which names first-level partitions go by (PartitionSpec::FirstLevelName).
enum class PartitionNaming {
  kIndex,   // "p<i>" by index: a SQLite store's tables "t$f$p<i>"
  kServer,  // the server's own, OceanBase's names (PartitionSpec::names)
};

struct PartitionSpec {
  PartitionStrategy strategy = PartitionStrategy::kNone;
  // Number of KEY partitions: the first level of kKey and kKeyRange, the
  // second level (subpartitions) of kRangeKey. 1 for kNone and kRange.
  int key_partitions = 1;
  // Hash only the first prefix_length bytes of K (the K_PREFIX virtual
  // column); 0 hashes the whole K.
  int prefix_length = 0;
  HashFunction hash = HashFunction::kOceanBase;
  // Column of the range level: kRange may use K or G; kRangeKey and
  // kKeyRange always range on G.
  RangeColumn range_column = RangeColumn::kK;
  // Ascending upper bounds (exclusive) of the range level.
  std::vector<RangeBound> bounds;
  // OceanBase's names of the first-level range partitions ("names"), one
  // per bound, or empty for "p0".."p<n-1>". They differ from p<i> once
  // partitions were split, merged or dropped: OceanBase cannot rename a
  // partition, while the store keeps its tables at "t$f$p<i>" by index
  // (doc/partitions.md).
  std::vector<std::string> names;

  bool HasRangeLevel() const {
    return strategy == PartitionStrategy::kRange ||
           strategy == PartitionStrategy::kRangeKey ||
           strategy == PartitionStrategy::kKeyRange;
  }
  bool HasKeyLevel() const {
    return strategy == PartitionStrategy::kKey ||
           strategy == PartitionStrategy::kRangeKey ||
           strategy == PartitionStrategy::kKeyRange;
  }
  bool IsTwoLevel() const {
    return strategy == PartitionStrategy::kRangeKey ||
           strategy == PartitionStrategy::kKeyRange;
  }
  // True when routing needs the timestamp (a range level on G).
  bool NeedsTimestamp() const {
    return HasRangeLevel() && range_column == RangeColumn::kG;
  }
  // Number of first-level partitions.
  int FirstLevelCount() const;
  // Number of subpartitions per first-level partition (1 for one level).
  int SubpartitionCount() const;
  // Number of physical tables: FirstLevelCount() * SubpartitionCount(), or 1
  // for kNone.
  int PhysicalCount() const;
  // OceanBase's name of first-level range partition `index`: names[index],
  // or "p<index>". REQUIRED: 0 <= index < bounds.size().
  std::string RangePartitionName(int index) const;
  // The name of first-level partition `index` under `naming`: "p<index>",
  // or for kServer a range level's RangePartitionName (a KEY level's
  // partitions are "p<index>" on every server); "" for kNone.
  // REQUIRED: 0 <= index < FirstLevelCount().
  std::string FirstLevelName(int index, PartitionNaming naming) const;
};

// A RANGE(G) family's rolling time window ("time_window"; seed 004 §5.4,
// OceanBase's DYNAMIC_PARTITION_POLICY): `obkv partition roll` keeps one
// partition per `unit` (UTC), creates those of the next `precreate` units
// and drops those whose whole range is older than `expire` units.
enum class TimeUnit { kHour, kDay, kWeek, kMonth };

struct TimeWindow {
  TimeUnit unit = TimeUnit::kDay;
  int precreate = 1;  // units created ahead of now, >= 1
  int expire = 0;     // units kept behind now; 0 keeps every partition
};

// "hour", "day", "week" or "month".
const char* TimeUnitName(TimeUnit unit);

// HBase descriptor attributes that change nothing in obkvlite, nor in
// OBKV-HBase (BLOOMFILTER, COMPRESSION, IN_MEMORY, BLOCKSIZE, MIN_VERSIONS,
// KEEP_DELETED_CELLS, ..., and the CONFIGURATION and METADATA maps). A spec
// keeps them under "hbase_attributes" (a family's or the table's; DESIGN
// §6) so that the shell's describe lists them and a create replayed from a
// cluster's describe is accepted. DDL ignores them.
struct HBaseAttributes {
  // Name -> canonical value (CanonicalHBaseAttribute), e.g. "BLOOMFILTER"
  // -> "ROW", "IN_MEMORY" -> "false".
  std::map<std::string, std::string> values;
  // CONFIGURATION => {'key' => 'value'} and METADATA => {'key' => 'value'}.
  std::map<std::string, std::string> configuration;
  std::map<std::string, std::string> metadata;

  bool empty() const {
    return values.empty() && configuration.empty() && metadata.empty();
  }
};

// Where an attribute belongs: in a column family descriptor or in the table
// descriptor.
enum class HBaseAttributeScope { kFamily, kTable };

// The canonical value of HBase attribute `name` (upper case, as the HBase
// shell spells it) at `scope`, checked as HBase checks it: booleans are
// true/false (any case; canonical lower case), counts and sizes decimal
// integers, enumerations one of HBase's constants (any case; canonical
// upper case), e.g. BLOOMFILTER NONE|ROW|ROWCOL|ROWPREFIX_FIXED_LENGTH|
// ROWPREFIX_DELIMITED, COMPRESSION NONE|GZ|LZO|SNAPPY|LZ4|BZIP2|ZSTD|LZMA|
// BROTLI, KEEP_DELETED_CELLS FALSE|TRUE|TTL. Errors: NotFound for a name
// that is not an attribute of `scope` (and for CONFIGURATION and METADATA,
// which are maps, not values); InvalidArgument naming the attribute and
// the rule for a bad value, e.g. "BLOOMFILTER: must be one of NONE, ROW,
// ROWCOL, ROWPREFIX_FIXED_LENGTH, ROWPREFIX_DELIMITED, got 'BOGUS'".
Result<std::string> CanonicalHBaseAttribute(HBaseAttributeScope scope,
                                            std::string_view name,
                                            std::string_view value);

struct FamilySpec {
  std::string name;
  int64_t ttl_seconds = 0;     // 0: no TimeToLive
  int64_t max_versions = 0;    // 0: no MaxVersions
  bool kv_attributes = false;  // emit kv_attributes even when both are absent
  bool longblob = false;       // V is longblob instead of varbinary(N)
  // "cell_ttl": the family's table has OBKV-HBase's optional column
  // `TTL` bigint(20) DEFAULT NULL after V, a TTL per cell (Put::ttl_ms).
  // Normal layout only.
  bool cell_ttl = false;
  int64_t value_max_bytes = kMaxVarbinaryValueBytes;  // N of varbinary(N)
  // Effective partitioning: the family's own "partition", or the table's.
  PartitionSpec partition;
  // HBase attributes without effect, for describe ("hbase_attributes").
  HBaseAttributes hbase_attributes;
  // Rolling daily/hourly/... partitions (RANGE on G only); see TimeWindow.
  std::optional<TimeWindow> time_window;
  // "auto_split": {"max_cells": N}: after a commit leaves a partition of a
  // first-level RANGE COLUMNS(K) family above N stored cells, it is split
  // at its median row key (seed 003). 0: no auto-split.
  int64_t auto_split_max_cells = 0;
  // OceanBase's split size for the DDL ("auto_split": {"size": "2GB"},
  // at least 128MB; OceanBase's default auto_split_tablet_size).
  std::string auto_split_size = "2GB";

  // Largest value this family accepts, in bytes.
  int64_t ValueLimit() const {
    return longblob ? kMaxLongblobValueBytes : value_max_bytes;
  }
};

// A secondary index of a normal-layout table (doc/indexes.md), from the
// spec's "indexes" array: an ordinary HBase table named `name` whose row
// keys are EncodeIndexKey(value of family:qualifier, main row key)
// (obkvlite/index.h), kept in step with the main table in each write's
// transaction.
struct IndexColumn {
  std::string family;
  std::string qualifier;  // raw bytes
};

struct IndexSpec {
  // The index table: "ns:name" in the main table's namespace, or "name"
  // in the default namespace.
  std::string name;
  std::string family;     // the indexed column's family
  std::string qualifier;  // the indexed column's qualifier (raw bytes)
  // Columns copied into the index rows ("covered": ["f:name"]), so that
  // an index scan asking only for them reads the index alone.
  std::vector<IndexColumn> covered;
  // The index table's "partition" object as JSON text; empty: none.
  std::string partition_json;
};

struct TableSpec {
  std::string name;  // HBase table name == OceanBase table group
  Layout layout = Layout::kNormal;
  std::vector<FamilySpec> families;
  // The optional "rowkey" section: how keys are composed (obkvlite/rowkey.h).
  std::optional<RowkeySpec> rowkey;
  // HBase table attributes without effect, for describe ("hbase_attributes").
  HBaseAttributes hbase_attributes;
  // Disabled ("disabled": true; HBase's disable, OceanBase's kv_attributes
  // "State"): reads and writes are refused until the table is enabled.
  bool disabled = false;
  // Secondary index tables ("indexes"; normal layout only).
  std::vector<IndexSpec> indexes;
  // Advice that does not make the spec invalid, each prefixed by its path.
  std::vector<std::string> warnings;
  // The spec as accepted, re-serialised canonically (kept by the catalog).
  std::string json;

  // Returns the family named `name`, or nullptr.
  const FamilySpec* FindFamily(std::string_view name) const;
  // Returns the index named `name` (its full name, or the part after the
  // namespace), or nullptr.
  const IndexSpec* FindIndex(std::string_view name) const;
};

// The spec of the index table of `index` of `main`: the families holding
// the indexed and covered columns (same names and value types, no
// TimeToLive or MaxVersions: the main table's apply when reading), the
// index's partitioning. Errors name "indexes[i]" only through the caller.
Result<TableSpec> IndexTableSpec(const TableSpec& main, const IndexSpec& index);

// Parses and validates a spec from JSON text.
Result<TableSpec> ParseTableSpec(std::string_view json_text);

// Reads and parses a spec file; I/O errors name the path.
Result<TableSpec> LoadTableSpecFile(const std::string& path);

// Checks an identifier (a family or partition name): 1..64 characters of
// [A-Za-z0-9_]; '$' is reserved as the table$family separator. `field` is
// the JSON path used in the error.
Status ValidateIdentifier(std::string_view name, std::string_view field);

// Namespaces (DESIGN §2, HBase's TableName): a table is "qualifier" in the
// namespace "default", or "ns:qualifier". A qualifier has HBase's
// characters [A-Za-z0-9_.-] and does not start with '.' or '-'; a
// namespace has [A-Za-z0-9_-]; each is 1..64 characters. "default:t" is
// "t". OBKV-HBase keeps the "ns:" prefix in the physical names: table group
// "ns:t", relation "ns:t$f", in the database "ns" on a server.
inline constexpr std::string_view kDefaultNamespace = "default";
// HBase's system namespace: it exists, and holds no user tables.
inline constexpr std::string_view kSystemNamespace = "hbase";

// Checks a table name ("[ns:]qualifier") with an error naming `field`.
Status ValidateTableName(std::string_view name, std::string_view field);
// Checks a namespace name.
Status ValidateNamespaceName(std::string_view name, std::string_view field);
// Checks a family name as HBase's isLegalColumnFamilyName does: printable
// (no control character), without ':', '\' or '/', not starting with '.',
// not "recovered.edits". Within that, what the relation "table$family"
// needs as an identifier on every engine (OceanBase's included): UTF-8 of
// 1..64 bytes, no '$' (the separator), nothing beyond U+FFFF, no trailing
// space. Spaces, quotes and other punctuation are allowed: every dialect
// quotes the relation.
Status ValidateFamilyName(std::string_view name, std::string_view field);
// "ns" of "ns:t"; kDefaultNamespace for "t".
std::string_view TableNamespace(std::string_view table);
// "t" of "ns:t" and of "t".
std::string_view TableQualifier(std::string_view table);

// Physical relation name of a family, "table$family".
std::string FamilyRelationName(const TableSpec& table,
                               const FamilySpec& family);

// Suffix of a physical partition: "" (unpartitioned), "p3" (one level) or
// "p1s2" (two levels, index = p * SubpartitionCount() + s).
// REQUIRED: 0 <= index < partition.PhysicalCount().
std::string PartitionSuffix(const PartitionSpec& partition, int index);

// Physical table of a partition: "t$f", "t$f$p3" or "t$f$p1s2", where
// `relation` is "t$f". The one place physical names are made.
std::string PartitionTableName(std::string_view relation,
                               const PartitionSpec& partition, int index);

// Stores spread partitions over at most this many SQLite files
// (StoreOptions::sqlite.shards): a connection that reads every shard attaches
// the other files, and SQLite attaches at most 10 (SQLITE_MAX_ATTACHED).
inline constexpr int kMaxShards = 11;

// The file (shard) of a sharded store that holds physical partition `index`
// of every family of table `table`: (index + FNV-1a-32(table)) % shards, so
// one table's partitions go round the shards and unpartitioned tables are
// spread by name. The one place placement is decided.
// REQUIRED: 1 <= shards <= kMaxShards, index >= 0.
int ShardOfPartition(std::string_view table, int index, int shards);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_H_
