// Copyright (c) obkvlite authors.
//
// Tests of the partition objects of a table spec (DESIGN §6, §7;
// src/spec/partition_spec_parser.cc): every bad partition gets an
// InvalidArgument whose exact message names the JSON path, the rule and the
// limit (strategies, KEY counts and prefixes, RANGE bounds on K and G,
// two-level partitions); good ones produce the documented bounds and
// models, and partition counts their warnings.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "obkvlite/spec.h"
#include "spec_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

// A one-family table "t" with the given table-level partition object.
std::string WithPartition(const std::string& partition) {
  return R"({"table": "t", "families": [{"name": "f"}], "partition": )" +
         partition + "}";
}

const std::string kCountRule = "must be an integer between 1 and 8192, got ";
const std::string kPrefixRule = "must be an integer between 1 and 1024, got ";
const std::string kGBoundRule =
    "must be a positive integer timestamp in ms or \"MAXVALUE\", got ";

// ---------------------------------------------------------------------------
// Bad specs: partitions.

TEST_CASE("partition: an object with a known strategy") {
  CHECK(Err(WithPartition("97")) == "partition: must be a JSON object, got 97");
  CHECK(Err(WithPartition("null")) ==
        "partition: must be a JSON object, got null");
  CHECK(Err(WithPartition("[]")) == "partition: must be a JSON object, got []");
  CHECK(Err(WithPartition("{}")) == "partition.strategy: required");
  CHECK(Err(WithPartition(R"({"strategy": "hash", "partitions": 97})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"hash\"");
  CHECK(Err(WithPartition(R"({"strategy": "KEY", "partitions": 97})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"KEY\"");
  CHECK(Err(WithPartition(R"({"strategy": 1})")) ==
        "partition.strategy: must be a string, got 1");
  CHECK(Err(WithPartition(R"({"strategy": null})")) ==
        "partition.strategy: must be a string, got null");
  CHECK(Err(WithFamily(R"({"name": "f", "partition": "none"})")) ==
        "families[0].partition: must be a JSON object, got \"none\"");
}

TEST_CASE("regression: a long bad string is cut in the message") {
  // The strategy, layout, hash, column and value_type messages used to copy
  // the whole string (here 10 000 bytes) into the error.
  const std::string long_value(10000, 'x');
  CHECK(Err(WithPartition(R"({"strategy": ")" + long_value + R"("})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"" +
            std::string(59, 'x') + "...");
  CHECK(Err(R"({"table": "t", "layout": ")" + long_value +
            R"(", "families": [{"name": "f"}]})") ==
        "layout: must be \"normal\" or \"timeseries\", got \"" +
            std::string(59, 'x') + "...");
  // Control characters are escaped rather than copied.
  CHECK(Err(WithPartition(R"({"strategy": "key\n", "partitions": 3})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"key\\n\"");
}

TEST_CASE("regression: a cut message never splits a UTF-8 character") {
  // JsonForMessage cut at 60 bytes, which could leave half of a two-byte
  // character; 40 x U+00E9 dumps as '"' + 80 bytes.
  std::string e_acute;
  for (int i = 0; i < 40; ++i) e_acute += "\xC3\xA9";
  const std::string msg =
      Err(WithFamily(R"({"name": "f", "ttl_seconds": ")" + e_acute + R"("})"));
  std::string shown = "\"";
  for (int i = 0; i < 29; ++i) shown += "\xC3\xA9";
  CHECK(msg == "families[0].ttl_seconds: " + kTtlRule + shown + "...");
  CHECK(IsValidUtf8(msg));
}

TEST_CASE("key partitions: count 1..8192, prefix_length 1..1024, hash") {
  const std::string p = "partition.partitions: ";
  CHECK(Err(WithPartition(R"({"strategy": "key"})")) ==
        "partition.partitions: required (an integer between 1 and 8192)");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 0})")) ==
        p + kCountRule + "0");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 8193})")) ==
        p + kCountRule + "8193");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": -97})")) ==
        p + kCountRule + "-97");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": "97"})")) ==
        p + kCountRule + "\"97\"");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 97.0})")) ==
        p + kCountRule + "97.0");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": true})")) ==
        p + kCountRule + "true");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": [97]})")) ==
        p + kCountRule + "[97]");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 8192})")) ==
        "<OK>");

  const std::string q = "partition.prefix_length: ";
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "prefix_length": 0})")) ==
        q + kPrefixRule + "0");
  CHECK(
      Err(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": 1025})")) ==
      q + kPrefixRule + "1025");
  CHECK(
      Err(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": "4"})")) ==
      q + kPrefixRule + "\"4\"");
  CHECK(
      Err(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": 1024})")) ==
      "<OK>");

  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "hash": "md5"})")) ==
        "partition.hash: must be \"oceanbase\" or \"murmur3\", got \"md5\"");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "hash": "Murmur3"})")) ==
        "partition.hash: must be \"oceanbase\" or \"murmur3\", got "
        "\"Murmur3\"");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "hash": 3})")) ==
        "partition.hash: must be a string, got 3");
}

