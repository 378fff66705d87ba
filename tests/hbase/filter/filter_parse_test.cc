// Copyright (c) obkvlite authors.
//
// Tests of the filter-language parser (ParseFilter): the cases of HBase's
// TestParseFilter as we know them, the precedence rules, quoting and binary
// bytes, every error path with its exact message, and a fuzz-style sweep.
// The parsed tree is checked through ToString(), the canonical form.

#include <doctest/doctest.h>

#include <memory>
#include <random>
#include <string>
#include <string_view>

#include "filter_parse_support.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace {

using namespace std::string_literals;

using testing::filter_parse::Canon;
using testing::filter_parse::Err;

// ---- One filter each (TestParseFilter) ----

TEST_CASE("KeyOnlyFilter: no argument or a boolean; '' is not a boolean") {
  CHECK(Canon("KeyOnlyFilter()") == "KeyOnlyFilter()");
  CHECK(Canon("KeyOnlyFilter(true)") == "KeyOnlyFilter(true)");
  CHECK(Canon("KeyOnlyFilter(FALSE)") == "KeyOnlyFilter()");
  CHECK(Err("KeyOnlyFilter ('') ") ==
        "filter: position 15: KeyOnlyFilter argument 1: expected true or "
        "false, got ''");
  CHECK(Err("KeyOnlyFilter(true, false)") ==
        "filter: position 0: KeyOnlyFilter takes 0 or 1 arguments, got 2");
}

TEST_CASE("FirstKeyOnlyFilter takes no argument; spaces around are fine") {
  CHECK(Canon(" FirstKeyOnlyFilter( ) ") == "FirstKeyOnlyFilter()");
  CHECK(Err(" FirstKeyOnlyFilter ('') ") ==
        "filter: position 1: FirstKeyOnlyFilter takes 0 arguments, got 1");
}

TEST_CASE("PrefixFilter needs a quoted string") {
  CHECK(Canon(" PrefixFilter('row' ) ") == "PrefixFilter('row')");
  CHECK(Err(" PrefixFilter(row)") ==
        "filter: position 14: PrefixFilter argument 1: expected a quoted "
        "string, got row");
  CHECK(Err("PrefixFilter('a', 'b')") ==
        "filter: position 0: PrefixFilter takes 1 argument, got 2");
  CHECK(Err("PrefixFilter()") ==
        "filter: position 0: PrefixFilter takes 1 argument, got 0");
}

TEST_CASE("ColumnPrefixFilter and MultipleColumnPrefixFilter") {
  CHECK(Canon(" ColumnPrefixFilter('qualifier' ) ") ==
        "ColumnPrefixFilter('qualifier')");
  CHECK(Canon(" MultipleColumnPrefixFilter('qualifier2', 'qualifier1' ) ") ==
        "MultipleColumnPrefixFilter('qualifier1', 'qualifier2')");
  CHECK(Canon("MultipleColumnPrefixFilter()") ==
        "MultipleColumnPrefixFilter()");
  CHECK(Err("MultipleColumnPrefixFilter('a', b)") ==
        "filter: position 32: MultipleColumnPrefixFilter argument 2: "
        "expected a quoted string, got b");
  // HBase refuses a repeated prefix ("prefixes must be distinct").
  CHECK(Err("MultipleColumnPrefixFilter('a', 'b', 'a')") ==
        "filter: position 37: MultipleColumnPrefixFilter argument 3: "
        "expected a value distinct from argument 1, got 'a'");
}

TEST_CASE("ColumnCountGetFilter takes an int") {
  CHECK(Canon(" ColumnCountGetFilter(4)") == "ColumnCountGetFilter(4)");
  CHECK(Err(" ColumnCountGetFilter('abc')") ==
        "filter: position 22: ColumnCountGetFilter argument 1: expected an "
        "integer from 0 to 2147483647, got 'abc'");
  CHECK(Err(" ColumnCountGetFilter(2147483648)") ==
        "filter: position 22: ColumnCountGetFilter argument 1: expected an "
        "integer from 0 to 2147483647, got 2147483648");
  CHECK(Canon("ColumnCountGetFilter(2147483647)") ==
        "ColumnCountGetFilter(2147483647)");
}

