// Copyright (c) obkvlite authors.
//
// The rowkey design toolkit (issue 7): padding, reversal, reverse
// timestamps, buckets, numeric encodings, MD5 / MurmurHash3 salts, the
// "rowkey" spec section, BuildRowkey, salted scan planning and merging, and
// `obkv key`.

#include "obkvlite/rowkey.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/bytes.h"
#include "obkvlite/options.h"
#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "obkvlite/table.h"
#include "test_paths.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace {

using testing::CliRun;
using testing::RunCli;

std::string SourcePath(const std::string& relative) {
  return std::string(OBKV_SOURCE_DIR) + "/" + relative;
}

TableSpec MustParse(const std::string& json) {
  Result<TableSpec> spec = ParseTableSpec(json);
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  return *spec;
}

std::string ParseError(const std::string& json) {
  Result<TableSpec> spec = ParseTableSpec(json);
  REQUIRE(!spec.ok());
  return spec.status().message();
}

// A spec whose only interesting part is its "rowkey" section.
std::string WithRowkey(const std::string& rowkey) {
  return R"({"table": "t", "families": [{"name": "f"}], "rowkey": )" + rowkey +
         "}";
}

std::string Key(const RowkeySpec& spec, const RowkeyValues& values) {
  Result<std::string> key = BuildRowkey(spec, values);
  REQUIRE_MESSAGE(key.ok(), key.status().ToString());
  return *key;
}

// ---- The pieces ----

TEST_CASE("pad: rpad to a fixed width, never cutting") {
  CHECK(*RightPad("host1", 8, 'x') == "host1xxx");
  CHECK(*RightPad("host1", 5, 'x') == "host1");
  CHECK(*RightPad("", 2, '\0') == std::string(2, '\0'));
  Result<std::string> wide = RightPad("host12345", 8, 'x', "hostname");
  REQUIRE(!wide.ok());
  CHECK(wide.status().message() ==
        "hostname: 9 bytes, wider than the field width 8");
}

TEST_CASE("reverse: bytes in reverse order (seed 004's domain reversal)") {
  CHECK(ReverseBytes("www.google.com") == "moc.elgoog.www");
  CHECK(ReverseBytes("") == "");
  CHECK(ReverseBytes(std::string("\x00\xFF", 2)) == std::string("\xFF\x00", 2));
}

TEST_CASE("reverse timestamp: Long.MAX_VALUE - ts, as in seed 004") {
  // Seed 004's example key "user001_9223370449055775807".
  CHECK(*ReverseTimestamp(1587799000000) == 9223370449055775807LL);
  CHECK(*ReverseTimestamp(0) == 9223372036854775807LL);
  CHECK(*EncodeDecimal(*ReverseTimestamp(1587799000000), 19) ==
        "9223370449055775807");
  Result<int64_t> negative = ReverseTimestamp(-1, "ts");
  REQUIRE(!negative.ok());
  CHECK(negative.status().message() ==
        "ts: a timestamp must not be negative, got -1");
}

TEST_CASE("bucket: ts % n (seed 000)") {
  CHECK(*ModuloBucket(1700000000123, 16) == 11);
  CHECK(*ModuloBucket(15, 16) == 15);
  CHECK(!ModuloBucket(-5, 16).ok());
}

TEST_CASE("numeric encoding: zero-padded decimal and HBase Bytes.toBytes") {
  CHECK(*EncodeDecimal(42, 5) == "00042");
  CHECK(*EncodeDecimal(42, 0) == "42");
  CHECK(*EncodeDecimal(12345, 5) == "12345");
  Result<std::string> wide = EncodeDecimal(123456, 5, "msgid");
  REQUIRE(!wide.ok());
  CHECK(wide.status().message() ==
        "msgid: 123456 has 6 digits, wider than the field width 5");
  CHECK(EncodeBigEndian64(1) == std::string("\0\0\0\0\0\0\0\x01", 8));
  CHECK(EncodeBigEndian64(-1) == std::string(8, '\xFF'));
  CHECK(ToStringBinary(EncodeBigEndian64(1700000000123)) ==
        "\\x00\\x00\\x01\\x8B\\xCF\\xE5h{");
  CHECK(EncodeBigEndian32(258) == std::string("\0\0\x01\x02", 4));
  CHECK(*DecodeBigEndian64(EncodeBigEndian64(-42)) == -42);
  CHECK(!DecodeBigEndian64("short").ok());
  // Big-endian keeps numeric order for non-negative values.
  CHECK(EncodeBigEndian64(255) < EncodeBigEndian64(256));
}

