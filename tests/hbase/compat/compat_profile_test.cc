// Copyright (c) obkvlite authors.
//
// The compatibility profiles (obkvlite/compat.h, doc/obkv-compat.md) on the
// library surface: every row the library judges, in both profiles. Under
// --compat obkv: the exact refusal (its code, OBKV's error, the reference
// row) and the store unchanged; under the default profile: HBase's result
// and exactly one finding with the right count. Then counts, surfaces,
// persistence across Store objects, reset, read-only stores, and the rows a
// surface judges through Store::CompatCheck. The suite runs on SQLite and
// on MariaDB (tests/CMakeLists.txt).

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using namespace std::string_literals;

// Partitioned by ranges of the row key, so that a scan across partitions
// comes back in row-key order in OBKV too (no C-73 finding).
constexpr const char* kTwoFamilies =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g"}],
        "partition": {"strategy": "range", "column": "K",
                      "bounds": ["m", "MAXVALUE"]}})";
// A family named with an ideographic space only (U+3000, blank to Java),
// and one with a '.'.
constexpr const char* kBlankFamily =
    "{\"table\": \"t\", \"families\": [{\"name\": \"f\"}, "
    "{\"name\": \"\xE3\x80\x80\"}]}";
constexpr const char* kDottedFamily =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g.h"}]})";
constexpr const char* kTimeseries =
    R"({"table": "t", "layout": "timeseries", "families": [{"name": "f"}],
        "partition": {"strategy": "none"}})";

std::vector<CompatFinding> Findings(Store* store) {
  Result<std::vector<CompatFinding>> findings = store->CompatFindings();
  REQUIRE_MESSAGE(findings.ok(), findings.status().ToString());
  return *findings;
}

std::string Describe(const std::vector<CompatFinding>& findings) {
  std::string out;
  for (const CompatFinding& f : findings) {
    out += f.table + "|" + f.operation + "|" + f.surface + "|" + f.rule + "|" +
           std::to_string(f.count) + "\n";
  }
  return out;
}

// One operation that OBKV-HBase refuses.
struct RefusalCase {
  const char* name;
  const char* spec;
  const char* operation;  // as named in the refusal and the finding
  const char* rule;
  bool io_error;  // IOError (an IOException in OBKV), else NotSupported
  std::function<Status(Table*)> run;
};

Status ScanStatus(Table* table, const Scan& scan) {
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) return scanner.status();
  RowResult row;
  while ((*scanner)->Next(&row)) {
  }
  return (*scanner)->status();
}

Scan FilterScan(const std::string& filter) {
  Scan scan;
  scan.filter = filter;
  return scan;
}