TEST_CASE("PageFilter takes a bare non-negative integer") {
  CHECK(Canon(" PageFilter(4)") == "PageFilter(4)");
  CHECK(Err(" PageFilter('123')") ==
        "filter: position 12: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got '123'");
  CHECK(Err("PageFilter(-1)") ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got -1");
  CHECK(Err("PageFilter(1x)") ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got 1x");
  // HBase's convertByteArrayToLong reads a lone '-' as 0; '+' is no sign.
  CHECK(Canon("PageFilter(-)") == "PageFilter(0)");
  CHECK(Canon("ColumnPaginationFilter(-, -0)") ==
        "ColumnPaginationFilter(0, 0)");
  CHECK(Err("PageFilter(+1)") ==
        "filter: position 11: PageFilter argument 1: expected an integer "
        "from 0 to 9223372036854775807, got +1");
}

TEST_CASE("ColumnPaginationFilter takes limit and offset") {
  CHECK(Canon("ColumnPaginationFilter(4, 6)") ==
        "ColumnPaginationFilter(4, 6)");
  CHECK(Err(" ColumnPaginationFilter('124')") ==
        "filter: position 1: ColumnPaginationFilter takes 2 arguments, got 1");
  CHECK(Err(" ColumnPaginationFilter(4 , 123a)") ==
        "filter: position 28: ColumnPaginationFilter argument 2: expected an "
        "integer from 0 to 2147483647, got 123a");
  CHECK(Err(" ColumnPaginationFilter(4 , -123)") ==
        "filter: position 28: ColumnPaginationFilter argument 2: expected an "
        "integer from 0 to 2147483647, got -123");
}

TEST_CASE("InclusiveStopFilter keeps spaces inside the quotes") {
  CHECK(Canon("InclusiveStopFilter ('row 3')") ==
        "InclusiveStopFilter('row 3')");
}

TEST_CASE("TimestampsFilter: longs, sorted, possibly none") {
  CHECK(Canon("TimestampsFilter(9223372036854775806, 6)") ==
        "TimestampsFilter(6, 9223372036854775806)");
  CHECK(Canon("TimestampsFilter()") == "TimestampsFilter()");
  CHECK(Err("TimestampsFilter(9223372036854775808, 6)") ==
        "filter: position 17: TimestampsFilter argument 1: expected an "
        "integer from 0 to 9223372036854775807, got 9223372036854775808");
  CHECK(Err("TimestampsFilter(-45, 6)") ==
        "filter: position 17: TimestampsFilter argument 1: expected an "
        "integer from 0 to 9223372036854775807, got -45");
}

TEST_CASE("compare filters: op and comparator") {
  CHECK(Canon("RowFilter ( =,   'binary:regionse')") ==
        "RowFilter(=, 'binary:regionse')");
  CHECK(Canon("FamilyFilter(>=, 'binaryprefix:pre')") ==
        "FamilyFilter(>=, 'binaryprefix:pre')");
  CHECK(Canon("QualifierFilter(=, 'regexstring:pre*')") ==
        "QualifierFilter(=, 'regexstring:pre*')");
  CHECK(Canon("ValueFilter(!=, 'substring:pre')") ==
        "ValueFilter(!=, 'substring:pre')");
  CHECK(Canon("ValueFilter(=,'regexstringnocase:x')") ==
        "ValueFilter(=, 'regexstringnocase:x')");
}

TEST_CASE("ColumnRangeFilter takes two quoted bounds and two booleans") {
  CHECK(Canon("ColumnRangeFilter ('abc', true, 'xyz', false)") ==
        "ColumnRangeFilter('abc', true, 'xyz', false)");
  CHECK(Canon("ColumnRangeFilter('', false, '', TRUE)") ==
        "ColumnRangeFilter('', false, '', true)");
  CHECK(Err("ColumnRangeFilter('abc', 'true', 'xyz', false)") ==
        "filter: position 25: ColumnRangeFilter argument 2: expected true or "
        "false, got 'true'");
}

TEST_CASE("SingleColumnValueFilter: 4 or 6 arguments") {
  CHECK(Canon("SingleColumnValueFilter ('family', 'qualifier', >=, "
              "'binary:a', true, false)") ==
        "SingleColumnValueFilter('family', 'qualifier', >=, 'binary:a', "
        "true, false)");
  CHECK(Canon("SingleColumnValueFilter ('family', 'qualifier', >, "
              "'binaryprefix:a')") ==
        "SingleColumnValueFilter('family', 'qualifier', >, "
        "'binaryprefix:a')");
  CHECK(Canon("SingleColumnValueFilter('f', 'q', =, 'binary:a', false, "
              "true)") == "SingleColumnValueFilter('f', 'q', =, 'binary:a')");
  CHECK(Err("SingleColumnValueFilter('f', 'q', =, 'binary:a', true)") ==
        "filter: position 0: SingleColumnValueFilter takes 4 or 6 arguments, "
        "got 5");
}

TEST_CASE("SingleColumnValueExcludeFilter and ColumnValueFilter") {
  CHECK(Canon("SingleColumnValueExcludeFilter ('family', 'qualifier', <, "
              "'binaryprefix:a')") ==
        "SingleColumnValueExcludeFilter('family', 'qualifier', <, "
        "'binaryprefix:a')");
  CHECK(Canon("SingleColumnValueExcludeFilter ('family', 'qualifier', <=, "
              "'binaryprefix:a', true, false)") ==
        "SingleColumnValueExcludeFilter('family', 'qualifier', <=, "
        "'binaryprefix:a', true, false)");
  CHECK(Canon("ColumnValueFilter ('family', 'qualifier', <, "
              "'binaryprefix:value')") ==
        "ColumnValueFilter('family', 'qualifier', <, 'binaryprefix:value')");
  CHECK(Err("ColumnValueFilter('f', 'q', <)") ==
        "filter: position 0: ColumnValueFilter takes 4 arguments, got 3");
}

// HBase's DependentColumnFilter.createFilterFromArguments: 2, 3 or 5.
TEST_CASE("DependentColumnFilter: 2, 3 or 5 arguments") {
  CHECK(Canon("DependentColumnFilter ('family', 'qualifier')") ==
        "DependentColumnFilter('family', 'qualifier')");
  CHECK(Canon("DependentColumnFilter('f', 'q', FALSE)") ==
        "DependentColumnFilter('f', 'q')");
  CHECK(Canon("DependentColumnFilter('f', 'q', true)") ==
        "DependentColumnFilter('f', 'q', true)");
  CHECK(Canon("DependentColumnFilter('f', 'q', false, =, 'binary:x')") ==
        "DependentColumnFilter('f', 'q', false, =, 'binary:x')");
  CHECK(Canon("DependentColumnFilter('f','q',true,<=,'binaryprefix:x')") ==
        "DependentColumnFilter('f', 'q', true, <=, 'binaryprefix:x')");
  CHECK(Err("DependentColumnFilter('f')") ==
        "filter: position 0: DependentColumnFilter takes 2, 3 or 5 "
        "arguments, got 1");
  CHECK(Err("DependentColumnFilter('f', 'q', true, =)") ==
        "filter: position 0: DependentColumnFilter takes 2, 3 or 5 "
        "arguments, got 4");
  CHECK(Err("DependentColumnFilter('f', 'q', 'true')") ==
        "filter: position 32: DependentColumnFilter argument 3: expected "
        "true or false, got 'true'");
  // HBase's DependentColumnFilter checks no operator: any goes with any
  // comparator (the compare filters allow only = and != with substring and
  // regex comparators).
  CHECK(Canon("DependentColumnFilter('f', 'q', true, <, 'substring:x')") ==
        "DependentColumnFilter('f', 'q', true, <, 'substring:x')");
  CHECK(Canon("DependentColumnFilter('f', 'q', false, >=, 'regexstring:r.')") ==
        "DependentColumnFilter('f', 'q', false, >=, 'regexstring:r.')");
}

// ---- Operators and precedence ----

TEST_CASE("SKIP and WHILE wrap the filter that follows") {
  CHECK(Canon("SKIP ValueFilter( =,  'binary:0')") ==
        "SKIP ValueFilter(=, 'binary:0')");
  CHECK(Canon(" WHILE   RowFilter ( !=, 'binary:row1')") ==
        "WHILE RowFilter(!=, 'binary:row1')");
  CHECK(Canon("SKIP SKIP WHILE KeyOnlyFilter()") ==
        "SKIP SKIP WHILE KeyOnlyFilter()");
  CHECK(Canon("SKIP(KeyOnlyFilter() OR FirstKeyOnlyFilter())") ==
        "SKIP (KeyOnlyFilter() OR FirstKeyOnlyFilter())");
}

TEST_CASE("compound filters of TestParseFilter") {
  CHECK(Canon(" (PrefixFilter ('realtime')AND  FirstKeyOnlyFilter())") ==
        "PrefixFilter('realtime') AND FirstKeyOnlyFilter()");
  CHECK(Canon("(PrefixFilter('realtime') AND QualifierFilter (>=, "
              "'binary:e'))OR FamilyFilter (=, 'binary:qualifier') ") ==
        "(PrefixFilter('realtime') AND QualifierFilter(>=, 'binary:e')) OR "
        "FamilyFilter(=, 'binary:qualifier')");
  CHECK(Canon(" ColumnPrefixFilter ('realtime')AND  FirstKeyOnlyFilter() OR "
              "SKIP FamilyFilter(=, 'substring:hihi')") ==
        "(ColumnPrefixFilter('realtime') AND FirstKeyOnlyFilter()) OR SKIP "
        "FamilyFilter(=, 'substring:hihi')");
  CHECK(Canon(" ColumnPrefixFilter ('realtime') OR FirstKeyOnlyFilter() OR "
              "SKIP FamilyFilter(=, 'substring:hihi')") ==
        "ColumnPrefixFilter('realtime') OR FirstKeyOnlyFilter() OR SKIP "
        "FamilyFilter(=, 'substring:hihi')");
  CHECK(Canon("(ValueFilter(!=, 'substring:pre'))") ==
        "ValueFilter(!=, 'substring:pre')");
  CHECK(Canon("(ValueFilter(>=,'binary:x') AND (ValueFilter(<=,'binary:y')))"
              " OR ValueFilter(=,'binary:ab')") ==
        "(ValueFilter(>=, 'binary:x') AND ValueFilter(<=, 'binary:y')) OR "
        "ValueFilter(=, 'binary:ab')");
}

TEST_CASE("precedence: parentheses, then SKIP/WHILE, then AND, then OR") {
  CHECK(Canon(" (PrefixFilter ('realtime')AND  FirstKeyOnlyFilter() OR "
              "KeyOnlyFilter())") ==
        "(PrefixFilter('realtime') AND FirstKeyOnlyFilter()) OR "
        "KeyOnlyFilter()");
  // TestParseFilter.testPrecedence2: OR(AND(Prefix, SKIP FirstKeyOnly),
  // KeyOnly).
  CHECK(Canon("PrefixFilter ('realtime')AND  SKIP FirstKeyOnlyFilter()OR "
              "KeyOnlyFilter()") ==
        "(PrefixFilter('realtime') AND SKIP FirstKeyOnlyFilter()) OR "
        "KeyOnlyFilter()");
  CHECK(Canon("KeyOnlyFilter() OR PageFilter(1) AND FirstKeyOnlyFilter() OR "
              "PrefixFilter('a')") ==
        "KeyOnlyFilter() OR (PageFilter(1) AND FirstKeyOnlyFilter()) OR "
        "PrefixFilter('a')");
  CHECK(Canon("SKIP KeyOnlyFilter() AND PageFilter(1)") ==
        "SKIP KeyOnlyFilter() AND PageFilter(1)");
  CHECK(Canon("SKIP (KeyOnlyFilter() AND PageFilter(1))") ==
        "SKIP (KeyOnlyFilter() AND PageFilter(1))");
}

TEST_CASE("operator chains are n-ary; parentheses keep nested lists") {
  CHECK(Canon("PageFilter(1) AND PageFilter(2) AND PageFilter(3)") ==
        "PageFilter(1) AND PageFilter(2) AND PageFilter(3)");
  CHECK(Canon("(PageFilter(1) AND PageFilter(2)) AND PageFilter(3)") ==
        "(PageFilter(1) AND PageFilter(2)) AND PageFilter(3)");
  CHECK(Canon("PageFilter(1) AND (PageFilter(2) AND PageFilter(3))") ==
        "PageFilter(1) AND (PageFilter(2) AND PageFilter(3))");
  CHECK(Canon("((((PageFilter(1)))))") == "PageFilter(1)");
}

TEST_CASE("keywords need no spaces next to parentheses and are upper case") {
  CHECK(Canon("(PageFilter(1))AND(PageFilter(2))OR(KeyOnlyFilter())") ==
        "(PageFilter(1) AND PageFilter(2)) OR KeyOnlyFilter()");
  CHECK(Canon("\tPageFilter(1) AND  PageFilter(2)\t") ==
        "PageFilter(1) AND PageFilter(2)");
  CHECK(Err("PageFilter(1) and PageFilter(2)") ==
        "filter: position 14: expected AND, OR or end of input, got 'and'");
  CHECK(Err("SKIPPageFilter(1)").find("unknown filter 'SKIPPageFilter'") !=
        std::string::npos);
}

// ---- Quoting and bytes ----

TEST_CASE("'' inside a quoted string is one quote (testUnescapedQuote)") {
  CHECK(Canon("InclusiveStopFilter ('row''3')") ==
        "InclusiveStopFilter('row''3')");
  CHECK(Canon("InclusiveStopFilter ('row''3''')") ==
        "InclusiveStopFilter('row''3''')");
  CHECK(Canon("\tInclusiveStopFilter ('''')") == "InclusiveStopFilter('''')");
  CHECK(Canon("PrefixFilter('a)b(c,d')") == "PrefixFilter('a)b(c,d')");
}

TEST_CASE("binary bytes: raw bytes inside quotes, \\xHH is not decoded") {
  // Like HBase's ParseFilter, the bytes between quotes are taken verbatim.
  const std::string raw = "PrefixFilter('\x00\xff\x01')"s;
  CHECK(Canon(raw) == raw);
  CHECK(Canon("RowFilter(=, 'binary:\x00\x7f\xfe')"s) ==
        "RowFilter(=, 'binary:\x00\x7f\xfe')"s);
  // The escaped form stays four literal characters.
  CHECK(Canon("PrefixFilter('\\x00')") == "PrefixFilter('\\x00')");
  // A comparator value may contain ':'; only the first one splits.
  CHECK(Canon("ValueFilter(=, 'binary:a:b')") ==
        "ValueFilter(=, 'binary:a:b')");
  // Messages show bytes escaped, never raw.
  CHECK(Err("PrefixFilter(\x01\xff)"s) ==
        "filter: position 13: PrefixFilter argument 1: expected a quoted "
        "string, got \\x01\\xFF");
}

// ---- Error paths ----

TEST_CASE("errors: empty input and missing operands") {
  CHECK(Err("") ==
        "filter: position 0: expected a filter name, SKIP, WHILE or '(', got "
        "end of input");
  CHECK(Err("   ") ==
        "filter: position 3: expected a filter name, SKIP, WHILE or '(', got "
        "end of input");
  CHECK(Err("()") ==
        "filter: position 1: expected a filter name, SKIP, WHILE or '(', got "
        "')'");
  CHECK(Err("PageFilter(1) AND") ==
        "filter: position 17: expected a filter name, SKIP, WHILE or '(', got "
        "end of input");
  CHECK(Err("AND PageFilter(1)") ==
        "filter: position 0: expected a filter name, SKIP, WHILE or '(', got "
        "'AND'");
  CHECK(Err("PageFilter(1) OR OR PageFilter(2)") ==
        "filter: position 17: expected a filter name, SKIP, WHILE or '(', got "
        "'OR'");
  CHECK(Err("SKIP") ==
        "filter: position 4: expected a filter name, SKIP, WHILE or '(', got "
        "end of input");
  CHECK(Err("'abc'") ==
        "filter: position 0: expected a filter name, SKIP, WHILE or '(', got "
        "'''");
}

TEST_CASE("errors: two filters without an operator") {
  CHECK(Err("PageFilter(1) KeyOnlyFilter()") ==
        "filter: position 14: expected AND, OR or end of input, got "
        "'KeyOnlyFilter'");
  CHECK(Err("(PageFilter(1) KeyOnlyFilter())") ==
        "filter: position 15: expected AND, OR or ')' to close '(' at "
        "position 0, got 'KeyOnlyFilter'");
}

TEST_CASE("errors: unbalanced parentheses") {
  // As in HBase, the end of the input closes a '(' left open.
  CHECK(Canon("(PrefixFilter('a')") == "PrefixFilter('a')");
  CHECK(Canon("((PrefixFilter('a'))") == "PrefixFilter('a')");
  CHECK(Err("(PrefixFilter('a') PageFilter(1))") ==
        "filter: position 19: expected AND, OR or ')' to close '(' at "
        "position 0, got 'PageFilter'");
  CHECK(Err("PrefixFilter('a'))") ==
        "filter: position 17: unbalanced ')'; expected AND, OR or end of "
        "input");
  CHECK(Err("PrefixFilter('a'") ==
        "filter: position 16: expected ',' or ')' after argument 1 of "
        "PrefixFilter, got end of input");
  CHECK(Err("PrefixFilter(") ==
        "filter: position 13: expected argument 1 of PrefixFilter, got end of "
        "input");
}

TEST_CASE("errors: unknown filter names the filter and lists the known ones") {
  CHECK(Err("PrefixFiltr('a')") ==
        "filter: position 0: unknown filter 'PrefixFiltr'; expected one of "
        "ColumnCountGetFilter, ColumnPaginationFilter, ColumnPrefixFilter, "
        "ColumnRangeFilter, ColumnValueFilter, DependentColumnFilter, "
        "FamilyFilter, FirstKeyOnlyFilter, InclusiveStopFilter, "
        "KeyOnlyFilter, MultipleColumnPrefixFilter, PageFilter, "
        "PrefixFilter, QualifierFilter, RowFilter, "
        "SingleColumnValueExcludeFilter, SingleColumnValueFilter, "
        "TimestampsFilter, ValueFilter");
  CHECK(Err("PageFilter(1) AND FuzzyRowFilter('f', 'q')")
            .rfind("filter: position 18: unknown filter "
                   "'FuzzyRowFilter'; expected one of ",
                   0) == 0);
  CHECK(Err("prefixfilter('a')")
            .rfind("filter: position 0: unknown filter 'prefixfilter'", 0) ==
        0);
}

TEST_CASE("errors: argument list syntax") {
  CHECK(Err("PrefixFilter") ==
        "filter: position 12: expected '(' after PrefixFilter, got end of "
        "input");
  CHECK(Err("PrefixFilter 'a'") ==
        "filter: position 13: expected '(' after PrefixFilter, got '''");
  // Spaces and commas alike separate arguments, as in HBase.
  CHECK(Err("ColumnPaginationFilter(1,)") ==
        "filter: position 0: ColumnPaginationFilter takes 2 arguments, got 1");
  CHECK(Err("ColumnPaginationFilter(,1)") ==
        "filter: position 0: ColumnPaginationFilter takes 2 arguments, got 1");
  CHECK(Canon("ColumnPaginationFilter(1 2)") == "ColumnPaginationFilter(1, 2)");
  CHECK(Canon("MultipleColumnPrefixFilter('a' 'b')") ==
        "MultipleColumnPrefixFilter('a', 'b')");
}

TEST_CASE("errors: unterminated quoted string") {
  CHECK(Err("PrefixFilter('abc)") ==
        "filter: position 13: expected a closing quote for the string that "
        "starts here, got end of input");
  CHECK(Err("PrefixFilter('abc'')") ==
        "filter: position 13: expected a closing quote for the string that "
        "starts here, got end of input");
}

TEST_CASE("errors: compare operators (testIncorrectCompareOperator)") {
  CHECK(Err("RowFilter ('>>' , 'binary:region')") ==
        "filter: position 11: RowFilter argument 1: expected a compare "
        "operator (<, <=, =, !=, >=, >), got '>>'");
  CHECK(Err("RowFilter (>> , 'binary:region')") ==
        "filter: position 11: RowFilter argument 1: expected a compare "
        "operator (<, <=, =, !=, >=, >), got >>");
  CHECK(Err("RowFilter ('=' , 'binary:region')") ==
        "filter: position 11: RowFilter argument 1: expected a compare "
        "operator (<, <=, =, !=, >=, >), got '='");
  CHECK(Err("RowFilter (==, 'binary:region')") ==
        "filter: position 11: RowFilter argument 1: expected a compare "
        "operator (<, <=, =, !=, >=, >), got ==");
}

TEST_CASE("errors: comparators (testIncorrectComparatorType)") {
  CHECK(Err("RowFilter (>=, 'binaryoperator:region')") ==
        "filter: position 15: RowFilter argument 2: expected a comparator "
        "'type:value' with type binary, binaryprefix, substring, regexstring "
        "or regexstringnocase, got 'binaryoperator:region'");
  CHECK(Err("RowFilter (=, 'region')") ==
        "filter: position 14: RowFilter argument 2: expected a comparator "
        "'type:value' with type binary, binaryprefix, substring, regexstring "
        "or regexstringnocase, got 'region'");
  CHECK(Err("RowFilter (=, binary:region)") ==
        "filter: position 14: RowFilter argument 2: expected a quoted "
        "comparator such as 'binary:abc', got binary:region");
  CHECK(Err("RowFilter (>=, 'regexstring:pre*')") ==
        "filter: position 11: RowFilter argument 1: expected = or != with a "
        "regexstring comparator, got >=");
  CHECK(Err("SingleColumnValueFilter ('family', 'qualifier', >=, "
            "'substring:a', true, false)") ==
        "filter: position 48: SingleColumnValueFilter argument 3: expected = "
        "or != with a substring comparator, got >=");
  CHECK(Err("ValueFilter(<, 'regexstringnocase:a')") ==
        "filter: position 12: ValueFilter argument 1: expected = or != with a "
        "regexstringnocase comparator, got <");
  CHECK(Canon("ValueFilter(<, 'binaryprefix:a')") ==
        "ValueFilter(<, 'binaryprefix:a')");
}

TEST_CASE("errors: bad regular expressions are InvalidArgument, not crashes") {
  std::string e = Err("ValueFilter(=, 'regexstring:a(b')");
  CHECK(e ==
        "filter: position 15: ValueFilter argument 2: expected a valid "
        "regular expression, got 'a(b' (unclosed group at offset 1)");
  // Java's back references are regular expressions like any other.
  CHECK(Canon("ValueFilter(=, 'regexstring:(a)\\1')") ==
        "ValueFilter(=, 'regexstring:(a)\\1')");
  e = Err("ValueFilter(=, 'regexstring:" + std::string(5000, 'a') + "')");
  CHECK(e ==
        "filter: position 15: ValueFilter argument 2: expected a regular "
        "expression of at most 4096 bytes, got 5000");
  e = Err("ValueFilter(=, 'regexstring:" + std::string(65, '(') + "a" +
          std::string(65, ')') + "')");
  CHECK(e ==
        "filter: position 15: ValueFilter argument 2: expected a regular "
        "expression with at most 64 nested groups, got 65");
  // Regression (fuzz/filter_fuzzer): long numbers overflowed std::regex's
  // int parsing (UB), large counts blew up its automaton.
  e = Err("ValueFilter(=, 'regexstring:a\\" + std::string(200, '4') + "')");
  CHECK(e ==
        "filter: position 15: ValueFilter argument 2: expected at most 3 "
        "digits after '\\' in a regular expression, got 200");
  e = Err("ValueFilter(=, 'regexstring:a{" + std::string(19, '4') + "}')");
  CHECK(e ==
        "filter: position 15: ValueFilter argument 2: expected repetition "
        "counts of at most 1000 in a regular expression, got " +
            std::string(19, '4'));
  e = Err("ValueFilter(=, 'regexstring:a{2,1001}')");
  CHECK(e ==
        "filter: position 15: ValueFilter argument 2: expected repetition "
        "counts of at most 1000 in a regular expression, got 1001");
  CHECK(Canon("ValueFilter(=, 'regexstring:a{2,1000}[{9999}]x{3}\\d')") ==
        "ValueFilter(=, 'regexstring:a{2,1000}[{9999}]x{3}\\d')");
  // Brackets and escapes do not count as groups; '.' inside [] stays.
  CHECK(Canon("ValueFilter(=, 'regexstring:[(.]\\(x')") ==
        "ValueFilter(=, 'regexstring:[(.]\\(x')");
}

TEST_CASE("errors: nesting is capped, deep input fails cleanly") {
  const std::string ok =
      std::string(64, '(') + "KeyOnlyFilter()" + std::string(64, ')');
  CHECK(Canon(ok) == "KeyOnlyFilter()");
  const std::string deep =
      std::string(65, '(') + "KeyOnlyFilter()" + std::string(65, ')');
  CHECK(Err(deep) ==
        "filter: position 64: expected at most 64 nested levels of '(', SKIP "
        "and WHILE");
  std::string skips;
  for (int i = 0; i < 65; ++i) skips += "SKIP ";
  CHECK(Err(skips + "KeyOnlyFilter()") ==
        "filter: position 320: expected at most 64 nested levels of '(', SKIP "
        "and WHILE");
  // Far past the cap: still an error, no stack overflow.
  CHECK(Err(std::string(1000000, '(')).find("nested levels") !=
        std::string::npos);
  std::string whiles;
  for (int i = 0; i < 100000; ++i) whiles += "WHILE(";
  CHECK(Err(whiles).find("nested levels") != std::string::npos);
  // Long flat lists are fine.
  std::string flat = "KeyOnlyFilter()";
  for (int i = 0; i < 20000; ++i) flat += " AND KeyOnlyFilter()";
  CHECK(ParseFilter(flat).ok());
}

// ---- Whole-language properties ----

TEST_CASE("ToString is canonical: parsing it gives the same string") {
  const char* inputs[] = {
      "PrefixFilter ('realtime')AND  SKIP FirstKeyOnlyFilter()OR "
      "KeyOnlyFilter()",
      "WHILE (RowFilter(<, 'binary:m') OR ValueFilter(=, 'substring:X'))",
      "(A1)",
      "SingleColumnValueExcludeFilter('f', 'q''', =, 'regexstring:^a.b$', "
      "true, true) AND TimestampsFilter(3, 1, 2)",
      "ColumnRangeFilter('', true, 'z', false) OR "
      "(MultipleColumnPrefixFilter('b', 'a') AND ColumnPaginationFilter(2, "
      "0)) OR ColumnCountGetFilter(1)",
      "DependentColumnFilter('f', 'q', false) AND "
      "DependentColumnFilter('f', 'q', true, =, 'regexstringnocase:(?x) a')",
  };
  for (const char* in : inputs) {
    Result<std::unique_ptr<Filter>> f = ParseFilter(in);
    if (!f.ok()) {
      CHECK(std::string(in) == "(A1)");  // not a filter name we know
      continue;
    }
    const std::string canon = (*f)->ToString();
    CHECK(Canon(canon) == canon);
  }
}

// A random, valid filter expression of at most `depth` levels.
std::string RandomExpression(std::mt19937* rng, int depth) {
  static const char* kLeaves[] = {
      "PrefixFilter('a''b')",
      "ValueFilter(!=, 'substring:Q')",
      "RowFilter(<=,'binary:\x01\xff')",
      "PageFilter(3)",
      "KeyOnlyFilter(TRUE)",
      "FirstKeyOnlyFilter()",
      "TimestampsFilter(5, 1)",
      "QualifierFilter(=, 'regexstring:(a|b)*.')",
      "ColumnRangeFilter('', false, 'z', true)",
      "SingleColumnValueFilter('f', 'q', >, 'binaryprefix:')",
      "DependentColumnFilter('f', 'q', true, !=, 'regexstring:[a-z]+')",
      "ColumnPaginationFilter(1, 0)",
      "InclusiveStopFilter('')"};
  const int n = sizeof(kLeaves) / sizeof(kLeaves[0]);
  const unsigned pick = depth <= 0 ? 0 : (*rng)() % 6;
  switch (pick) {
    case 1:
      return "(" + RandomExpression(rng, depth - 1) + ")";
    case 2:
      return ((*rng)() % 2 ? "SKIP " : "WHILE ") +
             RandomExpression(rng, depth - 1);
    case 3:
      return RandomExpression(rng, depth - 1) + " AND " +
             RandomExpression(rng, depth - 1);
    case 4:
      return RandomExpression(rng, depth - 1) + "OR (" +
             RandomExpression(rng, depth - 1) + ")";
    default:
      return kLeaves[(*rng)() % n];
  }
}

TEST_CASE("fuzz sweep: random expressions and mutations never crash") {
  const std::string kEditBytes = "()',ANDOR \x00\xff"s;
  std::mt19937 rng(20240611);
  int parsed = 0;
  int failed = 0;
  for (int iter = 0; iter < 5000; ++iter) {
    std::string text = RandomExpression(&rng, 5);
    // Every other input gets up to three random byte edits.
    const int edits = iter % 2 == 0 ? 0 : 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text.erase(at, 1);
          break;
        case 1:
          text.insert(at, 1, kEditBytes[rng() % kEditBytes.size()]);
          break;
        default:
          text[at] = static_cast<char>(rng());
      }
    }
    Result<std::unique_ptr<Filter>> f = ParseFilter(text);
    if (!f.ok()) {
      ++failed;
      CHECK(f.status().IsInvalidArgument());
      CHECK(f.status().message().rfind("filter: position ", 0) == 0);
      continue;
    }
    ++parsed;
    const std::string canon = (*f)->ToString();
    Result<std::unique_ptr<Filter>> again = ParseFilter(canon);
    REQUIRE_MESSAGE(again.ok(), canon);
    CHECK((*again)->ToString() == canon);
  }
  CHECK(parsed > 2500);
  CHECK(failed > 500);
  // Raw random bytes.
  for (int iter = 0; iter < 5000; ++iter) {
    std::string text(rng() % 40, '\0');
    for (char& c : text) c = static_cast<char>(rng());
    Result<std::unique_ptr<Filter>> f = ParseFilter(text);
    if (!f.ok()) CHECK(f.status().IsInvalidArgument());
  }
}

}  // namespace
}  // namespace obkvlite
