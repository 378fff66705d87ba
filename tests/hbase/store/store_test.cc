// Copyright (c) obkvlite authors.
//
// Store behaviour: put, get, exists, delete, limits. Every behaviour runs
// over the six partitioning strategies (store_fixture.h) with the same
// expected cells.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

Get GetRow(const std::string& row, int max_versions = 1) {
  Get get(row);
  get.max_versions = max_versions;
  return get;
}

Delete Del(const std::string& row, DeleteType type, std::string family = "",
           std::string qualifier = "",
           std::optional<int64_t> ts = std::nullopt) {
  Delete d;
  d.row = row;
  d.type = type;
  d.family = std::move(family);
  d.qualifier = std::move(qualifier);
  d.timestamp = ts;
  return d;
}

// Three versions of f:q (100, 200, 300), one of f:r and g:q at 200.
void PutVersions(StoreFixture& fx, const std::string& row = "r1") {
  fx.MustPut(Put(row)
                 .Add("f", "q", 100, "v100")
                 .Add("f", "q", 200, "v200")
                 .Add("f", "q", 300, "v300")
                 .Add("f", "r", 200, "r200")
                 .Add("g", "q", 200, "g200"));
}

// ---- put / get ----

TEST_CASE_TEMPLATE("put then get returns the cell", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1").Add("f", "q", 100, "v"));
  CHECK(fx.MustGet(GetRow("r1")) == Cells{C("r1", "f", "q", 100, "v")});
  Result<RowResult> row = fx.table()->Get(GetRow("r1"));
  REQUIRE(row.ok());
  CHECK(row->row == "r1");
}

// Regression (node-hbase's suite made a family "column 1"): family names
// follow HBase's rule, not the identifier characters, and every dialect
// quotes the relation, so spaces, quotes, backticks, parentheses and
// non-ASCII letters work through create, put, get, scan, delete, the
// store check, reopen and drop.
TEST_CASE_TEMPLATE("families with HBase's printable names work end to end", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "column 1"}, {"name": "a\"b"},)"
                             R"( {"name": "q`t"}, {"name": "p (x), -'y'"},)"
                             "{\"name\": \"\xc3\xa9t\xc3\xa9\"}]");
  fx.MustPut(Put("r1")
                 .Add("column 1", "q", 100, "v1")
                 .Add("a\"b", "q", 100, "v2")
                 .Add("q`t", "q", 100, "v3")
                 .Add("p (x), -'y'", "q", 100, "v4")
                 .Add("\xc3\xa9t\xc3\xa9", "q", 100, "v5"));
  const Cells all{
      C("r1", "a\"b", "q", 100, "v2"), C("r1", "column 1", "q", 100, "v1"),
      C("r1", "p (x), -'y'", "q", 100, "v4"), C("r1", "q`t", "q", 100, "v3"),
      C("r1", "\xc3\xa9t\xc3\xa9", "q", 100, "v5")};
  CHECK(fx.MustGet(GetRow("r1")) == all);
  Get one = GetRow("r1");
  one.families = {"q`t"};
  CHECK(fx.MustGet(one) == Cells{C("r1", "q`t", "q", 100, "v3")});
  CHECK(fx.MustScan(Scan()) == all);
  fx.MustDelete(Del("r1", DeleteType::kFamily, "a\"b"));
  Result<std::vector<std::string>> problems = fx.store()->Check();
  REQUIRE_MESSAGE(problems.ok(), problems.status().ToString());
  for (const std::string& problem : *problems) FAIL_CHECK(problem);
  fx.Reopen();
  CHECK(fx.MustGet(GetRow("r1")) == Cells(all.begin() + 1, all.end()));
  REQUIRE(fx.store()->DropTable("t").ok());
  CHECK(fx.store()->GetTable("t").status().IsNotFound());
}

TEST_CASE_TEMPLATE("get into a RowResult reuses it and matches Get", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx, "r1");
  fx.MustPut(Put("r2").Add("f", "q", 100, "only"));
  RowResult out;
  for (int round = 0; round < 2; ++round) {
    for (const std::string row : {"r1", "r2", "r1", "missing"}) {
      CAPTURE(row);
      for (int versions : {1, 3}) {
        REQUIRE(fx.table()->Get(GetRow(row, versions), &out).ok());
        CHECK(out.cells == fx.MustGet(GetRow(row, versions)));
        CHECK(out.row == (row == "missing" ? "" : row));
      }
    }
  }
  // An invalid request empties the result and names the field.
  Get bad("r1");
  bad.max_versions = 0;
  REQUIRE(fx.table()->Get(GetRow("r1"), &out).ok());
  const Status st = fx.table()->Get(bad, &out);
  CHECK(st.IsInvalidArgument());
  CHECK(st.message().find("max_versions") != std::string::npos);
  CHECK(out.cells.empty());
  CHECK(out.row.empty());
}