TEST_CASE("salt: MD5 from libcrypto, MurmurHash3 buckets as hex") {
  CHECK(*Md5Hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(*Md5Hex("user001") == "97f3c717da19b4697ae9884e67aabce6");
  // The router's murmur3 hash: hash("hello") = -3758069500696749310.
  CHECK(Murmur3SaltBucket("hello", 16) == 14);
  CHECK(SaltHexWidth(2) == 2);
  CHECK(SaltHexWidth(16) == 2);
  CHECK(SaltHexWidth(256) == 2);
  CHECK(SaltHexWidth(257) == 3);
  CHECK(SaltHexWidth(65536) == 4);
  CHECK(HexBucket(10, 16) == "0a");
  CHECK(HexBucket(0, 16) == "00");
  CHECK(HexBucket(4095, 4096) == "fff");
  SaltSpec md5;
  md5.hash = SaltHash::kMd5;
  md5.md5_chars = 4;
  CHECK(*ComputeSalt(md5, "user001") == "97f3");
  SaltSpec murmur;
  murmur.hash = SaltHash::kMurmur3;
  murmur.buckets = 16;
  CHECK(*ComputeSalt(murmur, "hello") == "0e");
  CHECK(*ComputeSalt(SaltSpec(), "hello") == "");
}

// ---- The "rowkey" spec section ----

TEST_CASE("spec: a rowkey section parses into the model") {
  const TableSpec spec = MustParse(WithRowkey(R"({
        "delimiter": "_",
        "salt": {"hash": "md5", "chars": 4, "fields": ["user_id"]},
        "fields": [
          {"name": "user_id", "width": 20, "pad": "x"},
          {"name": "bucket", "type": "int", "from": "ts",
           "transform": "modulo", "modulo": 16, "width": 2},
          {"name": "ts", "type": "int", "transform": "reverse_timestamp",
           "encoding": "be64"},
          {"name": "host", "transform": "reverse"}
        ]})"));
  REQUIRE(spec.rowkey.has_value());
  const RowkeySpec& r = *spec.rowkey;
  CHECK(r.delimiter == "_");
  CHECK(r.salt.hash == SaltHash::kMd5);
  CHECK(r.salt.md5_chars == 4);
  CHECK(r.salt.fields == std::vector<std::string>{"user_id"});
  REQUIRE(r.fields.size() == 4);
  CHECK(r.fields[0].width == 20);
  CHECK(r.fields[0].pad == 'x');
  CHECK(r.fields[0].source == "user_id");
  CHECK(r.fields[1].source == "ts");
  CHECK(r.fields[1].transform == RowkeyTransform::kModulo);
  CHECK(r.fields[1].modulo == 16);
  CHECK(r.fields[1].encoding == RowkeyEncoding::kDecimal);
  CHECK(r.fields[2].encoding == RowkeyEncoding::kBigEndian64);
  CHECK(r.fields[3].transform == RowkeyTransform::kReverse);
  CHECK(spec.warnings.empty());
  CHECK(SaltPrefixLength(r) == 5);
}

TEST_CASE("spec: no rowkey section, no model") {
  CHECK(!MustParse(R"({"table": "t", "families": [{"name": "f"}]})")
             .rowkey.has_value());
}

TEST_CASE("spec: rowkey errors name the JSON path") {
  CHECK(ParseError(WithRowkey(R"({"fields": [{"name": "a"}, {"name": "b"},
          {"name": "ts", "type": "int", "width": 25}]})")) ==
        "rowkey.fields[2].width: must be an integer between 1 and 19 "
        "(digits, zero-padded), got 25");
  CHECK(ParseError(WithRowkey(R"({"fields": [{"name": "a", "bogus": 1}]})")) ==
        "rowkey.fields[0].bogus: unknown field (allowed: name, from, type, "
        "transform, modulo, encoding, width, pad)");
  CHECK(ParseError(WithRowkey(R"({"fields": [], "x": 1})")) ==
        "rowkey.x: unknown field (allowed: fields, delimiter, salt)");
  CHECK(ParseError(WithRowkey(R"({"fields": []})")) ==
        "rowkey.fields: must be an array of 1 to 32 fields, got []");
  CHECK(ParseError(WithRowkey(R"({"delimiter": "_"})")) ==
        "rowkey.fields: required (an array of 1 to 32 fields)");
  CHECK(
      ParseError(WithRowkey(R"({"fields": [{"name": "a"}, {"name": "a"}]})")) ==
      "rowkey.fields[1].name: duplicate field 'a'");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "ts", "transform": "reverse_timestamp"}]})")) ==
      "rowkey.fields[0].transform: string fields take none or reverse; got "
      "\"reverse_timestamp\" (reverse_timestamp and modulo need \"type\": "
      "\"int\")");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "n", "type": "int", "transform": "reverse"}]})")) ==
      "rowkey.fields[0].transform: int fields take none, reverse_timestamp "
      "or modulo; got \"reverse\"");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "b", "type": "int", "transform": "modulo"}]})")) ==
      "rowkey.fields[0].modulo: required (the number of buckets, an "
      "integer between 2 and 2147483647)");
  CHECK(ParseError(WithRowkey(
            R"({"fields": [{"name": "b", "type": "int", "modulo": 4}]})")) ==
        "rowkey.fields[0].modulo: only allowed with \"transform\": \"modulo\"");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "ts", "type": "int", "encoding": "be64", "width": 8}]})")) ==
      "rowkey.fields[0].width: not allowed with a big-endian encoding "
      "(always 8 bytes)");
  CHECK(ParseError(
            WithRowkey(R"({"fields": [{"name": "s", "encoding": "be64"}]})")) ==
        "rowkey.fields[0].encoding: string fields are encoded as \"text\"; got "
        "\"be64\" (numeric encodings need \"type\": \"int\")");
  CHECK(ParseError(WithRowkey(R"({"fields": [{"name": "s", "pad": "x"}]})")) ==
        "rowkey.fields[0].pad: only allowed on a string field with a width");
  CHECK(ParseError(WithRowkey(
            R"({"fields": [{"name": "s", "width": 4, "pad": "xy"}]})")) ==
        "rowkey.fields[0].pad: must be exactly one byte, got \"xy\"");
  CHECK(ParseError(WithRowkey(R"({"fields": [{"name": "a$b"}]})")) ==
        "rowkey.fields[0].name: '$' is reserved as the table$family "
        "separator, in 'a$b'");
  CHECK(ParseError(WithRowkey(
            R"({"fields": [{"name": "a"}], "salt": {"hash": "sha1"}})")) ==
        "rowkey.salt.hash: must be \"md5\" or \"murmur3\", got \"sha1\"");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "a"}], "salt": {"hash": "md5", "chars": 33}})")) ==
      "rowkey.salt.chars: must be an integer between 1 and 32 (hex chars "
      "of MD5), got 33");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "a"}], "salt": {"hash": "murmur3", "buckets": 1}})")) ==
      "rowkey.salt.buckets: must be an integer between 2 and 65536, got 1");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "a"}], "salt": {"hash": "md5", "chars": 2, "buckets": 4}})")) ==
      "rowkey.salt.buckets: only allowed with \"hash\": \"murmur3\" (md5 "
      "salts take \"chars\")");
  CHECK(
      ParseError(WithRowkey(
          R"({"fields": [{"name": "a"}], "salt": {"hash": "md5", "chars": 2, "fields": ["b"]}})")) ==
      "rowkey.salt.fields[0]: no rowkey field 'b'");
  CHECK(ParseError(
            WithRowkey(R"({"fields": [{"name": "a"}], "delimiter": "\\x"})")) ==
        "rowkey.delimiter: bad escape at offset 0: expected \\xHH (a "
        "backslash itself is written \\x5C)");
}

