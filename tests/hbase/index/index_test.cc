// Copyright (c) obkvlite authors.
//
// Secondary index tables (obkvlite/index.h, doc/indexes.md): the key
// encoding, the spec's "indexes", index tables made and dropped with their
// table, entries kept in step by every mutation kind (versions, TTL,
// deletes of the newest version, failing batches, binary values), reads
// through the index, check and rebuild, and a randomized model test.

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "obkvlite/index.h"
#include "store_fixture.h"

namespace obkvlite {
namespace {

using testing::StoreFixture;

std::string RandomBytes(std::mt19937* rng, size_t max_len) {
  static const char kAlphabet[] = {'\0', '\x01', 'a', 'b', '\xFE', '\xFF'};
  std::uniform_int_distribution<size_t> len(0, max_len);
  std::uniform_int_distribution<size_t> pick(0, sizeof(kAlphabet) - 1);
  std::string out(len(*rng), '\0');
  for (char& c : out) c = kAlphabet[pick(*rng)];
  return out;
}

TEST_CASE("index keys keep the order of (value, row) and prefixes") {
  std::mt19937 rng(18);
  for (int i = 0; i < 20000; ++i) {
    const std::string v1 = RandomBytes(&rng, 4), r1 = RandomBytes(&rng, 3);
    const std::string v2 = RandomBytes(&rng, 4), r2 = RandomBytes(&rng, 3);
    const std::string k1 = EncodeIndexKey(v1, r1), k2 = EncodeIndexKey(v2, r2);
    INFO(ToStringBinary(v1), " ", ToStringBinary(r1), " / ",
         ToStringBinary(v2), " ", ToStringBinary(r2));
    const bool less = std::make_pair(v1, r1) < std::make_pair(v2, r2);
    CHECK((k1 < k2) == less);
    CHECK((k1 == k2) == (v1 == v2 && r1 == r2));
    // Prefix: the escaped p starts k iff p starts the value.
    const std::string p = v2.substr(0, v2.size() / 2);
    const bool starts = v1.compare(0, p.size(), p) == 0 && v1.size() >= p.size();
    CHECK((k1.rfind(EncodeIndexValuePrefix(p), 0) == 0) == starts);
    // Exact value: the escaped value and terminator start k iff equal.
    CHECK((k1.rfind(EncodeIndexValue(v2), 0) == 0) == (v1 == v2));
    std::string value, row;
    REQUIRE(DecodeIndexKey(k1, &value, &row));
    CHECK(value == v1);
    CHECK(row == r1);
  }
  std::string value, row;
  CHECK_FALSE(DecodeIndexKey(std::string("ab\0", 3), &value, &row));
  CHECK_FALSE(DecodeIndexKey(std::string("a\0b", 3), &value, &row));
  CHECK_FALSE(DecodeIndexKey("abc", &value, &row));
}

std::string SpecWith(const std::string& indexes,
                     const std::string& layout = "normal") {
  return R"({"table": "t", "layout": ")" + layout +
         R"(", "families": [{"name": "f", "ttl_seconds": 100}, {"name": "g"}], "indexes": )" +
         indexes + "}";
}

std::string SpecError(const std::string& json) {
  Result<TableSpec> spec = ParseTableSpec(json);
  return spec.ok() ? "" : spec.status().message();
}

