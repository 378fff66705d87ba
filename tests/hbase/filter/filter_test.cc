// Copyright (c) obkvlite authors.
//
// Tests of HBase filter semantics: comparators, each filter, FilterList
// AND/OR, SKIP/WHILE, reversed scans and push-down, all driven through
// RowMatcher (src/hbase/read/row_matcher.h), the component the store uses for
// every get and scan. Candidate cells are built by hand; Run() plays the
// store's part (row order, optional hints, optional narrowing) and checks
// that honouring the matcher's hints or not, and narrowing the row range or
// not, never changes the result.
//
// Expected results follow HBase's TestFilter / TestFilterList behaviours as
// we know them (HBase 2.x semantics).

#include "obkvlite/filter.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "hbase/filter/comparators.h"
#include "hbase/filter/return_codes.h"
#include "hbase/read/row_matcher.h"
#include "obkvlite/bytes.h"
#include "obkvlite/router.h"

namespace obkvlite {
namespace {

using namespace std::string_literals;
using RC = Filter::ReturnCode;

// ---- A tiny row store ----

struct TestRow {
  std::string key;
  std::vector<Cell> cells;
};

// family, qualifier, timestamp, value.
using CellSpec = std::tuple<std::string, std::string, int64_t, std::string>;

TestRow R(std::string key, std::vector<CellSpec> specs) {
  TestRow row{std::move(key), {}};
  for (auto& [f, q, ts, v] : specs) {
    row.cells.push_back(Cell{row.key, f, q, ts, v});
  }
  // Read order: family, qualifier ascending, timestamp descending.
  std::sort(row.cells.begin(), row.cells.end(),
            [](const Cell& a, const Cell& b) {
              if (a.family != b.family) return a.family < b.family;
              if (a.qualifier != b.qualifier) return a.qualifier < b.qualifier;
              return a.timestamp > b.timestamp;
            });
  return row;
}

struct ScanOpts {
  bool reversed = false;
  int max_versions = 1;
  int family_max_versions = RowMatcher::kNoVersionCap;
};

struct Variant {
  bool honor_hints;
  bool narrow;
};

bool InRange(const KeyRange& r, std::string_view key) {
  const int lo = key.compare(r.lo);
  if (lo < 0 || (lo == 0 && !r.lo_inclusive)) return false;
  if (r.hi_unbounded) return true;
  const int hi = key.compare(r.hi);
  return hi < 0 || (hi == 0 && r.hi_inclusive);
}

std::string Format(const std::string& key, const std::vector<Cell>& cells) {
  std::string out = ToStringBinary(key) + "{";
  for (size_t i = 0; i < cells.size(); ++i) {
    const Cell& c = cells[i];
    if (i > 0) out += " ";
    out += ToStringBinary(c.family) + ":" + ToStringBinary(c.qualifier) + "@" +
           std::to_string(c.timestamp) + "=" + ToStringBinary(c.value);
  }
  return out + "}";
}

std::unique_ptr<Filter> MustParse(std::string_view text) {
  Result<std::unique_ptr<Filter>> f = ParseFilter(text);
  REQUIRE_MESSAGE(f.ok(), f.status().ToString());
  return std::move(f).value();
}

std::string RunVariant(std::string_view filter_text, std::vector<TestRow> rows,
                       const ScanOpts& o, Variant v) {
  std::unique_ptr<Filter> filter;
  if (!filter_text.empty()) {
    filter = MustParse(filter_text);
    filter->SetReversed(o.reversed);
  }
  KeyRange range = KeyRange::All();
  if (filter != nullptr && v.narrow) filter->NarrowRowRange(&range);
  std::sort(rows.begin(), rows.end(),
            [](const TestRow& a, const TestRow& b) { return a.key < b.key; });
  if (o.reversed) std::reverse(rows.begin(), rows.end());

  RowMatcher matcher(filter.get());
  std::string out;
  for (const TestRow& row : rows) {
    if (!InRange(range, row.key)) continue;
    if (!matcher.BeginRow(row.key)) {
      if (matcher.Done()) break;
      continue;
    }
    const Cell* skip_column = nullptr;
    for (const Cell& cell : row.cells) {
      if (v.honor_hints && skip_column != nullptr &&
          skip_column->family == cell.family &&
          skip_column->qualifier == cell.qualifier) {
        continue;
      }
      const RowMatcher::Next next =
          matcher.Offer(Cell(cell), o.max_versions, o.family_max_versions);
      if (!v.honor_hints) continue;
      if (next == RowMatcher::Next::kNextRow) break;
      skip_column = next == RowMatcher::Next::kNextColumn ? &cell : nullptr;
    }
    std::vector<Cell> cells;
    if (matcher.EndRow(&cells)) {
      if (!out.empty()) out += " ";
      out += Format(row.key, cells);
    }
    if (matcher.Done()) break;
  }
  return out;
}

// Runs the scan three ways (hints honoured, hints ignored, row range
// narrowed by the filter) and requires the same result from each.
std::string Run(std::string_view filter_text, const std::vector<TestRow>& rows,
                const ScanOpts& o = {}) {
  const std::string plain = RunVariant(filter_text, rows, o, {true, false});
  CHECK_MESSAGE(RunVariant(filter_text, rows, o, {false, false}) == plain,
                "ignoring hints changed the result of " << filter_text);
  CHECK_MESSAGE(RunVariant(filter_text, rows, o, {true, true}) == plain,
                "narrowing changed the result of " << filter_text);
  return plain;
}

ScanOpts Reversed() {
  ScanOpts o;
  o.reversed = true;
  return o;
}

ScanOpts Versions(int max_versions,
                  int family_max = RowMatcher::kNoVersionCap) {
  ScanOpts o;
  o.max_versions = max_versions;
  o.family_max_versions = family_max;
  return o;
}

// Five rows, two families.
std::vector<TestRow> Table() {
  return {R("a1", {{"f", "q1", 1, "v1"}, {"f", "q2", 1, "v2"}}),
          R("ab1", {{"f", "q1", 1, "x"}}),
          R("ab2", {{"f", "q1", 1, "y"}, {"g", "q1", 1, "z"}}),
          R("abc", {{"f", "q1", 1, "x"}}), R("b1", {{"f", "q1", 1, "x"}})};
}

// ---- Comparators and merge tables ----

TEST_CASE("comparators: binary is unsigned, binaryprefix cuts the cell") {
  using filter::ParseComparator;
  auto bin = ParseComparator("binary:\x7f"s);
  REQUIRE(bin.ok());
  CHECK((*bin)->CompareTo("\x80"s) < 0);  // operand 0x7F < cell 0x80
  CHECK((*bin)->CompareTo("\x01"s) > 0);
  CHECK((*bin)->CompareTo("\x7f"s) == 0);
  auto prefix = ParseComparator("binaryprefix:ab");
  REQUIRE(prefix.ok());
  CHECK((*prefix)->CompareTo("abzzz") == 0);
  CHECK((*prefix)->CompareTo("a") > 0);  // "ab" vs "a"
  CHECK((*prefix)->CompareTo("ac") < 0);
}

TEST_CASE("comparators: substring is case-insensitive, regex finds") {
  using filter::ParseComparator;
  auto sub = ParseComparator("substring:HiHi");
  REQUIRE(sub.ok());
  CHECK((*sub)->CompareTo("xxhihixx") == 0);
  CHECK((*sub)->CompareTo("xxhi hixx") == 1);
  auto re = ParseComparator("regexstring:b.d");
  REQUIRE(re.ok());
  CHECK((*re)->CompareTo("abcde") == 0);    // find, not full match
  CHECK((*re)->CompareTo("ab\nde") == 0);   // '.' matches newline (DOTALL)
  CHECK((*re)->CompareTo("ab\0de"s) == 0);  // and any byte
  CHECK((*re)->CompareTo("aBcde") == 1);
  auto nocase = ParseComparator("regexstringnocase:^B.D");
  REQUIRE(nocase.ok());
  CHECK((*nocase)->CompareTo("bcd") == 0);
  CHECK((*nocase)->CompareTo("abcd") == 1);
  // A long value does not overflow the stack.
  auto star = ParseComparator("regexstring:(a|b)*c");
  REQUIRE(star.ok());
  CHECK((*star)->CompareTo(std::string(1 << 20, 'a') + "c") == 0);
}

// HBase's SubstringComparator lower-cases with Java's String.toLowerCase
// over the UTF-8 text; OBKV's (C-29) is strcasestr on C strings.
TEST_CASE("comparators: substring as HBase and as OBKV (C-29)") {
  using filter::ParseComparator;
  FilterOptions obkv;
  obkv.compat = CompatProfile::kObkv;
  struct Case {
    std::string operand, cell;
    int hbase, obkv;
  };
  const std::vector<Case> cases = {
      {"HiHi", "xxhihixx", 0, 0},
      {"hi", "", 1, 1},
      {"", "anything", 0, 0},
      // Non-ASCII letters fold in HBase, not in OBKV: É / é, Greek, Cyrillic.
      {"\xC3\x89t\xC3\xA9", "l'\xC3\xA9T\xC3\x89", 0, 1},
      {"\xCE\xA3\xCE\x9F\xCE\xA6", "\xCF\x83\xCE\xBF\xCF\x86\xCE\xAF\xCE\xB1",
       0, 1},
      {"\xD0\x9C\xD0\x98\xD0\xA0", "\xD0\xBC\xD0\xB8\xD1\x80", 0, 1},
      // U+212A KELVIN SIGN lower-cases to ASCII 'k' in Java.
      {"k", "\xE2\x84\xAA", 0, 1},
      // U+0130 becomes "i" and a combining dot above: it holds "i".
      {"i", "\xC4\xB0", 0, 1},
      // A final capital sigma becomes the final form U+03C2.
      {"\xCF\x82", "\xCE\x9F\xCE\xA3", 0, 1},
      {"\xCF\x83", "\xCE\x9F\xCE\xA3", 1, 1},
      // OBKV stops at the first NUL of the value or of the operand.
      {"bc", "a\0bc"s, 0, 1},
      {"a\0zz"s, "xa", 1, 0},
      // A malformed byte reads as U+FFFD on both sides in HBase.
      {"\xFF", "x\xFEy", 0, 1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.operand);
    CAPTURE(c.cell);
    auto hbase = ParseComparator("substring:" + c.operand);
    REQUIRE(hbase.ok());
    CHECK((*hbase)->CompareTo(c.cell) == c.hbase);
    auto ob = ParseComparator("substring:" + c.operand, obkv);
    REQUIRE(ob.ok());
    CHECK((*ob)->CompareTo(c.cell) == c.obkv);
    CHECK((*ob)->ToString() == (*hbase)->ToString());
  }
}

TEST_CASE("compare ops keep a cell iff 'cell op operand'") {
  using filter::CompareOp;
  using filter::CompareOpKeeps;
  // CompareTo = operand <=> cell; cell "b" against operand "a" gives -1.
  CHECK(CompareOpKeeps(CompareOp::kGreater, -1));
  CHECK(CompareOpKeeps(CompareOp::kGreaterOrEqual, -1));
  CHECK(!CompareOpKeeps(CompareOp::kLess, -1));
  CHECK(CompareOpKeeps(CompareOp::kNotEqual, -1));
  CHECK(CompareOpKeeps(CompareOp::kLessOrEqual, 0));
  CHECK(!CompareOpKeeps(CompareOp::kGreater, 0));
  CHECK(Run("RowFilter(<, 'binary:ab2')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x}");
  CHECK(Run("RowFilter(<=, 'binary:ab2')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z}");
  CHECK(Run("RowFilter(>, 'binary:ab2')", Table()) ==
        "abc{f:q1@1=x} b1{f:q1@1=x}");
  CHECK(Run("RowFilter(>=, 'binary:ab2')", Table()) ==
        "ab2{f:q1@1=y g:q1@1=z} abc{f:q1@1=x} b1{f:q1@1=x}");
  CHECK(Run("RowFilter(!=, 'binary:ab2')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x} abc{f:q1@1=x} b1{f:q1@1=x}");
}

TEST_CASE("FilterList merges return codes exactly like HBase's tables") {
  using filter::MergeAnd;
  using filter::MergeOr;
  const RC I = RC::kInclude, INC = RC::kIncludeAndNextCol,
           INR = RC::kIncludeAndSeekNextRow, S = RC::kSkip, NC = RC::kNextCol,
           NR = RC::kNextRow;
  const RC codes[] = {I, INC, INR, S, NC, NR};
  // FilterListWithAND's table, rows = local code, columns = current code.
  const RC kAnd[6][6] = {
      {I, INC, INR, S, NC, NR},    {INC, INC, INR, NC, NC, NR},
      {INR, INR, INR, NR, NR, NR}, {S, NC, NR, S, NC, NR},
      {NC, NC, NR, NC, NC, NR},    {NR, NR, NR, NR, NR, NR}};
  // FilterListWithOR's table, same layout.
  const RC kOr[6][6] = {{I, I, I, I, I, I},         {I, INC, INC, I, INC, INC},
                        {I, INC, INR, I, INC, INR}, {I, I, I, S, S, S},
                        {I, INC, INC, S, NC, NC},   {I, INC, INR, S, NC, NR}};
  for (int local = 0; local < 6; ++local) {
    for (int cur = 0; cur < 6; ++cur) {
      CHECK(MergeAnd(codes[cur], codes[local]) == kAnd[local][cur]);
      CHECK(MergeOr(codes[cur], codes[local]) == kOr[local][cur]);
    }
  }
}

// ---- Row-key filters, forward and reversed ----

TEST_CASE("PrefixFilter keeps the prefix's rows and ends the scan after") {
  CHECK(Run("PrefixFilter('ab')", Table()) ==
        "ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} abc{f:q1@1=x}");
  auto f = MustParse("PrefixFilter('ab')");
  CHECK(f->FilterRowKey("a1"));
  CHECK(!f->FilterAllRemaining());
  CHECK(!f->FilterRowKey("ab1"));
  CHECK(f->FilterRowKey("b1"));
  CHECK(f->FilterAllRemaining());
  // A row shorter than the prefix is dropped without ending the scan.
  auto g = MustParse("PrefixFilter('abc')");
  CHECK(g->FilterRowKey("ab"));
  CHECK(!g->FilterAllRemaining());
  CHECK(Run("PrefixFilter('')", Table()).find("b1{") != std::string::npos);
}

TEST_CASE("PrefixFilter on a reversed scan") {
  CHECK(Run("PrefixFilter('ab')", Table(), Reversed()) ==
        "abc{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} ab1{f:q1@1=x}");
  auto f = MustParse("PrefixFilter('ab')");
  f->SetReversed(true);
  CHECK(f->FilterRowKey("b1"));  // not there yet
  CHECK(!f->FilterAllRemaining());
  CHECK(!f->FilterRowKey("abc"));
  CHECK(f->FilterRowKey("a1"));  // passed it
  CHECK(f->FilterAllRemaining());
}

TEST_CASE("InclusiveStopFilter forward and reversed") {
  CHECK(Run("InclusiveStopFilter('ab2')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z}");
  CHECK(Run("InclusiveStopFilter('ab2')", Table(), Reversed()) ==
        "b1{f:q1@1=x} abc{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z}");
  auto f = MustParse("InclusiveStopFilter('ab2')");
  CHECK(!f->FilterRowKey("ab2"));
  CHECK(!f->FilterAllRemaining());
  CHECK(f->FilterRowKey("ab3"));
  CHECK(f->FilterAllRemaining());
  CHECK(Run("InclusiveStopFilter('')", Table()) == "");
}

TEST_CASE("RowFilter with each comparator type") {
  CHECK(Run("RowFilter(=, 'binaryprefix:ab')", Table()) ==
        "ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} abc{f:q1@1=x}");
  CHECK(Run("RowFilter(>, 'binaryprefix:ab')", Table()) == "b1{f:q1@1=x}");
  CHECK(Run("RowFilter(<=, 'binaryprefix:ab')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} "
        "abc{f:q1@1=x}");
  CHECK(Run("RowFilter(=, 'substring:B')", Table()) ==
        "ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} abc{f:q1@1=x} b1{f:q1@1=x}");
  CHECK(Run("RowFilter(=, 'regexstring:^a.$')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2}");
  CHECK(Run("RowFilter(!=, 'regexstring:b[0-9]')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} abc{f:q1@1=x}");
  CHECK(Run("RowFilter(=, 'regexstringnocase:^AB[12]')", Table()) ==
        "ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z}");
}

TEST_CASE("binary row keys: raw bytes in the filter string match raw keys") {
  const std::vector<TestRow> rows = {
      R("\x01"s, {{"f", "q", 1, "a"}}), R("\x7f"s, {{"f", "q", 1, "b"}}),
      R("\x80"s, {{"f", "q", 1, "c"}}), R("\xff\x00"s, {{"f", "q", 1, "d"}}),
      R("\\x80", {{"f", "q", 1, "e"}})};
  // Unsigned order: 0x80 and 0xFF are above 0x7F.
  CHECK(Run("RowFilter(>, 'binary:\x7f')"s, rows) ==
        "\\x80{f:q@1=c} \\xFF\\x00{f:q@1=d}");
  CHECK(Run("RowFilter(=, 'binary:\xff\x00')"s, rows) == "\\xFF\\x00{f:q@1=d}");
  CHECK(Run("PrefixFilter('\xff')"s, rows) == "\\xFF\\x00{f:q@1=d}");
  // The escaped spelling is the four characters \ x 8 0, as in HBase.
  CHECK(Run("RowFilter(=, 'binary:\\x80')", rows) == "\\x5Cx80{f:q@1=e}");
}

// ---- Family, qualifier and value filters ----

TEST_CASE("FamilyFilter skips only the failing family (NEXT_ROW per family)") {
  const std::vector<TestRow> rows = {
      R("r", {{"f", "a", 1, "1"}, {"g", "a", 1, "2"}, {"h", "a", 1, "3"}})};
  CHECK(Run("FamilyFilter(=, 'binary:g')", rows) == "r{g:a@1=2}");
  CHECK(Run("FamilyFilter(!=, 'binary:g')", rows) == "r{f:a@1=1 h:a@1=3}");
  CHECK(Run("FamilyFilter(>=, 'binary:g')", Table()) == "ab2{g:q1@1=z}");
}

TEST_CASE("QualifierFilter skips cells whose qualifier fails") {
  const std::vector<TestRow> rows = {
      R("r", {{"f", "", 1, "e"}, {"f", "q1", 1, "x"}, {"f", "q2", 1, "y"}})};
  CHECK(Run("QualifierFilter(=, 'binary:q2')", rows) == "r{f:q2@1=y}");
  CHECK(Run("QualifierFilter(=, 'regexstring:pre*')", rows) ==
        "");  // "pre*" finds nothing in '', q1, q2
  CHECK(Run("QualifierFilter(<, 'binary:q2')", rows) == "r{f:@1=e f:q1@1=x}");
}

// HBase's TestQualifierFilterWithEmptyQualifier.java: four rows, each with
// qualifiers '' and 'testQualifier'; an empty qualifier is compared like
// any other (expected keys per row: 1, 1, 1, 2).
TEST_CASE("QualifierFilter compares an empty qualifier like any other") {
  std::vector<TestRow> rows;
  for (const char* key :
       {"testRowOne-0", "testRowOne-1", "testRowOne-2", "testRowOne-3"}) {
    rows.push_back(
        R(key, {{"testFamily", "", 1, "testValueOne"},
                {"testFamily", "testQualifier", 1, "testValueOne"}}));
  }
  // Every row with the given cells of testFamily.
  const auto each_row = [](const std::string& cells) {
    std::string out;
    for (int i = 0; i < 4; ++i) {
      if (i > 0) out += " ";
      out += "testRowOne-" + std::to_string(i) + "{" + cells + "}";
    }
    return out;
  };
  const std::string empty = "testFamily:@1=testValueOne";
  const std::string named = "testFamily:testQualifier@1=testValueOne";
  CHECK(Run("QualifierFilter(=, 'binary:')", rows) == each_row(empty));
  CHECK(Run("QualifierFilter(=, 'binary:testQualifier')", rows) ==
        each_row(named));
  CHECK(Run("QualifierFilter(>, 'binary:')", rows) == each_row(named));
  CHECK(Run("QualifierFilter(>=, 'binary:')", rows) ==
        each_row(empty + " " + named));
}

TEST_CASE("ValueFilter keeps cells whose value passes") {
  CHECK(Run("ValueFilter(=, 'binary:x')", Table()) ==
        "ab1{f:q1@1=x} abc{f:q1@1=x} b1{f:q1@1=x}");
  CHECK(Run("ValueFilter(!=, 'binary:x')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab2{f:q1@1=y g:q1@1=z}");
  CHECK(Run("ValueFilter(=, 'substring:V')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2}");
  CHECK(Run("ValueFilter(>, 'binaryprefix:v')", Table()) ==
        "ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} abc{f:q1@1=x} b1{f:q1@1=x}");
}

// ---- Single-column value filters ----

std::vector<TestRow> ScvfRows() {
  return {
      R("r1", {{"f", "a", 2, "yes"}, {"f", "a", 1, "no"}, {"f", "b", 1, "1"}}),
      R("r2", {{"f", "a", 2, "no"}, {"f", "a", 1, "yes"}, {"f", "b", 1, "2"}}),
      R("r3", {{"f", "b", 1, "3"}}),
      R("r4", {{"f", "b", 1, "4"}, {"g", "a", 1, "yes"}})};
}

TEST_CASE("SingleColumnValueFilter tests the newest version") {
  CHECK(Run("SingleColumnValueFilter('f', 'a', =, 'binary:yes')", ScvfRows()) ==
        "r1{f:a@2=yes f:b@1=1} r3{f:b@1=3} r4{f:b@1=4 g:a@1=yes}");
  // filterIfMissing drops rows without the column.
  CHECK(Run("SingleColumnValueFilter('f', 'a', =, 'binary:yes', true, true)",
            ScvfRows()) == "r1{f:a@2=yes f:b@1=1}");
  // A row whose newest version fails is dropped even with more versions.
  CHECK(Run("SingleColumnValueFilter('f', 'a', =, 'binary:yes')", ScvfRows(),
            Versions(3)) ==
        "r1{f:a@2=yes f:a@1=no f:b@1=1} r3{f:b@1=3} "
        "r4{f:b@1=4 g:a@1=yes}");
}

TEST_CASE("SingleColumnValueFilter with latestVersionOnly=false") {
  // r2's older version matches; the filter sees it although only one version
  // is returned (versions are counted after the filter).
  CHECK(Run("SingleColumnValueFilter('f', 'a', =, 'binary:yes', true, false)",
            ScvfRows()) == "r1{f:a@2=yes f:b@1=1} r2{f:a@2=no f:b@1=2}");
}

TEST_CASE("SingleColumnValueExcludeFilter drops the tested column") {
  CHECK(Run("SingleColumnValueExcludeFilter('f', 'a', =, 'binary:yes', true, "
            "true)",
            ScvfRows()) == "r1{f:b@1=1}");
  // A row holding only the tested column is left empty, hence not returned.
  const std::vector<TestRow> rows = {R("r", {{"f", "a", 1, "yes"}})};
  CHECK(Run("SingleColumnValueExcludeFilter('f', 'a', =, 'binary:yes')",
            rows) == "");
}

TEST_CASE("ColumnValueFilter returns only the column's passing cells") {
  CHECK(Run("ColumnValueFilter('f', 'a', =, 'binary:yes')", ScvfRows(),
            Versions(3)) == "r1{f:a@2=yes} r2{f:a@1=yes}");
  CHECK(Run("ColumnValueFilter('g', 'a', !=, 'binary:no')", ScvfRows()) ==
        "r4{g:a@1=yes}");
}

// ---- DependentColumnFilter ----

// HBase's TestDependentColumnFilter.java data, with STAMP_BASE = 1000:
// STAMPS = 900, 800, 700 and values bad1..bad3 / match.
std::vector<TestRow> DependentRows() {
  const std::string q = "qualifier";
  return {R("test1", {{"familyOne", q, 900, "bad1"},
                      {"familyOne", q, 800, "bad2"},
                      {"familyOne", q, 700, "match"},
                      {"familyTwo", q, 900, "bad1"},
                      {"familyTwo", q, 700, "bad3"}}),
          R("test2", {{"familyOne", q, 900, "bad1"},
                      {"familyOne", q, 700, "match"},
                      {"familyTwo", q, 900, "match"},
                      {"familyTwo", q, 800, "bad3"}})};
}

// testScans (scan.setMaxVersions(Integer.MAX_VALUE)): 2 rows and 8 cells,
// 2 and 3, 2 and 3, 1 and 1.
TEST_CASE("DependentColumnFilter keeps cells stamped like the reference's") {
  const ScanOpts all = Versions(1000);
  CHECK(Run("DependentColumnFilter('familyOne', 'qualifier')", DependentRows(),
            all) ==
        "test1{familyOne:qualifier@900=bad1 familyOne:qualifier@800=bad2 "
        "familyOne:qualifier@700=match familyTwo:qualifier@900=bad1 "
        "familyTwo:qualifier@700=bad3} "
        "test2{familyOne:qualifier@900=bad1 familyOne:qualifier@700=match "
        "familyTwo:qualifier@900=match}");
  // dropDependentColumn: the reference cells go.
  CHECK(Run("DependentColumnFilter('familyOne', 'qualifier', true)",
            DependentRows(), all) ==
        "test1{familyTwo:qualifier@900=bad1 familyTwo:qualifier@700=bad3} "
        "test2{familyTwo:qualifier@900=match}");
  // Only reference cells whose value is 'match' count.
  CHECK(Run("DependentColumnFilter('familyOne', 'qualifier', false, =, "
            "'binary:match')",
            DependentRows(), all) ==
        "test1{familyOne:qualifier@700=match familyTwo:qualifier@700=bad3} "
        "test2{familyOne:qualifier@700=match}");
  CHECK(Run("DependentColumnFilter('familyOne', 'qualifier', true, =, "
            "'binary:match')",
            DependentRows(), all) == "test1{familyTwo:qualifier@700=bad3}");
}

// testFilterDropping: the filter's answers cell by cell, then at row end.
TEST_CASE("DependentColumnFilter: FilterCell includes, FilterRowCells drops") {
  const std::string q = "qualifier";
  const std::vector<Cell> cells = {{"test1", "familyOne", q, 900, "bad1"},
                                   {"test1", "familyOne", q, 800, "bad2"},
                                   {"test1", "familyTwo", q, 800, "bad3"},
                                   {"test1", "familyTwo", q, 900, "match"},
                                   {"test1", "familyTwo", q, 700, "bad3"}};
  const auto accepted = [&](Filter* filter) {
    std::vector<Cell> out;
    filter->Reset();
    for (const Cell& c : cells) {
      if (filter->FilterCell(c) == RC::kInclude) out.push_back(c);
    }
    return out;
  };
  auto keep = MustParse("DependentColumnFilter('familyOne', 'qualifier')");
  CHECK(keep->HasFilterRow());
  std::vector<Cell> row = accepted(keep.get());
  CHECK(row.size() == 5);
  keep->FilterRowCells(&row);
  CHECK(row.size() == 4);  // familyTwo@700 has no familyOne cell at 700
  auto drop =
      MustParse("DependentColumnFilter('familyTwo', 'qualifier', true)");
  row = accepted(drop.get());
  CHECK(row.size() == 2);  // the familyTwo cells are dropped
  drop->FilterRowCells(&row);
  CHECK(row.size() == 2);
}

// ---- Paging and row shape ----

TEST_CASE("PageFilter counts only rows that pass the filters before it") {
  CHECK(Run("PageFilter(2)", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x}");
  CHECK(Run("PageFilter(0)", Table()) == "");
  // Rows emptied by a cell filter are not counted.
  CHECK(Run("ValueFilter(=, 'binary:x') AND PageFilter(2)", Table()) ==
        "ab1{f:q1@1=x} abc{f:q1@1=x}");
  CHECK(Run("PageFilter(2) AND ValueFilter(=, 'binary:x')", Table()) ==
        "ab1{f:q1@1=x} abc{f:q1@1=x}");
  // FilterRow order matters, as in HBase: after SCVF only passing rows are
  // counted; before it, PageFilter also counts rows SCVF then drops (here
  // r1, which still has a cell when its row ends).
  const std::vector<TestRow> rows = {
      R("r1", {{"f", "a", 1, "1"}, {"f", "s", 1, "no"}}),
      R("r2", {{"f", "a", 1, "2"}, {"f", "s", 1, "yes"}}),
      R("r3", {{"f", "a", 1, "3"}, {"f", "s", 1, "no"}}),
      R("r4", {{"f", "a", 1, "4"}, {"f", "s", 1, "yes"}}),
      R("r5", {{"f", "a", 1, "5"}, {"f", "s", 1, "yes"}})};
  const std::string scvf =
      "SingleColumnValueFilter('f', 's', =, 'binary:yes', true, true)";
  CHECK(Run(scvf + " AND PageFilter(2)", rows) ==
        "r2{f:a@1=2 f:s@1=yes} r4{f:a@1=4 f:s@1=yes}");
  CHECK(Run("PageFilter(2) AND " + scvf, rows) == "r2{f:a@1=2 f:s@1=yes}");
}

TEST_CASE("PageFilter on a reversed scan") {
  CHECK(Run("PageFilter(2)", Table(), Reversed()) ==
        "b1{f:q1@1=x} abc{f:q1@1=x}");
  CHECK(Run("PrefixFilter('ab') AND PageFilter(2)", Table(), Reversed()) ==
        "abc{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z}");
}

TEST_CASE("KeyOnlyFilter empties values or replaces them by their length") {
  CHECK(Run("KeyOnlyFilter()", Table()).substr(0, 24) ==
        "a1{f:q1@1= f:q2@1=} ab1{");
  const std::vector<TestRow> rows = {
      R("r", {{"f", "q", 1, std::string(300, 'v')}, {"f", "z", 1, ""}})};
  CHECK(Run("KeyOnlyFilter(true)", rows) ==
        "r{f:q@1=\\x00\\x00\\x01, f:z@1=\\x00\\x00\\x00\\x00}");
}

TEST_CASE("FirstKeyOnlyFilter returns the first cell of each row") {
  CHECK(Run("FirstKeyOnlyFilter()", Table()) ==
        "a1{f:q1@1=v1} ab1{f:q1@1=x} ab2{f:q1@1=y} abc{f:q1@1=x} "
        "b1{f:q1@1=x}");
  CHECK(Run("FirstKeyOnlyFilter() AND KeyOnlyFilter()", Table(), Reversed()) ==
        "b1{f:q1@1=} abc{f:q1@1=} ab2{f:q1@1=} ab1{f:q1@1=} a1{f:q1@1=}");
}

// ---- Column filters ----

std::vector<TestRow> WideRow() {
  return {R("r", {{"f", "a", 1, "1"},
                  {"f", "ab", 1, "2"},
                  {"f", "abc", 1, "3"},
                  {"f", "b", 1, "4"},
                  {"f", "c", 1, "5"},
                  {"g", "ab", 1, "6"},
                  {"g", "c", 1, "7"}})};
}

TEST_CASE("ColumnPrefixFilter works per family") {
  CHECK(Run("ColumnPrefixFilter('ab')", WideRow()) ==
        "r{f:ab@1=2 f:abc@1=3 g:ab@1=6}");
  CHECK(Run("ColumnPrefixFilter('abcd')", WideRow()) == "");
}

TEST_CASE("MultipleColumnPrefixFilter, overlapping prefixes included") {
  CHECK(Run("MultipleColumnPrefixFilter('c', 'ab')", WideRow()) ==
        "r{f:ab@1=2 f:abc@1=3 f:c@1=5 g:ab@1=6 g:c@1=7}");
  CHECK(Run("MultipleColumnPrefixFilter('a', 'ab')", WideRow()) ==
        "r{f:a@1=1 f:ab@1=2 f:abc@1=3 g:ab@1=6}");
  CHECK(Run("MultipleColumnPrefixFilter()", WideRow()).size() > 20);
}

// HBase's MultipleColumnPrefixFilter tries only the largest prefix that is
// not above the qualifier (TreeSet.headSet(q, true).last()): a qualifier
// that starts with a smaller prefix but not with that one is dropped.
TEST_CASE("MultipleColumnPrefixFilter tries the largest prefix not above q") {
  const std::vector<TestRow> rows = {R("r", {{"f", "a", 1, "1"},
                                             {"f", "ab", 1, "2"},
                                             {"f", "ac", 1, "3"},
                                             {"f", "b", 1, "4"},
                                             {"f", "ba", 1, "5"},
                                             {"f", "c", 1, "6"}})};
  // 'ac' starts with 'a', but the largest prefix not above it is 'ab'; past
  // every prefix the rest of the family goes ('b' and on).
  CHECK(Run("MultipleColumnPrefixFilter('a', 'ab')", rows) ==
        "r{f:a@1=1 f:ab@1=2}");
  // 'ac' is dropped, 'b' and 'ba' match 'b', 'c' is past every prefix.
  CHECK(Run("MultipleColumnPrefixFilter('a', 'ab', 'b')", rows) ==
        "r{f:a@1=1 f:ab@1=2 f:b@1=4 f:ba@1=5}");
  CHECK(Run("MultipleColumnPrefixFilter('b', 'a')", rows) ==
        "r{f:a@1=1 f:ab@1=2 f:ac@1=3 f:b@1=4 f:ba@1=5}");
  // The filter's own answers: below every prefix a skip, past them all the
  // rest of the family.
  auto f = MustParse("MultipleColumnPrefixFilter('a', 'ab', 'b')");
  CHECK(f->FilterCell(Cell{"r", "f", "", 1, ""}) == RC::kSkip);
  CHECK(f->FilterCell(Cell{"r", "f", "ac", 1, ""}) == RC::kSkip);
  CHECK(f->FilterCell(Cell{"r", "f", "abz", 1, ""}) == RC::kInclude);
  CHECK(f->FilterCell(Cell{"r", "f", "c", 1, ""}) == RC::kNextRow);
}

TEST_CASE("ColumnRangeFilter bounds") {
  CHECK(Run("ColumnRangeFilter('ab', true, 'b', true)", WideRow()) ==
        "r{f:ab@1=2 f:abc@1=3 f:b@1=4 g:ab@1=6}");
  CHECK(Run("ColumnRangeFilter('ab', false, 'b', false)", WideRow()) ==
        "r{f:abc@1=3}");
  CHECK(Run("ColumnRangeFilter('', true, 'ab', false)", WideRow()) ==
        "r{f:a@1=1}");
  CHECK(Run("ColumnRangeFilter('b', true, '', false)", WideRow()) ==
        "r{f:b@1=4 f:c@1=5 g:c@1=7}");
}

TEST_CASE("ColumnPaginationFilter counts columns across the row's families") {
  CHECK(Run("ColumnPaginationFilter(2, 0)", WideRow()) ==
        "r{f:a@1=1 f:ab@1=2}");
  CHECK(Run("ColumnPaginationFilter(3, 3)", WideRow()) ==
        "r{f:b@1=4 f:c@1=5 g:ab@1=6}");
  CHECK(Run("ColumnPaginationFilter(2, 6)", WideRow()) == "r{g:c@1=7}");
  CHECK(Run("ColumnPaginationFilter(1, 1)", Table()) ==
        "a1{f:q2@1=v2} ab2{g:q1@1=z}");
}

TEST_CASE("ColumnCountGetFilter: first n columns; a wider row ends a scan") {
  CHECK(Run("ColumnCountGetFilter(2)", WideRow()) == "r{f:a@1=1 f:ab@1=2}");
  // Rows with at most n columns pass whole; the first row with more than n
  // is cut and the scan stops after it (HBase: a filter for gets).
  const std::vector<TestRow> rows = {
      R("a", {{"f", "1", 1, "x"}}),
      R("b", {{"f", "1", 1, "x"}, {"f", "2", 1, "x"}, {"f", "3", 1, "x"}}),
      R("c", {{"f", "1", 1, "x"}})};
  CHECK(Run("ColumnCountGetFilter(2)", rows) ==
        "a{f:1@1=x} b{f:1@1=x f:2@1=x}");
  CHECK(Run("ColumnCountGetFilter(3)", rows) ==
        "a{f:1@1=x} b{f:1@1=x f:2@1=x f:3@1=x} c{f:1@1=x}");
}

TEST_CASE("TimestampsFilter picks versions by timestamp") {
  const std::vector<TestRow> rows = {R("r", {{"f", "a", 5, "a5"},
                                             {"f", "a", 3, "a3"},
                                             {"f", "a", 1, "a1"},
                                             {"f", "b", 4, "b4"},
                                             {"f", "b", 2, "b2"}})};
  CHECK(Run("TimestampsFilter(3, 2)", rows, Versions(10)) ==
        "r{f:a@3=a3 f:b@2=b2}");
  CHECK(Run("TimestampsFilter(1, 5)", rows, Versions(10)) ==
        "r{f:a@5=a5 f:a@1=a1}");
  CHECK(Run("TimestampsFilter()", rows, Versions(10)) == "");
}

// ---- Versions: filters run before the versions cap (HBASE-17125) ----

std::vector<TestRow> ThreeVersions() {
  return {R(
      "r", {{"f", "q", 30, "v3"}, {"f", "q", 20, "v2"}, {"f", "q", 10, "v1"}})};
}

TEST_CASE("filters run before the request's versions cap (HBASE-17125)") {
  // Before HBASE-17125 the cap (1) kept v3 only, and the filter then dropped
  // it: an empty result. Now the filter picks v1 first.
  CHECK(Run("ValueFilter(=, 'binary:v1')", ThreeVersions()) == "r{f:q@10=v1}");
  CHECK(Run("ValueFilter(!=, 'binary:v3')", ThreeVersions()) == "r{f:q@20=v2}");
  CHECK(Run("ValueFilter(!=, 'binary:v3')", ThreeVersions(), Versions(2)) ==
        "r{f:q@20=v2 f:q@10=v1}");
  CHECK(Run("", ThreeVersions(), Versions(2)) == "r{f:q@30=v3 f:q@20=v2}");
}

TEST_CASE("a family's MaxVersions applies before the filter") {
  // With MaxVersions 2, v1 no longer exists (a purge would remove it), so no
  // filter can bring it back.
  CHECK(Run("ValueFilter(=, 'binary:v1')", ThreeVersions(), Versions(1, 2)) ==
        "");
  CHECK(Run("ValueFilter(=, 'binary:v2')", ThreeVersions(), Versions(1, 2)) ==
        "r{f:q@20=v2}");
  CHECK(Run("", ThreeVersions(), Versions(5, 2)) == "r{f:q@30=v3 f:q@20=v2}");
}

// ---- FilterList ----

TEST_CASE("AND and OR lists of compare filters") {
  CHECK(Run("PrefixFilter('ab') AND ValueFilter(=, 'binary:x')", Table()) ==
        "ab1{f:q1@1=x} abc{f:q1@1=x}");
  CHECK(Run("PrefixFilter('ab') OR ValueFilter(=, 'binary:v2')", Table()) ==
        "a1{f:q2@1=v2} ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} abc{f:q1@1=x}");
  CHECK(Run("RowFilter(=, 'binary:a1') OR RowFilter(=, 'binary:b1')",
            Table()) == "a1{f:q1@1=v1 f:q2@1=v2} b1{f:q1@1=x}");
  CHECK(Run("(RowFilter(>=, 'binary:ab1') AND RowFilter(<=, 'binary:ab2')) OR "
            "FamilyFilter(=, 'binary:g')",
            Table()) == "ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z}");
}

TEST_CASE("OR does not re-ask a child that skipped the column (HBASE-17678)") {
  // ColumnPaginationFilter would count q's older versions as new columns if
  // the OR list passed them on after its NEXT_COL.
  const std::vector<TestRow> rows = {R("r", {{"f", "a", 3, "a3"},
                                             {"f", "a", 2, "a2"},
                                             {"f", "a", 1, "a1"},
                                             {"f", "b", 1, "b1"},
                                             {"f", "c", 1, "c1"}})};
  CHECK(Run("ColumnPaginationFilter(1, 1) OR ValueFilter(=, 'binary:a1')", rows,
            Versions(5)) == "r{f:a@1=a1 f:b@1=b1}");
}

TEST_CASE("OR transforms a cell only by the children that included it") {
  // KeyOnlyFilter includes every cell, so it transforms every cell.
  CHECK(Run("KeyOnlyFilter() OR ValueFilter(=, 'binary:x')", Table())
            .find("=x") == std::string::npos);
  // Here the transformer only includes cells from row a1.
  CHECK(Run("(RowFilter(=, 'binary:a1') AND KeyOnlyFilter()) OR "
            "ValueFilter(=, 'binary:x')",
            Table()) ==
        "a1{f:q1@1= f:q2@1=} ab1{f:q1@1=x} abc{f:q1@1=x} b1{f:q1@1=x}");
}

// ---- SKIP and WHILE ----

TEST_CASE("SKIP drops a row if one of its cells fails (testSkipFilter)") {
  const std::vector<TestRow> rows = {
      R("r1", {{"f", "a", 1, "0"}, {"f", "b", 1, "5"}}),
      R("r2", {{"f", "a", 1, "3"}, {"f", "b", 1, "5"}}),
      R("r3", {{"f", "a", 1, "7"}, {"f", "b", 1, "0"}})};
  CHECK(Run("ValueFilter(!=, 'binary:0')", rows) ==
        "r1{f:b@1=5} r2{f:a@1=3 f:b@1=5} r3{f:a@1=7}");
  CHECK(Run("SKIP ValueFilter(!=, 'binary:0')", rows) == "r2{f:a@1=3 f:b@1=5}");
}

TEST_CASE("SKIP does not pass row keys: SKIP PrefixFilter drops every row") {
  CHECK(Run("SKIP PrefixFilter('ab')", Table()) == "");
  CHECK(Run("SKIP RowFilter(=, 'binary:a1')", Table()) ==
        Run("", Table()));  // RowFilter never sees a key under SKIP
  CHECK(Run("SKIP FirstKeyOnlyFilter()", Table()) ==
        "ab1{f:q1@1=x} abc{f:q1@1=x} b1{f:q1@1=x}");
}

TEST_CASE("WHILE ends the scan at the first rejected row key") {
  CHECK(Run("WHILE RowFilter(!=, 'binary:ab2')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x}");
  auto f = MustParse("WHILE RowFilter(!=, 'binary:ab2')");
  CHECK(!f->FilterRowKey("a1"));
  CHECK(f->FilterRowKey("ab2"));
  CHECK(f->FilterAllRemaining());
  CHECK(Run("WHILE PrefixFilter('a')", Table()) ==
        "a1{f:q1@1=v1 f:q2@1=v2} ab1{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} "
        "abc{f:q1@1=x}");
  // Not narrowed: the first row already ends the scan.
  CHECK(Run("WHILE PrefixFilter('ab')", Table()) == "");
}

TEST_CASE("WHILE ends the scan at the first rejected cell") {
  // The row keeps the cells included before the rejected one.
  const std::vector<TestRow> rows = {
      R("r1", {{"f", "a", 1, "ok"}, {"f", "b", 1, "ok"}}),
      R("r2", {{"f", "a", 1, "ok"}, {"f", "b", 1, "bad"}, {"f", "c", 1, "ok"}}),
      R("r3", {{"f", "a", 1, "ok"}})};
  CHECK(Run("WHILE ValueFilter(=, 'binary:ok')", rows) ==
        "r1{f:a@1=ok f:b@1=ok} r2{f:a@1=ok}");
  // A WHILE inside an AND stops narrowing: it must see the early rows.
  CHECK(Run("PrefixFilter('ab') AND WHILE RowFilter(>=, 'binary:ab')",
            Table()) == "");
}

TEST_CASE("WHILE on a reversed scan reaches the wrapped filter") {
  CHECK(Run("WHILE InclusiveStopFilter('ab1')", Table(), Reversed()) ==
        "b1{f:q1@1=x} abc{f:q1@1=x} ab2{f:q1@1=y g:q1@1=z} ab1{f:q1@1=x}");
  CHECK(Run("WHILE PrefixFilter('b')", Table(), Reversed()) == "b1{f:q1@1=x}");
}

// HBase's WhileMatchFilter does not override filterRowCells (FilterBase's
// does nothing), so a wrapped filter's row-end edit never happens.
TEST_CASE("WHILE does not pass FilterRowCells to the wrapped filter") {
  // SingleColumnValueExcludeFilter keeps its tested column under WHILE; r2's
  // newest f:a fails, which ends the scan.
  CHECK(Run("WHILE SingleColumnValueExcludeFilter('f', 'a', =, 'binary:yes', "
            "true, true)",
            ScvfRows()) == "r1{f:a@2=yes f:b@1=1}");
  CHECK(Run("SingleColumnValueExcludeFilter('f', 'a', =, 'binary:yes', "
            "true, true)",
            ScvfRows()) == "r1{f:b@1=1}");
  // DependentColumnFilter includes every cell and drops the unstamped ones
  // at the row's end only: under WHILE none is dropped.
  CHECK(Run("WHILE DependentColumnFilter('familyOne', 'qualifier')",
            DependentRows(), Versions(1000)) ==
        "test1{familyOne:qualifier@900=bad1 familyOne:qualifier@800=bad2 "
        "familyOne:qualifier@700=match familyTwo:qualifier@900=bad1 "
        "familyTwo:qualifier@700=bad3} "
        "test2{familyOne:qualifier@900=bad1 familyOne:qualifier@700=match "
        "familyTwo:qualifier@900=match familyTwo:qualifier@800=bad3}");
}

// ---- Push-down ----

KeyRange Narrowed(std::string_view filter, bool reversed = false,
                  KeyRange start = KeyRange::All()) {
  auto f = MustParse(filter);
  f->SetReversed(reversed);
  f->NarrowRowRange(&start);
  return start;
}

std::string Show(const KeyRange& r) {
  std::string out = (r.lo_inclusive ? "[" : "(") + ToStringBinary(r.lo) + ", ";
  out += r.hi_unbounded ? "+inf)"
                        : ToStringBinary(r.hi) + (r.hi_inclusive ? "]" : ")");
  return out;
}

TEST_CASE("push-down: PrefixFilter, InclusiveStopFilter, RowFilter") {
  CHECK(Show(Narrowed("PrefixFilter('ab')")) == "[ab, ac)");
  CHECK(Show(Narrowed("PrefixFilter('ab')", true)) == "[ab, ac)");
  CHECK(Show(Narrowed("PrefixFilter('a\xff')"s)) == "[a\\xFF, b)");
  CHECK(Show(Narrowed("PrefixFilter('\xff\xff')"s)) == "[\\xFF\\xFF, +inf)");
  CHECK(Show(Narrowed("PrefixFilter('')")) == "[, +inf)");
  CHECK(Show(Narrowed("InclusiveStopFilter('m')")) == "[, m]");
  CHECK(Show(Narrowed("InclusiveStopFilter('m')", true)) == "[m, +inf)");
  CHECK(Show(Narrowed("RowFilter(=, 'binary:x')")) == "[x, x]");
  CHECK(Show(Narrowed("RowFilter(<, 'binary:x')")) == "[, x)");
  CHECK(Show(Narrowed("RowFilter(>, 'binary:x')")) == "(x, +inf)");
  CHECK(Show(Narrowed("RowFilter(=, 'binaryprefix:x')")) == "[x, y)");
  CHECK(Show(Narrowed("RowFilter(>, 'binaryprefix:x')")) == "[y, +inf)");
  CHECK(Show(Narrowed("RowFilter(!=, 'binary:x')")) == "[, +inf)");
  CHECK(Show(Narrowed("RowFilter(=, 'substring:x')")) == "[, +inf)");
}

TEST_CASE("push-down: AND intersects, OR, SKIP and WHILE do not narrow") {
  CHECK(Show(Narrowed("PrefixFilter('a') AND InclusiveStopFilter('am')")) ==
        "[a, am]");
  CHECK(Show(Narrowed("PrefixFilter('a') AND (RowFilter(>=, 'binary:ak') AND "
                      "KeyOnlyFilter())")) == "[ak, b)");
  CHECK(Show(Narrowed("PrefixFilter('a') AND PrefixFilter('b')")) == "[b, b)");
  CHECK(Show(Narrowed("PrefixFilter('a') OR PrefixFilter('b')")) == "[, +inf)");
  CHECK(Show(Narrowed("SKIP PrefixFilter('a')")) == "[, +inf)");
  CHECK(Show(Narrowed("WHILE PrefixFilter('a')")) == "[, +inf)");
  CHECK(Show(Narrowed("PrefixFilter('a') AND WHILE KeyOnlyFilter()")) ==
        "[, +inf)");
  // The scan's own range is only ever narrowed.
  CHECK(Show(Narrowed("PrefixFilter('ab')", false,
                      KeyRange::Forward("aa", "abc"))) == "[ab, abc)");
  CHECK(Show(Narrowed("InclusiveStopFilter('z')", false,
                      KeyRange::Forward("a", "m"))) == "[a, m)");
  CHECK(Show(Narrowed("InclusiveStopFilter('m')", false,
                      KeyRange::Forward("a", "m"))) == "[a, m)");
}

TEST_CASE("RowMatcher: no filter, versions and the hints contract") {
  RowMatcher m(nullptr);
  REQUIRE(m.BeginRow("r"));
  CHECK(m.Offer(Cell{"r", "f", "q", 3, "a"}, 2) == RowMatcher::Next::kContinue);
  CHECK(m.Offer(Cell{"r", "f", "q", 2, "b"}, 2) ==
        RowMatcher::Next::kNextColumn);
  // A caller may ignore the hint: the matcher drops the extra version.
  CHECK(m.Offer(Cell{"r", "f", "q", 1, "c"}, 2) ==
        RowMatcher::Next::kNextColumn);
  CHECK(m.Offer(Cell{"r", "f", "z", 1, "d"}, 2) == RowMatcher::Next::kContinue);
  std::vector<Cell> out;
  REQUIRE(m.EndRow(&out));
  CHECK(Format("r", out) == "r{f:q@3=a f:q@2=b f:z@1=d}");
  CHECK(!m.Done());
  REQUIRE(m.BeginRow("s"));
  CHECK(!m.EndRow(&out));  // an empty row is not returned
}

TEST_CASE("RowMatcher: a regex over its match limit ends the scan") {
  auto f = MustParse("ValueFilter(=, 'regexstring:(x+x+)+y')");
  RowMatcher m(f.get());
  REQUIRE(m.BeginRow("r"));
  m.Offer(Cell{"r", "f", "a", 1, std::string(40, 'x') + "zy"}, 1);
  std::vector<Cell> out;
  CHECK(!m.EndRow(&out));  // not a silent "no match": an error
  CHECK(m.Done());
  CHECK(m.status().IsInvalidArgument());
  CHECK(m.status().message() ==
        "filter: regexstring:(x+x+)+y: regular expression match reached its "
        "limit of 10000000 steps on a 42-byte value");
  CHECK(!m.BeginRow("s"));
}

TEST_CASE("RowMatcher: a filter's NEXT_ROW skips one family, not the row") {
  auto f = MustParse("FirstKeyOnlyFilter() OR FamilyFilter(=, 'binary:g')");
  RowMatcher m(f.get());
  REQUIRE(m.BeginRow("r"));
  m.Offer(Cell{"r", "f", "a", 1, "1"}, 1);
  CHECK(m.Offer(Cell{"r", "f", "b", 1, "2"}, 1) ==
        RowMatcher::Next::kNextColumn);
  m.Offer(Cell{"r", "g", "a", 1, "3"}, 1);
  std::vector<Cell> out;
  REQUIRE(m.EndRow(&out));
  CHECK(Format("r", out) == "r{f:a@1=1 g:a@1=3}");
}

}  // namespace
}  // namespace obkvlite