TEST_CASE("spec: rowkey advice goes to warnings (seeds 000 and 004)") {
  const TableSpec spec = MustParse(WithRowkey(
      R"({"fields": [{"name": "host"}, {"name": "seq", "type": "int"}]})"));
  REQUIRE(spec.warnings.size() == 2);
  CHECK(spec.warnings[0] ==
        "rowkey.fields[1].width: unpadded decimal numbers sort \"10\" before "
        "\"9\"; set a width (seed 004: pad numbers to a fixed width)");
  CHECK(spec.warnings[1] ==
        "rowkey.fields[0]: variable width and no delimiter, so a scan for "
        "host1 also returns host12...; set a width or a delimiter (seed 000: "
        "fixed-length padding or a delimiter makes field boundaries "
        "unambiguous)");
  // A delimiter and fixed widths need no advice.
  CHECK(MustParse(WithRowkey(R"({"delimiter": "|", "fields": [{"name": "host"},
          {"name": "seq", "type": "int", "width": 10}]})"))
            .warnings.empty());
}

TEST_CASE("spec: every example under schemas/examples parses cleanly") {
  for (const char* name : {"salted_messages", "metrics_reverse_ts",
                           "bucketed_logs", "orders_reversed_user"}) {
    CAPTURE(name);
    Result<TableSpec> spec = LoadTableSpecFile(
        SourcePath(std::string("schemas/examples/") + name + ".json"));
    REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
    CHECK(spec->rowkey.has_value());
    CHECK(spec->warnings.empty());
  }
}

// ---- BuildRowkey ----

