// Copyright (c) obkvlite authors.
//
// The rowkey design toolkit (DESIGN §1, layer "rowkey"): builds row keys
// that spread load, as the seeds advise, and plans the scans such keys need.
//
//   - composite keys with fixed-width padding (rpad) or a delimiter;
//   - a salt prefix: the first N hex chars of MD5, or MurmurHash3 modulo
//     buckets as hex (seeds 000, 002, 004);
//   - field reversal and a reverse timestamp (Long.MAX_VALUE - ts);
//   - modulo bucketing (ts % n) and big-endian numeric encoding;
//   - salted range scans: one scan per bucket (seed 004's parallel scans),
//     merged back into one ordered stream, over any cell streams or over a
//     store Table (ScanSalted).
//
// Every function but ScanSalted is pure: no store, no I/O. Errors are
// InvalidArgument naming the value, e.g. "ts: must be a non-negative
// integer, got \"-5\"".
//
// Thread safety: the functions are reentrant; a CellSource (including the
// merged stream) is a single-threaded iterator, use one per thread.

#ifndef OBKVLITE_ROWKEY_H_
#define OBKVLITE_ROWKEY_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/query.h"
#include "obkvlite/router.h"
#include "obkvlite/rowkey_spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

class Scanner;
class Table;

// ---- The pieces (one file each under src/rowkey/) ----

// `value` right-padded with `pad` to `width` bytes, like rpad(value, pad,
// width) in seed 000. A value longer than `width` is an error naming
// `field`: cutting it would merge distinct keys. REQUIRED: width >= 0.
Result<std::string> RightPad(std::string_view value, int width, char pad,
                             std::string_view field = "value");

// The bytes of `value` in reverse order (seed 000's reverse(user_id)).
std::string ReverseBytes(std::string_view value);

// Long.MAX_VALUE - ts, so newer timestamps sort first (seeds 000, 004).
// A negative ts is an error naming `field`.
Result<int64_t> ReverseTimestamp(int64_t ts, std::string_view field = "ts");

// value % buckets, the bucket of seed 000's [bucket][timestamp]...
// REQUIRED: buckets >= 1. A negative value is an error naming `field`.
Result<int64_t> ModuloBucket(int64_t value, int64_t buckets,
                             std::string_view field = "value");

// Decimal digits of a non-negative `value`, left-padded with '0' to `width`
// (0: no padding), as Java's String.format("%019d", v). A value with more
// digits than `width` is an error naming `field`.
Result<std::string> EncodeDecimal(int64_t value, int width,
                                  std::string_view field = "value");

// 8 / 4 bytes big-endian two's complement, exactly HBase's
// Bytes.toBytes(long) / Bytes.toBytes(int).
std::string EncodeBigEndian64(int64_t value);
std::string EncodeBigEndian32(int32_t value);
// Inverse of EncodeBigEndian64; `bytes` must be exactly 8 bytes.
Result<int64_t> DecodeBigEndian64(std::string_view bytes);

// Lowercase hex MD5 of `bytes` (32 chars), as commons-codec's
// DigestUtils.md5Hex; computed by OpenSSL's libcrypto.
Result<std::string> Md5Hex(std::string_view bytes);

// The salt bucket of `bytes`: |int64(first 64 bits of MurmurHash3_x64_128,
// seed 0)| % buckets, the murmur3 KEY hash of DESIGN §3.
// REQUIRED: buckets >= 1.
int Murmur3SaltBucket(std::string_view bytes, int buckets);

// Number of hex chars of a murmur3 salt: the hex digits of buckets - 1, at
// least 2 (seed 004 writes 16 buckets as "%02x").
int SaltHexWidth(int buckets);

// Lowercase hex of `bucket`, zero-padded to SaltHexWidth(buckets).
std::string HexBucket(int bucket, int buckets);

// ---- Keys from a RowkeySpec ----

// Values by source name. String fields take raw bytes; int fields take
// decimal text ("1700000000000").
using RowkeyValues = std::map<std::string, std::string, std::less<>>;

// Builds the key [salt][delimiter] part1 [delimiter] part2 ... Errors name
// the value: a missing or unknown name, a malformed or negative int, a value
// wider than its width, or a key over 1024 bytes.
Result<std::string> BuildRowkey(const RowkeySpec& spec,
                                const RowkeyValues& values);