std::vector<RefusalCase> RefusalCases() {
  return {
      {"regexstring comparator in a scan filter", kTwoFamilies, "scan", "C-25",
       true,
       [](Table* t) {
         return ScanStatus(t, FilterScan("ValueFilter(=, 'regexstring:v.*')"));
       }},
      {"regexstring comparator in a get filter", kTwoFamilies, "get", "C-25",
       true,
       [](Table* t) {
         Get get("r1");
         get.filter = "SingleColumnValueFilter('f', 'q', =, 'regexstring:v')";
         return t->Get(get).status();
       }},
      {"regexstringnocase comparator", kTwoFamilies, "scan", "C-26", true,
       [](Table* t) {
         return ScanStatus(
             t, FilterScan("QualifierFilter(!=, 'regexstringnocase:Q')"));
       }},
      {"increment inside a batch", kTwoFamilies, "batch", "C-04", false,
       [](Table* t) {
         Increment inc;
         inc.row = "r2";
         inc.columns = {{"f", "n", 1}};
         std::vector<Mutation> batch = {Put("r3").Add("f", "q", 5, "x"), inc};
         return t->Batch(batch).status();
       }},
      {"increment on two families", kTwoFamilies, "increment", "C-12", false,
       [](Table* t) {
         Increment inc;
         inc.row = "r2";
         inc.columns = {{"f", "n", 1}, {"g", "n", 1}};
         return t->Increment(inc).status();
       }},
      {"append on two families", kTwoFamilies, "append", "C-12", false,
       [](Table* t) {
         Append app;
         app.row = "r2";
         app.columns = {{"f", "a", "x"}, {"g", "a", "y"}};
         return t->Append(app).status();
       }},
      {"check-and-mutate writing another family", kTwoFamilies,
       "check_and_mutate", "C-13", true,
       [](Table* t) {
         CheckAndMutate cam;
         cam.row = "r1";
         cam.family = "f";
         cam.qualifier = "q";
         cam.value = "v1";
         cam.mutations = {Put("r1").Add("g", "q", 7, "w")};
         return t->CheckAndMutate(cam).status();
       }},
      {"empty qualifier in a put to two families", kTwoFamilies, "put", "C-23",
       true,
       [](Table* t) {
         return t->Put(Put("r4").Add("f", "", 5, "x").Add("g", "q", 5, "y"));
       }},
      {"a family whose name is blank", kBlankFamily, "put", "C-21", false,
       [](Table* t) {
         return t->Put(Put("r6").Add("\xE3\x80\x80", "q", 5, "x"));
       }},
      {"a get over two families, one named with a '.'", kDottedFamily, "get",
       "C-23", true,
       [](Table* t) {
         Get get("r1");
         get.families = {"f", "g.h"};
         return t->Get(get).status();
       }},
      {"time-series get without a family", kTimeseries, "get", "C-32", true,
       [](Table* t) { return t->Get(Get("r1")).status(); }},
      {"time-series scan with a row limit", kTimeseries, "scan", "C-34", true,
       [](Table* t) {
         Scan scan;
         scan.families = {"f"};
         scan.limit = 1;
         return ScanStatus(t, scan);
       }},
      {"time-series scan with caching", kTimeseries, "scan", "C-39", true,
       [](Table* t) {
         Scan scan;
         scan.families = {"f"};
         scan.caching = 100;
         return ScanStatus(t, scan);
       }},
      {"time-series existence check", kTimeseries, "exists", "C-40", true,
       [](Table* t) {
         Get get("r1");
         get.families = {"f"};
         return t->Exists(get).status();
       }},
      {"time-series multi-get", kTimeseries, "multi_get", "C-42", true,
       [](Table* t) {
         Get get("r1");
         get.families = {"f"};
         return t->MultiGet({get}).status();
       }},
      {"time-series batch of a put and a delete", kTimeseries, "batch", "C-42",
       true,
       [](Table* t) {
         Delete del;
         del.row = "r1";
         del.type = DeleteType::kColumn;
         del.family = "f";
         del.qualifier = "q";
         std::vector<Mutation> batch = {Put("r5").Add("f", "q", 5, "x"), del};
         return t->Batch(batch).status();
       }},
  };
}

void Seed(StoreFixture* fx) {
  fx->MustPut(Put("r1").Add("f", "q", 10, "v1"));
  if (fx->spec().layout == Layout::kNormal) {
    fx->MustPut(Put("r2").Add("f", "n", 10, std::string(8, '\0')));
  }
}

// Every cell of every family OBKV can name, read family by family (a
// time-series table refuses a family-less scan under the obkv profile, a
// scan over a family named with a '.' and another is refused, C-23, and
// so is any request naming a blank family, C-21).
std::vector<Cell> AllCells(StoreFixture* fx) {
  std::vector<Cell> cells;
  for (const FamilySpec& f : fx->spec().families) {
    if (f.name == "\xE3\x80\x80") continue;
    Scan scan;
    scan.families = {f.name};
    for (Cell& c : fx->MustScan(scan)) cells.push_back(std::move(c));
  }
  return cells;
}

TEST_CASE(
    "--compat obkv refuses each row with OBKV's error and writes "
    "nothing") {
  for (const RefusalCase& c : RefusalCases()) {
    SUBCASE(c.name) {
      StoreFixture fx(c.spec);
      Seed(&fx);
      fx.set_compat(CompatProfile::kObkv);
      fx.Reopen();
      const std::vector<Cell> before = AllCells(&fx);
      const Status st = c.run(fx.table());
      INFO(st.ToString());
      CHECK(st.code() == (c.io_error ? Status::Code::kIOError
                                     : Status::Code::kNotSupported));
      const std::string head =
          std::string("OBKV-HBase refuses ") + c.operation + " on table 't': ";
      CHECK(st.message().rfind(head, 0) == 0);
      const std::string tail =
          std::string("; see doc/obkv-compat.md ") + c.rule;
      REQUIRE(st.message().size() > tail.size());
      CHECK(st.message().compare(st.message().size() - tail.size(), tail.size(),
                                 tail) == 0);
      CHECK(AllCells(&fx) == before);
      CHECK(Findings(fx.store()).empty());  // the obkv profile records none
    }
  }
}