TEST_CASE("build: seed 000's [md5(user_id).subStr(0, 4)][user_id][order_id]") {
  const TableSpec spec = MustParse(WithRowkey(R"({
      "salt": {"hash": "md5", "chars": 4, "fields": ["user_id"]},
      "fields": [{"name": "user_id", "width": 8, "pad": "x"},
                 {"name": "order_id", "type": "int", "width": 6}]})"));
  CHECK(Key(*spec.rowkey, {{"user_id", "user001"}, {"order_id", "42"}}) ==
        "97f3user001x000042");
}

TEST_CASE("build: seed 004's salted time-series key with reverse timestamp") {
  const TableSpec spec =
      LoadTableSpecFile(SourcePath("schemas/examples/metrics_reverse_ts.json"))
          .value();
  const std::string key = Key(
      *spec.rowkey,
      {{"metric", "cpu"}, {"device", "sensor001"}, {"ts", "1587799000000"}});
  // The salt hashes metric and device joined by the delimiter.
  CHECK(key.substr(0, 4) == Md5Hex("cpu_sensor001")->substr(0, 4));
  CHECK(key == "96a3_cpu_sensor001_9223370449055775807");
  // Newer timestamps sort first.
  CHECK(Key(*spec.rowkey, {{"metric", "cpu"},
                           {"device", "sensor001"},
                           {"ts", "1587799000001"}}) < key);
}

TEST_CASE("build: seed 000's [bucket][timestamp][hostname][log_event]") {
  const TableSpec spec =
      LoadTableSpecFile(SourcePath("schemas/examples/bucketed_logs.json"))
          .value();
  const std::string key = Key(
      *spec.rowkey,
      {{"ts", "1700000000123"}, {"hostname", "web01"}, {"log_event", "login"}});
  CHECK(key == "11" + EncodeBigEndian64(1700000000123) + "web01" +
                   std::string(11, '\0') + "login");
}

TEST_CASE("build: the whole unsalted key is hashed by default (seed 002)") {
  const TableSpec spec =
      LoadTableSpecFile(SourcePath("schemas/examples/salted_messages.json"))
          .value();
  const std::string key =
      Key(*spec.rowkey, {{"ts", "1700000000000"}, {"msgid", "42"}});
  const std::string unsalted = "1700000000000_0000000000000000042";
  CHECK(key == HexBucket(Murmur3SaltBucket(unsalted, 16), 16) + "_" + unsalted);
  CHECK(key == "07_1700000000000_0000000000000000042");
}

TEST_CASE("build: reversed field (seed 000's [reverse(user_id)][order_id])") {
  const TableSpec spec =
      LoadTableSpecFile(
          SourcePath("schemas/examples/orders_reversed_user.json"))
          .value();
  CHECK(Key(*spec.rowkey, {{"user_id", "u12345"}, {"order_id", "7"}}) ==
        "54321u_000000000007");
}

TEST_CASE("build: errors name the value") {
  const TableSpec spec = MustParse(WithRowkey(R"({"delimiter": "_",
      "fields": [{"name": "host", "width": 4},
                 {"name": "ts", "type": "int", "width": 13},
                 {"name": "b32", "type": "int", "encoding": "be32"}]})"));
  const RowkeySpec& r = *spec.rowkey;
  auto error = [&](const RowkeyValues& v) {
    Result<std::string> key = BuildRowkey(r, v);
    REQUIRE(!key.ok());
    return key.status().message();
  };
  CHECK(error({{"host", "web1"}, {"ts", "1"}}) ==
        "b32: required by the rowkey");
  CHECK(error({{"host", "web1"}, {"ts", "1"}, {"b32", "1"}, {"x", "1"}}) ==
        "x: not a rowkey value (values: b32, host, ts)");
  CHECK(error({{"host", "web1"}, {"ts", "-5"}, {"b32", "1"}}) ==
        "ts: must be a non-negative integer, got \"-5\"");
  CHECK(error({{"host", "web1"}, {"ts", "12x"}, {"b32", "1"}}) ==
        "ts: must be a non-negative integer, got \"12x\"");
  CHECK(error({{"host", "web01"}, {"ts", "1"}, {"b32", "1"}}) ==
        "host: 5 bytes, wider than the field width 4");
  CHECK(error({{"host", "web1"}, {"ts", "12345678901234"}, {"b32", "1"}}) ==
        "ts: 12345678901234 has 14 digits, wider than the field width 13");
  CHECK(error({{"host", "web1"}, {"ts", "1"}, {"b32", "2147483648"}}) ==
        "b32: 2147483648 does not fit be32 (at most 2147483647)");
  const TableSpec big = MustParse(WithRowkey(R"({"fields": [{"name": "s"}]})"));
  Result<std::string> long_key =
      BuildRowkey(*big.rowkey, {{"s", std::string(1025, 'a')}});
  REQUIRE(!long_key.ok());
  CHECK(long_key.status().message().rfind(
            "rowkey: 1025 bytes, limit 1024 (K is varbinary(1024))", 0) == 0);
}

