// Copyright (c) obkvlite authors.
//
// The filter language against HBase's own ParseFilter (its lexical rules,
// its registered filters and their argument checks) and the comparators
// against the facts of HBase's TestComparators and TestRegexComparator.
// filter_parse_test.cc has the TestParseFilter cases one by one; this file
// has the rules found by reading ParseFilter.java, each with the inputs that
// tell them apart, and the places where we do not follow HBase on purpose.

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filter_parse_support.h"
#include "hbase/filter/comparators.h"
#include "hbase/filter/filter_factory.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace {

using namespace std::string_literals;

using testing::filter_parse::Canon;
using testing::filter_parse::Err;

// ---- Separators ----

TEST_CASE("HBase grammar: spaces and tabs separate tokens, and line breaks") {
  CHECK(Canon("\tPageFilter(7)\t") == "PageFilter(7)");
  CHECK(Canon("( \tPageFilter(7)\t)AND KeyOnlyFilter()") ==
        "PageFilter(7) AND KeyOnlyFilter()");
  // ParseFilter reads a CR or LF as the start of a filter name; here they
  // read as spaces, so that scan.rb's help example spanning two lines works.
  CHECK(Canon("PageFilter(7)\n") == "PageFilter(7)");
  CHECK(Canon("\r\nPageFilter(7)") == "PageFilter(7)");
  CHECK(Canon("PageFilter(7)\nOR PageFilter(8)") ==
        "PageFilter(7) OR PageFilter(8)");
  CHECK(Canon("(PrefixFilter ('row2') AND\n    (QualifierFilter (>=, "
              "'binary:xyz'))) AND (TimestampsFilter ( 123, 456))") ==
        "(PrefixFilter('row2') AND QualifierFilter(>=, 'binary:xyz')) AND "
        "TimestampsFilter(123, 456)");
  CHECK(Canon("ValueFilter(=,\n'substring:two')") ==
        "ValueFilter(=, 'substring:two')");
  // Inside quotes every byte is data.
  CHECK(Canon("PrefixFilter('x\ny\r\t')") == "PrefixFilter('x\ny\r\t')");
}

TEST_CASE("HBase grammar: a keyword takes a space or a parenthesis, no tab") {
  CHECK(Err("PageFilter(7)\tAND KeyOnlyFilter()") ==
        "filter: position 14: expected a space or a parenthesis next to AND, "
        "got a tab");
  CHECK(Err("PageFilter(7) OR\tKeyOnlyFilter()") ==
        "filter: position 14: expected a space or a parenthesis next to OR, "
        "got a tab");
  CHECK(Err("\tSKIP PageFilter(7)") ==
        "filter: position 1: expected a space or a parenthesis next to SKIP, "
        "got a tab");
  CHECK(Err("WHILE\tPageFilter(7)") ==
        "filter: position 0: expected a space or a parenthesis next to WHILE, "
        "got a tab");
  // Parentheses on either side are fine, as are spaces.
  CHECK(Canon("(PageFilter(7))OR(KeyOnlyFilter())") ==
        "PageFilter(7) OR KeyOnlyFilter()");
  CHECK(Canon("(WHILE(PageFilter(7)))") == "WHILE PageFilter(7)");
  CHECK(Canon("PageFilter(7)  AND  SKIP  KeyOnlyFilter()") ==
        "PageFilter(7) AND SKIP KeyOnlyFilter()");
}

TEST_CASE("HBase grammar: a filter name meets its '(' after spaces only") {
  CHECK(Canon("PageFilter   (7)") == "PageFilter(7)");
  CHECK(Err("PageFilter\t(7)") ==
        "filter: position 10: expected '(' after PageFilter, got '\\x09'");
  CHECK(Canon("PageFilter \n(7)") == "PageFilter(7)");
}