// The salt of a key whose salt input is `salt_input` (the unsalted key, or
// the listed fields joined): "" when the spec has no salt.
Result<std::string> ComputeSalt(const SaltSpec& salt,
                                std::string_view salt_input);

// Bytes every key of `spec` starts with before the unsalted part: the salt
// width plus the delimiter, or 0 without a salt.
size_t SaltPrefixLength(const RowkeySpec& spec);

// ---- Salted range scans (seed 004's createParallelScans) ----

// One scan of a plan: every key in `keys` starts with `prefix`.
struct SaltedScanRange {
  std::string prefix;  // salt or leading bucket, plus the delimiter
  KeyRange keys;
};

// Most scans one plan may hold (MD5 salts of at most 4 chars).
inline constexpr int kMaxPlannedScans = 65536;

// The prefixes a scan must visit, ascending: every salt value ("00".."0f",
// or all 16^chars MD5 prefixes), or, unsalted, every bucket of a leading
// modulo field; otherwise the single prefix "". More than kMaxPlannedScans
// is an error.
Result<std::vector<std::string>> EnumerateScanPrefixes(const RowkeySpec& spec);

// Plans a scan over `unsalted`, a range of keys with their salt (or leading
// bucket) removed, as one range per prefix, in ascending prefix order
// (descending when `reversed`). Pair it with MergeSaltedStreams.
Result<std::vector<SaltedScanRange>> PlanSaltedScan(const RowkeySpec& spec,
                                                    const KeyRange& unsalted,
                                                    bool reversed = false);

// The partitions each planned range touches, ascending and deduplicated
// across the plan; computed by PartitionRouter::PruneScan.
std::vector<int> PlanPartitions(const PartitionRouter& router,
                                const std::vector<SaltedScanRange>& plan,
                                const TimeRange& times);

// A pull iterator over cells; the store's scanner is adapted to it.
class CellSource {
 public:
  virtual ~CellSource() = default;
  // Stores the next cell in *cell and returns true, or returns false at the
  // end. An error ends the stream.
  virtual Result<bool> Next(Cell* cell) = 0;
};

// A CellSource over cells held in memory, returned in the given order.
class VectorCellSource : public CellSource {
 public:
  explicit VectorCellSource(std::vector<Cell> cells)
      : cells_(std::move(cells)) {}
  Result<bool> Next(Cell* cell) override;

 private:
  std::vector<Cell> cells_;
  size_t next_ = 0;
};

// One planned scan's stream: cells whose rows all start with a prefix of
// `prefix_length` bytes, in scan order (row ascending, or descending when
// reversed; within a row family, qualifier ascending, timestamp descending).
struct SaltedStream {
  size_t prefix_length = 0;
  std::unique_ptr<CellSource> source;
};

struct SaltedMergeOptions {
  bool reversed = false;      // streams are reversed scans
  bool strip_prefix = false;  // emit rows without their prefix
};

// Merges the streams of a plan into one stream ordered as the unsalted scan
// would be: by row without its prefix (descending when reversed), then
// family, qualifier ascending and timestamp descending. Holds one cell per
// stream. Errors from a stream are returned by Next.
std::unique_ptr<CellSource> MergeSaltedStreams(
    std::vector<SaltedStream> streams, SaltedMergeOptions options = {});

// A store Scanner as a CellSource (its rows flattened into cells); the
// scanner's error ends the stream. REQUIRED: the scanner's Table outlives
// the source.
std::unique_ptr<CellSource> CellSourceOfScanner(
    std::unique_ptr<Scanner> scanner);

// A salted scan of a store table. `unsalted` is an ordinary Scan whose
// start_row, stop_row and prefix bound the keys without their salt (or
// leading bucket); each planned bucket is scanned with the same options
// within its prefix, and the streams are merged in the unsalted order,
// with at most `limit` rows. Rows keep their salt unless `strip_prefix`.
// Filters see the salted rows. REQUIRED: `table` outlives the source.
Result<std::unique_ptr<CellSource>> ScanSalted(Table& table,
                                               const RowkeySpec& spec,
                                               const Scan& unsalted,
                                               bool strip_prefix = false);

}  // namespace obkvlite

#endif  // OBKVLITE_ROWKEY_H_