// ---- Salted scans ----

TEST_CASE("plan: one prefix per salt value, in byte order") {
  RowkeySpec murmur = MustParse(WithRowkey(R"({"delimiter": "_",
      "salt": {"hash": "murmur3", "buckets": 16},
      "fields": [{"name": "a"}]})"))
                          .rowkey.value();
  const std::vector<std::string> prefixes = *EnumerateScanPrefixes(murmur);
  REQUIRE(prefixes.size() == 16);
  CHECK(prefixes.front() == "00_");
  CHECK(prefixes[10] == "0a_");
  CHECK(prefixes.back() == "0f_");
  CHECK(std::is_sorted(prefixes.begin(), prefixes.end()));

  RowkeySpec md5 = murmur;
  md5.salt.hash = SaltHash::kMd5;
  md5.salt.md5_chars = 2;
  const std::vector<std::string> md5_prefixes = *EnumerateScanPrefixes(md5);
  CHECK(md5_prefixes.size() == 256);
  CHECK(md5_prefixes[255] == "ff_");
  CHECK(std::is_sorted(md5_prefixes.begin(), md5_prefixes.end()));
  md5.salt.md5_chars = 5;
  Result<std::vector<std::string>> too_many = EnumerateScanPrefixes(md5);
  REQUIRE(!too_many.ok());
  CHECK(too_many.status().message() ==
        "rowkey.salt.chars: a scan would need 1048576 bucket scans, limit "
        "65536");

  RowkeySpec plain = murmur;
  plain.salt = SaltSpec();
  CHECK(*EnumerateScanPrefixes(plain) == std::vector<std::string>{""});
}

TEST_CASE("plan: a leading modulo bucket fans out like a salt (seed 000)") {
  const TableSpec logs =
      LoadTableSpecFile(SourcePath("schemas/examples/bucketed_logs.json"))
          .value();
  const std::vector<std::string> prefixes =
      *EnumerateScanPrefixes(*logs.rowkey);
  REQUIRE(prefixes.size() == 16);
  CHECK(prefixes[0] == "00");
  CHECK(prefixes[15] == "15");
  // Unpadded decimal buckets sort as text; with a delimiter that is fine.
  RowkeySpec unpadded = *logs.rowkey;
  unpadded.fields[0].width = 0;
  unpadded.delimiter = "_";
  const std::vector<std::string> text = *EnumerateScanPrefixes(unpadded);
  CHECK(text[0] == "0_");
  CHECK(text[1] == "10_");
  CHECK(std::is_sorted(text.begin(), text.end()));
  // Without a width or a delimiter, "1" would also match bucket 10.
  unpadded.delimiter.clear();
  Result<std::vector<std::string>> ambiguous = EnumerateScanPrefixes(unpadded);
  REQUIRE(!ambiguous.ok());
  CHECK(ambiguous.status().message() ==
        "rowkey.fields[0]: a leading bucket needs a width or a delimiter to "
        "scan one bucket at a time (\"1\" is a prefix of \"10\")");
}

TEST_CASE("plan: ranges per bucket keep the bounds' inclusiveness") {
  const TableSpec spec =
      LoadTableSpecFile(SourcePath("schemas/examples/salted_messages.json"))
          .value();
  const std::vector<SaltedScanRange> plan = *PlanSaltedScan(
      *spec.rowkey, KeyRange::Forward("1700000100000", "1700000900000"));
  REQUIRE(plan.size() == 16);
  CHECK(plan[3].prefix == "03_");
  CHECK(plan[3].keys.lo == "03_1700000100000");
  CHECK(plan[3].keys.lo_inclusive);
  CHECK(plan[3].keys.hi == "03_1700000900000");
  CHECK(!plan[3].keys.hi_inclusive);
  CHECK(!plan[3].keys.hi_unbounded);
  // An unbounded stop ends at the end of the bucket.
  const std::vector<SaltedScanRange> open =
      *PlanSaltedScan(*spec.rowkey, KeyRange::Forward("17", ""));
  CHECK(open[3].keys.hi == "03`");
  CHECK(!open[3].keys.hi_unbounded);
  // Reversed plans list buckets from the last.
  const std::vector<SaltedScanRange> rev = *PlanSaltedScan(
      *spec.rowkey, KeyRange::Reversed("1700000900000", "1700000100000"), true);
  CHECK(rev.front().prefix == "0f_");
  CHECK(!rev.front().keys.lo_inclusive);
  CHECK(rev.front().keys.hi_inclusive);
  // Under RANGE partitioning on the salt, each bucket's scan touches exactly
  // its own partition, and the plan touches them all.
  const PartitionRouter router(spec.name, spec.families[0]);
  CHECK(router.PruneScan(plan[3].keys, TimeRange::All()) ==
        std::vector<int>{3});
  CHECK(PlanPartitions(router, plan, TimeRange::All()).size() == 16);
}