TEST_CASE_TEMPLATE("a put without timestamp uses the clock, once per put", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1").Add("f", "a", "x").Add("g", "b", "y"));
  CHECK(fx.MustGet(GetRow("r1")) ==
        Cells{C("r1", "f", "a", kNow, "x"), C("r1", "g", "b", kNow, "y")});
}

TEST_CASE_TEMPLATE("the same row, column and timestamp overwrites", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1").Add("f", "q", 100, "old"));
  fx.MustPut(Put("r1").Add("f", "q", 100, "new"));
  CHECK(fx.MustGet(GetRow("r1", 10)) == Cells{C("r1", "f", "q", 100, "new")});
}

TEST_CASE_TEMPLATE("get returns the newest version by default", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  CHECK(fx.MustGet(GetRow("r1")) == Cells{C("r1", "f", "q", 300, "v300"),
                                          C("r1", "f", "r", 200, "r200"),
                                          C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("get max_versions returns versions newest first", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  CHECK(fx.MustGet(GetRow("r1", 2)) ==
        Cells{C("r1", "f", "q", 300, "v300"), C("r1", "f", "q", 200, "v200"),
              C("r1", "f", "r", 200, "r200"), C("r1", "g", "q", 200, "g200")});
  CHECK(fx.MustGet(GetRow("r1", 5)).size() == 5);
}

TEST_CASE_TEMPLATE("get time_range is [min, max)", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  Get get = GetRow("r1", 10);
  get.time_range = TimeRange{100, 300};
  CHECK(fx.MustGet(get) ==
        Cells{C("r1", "f", "q", 200, "v200"), C("r1", "f", "q", 100, "v100"),
              C("r1", "f", "r", 200, "r200"), C("r1", "g", "q", 200, "g200")});
  get.time_range = TimeRange{201, 300};
  CHECK(fx.MustGet(get).empty());
  get.time_range = TimeRange{150, 150};
  CHECK(fx.MustGet(get).empty());
}

TEST_CASE_TEMPLATE("time_range with max_versions takes the newest inside", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  Get get = GetRow("r1");
  get.columns = {{"f", "q"}};
  get.time_range = TimeRange{0, 250};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 200, "v200")});
}

TEST_CASE_TEMPLATE("an exact timestamp never falls back to an older version", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  Get get = GetRow("r1", 10);
  get.timestamp = 200;
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 200, "v200"),
                                 C("r1", "f", "r", 200, "r200"),
                                 C("r1", "g", "q", 200, "g200")});
  get.timestamp = 250;
  CHECK(fx.MustGet(get).empty());
  get.timestamp = 100;
  get.columns = {{"f", "r"}};
  CHECK(fx.MustGet(get).empty());
}