// ParseFilter skips spaces and commas alike between arguments.
TEST_CASE("HBase grammar: runs of spaces and commas separate arguments") {
  CHECK(Canon("ColumnPaginationFilter(3 9)") == "ColumnPaginationFilter(3, 9)");
  CHECK(Canon("ColumnPaginationFilter(,3,, 9 ,)") ==
        "ColumnPaginationFilter(3, 9)");
  CHECK(Canon("FirstKeyOnlyFilter( , )") == "FirstKeyOnlyFilter()");
  CHECK(Canon("ValueFilter(!= 'binary:v')") == "ValueFilter(!=, 'binary:v')");
  CHECK(Canon("MultipleColumnPrefixFilter('y''' 'x')") ==
        "MultipleColumnPrefixFilter('x', 'y''')");
  // '' inside quotes is a quote, not the end of one string and the start
  // of the next: 'f''q' is one argument.
  CHECK(Err("SingleColumnValueFilter('f''q', =, 'binary:v')") ==
        "filter: position 0: SingleColumnValueFilter takes 4 or 6 arguments, "
        "got 3");
  CHECK(Err("PageFilter(7 8)") ==
        "filter: position 0: PageFilter takes 1 argument, got 2");
  CHECK(Err("PageFilter(7,") ==
        "filter: position 13: expected argument 2 of PageFilter, got end of "
        "input");
  CHECK(Err("PageFilter(7 ") ==
        "filter: position 13: expected ',' or ')' after argument 1 of "
        "PageFilter, got end of input");
}