// An in-memory table: cells sorted in scan order.
bool CellLess(const Cell& a, const Cell& b) {
  if (a.row != b.row) return a.row < b.row;
  if (a.family != b.family) return a.family < b.family;
  if (a.qualifier != b.qualifier) return a.qualifier < b.qualifier;
  return a.timestamp > b.timestamp;
}

bool InRange(const KeyRange& r, const std::string& k) {
  if (r.lo_inclusive ? k < r.lo : k <= r.lo) return false;
  if (r.hi_unbounded) return true;
  return r.hi_inclusive ? k <= r.hi : k < r.hi;
}

// What a scan of `range` returns: rows ascending (descending when
// reversed), cells within a row in scan order.
std::vector<Cell> ScanTable(const std::vector<Cell>& table,
                            const KeyRange& range, bool reversed) {
  std::vector<std::vector<Cell>> rows;
  for (const Cell& c : table) {
    if (!InRange(range, c.row)) continue;
    if (rows.empty() || rows.back().front().row != c.row) rows.emplace_back();
    rows.back().push_back(c);
  }
  if (reversed) std::reverse(rows.begin(), rows.end());
  std::vector<Cell> out;
  for (const auto& row : rows) out.insert(out.end(), row.begin(), row.end());
  return out;
}

std::vector<Cell> Drain(CellSource* source) {
  std::vector<Cell> out;
  Cell cell;
  while (true) {
    Result<bool> more = source->Next(&cell);
    REQUIRE_MESSAGE(more.ok(), more.status().ToString());
    if (!*more) return out;
    out.push_back(cell);
  }
}

// Messages keyed ts | msgid, unsalted and salted, with two qualifiers and,
// on one, two versions.
struct MessageTables {
  std::vector<Cell> unsalted;
  std::vector<Cell> salted;
};

MessageTables MakeMessages(const RowkeySpec& salted_spec) {
  RowkeySpec unsalted_spec = salted_spec;
  unsalted_spec.salt = SaltSpec();
  const RowkeySpec& plain = unsalted_spec;
  MessageTables t;
  for (int i = 0; i < 2000; ++i) {
    const std::string ts = std::to_string(1700000000000LL + 997LL * i);
    const RowkeyValues values = {{"ts", ts}, {"msgid", std::to_string(i)}};
    for (auto [table, spec] :
         {std::pair{&t.unsalted, &plain}, std::pair{&t.salted, &salted_spec}}) {
      const std::string row = Key(*spec, values);
      table->push_back({row, "m", "body", 100, "v" + std::to_string(i)});
      table->push_back({row, "m", "from", 100, "old"});
      table->push_back({row, "m", "from", 200, "u" + std::to_string(i % 7)});
    }
  }
  std::sort(t.unsalted.begin(), t.unsalted.end(), CellLess);
  std::sort(t.salted.begin(), t.salted.end(), CellLess);
  return t;
}

std::vector<Cell> SaltedScan(const RowkeySpec& spec,
                             const std::vector<Cell>& table,
                             const KeyRange& unsalted, bool reversed) {
  const std::vector<SaltedScanRange> plan =
      *PlanSaltedScan(spec, unsalted, reversed);
  std::vector<SaltedStream> streams;
  for (const SaltedScanRange& range : plan) {
    streams.push_back(
        {range.prefix.size(), std::make_unique<VectorCellSource>(
                                  ScanTable(table, range.keys, reversed))});
  }
  SaltedMergeOptions options;
  options.reversed = reversed;
  options.strip_prefix = true;
  std::unique_ptr<CellSource> merged =
      MergeSaltedStreams(std::move(streams), options);
  return Drain(merged.get());
}