TEST_CASE("the default profile answers as HBase and records one finding") {
  for (const RefusalCase& c : RefusalCases()) {
    SUBCASE(c.name) {
      StoreFixture fx(c.spec);
      Seed(&fx);
      const Status st = c.run(fx.table());
      REQUIRE_MESSAGE(st.ok(), st.ToString());
      const std::vector<CompatFinding> findings = Findings(fx.store());
      CHECK(Describe(findings) ==
            std::string("t|") + c.operation + "|library|" + c.rule + "|1\n");
      REQUIRE(findings.size() == 1);
      CHECK(findings[0].first_seen_ms == fx.now());
      CHECK(findings[0].last_seen_ms == fx.now());
    }
  }
}

// An error both profiles make, with OBKV's wording under the obkv profile.
struct WordingCase {
  const char* name;
  const char* operation;
  const char* rule;
  Status::Code hbase_code;  // the default profile's code
  const char* message;      // obkvlite's message, in both profiles
  const char* obkv_error;   // OBKV's error, as the obkv profile names it
  std::function<Status(Table*)> run;
};

std::vector<WordingCase> WordingCases() {
  static const std::string long_row(1025, 'r');
  static const std::string long_qualifier(257, 'q');
  static const std::string long_value(1048577, 'v');
  return {
      {"a row key past 1024 bytes", "put", "C-58",
       Status::Code::kInvalidArgument, "row: 1025 bytes, limit 1024",
       "server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for column 'K' "
       "at row 0\"",
       [](Table* t) { return t->Put(Put(long_row).Add("f", "q", 5, "x")); }},
      {"a qualifier past 256 bytes", "put", "C-59",
       Status::Code::kInvalidArgument,
       "cells[1].qualifier: 257 bytes, limit 256",
       "server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for column 'Q' "
       "at row 0\"",
       [](Table* t) {
         return t->Put(
             Put("r9").Add("f", "a", 5, "x").Add("f", long_qualifier, 5, "y"));
       }},
      {"a value past the family's V column", "put", "C-60",
       Status::Code::kInvalidArgument,
       "cells[0].value: 1048577 bytes, limit 1048576",
       "server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for column 'V' "
       "at row 0\"",
       [](Table* t) { return t->Put(Put("r9").Add("f", "q", 5, long_value)); }},
      {"an increment of a cell that is not 8 bytes", "increment", "C-70",
       Status::Code::kInvalidArgument,
       "f:q holds 2 bytes, increment needs an 8-byte big-endian long",
       "server: OB_KV_HBASE_INCR_FIELD_IS_NOT_LONG (-10516) \"When invoking "
       "the Increment interface, only HBase cells with a length of 8 can be "
       "converted to int64_t.\"",
       [](Table* t) {
         Increment inc;
         inc.row = "r1";
         inc.columns = {{"f", "q", 1}};
         return t->Increment(inc).status();
       }},
      {"a family the table does not have", "get", "C-72",
       Status::Code::kInvalidArgument,
       "families[0]: unknown family 'x' in table 't'",
       "server: OB_TABLE_NOT_EXIST (-5019) \"Table '<db>.<table>$<family>' "
       "doesn't exist\"",
       [](Table* t) {
         Get get("r1");
         get.families = {"x"};
         return t->Get(get).status();
       }},
  };
}

TEST_CASE("errors both profiles make: OBKV's wording under --compat obkv") {
  for (const WordingCase& c : WordingCases()) {
    SUBCASE(c.name) {
      for (CompatProfile profile :
           {CompatProfile::kHBase, CompatProfile::kObkv}) {
        const std::string name = CompatProfileName(profile);
        CAPTURE(name);
        StoreFixture fx(kTwoFamilies);
        Seed(&fx);
        fx.set_compat(profile);
        fx.Reopen();
        const std::vector<Cell> before = AllCells(&fx);
        const Status st = c.run(fx.table());
        if (profile == CompatProfile::kHBase) {
          CHECK(st.code() == c.hbase_code);
          CHECK(st.message() == c.message);
        } else {
          CHECK(st.code() == Status::Code::kIOError);
          CHECK(st.message() ==
                std::string("OBKV-HBase refuses ") + c.operation +
                    " on table 't': " + c.message + " (" + c.obkv_error +
                    "); see doc/obkv-compat.md " + c.rule);
        }
        // The worded error is the answer: it carries no subcode.
        CHECK((st.subcode() == Status::SubCode::kNone) ==
              (profile == CompatProfile::kObkv));
        CHECK(AllCells(&fx) == before);
        CHECK(Findings(fx.store()).empty());  // refused in both: no finding
      }
    }
  }
}