TEST_CASE("HBase grammar: a tab in an argument list belongs to an argument") {
  CHECK(Err("PageFilter(\t7)") ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got \\x097");
  CHECK(Err("KeyOnlyFilter(\t)") ==
        "filter: position 14: KeyOnlyFilter argument 1: expected true or "
        "false, got \\x09");
  // Not HBase's: ParseFilter drops the byte right after a closing quote
  // unread, whatever it is, so there 'p'x is 'p' and 'q'!= reads as =.
  // Here anything but a separator there is an error.
  CHECK(Err("PrefixFilter('p'\t)") ==
        "filter: position 16: expected ',' or ')' after argument 1 of "
        "PrefixFilter, got '\\x09'");
  CHECK(Err("SingleColumnValueFilter('f', 'q'!=, 'binary:v')") ==
        "filter: position 32: expected ',' or ')' after argument 2 of "
        "SingleColumnValueFilter, got '!'");
  CHECK(Canon("PrefixFilter('p')") == "PrefixFilter('p')");
}

TEST_CASE("HBase grammar: the end of the input closes any '(' left open") {
  CHECK(Canon("(PrefixFilter('p')") == "PrefixFilter('p')");
  CHECK(Canon("((PageFilter(7) AND KeyOnlyFilter()") ==
        "PageFilter(7) AND KeyOnlyFilter()");
  // The open group still groups.
  CHECK(Canon("PageFilter(7) AND (KeyOnlyFilter() OR FirstKeyOnlyFilter()") ==
        "PageFilter(7) AND (KeyOnlyFilter() OR FirstKeyOnlyFilter())");
  CHECK(Canon("SKIP (KeyOnlyFilter() OR PageFilter(7)") ==
        "SKIP (KeyOnlyFilter() OR PageFilter(7))");
  // A group must still hold a filter (not HBase's: its operator stack lets
  // a '(' with nothing after it vanish, "PageFilter(7) (" is PageFilter(7)
  // there), and ')' must still match.
  CHECK(Err("(") ==
        "filter: position 1: expected a filter name, SKIP, WHILE or '(', got "
        "end of input");
  CHECK(Err("PageFilter(7) (") ==
        "filter: position 14: expected AND, OR or end of input, got '('");
  CHECK(Err("(PageFilter(7)))") ==
        "filter: position 15: unbalanced ')'; expected AND, OR or end of "
        "input");
}

// Not HBase's: its operator stack drops an operator when a ')' closes a
// group holding operators of two precedences, and the filter string then
// fails ("Mismatched parenthesis"). Here such groups mean what the
// precedence rules say.
TEST_CASE("HBase grammar: groups mixing precedences follow the precedence") {
  CHECK(Canon("(KeyOnlyFilter() OR PageFilter(7) AND FirstKeyOnlyFilter())") ==
        "KeyOnlyFilter() OR (PageFilter(7) AND FirstKeyOnlyFilter())");
  CHECK(Canon("(PageFilter(7) AND SKIP KeyOnlyFilter())") ==
        "PageFilter(7) AND SKIP KeyOnlyFilter()");
  CHECK(Canon("(SKIP WHILE PageFilter(7))") == "SKIP WHILE PageFilter(7)");
}

// ---- Argument values ----

TEST_CASE("HBase grammar: integers are digits after an optional '-'") {
  // convertByteArrayToLong reads a lone '-' as 0.
  CHECK(Canon("PageFilter(-)") == "PageFilter(0)");
  CHECK(Canon("ColumnPaginationFilter(-, -0)") ==
        "ColumnPaginationFilter(0, 0)");
  CHECK(Canon("TimestampsFilter(007, -0)") == "TimestampsFilter(0, 7)");
  CHECK(Err("PageFilter(+7)") ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got +7");
  CHECK(Err("PageFilter(--7)") ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got --7");
  // Not HBase's: its overflow test misses a product that wraps past 2^64
  // to a positive value (this one reads as 4 there). Here it is too large.
  CHECK(Err("TimestampsFilter(18446744073709551620)") ==
        "filter: position 17: TimestampsFilter argument 1: expected an "
        "integer from 0 to 9223372036854775807, got 18446744073709551620");
  CHECK(Err("ColumnCountGetFilter(-1)") ==
        "filter: position 21: ColumnCountGetFilter argument 1: expected an "
        "integer from 0 to 2147483647, got -1");
}

// HBase's DependentColumnFilter.createFilterFromArguments, unlike the
// compare filters, does not limit substring and regex comparators to = and
// !=.
TEST_CASE("HBase grammar: DependentColumnFilter takes any operator") {
  CHECK(Canon("DependentColumnFilter('f', 'q', false, <, 'substring:s')") ==
        "DependentColumnFilter('f', 'q', false, <, 'substring:s')");
  CHECK(Canon("DependentColumnFilter('f', 'q', true, >=, "
              "'regexstring:r.')") ==
        "DependentColumnFilter('f', 'q', true, >=, 'regexstring:r.')");
  CHECK(Err("SingleColumnValueExcludeFilter('f', 'q', <, "
            "'substring:s')") ==
        "filter: position 41: SingleColumnValueExcludeFilter argument 3: "
        "expected = or != with a substring comparator, got <");
}

// Forms of TestParseFilter that filter_parse_test.cc writes differently.
TEST_CASE("HBase grammar: TestParseFilter's quoted operators and numbers") {
  CHECK(Canon("(FirstKeyOnlyFilter())") == "FirstKeyOnlyFilter()");
  CHECK(Err("RowFilter ('>=' 'regexstring:pre*')") ==
        "filter: position 11: RowFilter argument 1: expected a compare "
        "operator (<, <=, =, !=, >=, >), got '>='");
  CHECK(Err("SingleColumnValueFilter ('family', 'qualifier', '>=', "
            "'substring:a', 'true', 'false')')") ==
        "filter: position 48: SingleColumnValueFilter argument 3: expected a "
        "compare operator (<, <=, =, !=, >=, >), got '>='");
  CHECK(Err(" ColumnPaginationFilter('4' , '123a')") ==
        "filter: position 24: ColumnPaginationFilter argument 1: expected an "
        "integer from 0 to 2147483647, got '4'");
}

// ---- Registered filters and comparator types ----

TEST_CASE("HBase grammar: the filters ParseFilter registers, no others") {
  const std::vector<std::string_view> names = filter::KnownFilterNames();
  CHECK(names ==
        std::vector<std::string_view>{
            "ColumnCountGetFilter", "ColumnPaginationFilter",
            "ColumnPrefixFilter", "ColumnRangeFilter", "ColumnValueFilter",
            "DependentColumnFilter", "FamilyFilter", "FirstKeyOnlyFilter",
            "InclusiveStopFilter", "KeyOnlyFilter",
            "MultipleColumnPrefixFilter", "PageFilter", "PrefixFilter",
            "QualifierFilter", "RowFilter", "SingleColumnValueExcludeFilter",
            "SingleColumnValueFilter", "TimestampsFilter", "ValueFilter"});
  for (const char* name :
       {"FirstKeyValueMatchingQualifiersFilter", "FuzzyRowFilter",
        "MultiRowRangeFilter", "RandomRowFilter", "SkipFilter",
        "WhileMatchFilter", "FilterList"}) {
    CAPTURE(name);
    CHECK(Err(std::string(name) + "()")
              .rfind("filter: position 0: unknown filter '" +
                         std::string(name) + "'; expected one of ",
                     0) == 0);
  }
  // Only the integer offset form of ColumnPaginationFilter has a text form.
  CHECK(Err("ColumnPaginationFilter(2, 'q')") ==
        "filter: position 26: ColumnPaginationFilter argument 2: expected an "
        "integer from 0 to 2147483647, got 'q'");
}

TEST_CASE("HBase grammar: comparator types are exact, lower case, 'type:'") {
  const std::string expected =
      "expected a comparator 'type:value' with type binary, binaryprefix, "
      "substring, regexstring or regexstringnocase, got ";
  for (const char* spec : {"Binary:v", "binary", ":v", "bit:v",
                           "null:", "long:1", "bigdecimal:1", " binary:v"}) {
    CAPTURE(spec);
    CHECK(Err("RowFilter(=, '" + std::string(spec) + "')") ==
          "filter: position 13: RowFilter argument 2: " + expected + "'" +
              spec + "'");
  }
  // An empty value is a value; only the first ':' splits.
  CHECK(Canon("RowFilter(=, 'binary:')") == "RowFilter(=, 'binary:')");
  CHECK(Canon("RowFilter(>, 'binaryprefix:::')") ==
        "RowFilter(>, 'binaryprefix:::')");
}

// ---- Comparators ----

// TestComparators: CompareTo gives operand <=> cell.
TEST_CASE("HBase comparators: binary and binaryprefix order, substring finds") {
  using filter::ParseComparator;
  auto bin = ParseComparator("binary:key5");
  REQUIRE(bin.ok());
  CHECK((*bin)->CompareTo("key5") == 0);
  CHECK((*bin)->CompareTo("key4") > 0);
  CHECK((*bin)->CompareTo("key6") < 0);
  CHECK((*bin)->CompareTo("key") > 0);  // a proper prefix sorts first
  CHECK((*bin)->CompareTo("key50") < 0);
  auto prefix = ParseComparator("binaryprefix:col");
  REQUIRE(prefix.ok());
  CHECK((*prefix)->CompareTo("col") == 0);
  CHECK((*prefix)->CompareTo("colour") == 0);
  CHECK((*prefix)->CompareTo("d") < 0);
  CHECK((*prefix)->CompareTo("co") > 0);
  auto sub = ParseComparator("substring:AM");
  REQUIRE(sub.ok());
  CHECK((*sub)->CompareTo("famX") == 0);
  CHECK((*sub)->CompareTo("fa-m") == 1);
}

// The features TestRegexComparator checks of Java's regular expressions
// (HBase's default engine, with Pattern.DOTALL), in our own cases.
TEST_CASE("HBase comparators: regexstring is Java's find() with DOTALL") {
  struct Case {
    const char* pattern;
    bool nocase;
    std::string value;
    bool found;
  };
  const std::vector<Case> cases = {
      {"x|y", false, "y", true},
      {"x|y", false, "Y", false},
      {"x|y", true, "Y", true},
      {"p(q|qr)s", false, "pqrs", true},
      {"[xyz]+", false, "zyx", true},
      {"[xyz]+", false, "abc", false},
      {"[^xyz]+", false, "xyzxyz", false},
      {"[^xyz]+", false, "xxk", true},
      {"[xy^]", false, "^", true},  // '^' not first is a literal
      {"[a-\\u0100]+", false, "q", true},
      {"k.m", false, "k\nm", true},  // DOTALL
      {"k.m", false, "k\x01m"s, true},
      {"\\w\\W\\w", false, "a-b", true},
      {"\\w\\W\\w", false, "abc", false},
      {"\\s\\S", false, " x", true},
      {"\\d\\d", false, "a1b2", false},
      {"^go", false, "gone", true},
      {"^go", false, "ego", false},
      {"end$", false, "the end", true},
      {"^(ab(cd)?)+$", false, "abcdab", true},
      {"u??v", false, "uuv", true},
      {"u?+v", false, "uuw", false},
      {"u++v", false, "uuuv", true},
      {"u*+u", false, "uuu", false},  // possessive takes them all
      {"u{2,3}", false, "u", false},
      {"u{2,3}", false, "uu", true},
      {"u{4,}", false, "uuuu", true},
      {"ab(?=c)", false, "abd abc", true},
      {"ab(?!c)", false, "abc", false},
      {"(?<=a)b", false, "cb ab", true},
      {"(?<!a)b", false, "ab", false},
      {"(?i)case", false, "CaSe", true},
      {"c(?i)ase", false, "CASE", false},
      {"c(?i)ase", false, "cASE", true},
      {"q(?x) r s", false, "qrs", true},
      {"[\\n-#]", false, " ", true},  // the range \n..#
      {"[\\n-#]", false, "-", false},
      {"[\\041]", false, "!", true},  // octal
      {"[\\u00e0-\\u00e2]", false, "\xC3\xA1", true},
      {"(|z)?+", false, "anything", true},
  };
  for (const Case& c : cases) {
    CAPTURE(c.pattern);
    CAPTURE(c.value);
    auto re = filter::ParseComparator(
        std::string(c.nocase ? "regexstringnocase:" : "regexstring:") +
        c.pattern);
    REQUIRE_MESSAGE(re.ok(), re.status().ToString());
    CHECK(((*re)->CompareTo(c.value) == 0) == c.found);
  }
  // Not HBase's: Java's class union and intersection ([a[b]], [a&&b]) are
  // refused rather than run by another meaning.
  auto union_class = filter::ParseComparator("regexstring:[ab[cd]]");
  CHECK(!union_class.ok());
  auto intersection = filter::ParseComparator("regexstring:[a-z&&[^q]]");
  CHECK(!intersection.ok());
}

// ---- Hostile input ----

TEST_CASE("HBase grammar: hostile input fails with a named error") {
  // A huge number.
  CHECK(Err("PageFilter(" + std::string(5000, '9') + ")")
            .rfind("filter: position 11: PageFilter argument 1: expected an "
                   "integer from 0 to 9223372036854775807, got 99999",
                   0) == 0);
  // A quote that never closes, after a megabyte.
  CHECK(Err("PrefixFilter('" + std::string(1 << 20, 'q')) ==
        "filter: position 13: expected a closing quote for the string that "
        "starts here, got end of input");
  // NUL bytes: data inside quotes, an error outside.
  CHECK(Canon("PrefixFilter('\0\0')"s) == "PrefixFilter('\0\0')"s);
  CHECK(Err("PageFilter(7)\0"s) ==
        "filter: position 13: expected AND, OR or end of input, got '\\x00'");
  CHECK(Err("PageFilter(\0)"s) ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got \\x00");
  // Deep nesting, unclosed: capped, not a stack overflow.
  CHECK(Err(std::string(100000, '(') + "PageFilter(7)") ==
        "filter: position 64: expected at most 64 nested levels of '(', SKIP "
        "and WHILE");
  // Many arguments and a long flat list are fine.
  std::string many = "TimestampsFilter(";
  for (int i = 0; i < 10000; ++i) many += std::to_string(i) + ",";
  CHECK(Canon(many + ")").size() > 10000);
}

}  // namespace
}  // namespace obkvlite