TEST_CASE("index specs are validated with their JSON path") {
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "x", "qualifier": "q"}])")) ==
        "indexes[0].family: unknown family 'x' in table 't'");
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": ")" +
                           std::string(257, 'q') + R"("}])")) ==
        "indexes[0].qualifier: 257 bytes, limit 256");
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": "a"},
                               {"name": "I", "family": "f", "qualifier": "b"}])")) ==
        "indexes[1].name: duplicate index 'I' (indexes[0])");
  CHECK(SpecError(SpecWith(R"([{"name": "-i", "family": "f", "qualifier": "a"}])"))
            .rfind("indexes[0].name:", 0) == 0);
  CHECK(SpecError(SpecWith(R"([{"name": "ns2:i", "family": "f", "qualifier": "a"}])")) ==
        "indexes[0].name: an index lives in its table's namespace 'default', "
        "got 'ns2:i'");
  CHECK(SpecError(SpecWith(R"([{"name": "t", "family": "f", "qualifier": "a"}])")) ==
        "indexes[0].name: 't' is the name of the indexed table");
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": "a",
                               "covered": ["x:y"]}])")) ==
        "indexes[0].covered[0]: unknown family 'x' in table 't'");
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": "a",
                               "covered": ["f:a"]}])")) ==
        "indexes[0].covered[0]: 'f:a' is already indexed or covered");
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": "a",
                               "bogus": 1}])"))
            .find("bogus") != std::string::npos);
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": "a",
                               "partition": {"strategy": "key", "partitions": 0}}])"))
            .rfind("indexes[0].partition", 0) == 0);
  CHECK(SpecError(SpecWith(R"([{"name": "i", "family": "f", "qualifier": "a"}])",
                           "timeseries"))
            .rfind("indexes: secondary indexes need the normal layout", 0) == 0);
  Result<TableSpec> ok = ParseTableSpec(
      R"({"table": "ns1:users", "families": [{"name": "f"}], "indexes": [
          {"name": "users_by_email", "family": "f", "qualifier": "email",
           "partition": {"strategy": "key", "partitions": 3}}]})");
  REQUIRE_MESSAGE(ok.ok(), ok.status().ToString());
  REQUIRE(ok->indexes.size() == 1);
  CHECK(ok->indexes[0].name == "ns1:users_by_email");
  Result<TableSpec> own = IndexTableSpec(*ok, ok->indexes[0]);
  REQUIRE(own.ok());
  CHECK(own->name == "ns1:users_by_email");
  CHECK(own->families[0].partition.key_partitions == 3);
}

// A table "t" (f with TimeToLive 100 s, g) with index "t_by_v" on f:v
// covering g:c, the main table partitioned per the case.
std::string IndexedSpec(const testing::PartitionCase& p) {
  return R"({"table": "t", "families": [{"name": "f", "ttl_seconds": 100000},
             {"name": "g"}], "partition": )" +
         std::string(p.partition_json) +
         R"(, "indexes": [{"name": "t_by_v", "family": "f", "qualifier": "v",
             "covered": ["g:c"], "partition": {"strategy": "key", "partitions": 3}}]})";
}

// Rows (in order) an index scan returns.
std::vector<std::string> IndexRows(Table* table, IndexScan scan) {
  Result<std::unique_ptr<Scanner>> scanner = table->GetIndexScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::vector<std::string> rows;
  RowResult row;
  while ((*scanner)->Next(&row)) rows.push_back(row.row);
  REQUIRE_MESSAGE((*scanner)->status().ok(), (*scanner)->status().ToString());
  return rows;
}

std::vector<std::string> RowsWithValue(Table* table, const std::string& v) {
  IndexScan scan;
  scan.index = "t_by_v";
  scan.value = v;
  return IndexRows(table, scan);
}

void RequireClean(Table* table) {
  Result<IndexCheckReport> report = table->CheckIndex("");
  REQUIRE_MESSAGE(report.ok(), report.status().ToString());
  std::string keys;
  for (const std::string& k : report->missing_keys) keys += " missing " + k;
  for (const std::string& k : report->stale_keys) keys += " stale " + k;
  REQUIRE_MESSAGE(report->clean(), keys);
}

using Strings = std::vector<std::string>;