TEST_CASE_TEMPLATE("get families projection", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  Get get = GetRow("r1");
  get.families = {"g"};
  CHECK(fx.MustGet(get) == Cells{C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("get columns projection", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  Get get = GetRow("r1", 2);
  get.columns = {{"g", "q"}, {"f", "q"}, {"f", "q"}, {"f", "missing"}};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 300, "v300"),
                                 C("r1", "f", "q", 200, "v200"),
                                 C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("families and columns projections add up", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  Get get = GetRow("r1");
  get.families = {"f"};
  get.columns = {{"g", "q"}, {"f", "r"}};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 300, "v300"),
                                 C("r1", "f", "r", 200, "r200"),
                                 C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("get of a missing row is empty; exists says so", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1").Add("f", "q", 100, "v"));
  Result<RowResult> row = fx.table()->Get(GetRow("r2"));
  REQUIRE(row.ok());
  CHECK(row->empty());
  CHECK(row->row.empty());
  Result<bool> exists = fx.table()->Exists(GetRow("r1"));
  REQUIRE(exists.ok());
  CHECK(*exists);
  exists = fx.table()->Exists(GetRow("r2"));
  REQUIRE(exists.ok());
  CHECK_FALSE(*exists);
  Get other_family = GetRow("r1");
  other_family.families = {"g"};
  exists = fx.table()->Exists(other_family);
  REQUIRE(exists.ok());
  CHECK_FALSE(*exists);
}

TEST_CASE_TEMPLATE("multi_get returns one row per get, in order", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx, "r1");
  fx.MustPut(Put("r3").Add("g", "z", 50, "z50"));
  Get r1 = GetRow("r1", 2);
  r1.families = {"f"};
  Get r3 = GetRow("r3");
  std::vector<Get> gets = {r3, GetRow("r2"), r1, r3};
  Result<std::vector<RowResult>> rows = fx.table()->MultiGet(gets);
  REQUIRE_MESSAGE(rows.ok(), rows.status().ToString());
  REQUIRE(rows->size() == 4);
  const Cells z = {C("r3", "g", "z", 50, "z50")};
  CHECK((*rows)[0].row == "r3");
  CHECK((*rows)[0].cells == z);
  CHECK((*rows)[1].empty());
  CHECK((*rows)[2].cells == Cells{C("r1", "f", "q", 300, "v300"),
                                  C("r1", "f", "q", 200, "v200"),
                                  C("r1", "f", "r", 200, "r200")});
  CHECK((*rows)[3].cells == z);
  rows = fx.table()->MultiGet({});
  REQUIRE(rows.ok());
  CHECK(rows->empty());
  // One bad Get fails the whole call, naming its field.
  Get bad = GetRow("r1");
  bad.families = {"nope"};
  rows = fx.table()->MultiGet({r3, bad});
  CHECK(rows.status().IsInvalidArgument());
  CHECK(rows.status().message().find("unknown family 'nope'") !=
        std::string::npos);
}

TEST_CASE_TEMPLATE("cells are ordered by family, qualifier, newest first", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(),
                  R"([{"name": "zz"}, {"name": "a"}, {"name": "B"}])");
  fx.MustPut(Put("r1")
                 .Add("zz", "b", 100, "1")
                 .Add("a", "b", 100, "2")
                 .Add("a", "a", 200, "3")
                 .Add("B", "z", 300, "4")
                 .Add("a", "a", 300, "5")
                 .Add("a", std::string("\xFF", 1), 100, "6")
                 .Add("a", "ab", 100, "7"));
  CHECK(fx.MustGet(GetRow("r1", 5)) ==
        Cells{C("r1", "B", "z", 300, "4"), C("r1", "a", "a", 300, "5"),
              C("r1", "a", "a", 200, "3"), C("r1", "a", "ab", 100, "7"),
              C("r1", "a", "b", 100, "2"),
              C("r1", "a", std::string("\xFF", 1), 100, "6"),
              C("r1", "zz", "b", 100, "1")});
}

TEST_CASE_TEMPLATE("binary rows, qualifiers and values with 0x00 and 0xFF", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  const std::string row("\x00\xFF\x00", 3);
  const std::string qualifier("\xFF\x00", 2);
  const std::string value("\x00\x01\xFF", 3);
  fx.MustPut(Put(row).Add("f", qualifier, 100, value));
  fx.MustPut(Put(std::string("\x00", 1)).Add("f", "q", 100, "low"));
  fx.MustPut(Put(std::string("\xFF\xFF", 2)).Add("f", "q", 100, "high"));
  CHECK(fx.MustGet(GetRow(row)) == Cells{C(row, "f", qualifier, 100, value)});
  CHECK(fx.ScanAll() ==
        Cells{C(std::string("\x00", 1), "f", "q", 100, "low"),
              C(row, "f", qualifier, 100, value),
              C(std::string("\xFF\xFF", 2), "f", "q", 100, "high")});
}

TEST_CASE_TEMPLATE("an empty qualifier and an empty value are allowed", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1").Add("f", "", 100, "").Add("f", "q", 100, ""));
  CHECK(fx.MustGet(GetRow("r1")) ==
        Cells{C("r1", "f", "", 100, ""), C("r1", "f", "q", 100, "")});
  Get get = GetRow("r1");
  get.columns = {{"f", ""}};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "", 100, "")});
}

// ---- deletes ----

TEST_CASE_TEMPLATE("delete column removes the latest version only", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kColumn, "f", "q"));
  Get get = GetRow("r1", 10);
  get.columns = {{"f", "q"}};
  CHECK(fx.MustGet(get) ==
        Cells{C("r1", "f", "q", 200, "v200"), C("r1", "f", "q", 100, "v100")});
}

TEST_CASE_TEMPLATE("delete column with ts removes exactly that version", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kColumn, "f", "q", 200));
  fx.MustDelete(Del("r1", DeleteType::kColumn, "f", "q", 250));  // no-op
  Get get = GetRow("r1", 10);
  get.columns = {{"f", "q"}};
  CHECK(fx.MustGet(get) ==
        Cells{C("r1", "f", "q", 300, "v300"), C("r1", "f", "q", 100, "v100")});
}