TEST_CASE("unknown partition fields, per strategy") {
  CHECK(Err(WithPartition(R"({"strategy": "none", "partitions": 1})")) ==
        "partition.partitions: unknown field (allowed: strategy)");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "bounds": ["a"]})")) ==
        "partition.bounds: unknown field (allowed: strategy, partitions, "
        "prefix_length, hash)");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "subpartitions": 3})")) ==
        "partition.subpartitions: unknown field (allowed: strategy, "
        "partitions, prefix_length, hash)");
  CHECK(Err(WithPartition(
            R"({"strategy": "range", "bounds": ["a"], "partitions": 2})")) ==
        "partition.partitions: unknown field (allowed: strategy, column, "
        "bounds, names)");
  CHECK(Err(WithPartition(
            R"({"strategy": "range", "bounds": ["a"], "prefix_length": 2})")) ==
        "partition.prefix_length: unknown field (allowed: strategy, column, "
        "bounds, names)");
  CHECK(Err(WithPartition(
            R"({"strategy": "range", "bounds": ["a"], "hash": "murmur3"})")) ==
        "partition.hash: unknown field (allowed: strategy, column, bounds, "
        "names)");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                             "subpartitions": 3, "partitions": 3})")) ==
        "partition.partitions: unknown field (allowed: strategy, bounds, "
        "names, subpartitions, prefix_length, hash)");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                             "subpartitions": 3, "column": "G"})")) ==
        "partition.column: unknown field (allowed: strategy, bounds, "
        "names, subpartitions, prefix_length, hash)");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "bounds": [1],
                             "partitions": 3, "subpartitions": 3})")) ==
        "partition.subpartitions: unknown field (allowed: strategy, "
        "partitions, bounds, prefix_length, hash)");
  CHECK(Err(WithFamily(R"({"name": "f", "partition": {"strategy": "none",
                           "extra": true}})")) ==
        "families[0].partition.extra: unknown field (allowed: strategy)");
}

TEST_CASE("range partitions: column and bounds shape") {
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "T",
                             "bounds": [1]})")) ==
        "partition.column: must be \"K\" or \"G\", got \"T\"");
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "k",
                             "bounds": ["a"]})")) ==
        "partition.column: must be \"K\" or \"G\", got \"k\"");
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": 0,
                             "bounds": ["a"]})")) ==
        "partition.column: must be a string, got 0");
  CHECK(Err(WithPartition(R"({"strategy": "range"})")) ==
        "partition.bounds: required (ascending range bounds, MAXVALUE allowed "
        "last)");
  CHECK(Err(WithPartition(R"({"strategy": "range", "bounds": []})")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got []");
  CHECK(Err(WithPartition(R"({"strategy": "range", "bounds": "a"})")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got \"a\"");
  CHECK(Err(WithPartition(R"({"strategy": "range", "bounds": {"0": "a"}})")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got "
        "{\"0\":\"a\"}");
  json many = json::array();
  for (int i = 1; i <= 8193; ++i) many.push_back(i);
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "G",
                             "bounds": )" +
                          many.dump() + "}")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got "
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23...");
  many.erase(many.size() - 1);
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "G",
                             "bounds": )" +
                          many.dump() + "}")) == "<OK>");
}