TEST_CASE("a disabled table's refusal in OBKV's words (C-57)") {
  for (CompatProfile profile : {CompatProfile::kHBase, CompatProfile::kObkv}) {
    const std::string name = CompatProfileName(profile);
    CAPTURE(name);
    StoreFixture fx(kTwoFamilies);
    Seed(&fx);
    fx.set_compat(profile);
    fx.Reopen();
    REQUIRE(fx.store()->DisableTable("t", ChangeOptions()).ok());
    const Status put = fx.table()->Put(Put("r9").Add("f", "q", 5, "x"));
    const Status get = fx.table()->Get(Get("r1")).status();
    const std::string hbase = "table 't' is disabled (enable it first)";
    if (profile == CompatProfile::kHBase) {
      CHECK(put.IsFailedPrecondition());
      CHECK(put.message() == hbase);
    } else {
      CHECK(put.code() == Status::Code::kIOError);
      CHECK(put.message() ==
            "OBKV-HBase refuses put on table 't': " + hbase +
                " (server: OB_KV_TABLE_NOT_ENABLED (-10520) \"'<table>' is "
                "not enabled\"); see doc/obkv-compat.md C-57");
      CHECK(get.message().rfind("OBKV-HBase refuses get on table 't': ", 0) ==
            0);
    }
    CHECK((get.subcode() == Status::SubCode::kTableDisabled) ==
          (profile == CompatProfile::kHBase));
    REQUIRE(fx.store()->EnableTable("t", ChangeOptions()).ok());
    CHECK(fx.MustGet(Get("r9")).empty());  // the refused put wrote nothing
    CHECK(Findings(fx.store()).empty());
  }
}

TEST_CASE("exact error text of a server refusal and of a client refusal") {
  StoreFixture fx(kTwoFamilies);
  fx.set_compat(CompatProfile::kObkv);
  fx.Reopen();
  Status st =
      ScanStatus(fx.table(), FilterScan("RowFilter(=, 'regexstring:a')"));
  CHECK(st.ToString() ==
        "IOError: OBKV-HBase refuses scan on table 't': the regexstring "
        "comparator (server: OB_KV_FILTER_PARSE_ERROR (-10514)); see "
        "doc/obkv-compat.md C-25");
  Increment inc;
  inc.row = "r";
  inc.columns = {{"f", "a", 1}, {"g", "a", 1}};
  st = fx.table()->Increment(inc).status();
  CHECK(st.ToString() ==
        "NotSupported: OBKV-HBase refuses increment on table 't': an "
        "increment or append on more than one family (client: "
        "FeatureNotSupportedException \"multi family is not supported "
        "yet.\"); see doc/obkv-compat.md C-12");
}

TEST_CASE("what OBKV runs as HBase does is neither refused nor recorded") {
  StoreFixture fx(kTwoFamilies);
  Seed(&fx);
  for (CompatProfile profile : {CompatProfile::kHBase, CompatProfile::kObkv}) {
    CAPTURE(CompatProfileName(profile));
    fx.set_compat(profile);
    fx.Reopen();
    // A comparator-looking literal outside a comparator's place.
    CHECK(ScanStatus(fx.table(), FilterScan("PrefixFilter('regexstring:r')"))
              .ok());
    CHECK(ScanStatus(fx.table(), FilterScan("ValueFilter(=, 'substring:v') AND "
                                            "RowFilter(<=, 'binaryprefix:r9')"))
              .ok());
    Increment inc;
    inc.row = "r2";
    inc.columns = {{"f", "n", 1}, {"f", "m", 2}};
    CHECK(fx.table()->Increment(inc).ok());
    std::vector<Mutation> batch = {Put("r6").Add("f", "q", 5, "x"),
                                   Delete{"r1", DeleteType::kRow, "", "", {}}};
    CHECK(fx.table()->Batch(batch).ok());
    CheckAndMutate cam;
    cam.row = "r6";
    cam.family = "f";
    cam.qualifier = "q";
    cam.value = "x";
    cam.mutations = {Put("r6").Add("f", "z", 6, "y")};
    CHECK(fx.table()->CheckAndMutate(cam).ok());
    CHECK(fx.table()->Put(Put("r7").Add("f", "", 5, "x")).ok());
    // Caching, existence checks and multi-gets on a normal table.
    Scan cached;
    cached.families = {"f"};  // r7's empty qualifier in a family-less scan
    cached.caching = 50;      // is C-22
    CHECK(ScanStatus(fx.table(), cached).ok());
    CHECK(fx.table()->Exists(Get("r2")).ok());
    CHECK(fx.table()->MultiGet({Get("r2"), Get("r6")}).ok());
  }
  CHECK(Findings(fx.store()).empty());
}