TEST_CASE_TEMPLATE("delete columns removes versions <= ts", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kColumns, "f", "q", 200));
  CHECK(fx.MustGet(GetRow("r1", 10)) == Cells{C("r1", "f", "q", 300, "v300"),
                                              C("r1", "f", "r", 200, "r200"),
                                              C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("delete columns without ts removes every version", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kColumns, "f", "q"));
  CHECK(fx.MustGet(GetRow("r1", 10)) ==
        Cells{C("r1", "f", "r", 200, "r200"), C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("delete family removes every qualifier, versions <= ts", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kFamily, "f", "", 200));
  CHECK(fx.MustGet(GetRow("r1", 10)) ==
        Cells{C("r1", "f", "q", 300, "v300"), C("r1", "g", "q", 200, "g200")});
  fx.MustDelete(Del("r1", DeleteType::kFamily, "f"));
  CHECK(fx.MustGet(GetRow("r1", 10)) == Cells{C("r1", "g", "q", 200, "g200")});
}

TEST_CASE_TEMPLATE("delete family_version removes exactly ts, all qualifiers",
                   P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kFamilyVersion, "f", "", 200));
  CHECK(fx.MustGet(GetRow("r1", 10)) == Cells{C("r1", "f", "q", 300, "v300"),
                                              C("r1", "f", "q", 100, "v100"),
                                              C("r1", "g", "q", 200, "g200")});
  Status st = fx.table()->Delete(Del("r1", DeleteType::kFamilyVersion, "f"));
  CHECK(st.IsInvalidArgument());
  CHECK(st.message() == "ts: required for delete type 'family_version'");
}

TEST_CASE_TEMPLATE("delete row removes every family", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  PutVersions(fx, "r2");
  fx.MustDelete(Del("r1", DeleteType::kRow));
  CHECK(fx.MustGet(GetRow("r1", 10)).empty());
  CHECK(fx.MustGet(GetRow("r2", 10)).size() == 5);
}

TEST_CASE_TEMPLATE("delete row with ts removes versions <= ts everywhere", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kRow, "", "", 200));
  CHECK(fx.MustGet(GetRow("r1", 10)) == Cells{C("r1", "f", "q", 300, "v300")});
}

TEST_CASE_TEMPLATE("deletes are physical: an older put is visible again", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutVersions(fx);
  fx.MustDelete(Del("r1", DeleteType::kRow));
  fx.MustPut(Put("r1").Add("f", "q", 50, "older"));
  CHECK(fx.MustGet(GetRow("r1")) == Cells{C("r1", "f", "q", 50, "older")});
}

TEST_CASE_TEMPLATE("deleting what is not there succeeds", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustDelete(Del("nothing", DeleteType::kRow));
  fx.MustDelete(Del("nothing", DeleteType::kColumn, "f", "q"));
  fx.MustDelete(Del("nothing", DeleteType::kFamily, "g", "", 5));
  CHECK(fx.ScanAll().empty());
}

TEST_CASE("delete input errors name the field") {
  StoreFixture fx(AllPartitionCases()[0]);
  Status st = fx.table()->Delete(Del("", DeleteType::kRow));
  CHECK(st.message() == "row: must not be empty");
  st = fx.table()->Delete(Del("r", DeleteType::kColumn, "x", "q"));
  CHECK(st.message() == "family: unknown family 'x' in table 't'");
  st = fx.table()->Delete(Del("r", DeleteType::kColumns, "", "q"));
  CHECK(st.message() == "family: required for delete type 'columns'");
  st = fx.table()->Delete(Del("r", DeleteType::kColumn, "f", "q", -1));
  CHECK(st.message() == "ts: must not be negative, got -1");
  st = fx.table()->Delete(
      Del("r", DeleteType::kColumn, "f", std::string(257, 'q')));
  CHECK(st.message() == "qualifier: 257 bytes, limit 256");
}

// ---- limits: checked before anything is written ----