TEST_CASE("salted scan: a time-range scan returns the unsalted scan's cells") {
  for (const char* salt : {R"({"hash": "murmur3", "buckets": 16})",
                           R"({"hash": "md5", "chars": 2})"}) {
    CAPTURE(salt);
    const RowkeySpec spec =
        MustParse(WithRowkey(std::string(R"({"delimiter": "_", "salt": )") +
                             salt + R"(, "fields": [
            {"name": "ts", "type": "int", "width": 13},
            {"name": "msgid", "type": "int", "width": 6}]})"))
            .rowkey.value();
    const MessageTables t = MakeMessages(spec);
    // Forward: [1700000100000, 1700000900000).
    const std::vector<Cell> expected = ScanTable(
        t.unsalted, KeyRange::Forward("1700000100000", "1700000900000"), false);
    REQUIRE(expected.size() > 1500);
    const std::vector<Cell> got =
        SaltedScan(spec, t.salted,
                   KeyRange::Forward("1700000100000", "1700000900000"), false);
    CHECK(got == expected);
    // Reversed: from 1700000900000 down to 1700000100000.
    const KeyRange down = KeyRange::Reversed("1700000900000", "1700000100000");
    const std::vector<Cell> expected_down = ScanTable(t.unsalted, down, true);
    CHECK(expected_down.front().row > expected_down.back().row);
    CHECK(SaltedScan(spec, t.salted, down, true) == expected_down);
    // The whole table.
    CHECK(SaltedScan(spec, t.salted, KeyRange::All(), false) == t.unsalted);
  }
}

TEST_CASE("salted merge: rows keep their salt unless stripped") {
  std::vector<SaltedStream> streams;
  streams.push_back({3, std::make_unique<VectorCellSource>(
                            std::vector<Cell>{{"01_b", "f", "q", 5, "1"}})});
  streams.push_back(
      {3, std::make_unique<VectorCellSource>(std::vector<Cell>{
              {"00_a", "f", "q", 5, "2"}, {"00_c", "f", "q", 5, "3"}})});
  std::unique_ptr<CellSource> merged = MergeSaltedStreams(std::move(streams));
  const std::vector<Cell> cells = Drain(merged.get());
  REQUIRE(cells.size() == 3);
  CHECK(cells[0].row == "00_a");
  CHECK(cells[1].row == "01_b");
  CHECK(cells[2].row == "00_c");
}

class FailingSource : public CellSource {
 public:
  Result<bool> Next(Cell*) override {
    return Status::IOError("partition p3: disk gone");
  }
};

TEST_CASE("salted merge: a stream's error ends the merged stream") {
  std::vector<SaltedStream> streams;
  streams.push_back({3, std::make_unique<VectorCellSource>(
                            std::vector<Cell>{{"00_a", "f", "q", 5, "1"}})});
  streams.push_back({3, std::make_unique<FailingSource>()});
  std::unique_ptr<CellSource> merged = MergeSaltedStreams(std::move(streams));
  Cell cell;
  Result<bool> next = merged->Next(&cell);
  REQUIRE(!next.ok());
  CHECK(next.status().ToString() == "IOError: partition p3: disk gone");
}

// ---- Salted scans over a store table ----

// A temporary directory, removed with everything in it.
using TempDir = testing::CliSandbox;

std::vector<Cell> ScanStore(Table* table, const Scan& scan) {
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::unique_ptr<CellSource> source =
      CellSourceOfScanner(std::move(scanner).value());
  return Drain(source.get());
}

std::vector<Cell> ScanStoreSalted(Table* table, const RowkeySpec& spec,
                                  const Scan& scan) {
  Result<std::unique_ptr<CellSource>> source =
      ScanSalted(*table, spec, scan, /*strip_prefix=*/true);
  REQUIRE_MESSAGE(source.ok(), source.status().ToString());
  return Drain(source->get());
}