// C-29: a substring operand past ASCII folds as Java's String does in
// HBase, ASCII only in OBKV; an operand with a NUL ends there in OBKV.
TEST_CASE("a substring filter past ASCII: HBase's result or OBKV's (C-29)") {
  for (CompatProfile profile : {CompatProfile::kHBase, CompatProfile::kObkv}) {
    const std::string name = CompatProfileName(profile);
    CAPTURE(name);
    StoreFixture fx(kTwoFamilies);
    fx.MustPut(Put("r1").Add("f", "q", 10, "CAF\xC3\x89"));
    fx.MustPut(Put("r2").Add("f", "q", 10, "a\0bc"s));
    fx.set_compat(profile);
    fx.Reopen();
    const bool hbase = profile == CompatProfile::kHBase;
    Scan accent;
    accent.filter = "ValueFilter(=, 'substring:caf\xC3\xA9')";
    CHECK(fx.MustScan(accent).size() == (hbase ? 1u : 0u));
    Get get("r2");
    get.filter = "ValueFilter(=, 'substring:BC')";  // ASCII: no finding
    CHECK(fx.MustGet(get).size() == (hbase ? 1u : 0u));
    // A NUL in the operand: OBKV searches for "x" only.
    Scan nul;
    nul.filter = "ValueFilter(=, 'substring:A\0zz')"s;
    CHECK(fx.MustScan(nul).size() == (hbase ? 0u : 2u));
    if (hbase) {
      CHECK(Describe(Findings(fx.store())) == "t|scan|library|C-29|2\n");
    } else {
      CHECK(Findings(fx.store()).empty());
    }
  }
}

// C-22: OBKV's 2.x client fails a read naming no family, or several, at a
// cell whose qualifier is empty; a read of that one family is served.
TEST_CASE("an empty qualifier in a table-group read's results (C-22)") {
  for (CompatProfile profile : {CompatProfile::kHBase, CompatProfile::kObkv}) {
    const std::string name = CompatProfileName(profile);
    CAPTURE(name);
    StoreFixture fx(kTwoFamilies);
    fx.MustPut(Put("r1").Add("f", "q", 10, "v1"));
    // Two puts: one put to two families with an empty qualifier is C-23.
    fx.MustPut(Put("r2").Add("f", "", 10, "empty"));
    fx.MustPut(Put("r2").Add("g", "q", 10, "g2"));
    fx.set_compat(profile);
    fx.Reopen();
    const bool obkv = profile == CompatProfile::kObkv;
    Table* t = fx.table();
    auto refused = [](const Status& st, const char* operation) {
      return st.code() == Status::Code::kIOError &&
             st.message().rfind(std::string("OBKV-HBase refuses ") + operation +
                                    " on table 't': a cell with "
                                    "an empty qualifier",
                                0) == 0;
    };
    // A family-less Get, in each of its forms.
    Result<RowResult> row = t->Get(Get("r2"));
    CHECK(obkv ? refused(row.status(), "get") : row->cells.size() == 2);
    RowResult into;
    Status st = t->Get(Get("r2"), &into);
    CHECK(obkv ? refused(st, "get") && into.empty() : into.cells.size() == 2);
    struct Count final : CellVisitor {
      void Visit(const CellView&) override { ++cells; }
      int cells = 0;
    } count;
    st = t->Get(Get("r2"), &count);
    CHECK(obkv ? refused(st, "get") : st.ok() && count.cells == 2);
    // Two rows with an empty qualifier: one refusal, or one finding.
    Result<std::vector<RowResult>> rows =
        t->MultiGet({Get("r1"), Get("r2"), Get("r2")});
    CHECK(obkv ? refused(rows.status(), "multi_get") : rows->size() == 3);
    // A family-less scan ends at r2 under the obkv profile, with r1 read.
    for (bool by_cell : {false, true}) {
      Result<std::unique_ptr<Scanner>> scanner = t->GetScanner(Scan());
      REQUIRE(scanner.ok());
      int cells = 0;
      if (by_cell) {
        CellView view;
        while ((*scanner)->NextCell(&view)) ++cells;
      } else {
        RowResult r;
        while ((*scanner)->Next(&r)) cells += static_cast<int>(r.cells.size());
      }
      CHECK(cells == (obkv ? 1 : 3));
      CHECK(obkv ? refused((*scanner)->status(), "scan")
                 : (*scanner)->status().ok());
    }
    // One family named: served in both, no finding.
    Get one("r2");
    one.families = {"f"};
    CHECK(t->Get(one)->cells.size() == 1);
    Scan family;
    family.families = {"f"};
    CHECK(fx.MustScan(family).size() == 2);
    if (obkv) {
      CHECK(Findings(fx.store()).empty());
    } else {
      // One finding per call: 3 gets, the multi-get, 2 scans.
      CHECK(Describe(Findings(fx.store())) ==
            "t|get|library|C-22|3\nt|multi_get|library|C-22|1\n"
            "t|scan|library|C-22|2\n");
    }
  }
}