TEST_CASE_TEMPLATE("limits reject bad puts with exact messages", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  Status st = fx.table()->Put(Put("").Add("f", "q", 1, "v"));
  CHECK(st.IsInvalidArgument());
  CHECK(st.message() == "row: must not be empty");
  st = fx.table()->Put(Put(std::string(1025, 'r')).Add("f", "q", 1, "v"));
  CHECK(st.message() == "row: 1025 bytes, limit 1024");
  st = fx.table()->Put(Put("r").Add("f", std::string(300, 'q'), 1, "v"));
  CHECK(st.message() == "cells[0].qualifier: 300 bytes, limit 256");
  st = fx.table()->Put(Put("r").Add("f", "q", 1, std::string(1048577, 'v')));
  CHECK(st.message() == "cells[0].value: 1048577 bytes, limit 1048576");
  st = fx.table()->Put(Put("r").Add("f", "q", 1, "v").Add("x", "q", 1, "v"));
  CHECK(st.message() == "cells[1].family: unknown family 'x' in table 't'");
  st = fx.table()->Put(Put("r").Add("f", "q", -5, "v"));
  CHECK(st.message() == "cells[0].ts: must not be negative, got -5");
  st = fx.table()->Put(Put("r"));
  CHECK(st.message() == "cells: must not be empty");
  CHECK(fx.ScanAll().empty());
}

TEST_CASE_TEMPLATE("a put with one bad cell writes none of its cells", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  Status st = fx.table()->Put(Put("r1")
                                  .Add("f", "a", 100, "ok")
                                  .Add("g", "b", 100, "ok")
                                  .Add("f", std::string(257, 'q'), 100, "v"));
  CHECK(st.message() == "cells[2].qualifier: 257 bytes, limit 256");
  CHECK(fx.ScanAll().empty());
}

TEST_CASE("the row and qualifier limits are inclusive") {
  StoreFixture fx(AllPartitionCases()[1]);
  const std::string row(1024, 'r');
  const std::string qualifier(256, 'q');
  fx.MustPut(Put(row).Add("f", qualifier, 1, std::string(1048576, 'v')));
  CHECK(fx.MustGet(GetRow(row)).size() == 1);
}

TEST_CASE("varbinary(N) and longblob value limits") {
  StoreFixture fx(AllPartitionCases()[0],
                  R"js([{"name": "small", "value_type": "varbinary(1024)"},
                      {"name": "lob", "value_type": "longblob"}])js");
  Status st =
      fx.table()->Put(Put("r").Add("small", "q", 1, std::string(1025, 'v')));
  CHECK(st.message() == "cells[0].value: 1025 bytes, limit 1024");
  const std::string big(2 * 1048576 + 3, 'x');
  fx.MustPut(Put("r").Add("lob", "q", 1, big));
  std::vector<Cell> cells = fx.MustGet(GetRow("r"));
  REQUIRE(cells.size() == 1);
  CHECK(cells[0].value == big);
}

TEST_CASE("read options are validated") {
  StoreFixture fx(AllPartitionCases()[0]);
  Get get("r");
  get.max_versions = 0;
  CHECK(fx.table()->Get(get).status().message() ==
        "max_versions: must be at least 1, got 0");
  get.max_versions = 1;
  get.time_range = TimeRange{5, 3};
  CHECK(fx.table()->Get(get).status().message() ==
        "time_range: max 3 is below min 5");
  get.time_range = TimeRange{-1, 3};
  CHECK(fx.table()->Get(get).status().message() ==
        "time_range: min must not be negative, got -1");
  get.time_range = TimeRange();
  get.families = {"f", "nope"};
  CHECK(fx.table()->Get(get).status().message() ==
        "families[1]: unknown family 'nope' in table 't'");
  get.families.clear();
  get.columns = {{"zz", "q"}};
  CHECK(fx.table()->Get(get).status().message() ==
        "columns[0]: unknown family 'zz' in table 't'");
  CHECK(fx.table()->Get(Get("")).status().message() ==
        "row: must not be empty");
  Scan scan;
  scan.limit = -1;
  CHECK(fx.table()->GetScanner(scan).status().message() ==
        "limit: must not be negative, got -1");
}

TEST_CASE("range partitions without MAXVALUE reject keys and times above") {
  StoreFixture by_key(SpecJson("t", R"([{"name": "f"}])",
                               R"({"strategy": "range", "column": "K",
                                   "bounds": ["m"]})"));
  Status st = by_key.table()->Put(Put("z").Add("f", "q", 1, "v"));
  CHECK(st.IsInvalidArgument());
  CHECK(st.message().rfind("row: 'z' is at or above the last range bound", 0) ==
        0);
  by_key.MustPut(Put("a").Add("f", "q", 1, "v"));

  StoreFixture by_time(SpecJson("t", R"([{"name": "f"}])",
                                R"({"strategy": "range", "column": "G",
                                    "bounds": [1000]})"));
  st = by_time.table()->Put(
      Put("a").Add("f", "q", 1, "v").Add("f", "q", 2000, "v"));
  CHECK(st.message().rfind("cells[1].ts: 2000 is at or above", 0) == 0);
  CHECK(by_time.ScanAll().empty());
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