TEST_CASE_TEMPLATE("index entries follow every mutation kind", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(IndexedSpec(P::Case()));
  Table* t = fx.table();
  // The index table is a table like any other.
  const std::vector<std::string> tables = fx.store()->ListTables();
  CHECK(std::find(tables.begin(), tables.end(), "t_by_v") != tables.end());

  fx.MustPut(Put("r1").Add("f", "v", 200, "a").Add("g", "c", 200, "x"));
  fx.MustPut(Put("r2").Add("f", "v", 200, "b"));
  CHECK(RowsWithValue(t, "a") == Strings{"r1"});
  CHECK(RowsWithValue(t, "b") == Strings{"r2"});

  SUBCASE("an older put does not move the entry; a newer one does") {
    fx.MustPut(Put("r1").Add("f", "v", 100, "old"));
    CHECK(RowsWithValue(t, "a") == Strings{"r1"});
    CHECK(RowsWithValue(t, "old").empty());
    fx.MustPut(Put("r1").Add("f", "v", 300, "b"));
    CHECK(RowsWithValue(t, "a").empty());
    CHECK(RowsWithValue(t, "b") == (Strings{"r1", "r2"}));
    SUBCASE("deleting the newest version moves it back") {
      fx.MustDelete({"r1", DeleteType::kColumn, "f", "v", std::nullopt});
      CHECK(RowsWithValue(t, "a") == Strings{"r1"});
      fx.MustDelete({"r1", DeleteType::kColumn, "f", "v", 200});
      CHECK(RowsWithValue(t, "old") == Strings{"r1"});
      fx.MustDelete({"r1", DeleteType::kColumns, "f", "v", std::nullopt});
      CHECK(RowsWithValue(t, "old").empty());
    }
    SUBCASE("family_version and family deletes") {
      fx.MustDelete({"r1", DeleteType::kFamilyVersion, "f", "", 300});
      CHECK(RowsWithValue(t, "a") == Strings{"r1"});
      fx.MustDelete({"r1", DeleteType::kFamily, "f", "", 200});
      CHECK(RowsWithValue(t, "old").empty());
      CHECK(RowsWithValue(t, "a").empty());
    }
  }
  SUBCASE("row delete, then a covered column written alone") {
    fx.MustDelete({"r1", DeleteType::kRow, "", "", std::nullopt});
    CHECK(RowsWithValue(t, "a").empty());
    fx.MustPut(Put("r2").Add("g", "c", 250, "y"));
    IndexScan covered;
    covered.index = "t_by_v";
    covered.value = "b";
    covered.columns = {{"g", "c"}};
    Result<std::unique_ptr<Scanner>> s = t->GetIndexScanner(covered);
    REQUIRE(s.ok());
    CHECK(testing::Drain(s->get()) ==
          std::vector<Cell>{testing::C("r2", "g", "c", 250, "y")});
  }
  SUBCASE("increment, append and check_and_mutate") {
    Append app;
    app.row = "r2";
    app.columns = {{"f", "v", "c"}};
    REQUIRE(t->Append(app).ok());
    CHECK(RowsWithValue(t, "bc") == Strings{"r2"});
    Increment inc;
    inc.row = "r3";
    inc.columns = {{"f", "v", 1}};
    REQUIRE(t->Increment(inc).ok());
    CHECK(RowsWithValue(t, std::string("\0\0\0\0\0\0\0\x01", 8)) ==
          Strings{"r3"});
    CheckAndMutate cam;
    cam.row = "r1";
    cam.family = "f";
    cam.qualifier = "v";
    cam.value = "a";
    cam.mutations.push_back(Put("r1").Add("f", "v", 400, "z"));
    REQUIRE(t->CheckAndMutate(cam).ok());
    CHECK(RowsWithValue(t, "z") == Strings{"r1"});
  }
  SUBCASE("a batch that fails halfway changes neither table") {
    std::vector<Mutation> ops;
    ops.push_back(Put("r1").Add("f", "v", 500, "moved"));
    ops.push_back(Delete{"r2", DeleteType::kRow, "", "", std::nullopt});
    Increment bad;  // "moved" is not an 8-byte long: fails in the write
    bad.row = "r1";
    bad.columns = {{"f", "v", 1}};
    ops.push_back(bad);
    CHECK_FALSE(t->Batch(ops).ok());
    CHECK(RowsWithValue(t, "a") == Strings{"r1"});
    CHECK(RowsWithValue(t, "b") == Strings{"r2"});
    CHECK(RowsWithValue(t, "moved").empty());
    ops.pop_back();
    REQUIRE(t->Batch(ops).ok());
    CHECK(RowsWithValue(t, "moved") == Strings{"r1"});
    CHECK(RowsWithValue(t, "b").empty());
  }
  SUBCASE("binary values and rows, exact and prefix scans") {
    const std::string v0("a\0", 2), v1("a\0\xFF", 3), v2("a\xFF", 2);
    const std::string row0("\0r", 2), row1("\xFFr", 2);
    fx.MustPut(Put(row1).Add("f", "v", 200, v0));
    fx.MustPut(Put(row0).Add("f", "v", 200, v1));
    fx.MustPut(Put("r9").Add("f", "v", 200, v2));
    CHECK(RowsWithValue(t, v0) == Strings{row1});
    IndexScan prefix;
    prefix.index = "t_by_v";
    prefix.prefix = std::string("a\0", 2);
    CHECK(IndexRows(t, prefix) == (Strings{row1, row0}));
    prefix.prefix = "a";
    CHECK(IndexRows(t, prefix) == (Strings{"r1", row1, row0, "r9"}));
    prefix.limit = 2;
    CHECK(IndexRows(t, prefix) == (Strings{"r1", row1}));
  }
  SUBCASE("an entry over the row key limit fails the put, which writes nothing") {
    const std::string big(600, '\0');  // escaped to 1200 bytes
    Status st = t->Put(Put("r1").Add("f", "v", 900, big).Add("g", "c", 900, "q"));
    CHECK(st.IsInvalidArgument());
    CHECK(st.message().find("limit 1024") != std::string::npos);
    CHECK(st.message().find("t_by_v") != std::string::npos);
    CHECK(fx.MustGet(Get("r1")) ==
          std::vector<Cell>{testing::C("r1", "f", "v", 200, "a"),
                            testing::C("r1", "g", "c", 200, "x")});
  }
  SUBCASE("TimeToLive hides entries; purge removes them") {
    fx.set_now(200 + 100000 * 1000 + 1);
    CHECK(RowsWithValue(t, "a").empty());
    REQUIRE(t->Purge().ok());
    fx.set_now(testing::kNow);
    CHECK(RowsWithValue(t, "a").empty());
  }
  RequireClean(t);
}