TEST_CASE("a time-series scan with caching unset runs in both profiles") {
  StoreFixture fx(kTimeseries);
  Seed(&fx);
  for (CompatProfile profile : {CompatProfile::kHBase, CompatProfile::kObkv}) {
    CAPTURE(CompatProfileName(profile));
    fx.set_compat(profile);
    fx.Reopen();
    for (int caching : {-1, 0}) {
      Scan scan;
      scan.families = {"f"};
      scan.caching = caching;
      CHECK(fx.MustScan(scan).size() == 1);
    }
  }
  CHECK(Findings(fx.store()).empty());
}

TEST_CASE("an empty check value is a finding, not a refusal") {
  StoreFixture fx(kTwoFamilies);
  Seed(&fx);
  CheckAndMutate cam;
  cam.row = "r9";
  cam.family = "f";
  cam.qualifier = "q";
  cam.value = "";
  cam.mutations = {Put("r9").Add("f", "q", 5, "new")};
  Result<bool> applied = fx.table()->CheckAndMutate(cam);
  REQUIRE(applied.ok());
  CHECK(*applied);  // HBase: an empty value matches a missing cell
  CHECK(Describe(Findings(fx.store())) ==
        "t|check_and_mutate|library|C-14|1\n");
}

TEST_CASE("--compat obkv compares an empty check value as bytes") {
  StoreFixture fx(kTwoFamilies);
  fx.MustPut(Put("full").Add("f", "q", 10, "v"));
  fx.MustPut(Put("empty").Add("f", "q", 10, ""));
  // (row, op) -> HBase's answer, OBKV's answer.
  struct Expect {
    const char* row;
    CompareOp op;
    bool hbase;
    bool obkv;
  };
  const Expect cases[] = {
      {"absent", CompareOp::kEqual, true, false},
      {"absent", CompareOp::kNotEqual, false, false},
      {"absent", CompareOp::kLess, true, false},
      {"empty", CompareOp::kEqual, true, true},
      {"empty", CompareOp::kLess, true, false},
      {"full", CompareOp::kEqual, false, false},
      {"full", CompareOp::kLess, false, true},
      {"full", CompareOp::kNotEqual, true, true},
  };
  for (CompatProfile profile : {CompatProfile::kHBase, CompatProfile::kObkv}) {
    fx.set_compat(profile);
    fx.Reopen();
    for (const Expect& e : cases) {
      CAPTURE(CompatProfileName(profile));
      CAPTURE(e.row);
      CAPTURE(static_cast<int>(e.op));
      CheckAndMutate cam;
      cam.row = e.row;
      cam.family = "f";
      cam.qualifier = "q";
      cam.op = e.op;
      cam.value = "";
      Result<bool> r = fx.table()->CheckAndMutate(cam);
      REQUIRE(r.ok());
      CHECK(*r == (profile == CompatProfile::kObkv ? e.obkv : e.hbase));
    }
  }
}