TEST_CASE("range bounds on K: ascending escaped row keys") {
  auto k = [](const std::string& bounds) {
    return Err(
        WithPartition(R"({"strategy": "range", "bounds": )" + bounds + "}"));
  };
  CHECK(k(R"(["w", "a"])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 'a' follows "
        "'w'");
  CHECK(k(R"(["a", "a", "MAXVALUE"])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 'a' follows "
        "'a'");
  // Bytes compare unsigned: 0xFF sorts after 'z'.
  CHECK(k(R"(["\\xFF", "z"])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 'z' follows "
        "'\\xFF'");
  CHECK(k(R"(["z", "\\xFF"])") == "<OK>");
  CHECK(k(R"(["a", "MAXVALUE", "w"])") ==
        "partition.bounds[1]: MAXVALUE may only be the last bound");
  CHECK(k(R"(["MAXVALUE", "MAXVALUE"])") ==
        "partition.bounds[0]: MAXVALUE may only be the last bound");
  CHECK(k(R"(["a", 5])") ==
        "partition.bounds[1]: must be a row key string (\\xHH escapes) or "
        "\"MAXVALUE\", got 5");
  CHECK(k(R"([null])") ==
        "partition.bounds[0]: must be a row key string (\\xHH escapes) or "
        "\"MAXVALUE\", got null");
  CHECK(k(R"(["a\\q"])") ==
        "partition.bounds[0]: bad escape at offset 1: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"(["ab\\x4"])") ==
        "partition.bounds[0]: bad escape at offset 2: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"(["a", "\\xZZ"])") ==
        "partition.bounds[1]: bad escape at offset 0: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"(["a\\"])") ==
        "partition.bounds[0]: bad escape at offset 1: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"([""])") ==
        "partition.bounds[0]: must not be empty (it would leave the first "
        "partition empty)");
  const std::string k1024(1024, 'k');
  const std::string k1025(1025, 'k');
  CHECK(k(R"([")" + k1024 + R"("])") == "<OK>");
  CHECK(k(R"([")" + k1025 + R"("])") ==
        "partition.bounds[0]: 1025 bytes, limit 1024 (K is varbinary(1024))");
  // The limit counts decoded bytes, not escaped characters.
  std::string escaped;
  for (int i = 0; i < 1025; ++i) escaped += "\\\\x00";
  CHECK(k(R"(["a", ")" + escaped + R"("])") ==
        "partition.bounds[1]: 1025 bytes, limit 1024 (K is varbinary(1024))");
}

TEST_CASE("range bounds on G: ascending positive integers") {
  auto g = [](const std::string& bounds) {
    return Err(WithPartition(R"({"strategy": "range", "column": "G",
                                "bounds": )" +
                             bounds + "}"));
  };
  CHECK(g(R"(["a"])") == "partition.bounds[0]: " + kGBoundRule + "\"a\"");
  CHECK(g(R"([1728921600000, "1729008000000"])") ==
        "partition.bounds[1]: " + kGBoundRule + "\"1729008000000\"");
  CHECK(g(R"([-1])") == "partition.bounds[0]: " + kGBoundRule + "-1");
  CHECK(g(R"([0])") == "partition.bounds[0]: " + kGBoundRule + "0");
  CHECK(g(R"([1.5])") == "partition.bounds[0]: " + kGBoundRule + "1.5");
  CHECK(g(R"([1, true])") == "partition.bounds[1]: " + kGBoundRule + "true");
  CHECK(g(R"(["maxvalue"])") ==
        "partition.bounds[0]: " + kGBoundRule + "\"maxvalue\"");
  CHECK(g(R"([1729008000000, 1728921600000])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 1728921600000 "
        "follows 1729008000000");
  CHECK(g(R"([5, 5])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 5 follows 5");
  CHECK(g(R"([1, "MAXVALUE", 2])") ==
        "partition.bounds[1]: MAXVALUE may only be the last bound");
  // Two-level strategies always range on G.
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": ["a"],
                             "subpartitions": 3})")) ==
        "partition.bounds[0]: " + kGBoundRule + "\"a\"");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 3,
                             "bounds": [2, 1]})")) ==
        "partition.bounds[1]: bounds must ascend strictly, but 1 follows 2");
}

TEST_CASE("two-level partitions: counts and the 8192 physical limit") {
  json bounds100 = json::array();
  for (int i = 1; i < 100; ++i) bounds100.push_back(i);
  bounds100.push_back("MAXVALUE");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 97,
                             "bounds": )" +
                          bounds100.dump() + "}")) ==
        "partition: 100 x 97 = 9700 physical partitions, limit 8192");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "subpartitions": 97,
                             "bounds": )" +
                          bounds100.dump() + "}")) ==
        "partition: 100 x 97 = 9700 physical partitions, limit 8192");
  CHECK(Err(WithFamily(R"({"name": "f", "partition": {"strategy": "key_range",
        "partitions": 97, "bounds": )" +
                       bounds100.dump() + "}}")) ==
        "families[0].partition: 100 x 97 = 9700 physical partitions, limit "
        "8192");
  // Exactly 8192 is allowed.
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 4096,
                             "bounds": [1, "MAXVALUE"]})")) == "<OK>");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                             "subpartitions": 0})")) ==
        "partition.subpartitions: " + kCountRule + "0");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1]})")) ==
        "partition.subpartitions: required (an integer between 1 and 8192)");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "bounds": [1]})")) ==
        "partition.partitions: required (an integer between 1 and 8192)");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 8193,
                             "bounds": [1]})")) ==
        "partition.partitions: " + kCountRule + "8193");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                  "subpartitions": 3, "prefix_length": 1025})")) ==
        "partition.prefix_length: " + kPrefixRule + "1025");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "bounds": [1],
                  "partitions": 3, "hash": "crc32"})")) ==
        "partition.hash: must be \"oceanbase\" or \"murmur3\", got \"crc32\"");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 3})")) ==
        "partition.bounds: required (ascending range bounds, MAXVALUE allowed "
        "last)");
}