TEST_CASE("index tables live and die with their table") {
  StoreFixture fx(IndexedSpec(testing::AllPartitionCases()[0]));
  Status drop = fx.store()->DropTable("t_by_v");
  CHECK(drop.IsFailedPrecondition());
  CHECK(drop.message() ==
        "table 't_by_v' is an index of table 't' and is dropped with it");
  // Deleting an indexed family is refused.
  Result<TableSpec> without_g = ParseTableSpec(
      R"({"table": "t", "families": [{"name": "f", "ttl_seconds": 100000}],
          "indexes": [{"name": "t_by_v", "family": "f", "qualifier": "v"}]})");
  REQUIRE(without_g.ok());
  Status alter = fx.store()->AlterTable(*without_g, ChangeOptions());
  CHECK(alter.message() ==
        "families: family 'g' holds columns of index 't_by_v' and cannot be "
        "deleted while the index exists");
  fx.MustPut(Put("r1").Add("f", "v", 200, "a"));
  ChangeOptions truncate;
  REQUIRE(fx.store()->TruncateTable("t", truncate).ok());
  CHECK(RowsWithValue(fx.table(), "a").empty());
  RequireClean(fx.table());
  REQUIRE(fx.store()->DropTable("t").ok());
  CHECK_FALSE(fx.store()->TableExists("t_by_v").value());
}