TEST_CASE(
    "findings count per surface, outlive the Store and add up over "
    "Store objects") {
  StoreFixture fx(kTwoFamilies);
  const Scan regex = FilterScan("ValueFilter(=, 'regexstring:v')");
  for (int i = 0; i < 3; ++i) REQUIRE(ScanStatus(fx.table(), regex).ok());
  fx.set_now(fx.now() + 5000);
  {
    ScopedCompatSurface surface("thrift");
    CHECK(std::string(CurrentCompatSurface()) == "thrift");
    REQUIRE(ScanStatus(fx.table(), regex).ok());
  }
  CHECK(std::string(CurrentCompatSurface()) == "library");
  // A second Store object on the same store, as a second process.
  std::unique_ptr<Store> other = MustOpenStore(fx.path());
  Table* t2 = MustTable(other.get(), "t");
  std::thread second([&] {
    ScopedCompatSurface surface("rest");
    for (int i = 0; i < 2; ++i) REQUIRE(ScanStatus(t2, regex).ok());
  });
  second.join();
  other.reset();  // flushes at close
  fx.Reopen();
  const std::vector<CompatFinding> findings = Findings(fx.store());
  CHECK(Describe(findings) ==
        "t|scan|library|C-25|3\n"
        "t|scan|rest|C-25|2\n"
        "t|scan|thrift|C-25|1\n");
  REQUIRE(findings.size() == 3);
  CHECK(findings[0].first_seen_ms == kNow);
  CHECK(findings[0].last_seen_ms == kNow);
  CHECK(findings[2].first_seen_ms == kNow + 5000);
  const std::vector<CompatReportLine> lines = SummarizeCompatFindings(findings);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].count == 6);
  CHECK(lines[0].surfaces.at("library") == 3);
  CHECK(lines[0].surfaces.at("rest") == 2);
  CHECK(lines[0].reason == "the regexstring comparator");
  CHECK(lines[0].first_seen_ms == kNow);
  CHECK(lines[0].last_seen_ms > kNow);

  REQUIRE(fx.store()->ResetCompatFindings().ok());
  CHECK(Findings(fx.store()).empty());
  fx.Reopen();
  CHECK(Findings(fx.store()).empty());
}

TEST_CASE("findings of two Store objects written at once are both counted") {
  StoreFixture fx(kTwoFamilies);
  std::unique_ptr<Store> a = MustOpenStore(fx.path());
  std::unique_ptr<Store> b = MustOpenStore(fx.path());
  const Scan regex = FilterScan("ValueFilter(=, 'regexstring:v')");
  auto work = [&](Store* store) {
    Table* t = MustTable(store, "t");
    for (int i = 0; i < 50; ++i) {
      REQUIRE(ScanStatus(t, regex).ok());
      if (i % 10 == 0) REQUIRE(store->FlushCompatFindings().ok());
    }
  };
  std::thread ta(work, a.get());
  std::thread tb(work, b.get());
  ta.join();
  tb.join();
  a.reset();
  b.reset();
  CHECK(Describe(Findings(fx.store())) == "t|scan|library|C-25|100\n");
}

TEST_CASE("a read-only store keeps its findings in memory") {
  if (OnTestServer()) return;  // read-only opens are a SQLite matter
  StoreFixture fx(kTwoFamilies);
  StoreOptions options;
  options.read_only = true;
  std::unique_ptr<Store> reader = MustOpenStore(fx.path(), options);
  Table* t = MustTable(reader.get(), "t");
  REQUIRE(ScanStatus(t, FilterScan("ValueFilter(=, 'regexstring:v')")).ok());
  Result<std::vector<CompatFinding>> mine = reader->CompatFindings();
  REQUIRE(mine.ok());
  CHECK(mine->size() == 1);
  CHECK(reader->FlushCompatFindings().ok());
  CHECK(reader->ResetCompatFindings().IsNotSupported());
  reader.reset();
  CHECK(Findings(fx.store()).empty());
}