TEST_CASE("a family partition error names the family path") {
  CHECK(Err(R"({"table": "t", "families": [{"name": "a"}, {"name": "b",
      "partition": {"strategy": "key", "partitions": 0}}],
      "partition": {"strategy": "key", "partitions": 97}})") ==
        "families[1].partition.partitions: " + kCountRule + "0");
  CHECK(Err(R"({"table": "t", "families": [{"name": "a", "partition":
      {"strategy": "range", "bounds": ["b", "a"]}}]})") ==
        "families[0].partition.bounds[1]: bounds must ascend strictly, but "
        "'a' follows 'b'");
  // A table-level partition is validated even if every family overrides it.
  CHECK(Err(R"({"table": "t", "families": [{"name": "a", "partition":
      {"strategy": "none"}}], "partition": {"strategy": "key"}})") ==
        "partition.partitions: required (an integer between 1 and 8192)");
}

// ---------------------------------------------------------------------------
// Good specs: the parsed partitions.

TEST_CASE("escaped K bounds are decoded to raw bytes") {
  const TableSpec t = MustParse(WithPartition(
      R"({"strategy": "range", "column": "K",
          "bounds": ["\\x00\\xFF", "a\\x5Cb", "a\\x5cc", "caf\u00e9", "MAXVALUE"]})"));
  const PartitionSpec& p = t.families[0].partition;
  CHECK(p.strategy == PartitionStrategy::kRange);
  CHECK(p.range_column == RangeColumn::kK);
  REQUIRE(p.bounds.size() == 5);
  CHECK(p.bounds[0].key == std::string("\x00\xFF", 2));
  CHECK_FALSE(p.bounds[0].is_maxvalue);
  CHECK(p.bounds[1].key == "a\\b");
  CHECK(p.bounds[2].key == "a\\c");         // lower-case hex digits accepted
  CHECK(p.bounds[3].key == "caf\xC3\xA9");  // raw UTF-8 bytes kept
  CHECK(p.bounds[4].is_maxvalue);
  CHECK(p.FirstLevelCount() == 5);
  CHECK(p.SubpartitionCount() == 1);
  CHECK(p.PhysicalCount() == 5);
  CHECK_FALSE(p.NeedsTimestamp());
  CHECK_FALSE(p.HasKeyLevel());
  // Without "column", a range is on K.
  const TableSpec k =
      MustParse(WithPartition(R"({"strategy": "range", "bounds": ["m"]})"));
  CHECK(k.families[0].partition.range_column == RangeColumn::kK);
  CHECK(k.families[0].partition.bounds[0].key == "m");
}