TEST_CASE("salted scan: a salted store table scans like an unsalted one") {
  TempDir dir;
  StoreOptions options;
  options.clock_ms = [] { return int64_t{1700001000000}; };
  Result<std::unique_ptr<Store>> store = Store::Open(options, dir.Path("s.db"));
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  const TableSpec salted_spec =
      LoadTableSpecFile(SourcePath("schemas/examples/salted_messages.json"))
          .value();
  const TableSpec plain_spec = MustParse(
      R"({"table": "plain", "families": [{"name": "m"}],
          "partition": {"strategy": "key", "partitions": 7}})");
  REQUIRE((*store)->CreateTable(salted_spec).ok());
  REQUIRE((*store)->CreateTable(plain_spec).ok());
  Table* salted = (*store)->GetTable("messages").value();
  Table* plain = (*store)->GetTable("plain").value();
  RowkeySpec unsalted_rowkey = *salted_spec.rowkey;
  unsalted_rowkey.salt = SaltSpec();
  std::vector<Put> salted_puts;
  std::vector<Put> plain_puts;
  for (int i = 0; i < 500; ++i) {
    const int64_t ts = 1700000000000LL + 997LL * i;
    const RowkeyValues values = {{"ts", std::to_string(ts)},
                                 {"msgid", std::to_string(i)}};
    for (auto [puts, spec] :
         {std::pair{&salted_puts, &*salted_spec.rowkey},
          std::pair{&plain_puts,
                    static_cast<const RowkeySpec*>(&unsalted_rowkey)}}) {
      Put put(Key(*spec, values));
      put.Add("m", "body", ts, "v" + std::to_string(i));
      put.Add("m", "from", ts, "old");
      put.Add("m", "from", ts + 1, "u" + std::to_string(i % 7));
      puts->push_back(std::move(put));
    }
  }
  REQUIRE(salted->Put(salted_puts).ok());
  REQUIRE(plain->Put(plain_puts).ok());

  Scan scan;
  scan.start_row = "1700000100000";
  scan.stop_row = "1700000400000";
  scan.max_versions = 3;
  const std::vector<Cell> expected = ScanStore(plain, scan);
  REQUIRE(expected.size() == 301 * 3);
  CHECK(ScanStoreSalted(salted, *salted_spec.rowkey, scan) == expected);

  // Reversed, with a time range and a row limit.
  Scan down;
  down.start_row = "1700000400000";
  down.stop_row = "1700000100000";
  down.reversed = true;
  down.time_range.min_ms = 1700000200000;
  down.time_range.max_ms = 1700000300000;
  const std::vector<Cell> expected_down = ScanStore(plain, down);
  REQUIRE(!expected_down.empty());
  CHECK(expected_down.front().row > expected_down.back().row);
  CHECK(ScanStoreSalted(salted, *salted_spec.rowkey, down) == expected_down);
  down.limit = 5;
  const std::vector<Cell> limited = ScanStore(plain, down);
  CHECK(ScanStoreSalted(salted, *salted_spec.rowkey, down) == limited);

  // Without stripping, rows keep their salt.
  Result<std::unique_ptr<CellSource>> raw =
      ScanSalted(*salted, *salted_spec.rowkey, scan);
  REQUIRE(raw.ok());
  Cell first;
  REQUIRE(*(*raw)->Next(&first));
  CHECK(first.row.substr(2, 1) == "_");
  CHECK(first.row.substr(3) == expected.front().row);
}

// ---- obkv key ----

TEST_CASE("cli: obkv key prints the escaped key") {
  CliRun run =
      RunCli({"key", SourcePath("schemas/examples/bucketed_logs.json"),
              "ts=1700000000123", "hostname=web01", "log_event=login"});
  CHECK(run.code == 0);
  CHECK(run.out ==
        "11\\x00\\x00\\x01\\x8B\\xCF\\xE5h{web01\\x00\\x00\\x00\\x00\\x00\\x00"
        "\\x00\\x00\\x00\\x00\\x00login\n");
  run = RunCli({"key", SourcePath("schemas/examples/metrics_reverse_ts.json"),
                "metric=cpu", "device=sensor001", "ts=1587799000000"});
  CHECK(run.out == "96a3_cpu_sensor001_9223370449055775807\n");
}

TEST_CASE("cli: obkv key errors") {
  const std::string spec = SourcePath("schemas/examples/salted_messages.json");
  CliRun run = RunCli({"key", spec, "ts=1700000000000"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: msgid: required by the rowkey\n");
  run = RunCli({"key", spec, "ts"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: \"ts\": expected name=value\n");
  run = RunCli({"key", spec, "ts=1", "ts=2", "msgid=1"});
  CHECK(run.err == "obkv: ts: given twice\n");
  run = RunCli({"key", SourcePath("schemas/seed003/key.json"), "a=1"});
  CHECK(run.code == 1);
  CHECK(run.err.find("no \"rowkey\" section") != std::string::npos);
  run = RunCli({"key", spec, "ts=1", "--plan-scan", "a", "b"});
  CHECK(run.code == 2);
}

TEST_CASE("cli: obkv key --plan-scan prints one scan per bucket") {
  const CliRun run =
      RunCli({"key", SourcePath("schemas/examples/salted_messages.json"),
              "--plan-scan", "1700000100000", "1700000900000"});
  CHECK(run.code == 0);
  std::vector<std::string> lines;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 16);
  CHECK(
      lines[0] ==
      R"({"prefix":"00_","start":"00_1700000100000","stop":"00_1700000900000","partitions":[0]})");
  CHECK(
      lines[15] ==
      R"({"prefix":"0f_","start":"0f_1700000100000","stop":"0f_1700000900000","partitions":[15]})");
  const CliRun rev =
      RunCli({"key", SourcePath("schemas/examples/salted_messages.json"),
              "--plan-scan", "1700000900000", "1700000100000", "--reversed"});
  CHECK(
      rev.out.substr(0, rev.out.find('\n')) ==
      R"({"prefix":"0f_","start":"0f_1700000900000","stop":"0f_1700000100000","partitions":[15]})");
}

}  // namespace
}  // namespace obkvlite