TEST_CASE("Store::CompatCheck judges the surfaces' own operations") {
  StoreFixture fx(kTwoFamilies);
  Status st = fx.store()->CompatCheck("t", "createTable", "C-99");
  CHECK(st.IsInvalidArgument());
  CHECK(st.message() ==
        "rule: no compatibility rule 'C-99' (doc/obkv-compat.md)");
  CHECK(fx.store()->CompatCheck("t", "createTable", "C-46").ok());
  CHECK(fx.store()->CompatCheck("", "getTableNames", "C-51").ok());
  CHECK(Describe(Findings(fx.store())) ==
        "|getTableNames|library|C-51|1\n"
        "t|createTable|library|C-46|1\n");

  fx.set_compat(CompatProfile::kObkv);
  fx.Reopen();
  st = fx.store()->CompatCheck("t", "createTable", "C-46");
  CHECK(st.ToString() ==
        "IOError: OBKV-HBase refuses createTable on table 't': admin DDL "
        "while the tenant switch _enable_kv_hbase_admin_ddl is off (server: "
        "OB_NOT_SUPPORTED (-4007) \"execute hbase admin ddl but "
        "_enable_kv_hbase_admin_ddl is false not supported\"); see "
        "doc/obkv-compat.md C-46");
  st = fx.store()->CompatCheck("", "getTableNames", "C-51");
  CHECK(st.ToString() ==
        "NotSupported: OBKV-HBase refuses getTableNames: listing tables "
        "(client: FeatureNotSupportedException \"does not support yet\"); "
        "see doc/obkv-compat.md C-51");
  CHECK(fx.store()->CompatCheck("t", "checkAndMutate", "C-14").ok());

  // With _enable_kv_hbase_admin_ddl on, admin DDL is OBKV's too.
  fx.set_compat(CompatProfile::kObkv, /*obkv_admin_ddl=*/true);
  fx.Reopen();
  CHECK(fx.store()->CompatCheck("t", "createTable", "C-46").ok());
  CHECK(fx.store()->CompatCheck("", "getTableNames", "C-51").IsNotSupported());
  fx.set_compat(CompatProfile::kHBase, /*obkv_admin_ddl=*/true);
  fx.Reopen();
  REQUIRE(fx.store()->ResetCompatFindings().ok());
  CHECK(fx.store()->CompatCheck("t", "deleteTable", "C-46").ok());
  CHECK(Findings(fx.store()).empty());
}

TEST_CASE(
    "a scan across KEY partitions is a finding: OBKV orders it otherwise") {
  // (spec, scan, findings): OBKV's client reads a family's partitions one
  // after another (C-73), so only one partition, or RANGE COLUMNS(K)
  // partitions, come back in row-key order as in HBase.
  struct Case {
    const char* name;
    const char* partition;
    Scan scan;
    const char* findings;
  };
  Scan whole;
  Scan one_row;
  one_row.start_row = "r5";
  one_row.stop_row = std::string("r5") + '\0';  // [r5, r5\0): one row
  const Case cases[] = {
      {"key, whole table", R"({"strategy": "key", "partitions": 4})", whole,
       "t|scan|library|C-73|1\n"},
      {"key, one row", R"({"strategy": "key", "partitions": 4})", one_row, ""},
      {"range on K, whole table",
       R"({"strategy": "range", "column": "K", "bounds": ["r3", "r6", "MAXVALUE"]})",
       whole, ""},
      {"range on G, whole table",
       R"({"strategy": "range", "column": "G", "bounds": [100, "MAXVALUE"]})",
       whole, "t|scan|library|C-73|1\n"},
      {"range and key, one row",
       R"({"strategy": "range_key", "bounds": [100, "MAXVALUE"], "subpartitions": 3})",
       one_row, "t|scan|library|C-73|1\n"},
      {"none, whole table", R"({"strategy": "none"})", whole, ""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    StoreFixture fx(std::string(R"({"table": "t", "families": [{"name": "f"}],
        "partition": )") +
                    c.partition + "}");
    for (int i = 0; i < 9; ++i) {
      fx.MustPut(Put("r" + std::to_string(i)).Add("f", "q", 50 + 100 * i, "v"));
    }
    // HBase's answer, in row-key order, in both profiles; only the default
    // profile records the finding.
    for (CompatProfile profile :
         {CompatProfile::kObkv, CompatProfile::kHBase}) {
      fx.set_compat(profile);
      fx.Reopen();
      REQUIRE(fx.store()->ResetCompatFindings().ok());
      std::vector<std::string> rows;
      Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(c.scan);
      REQUIRE(scanner.ok());
      RowResult row;
      while ((*scanner)->Next(&row)) rows.push_back(row.row);
      REQUIRE((*scanner)->status().ok());
      CHECK(std::is_sorted(rows.begin(), rows.end()));
      CHECK(rows.size() == (c.scan.start_row.empty() ? 9u : 1u));
      CHECK(Describe(Findings(fx.store())) ==
            (profile == CompatProfile::kHBase ? c.findings : ""));
    }
  }
}

TEST_CASE("profile names") {
  CHECK(*ParseCompatProfile("obkv") == CompatProfile::kObkv);
  CHECK(*ParseCompatProfile("hbase") == CompatProfile::kHBase);
  Result<CompatProfile> bad = ParseCompatProfile("ob");
  CHECK(bad.status().message() == "compat: expected hbase or obkv, got 'ob'");
  CHECK(std::string(CompatProfileName(CompatProfile::kObkv)) == "obkv");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