TEST_CASE("G bounds, range_key and key_range models") {
  const TableSpec g = MustParse(WithPartition(
      R"({"strategy": "range", "column": "G",
          "bounds": [1728921600000, 9223372036854775807]})"));
  const PartitionSpec& pg = g.families[0].partition;
  CHECK(pg.range_column == RangeColumn::kG);
  CHECK(pg.NeedsTimestamp());
  REQUIRE(pg.bounds.size() == 2);
  CHECK(pg.bounds[0].ts_ms == 1728921600000);
  CHECK(pg.bounds[1].ts_ms == INT64_MAX);
  CHECK(pg.PhysicalCount() == 2);

  const TableSpec rk = MustParse(WithPartition(
      R"({"strategy": "range_key", "subpartitions": 97, "prefix_length": 4,
          "hash": "murmur3",
          "bounds": [1728921600000, 1729008000000, 1729094400000, "MAXVALUE"]})"));
  const PartitionSpec& p = rk.families[0].partition;
  CHECK(p.strategy == PartitionStrategy::kRangeKey);
  CHECK(p.range_column == RangeColumn::kG);
  CHECK(p.key_partitions == 97);
  CHECK(p.prefix_length == 4);
  CHECK(p.hash == HashFunction::kMurmur3);
  CHECK(p.IsTwoLevel());
  CHECK(p.NeedsTimestamp());
  CHECK(p.FirstLevelCount() == 4);
  CHECK(p.SubpartitionCount() == 97);
  CHECK(p.PhysicalCount() == 388);
  CHECK(PartitionSuffix(p, 0) == "p0s0");
  CHECK(PartitionSuffix(p, 97 * 2 + 5) == "p2s5");
  CHECK(PartitionTableName("htable1$cf1", p, 387) == "htable1$cf1$p3s96");

  const TableSpec kr = MustParse(WithPartition(
      R"({"strategy": "key_range", "partitions": 97,
          "bounds": [1728921600000, 1729008000000, 1729094400000, "MAXVALUE"]})"));
  const PartitionSpec& q = kr.families[0].partition;
  CHECK(q.strategy == PartitionStrategy::kKeyRange);
  CHECK(q.hash == HashFunction::kOceanBase);
  CHECK(q.prefix_length == 0);
  CHECK(q.FirstLevelCount() == 97);
  CHECK(q.SubpartitionCount() == 4);
  CHECK(q.PhysicalCount() == 388);
  CHECK(PartitionTableName("htable1$cf3", q, 387) == "htable1$cf3$p96s3");
  CHECK(PartitionTableName("htable1$cf3", q, 5) == "htable1$cf3$p1s1");
}

TEST_CASE("key partitions with prefix and hash") {
  const TableSpec t = MustParse(WithPartition(
      R"({"strategy": "key", "partitions": 97, "prefix_length": 4,
          "hash": "murmur3"})"));
  const PartitionSpec& p = t.families[0].partition;
  CHECK(p.strategy == PartitionStrategy::kKey);
  CHECK(p.prefix_length == 4);
  CHECK(p.hash == HashFunction::kMurmur3);
  CHECK(PartitionSuffix(p, 42) == "p42");
  const TableSpec o = MustParse(WithPartition(
      R"({"strategy": "key", "partitions": 97, "hash": "oceanbase"})"));
  CHECK(o.families[0].partition.hash == HashFunction::kOceanBase);
}

// ---------------------------------------------------------------------------
// Warnings.

TEST_CASE("warnings: non-prime and over-997 partition counts") {
  CHECK(MustParse(WithPartition(R"({"strategy": "key", "partitions": 97})"))
            .warnings.empty());
  CHECK(MustParse(WithPartition(R"({"strategy": "key", "partitions": 997})"))
            .warnings.empty());
  CHECK(MustParse(WithPartition(R"({"strategy": "key", "partitions": 2})"))
            .warnings.empty());

  const TableSpec t100 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 100})"));
  CHECK(t100.warnings ==
        std::vector<std::string>{"partition.partitions: 100 is not prime; OBKV "
                                 "recommends a prime such as 97, 193 or 389"});
  const TableSpec t1 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 1})"));
  CHECK(t1.warnings ==
        std::vector<std::string>{"partition.partitions: 1 is not prime; OBKV "
                                 "recommends a prime such as 97, 193 or 389"});
  // 1009 is prime, but over 997.
  const TableSpec t1009 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 1009})"));
  CHECK(t1009.warnings ==
        std::vector<std::string>{"partition.partitions: 1009 partitions is "
                                 "over 997, OBKV's recommended maximum"});
  // Over 997 and not prime: one warning, the size one.
  const TableSpec t2000 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 2000})"));
  CHECK(t2000.warnings ==
        std::vector<std::string>{"partition.partitions: 2000 partitions is "
                                 "over 997, OBKV's recommended maximum"});

  // Every level and family is advised, in order; the table-level count is
  // advised once however many families inherit it.
  const TableSpec many = MustParse(R"({"table": "t", "families": [
      {"name": "a"}, {"name": "b"},
      {"name": "c", "partition": {"strategy": "range_key", "bounds": [1],
                                  "subpartitions": 96}},
      {"name": "d", "partition": {"strategy": "key_range", "bounds": [1],
                                  "partitions": 97}}],
    "partition": {"strategy": "key", "partitions": 9}})");
  CHECK(many.warnings ==
        std::vector<std::string>{
            "partition.partitions: 9 is not prime; OBKV recommends a prime "
            "such as 97, 193 or 389",
            "families[2].partition.subpartitions: 96 is not prime; OBKV "
            "recommends a prime such as 97, 193 or 389"});
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