TEST_CASE("rebuild restores a damaged index") {
  StoreFixture fx(IndexedSpec(testing::AllPartitionCases()[1]));
  for (int i = 0; i < 50; ++i) {
    fx.MustPut(Put("r" + std::to_string(i))
                   .Add("f", "v", 200, "v" + std::to_string(i % 7))
                   .Add("g", "c", 200, "c"));
  }
  RequireClean(fx.table());
  // Damage it through the index table itself.
  Table* index = fx.MustGetTable("t_by_v");
  REQUIRE(index->Delete({EncodeIndexKey("v3", "r3"), DeleteType::kRow, "", "",
                         std::nullopt})
              .ok());
  REQUIRE(index->Put(Put(EncodeIndexKey("zz", "r1")).Add("f", "v", 5, "zz")).ok());
  Result<IndexCheckReport> report = fx.table()->CheckIndex("t_by_v");
  REQUIRE(report.ok());
  CHECK(report->missing == 1);
  CHECK(report->stale == 1);
  CHECK(report->missing_keys == Strings{"v3\\x00\\x00r3"});
  IndexRebuildOptions options;
  options.batch_rows = 7;
  int64_t calls = 0;
  options.progress = [&](int64_t, int64_t total) {
    ++calls;
    CHECK(total == 50);
  };
  Result<int64_t> rows = fx.table()->RebuildIndex("", options);
  REQUIRE_MESSAGE(rows.ok(), rows.status().ToString());
  CHECK(*rows == 50);
  CHECK(calls == 8);
  RequireClean(fx.table());
}

TEST_CASE_TEMPLATE("randomized: the index equals a filtered full scan", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(IndexedSpec(P::Case()));
  Table* t = fx.table();
  std::mt19937 rng(4);
  const std::vector<std::string> values = {"", "a", std::string("a\0", 2),
                                           "ab", "\xFF", "b"};
  auto pick = [&](size_t n) {
    return std::uniform_int_distribution<size_t>(0, n - 1)(rng);
  };
  for (int step = 0; step < 300; ++step) {
    const std::string row = "r" + std::to_string(pick(12));
    const int64_t ts = 100 + 50 * static_cast<int64_t>(pick(6));
    switch (pick(6)) {
      case 0:
      case 1:
        fx.MustPut(Put(row).Add("f", "v", ts, values[pick(values.size())]));
        break;
      case 2:
        fx.MustPut(Put(row).Add("g", "c", ts, values[pick(values.size())]));
        break;
      case 3:
        fx.MustDelete({row, DeleteType::kColumn, "f", "v", std::nullopt});
        break;
      case 4: {
        std::vector<Mutation> ops;
        ops.push_back(Put(row).Add("f", "v", ts, values[pick(values.size())]));
        ops.push_back(Delete{"r" + std::to_string(pick(12)), DeleteType::kRow,
                             "", "", std::nullopt});
        REQUIRE(t->Batch(ops).ok());
        break;
      }
      default:
        fx.MustDelete({row, DeleteType::kColumns, "f", "v", ts});
        break;
    }
  }
  RequireClean(t);
  // Brute force: the newest f:v of every row.
  Scan all;
  all.columns = {{"f", "v"}};
  std::map<std::pair<std::string, std::string>, bool> expected;
  for (const Cell& c : fx.MustScan(all)) expected[{c.value, c.row}] = true;
  for (const std::string& v : values) {
    Strings want;
    for (const auto& [key, _] : expected) {
      if (key.first == v) want.push_back(key.second);
    }
    CHECK(RowsWithValue(t, v) == want);
    IndexScan prefix;
    prefix.index = "t_by_v";
    prefix.prefix = v;
    Strings want_prefix;
    for (const auto& [key, _] : expected) {
      if (key.first.compare(0, v.size(), v) == 0 && key.first.size() >= v.size())
        want_prefix.push_back(key.second);
    }
    CHECK(IndexRows(t, prefix) == want_prefix);
  }
}

}  // namespace
}  // namespace obkvlite
