// Copyright (c) obkvlite authors.
//
// The pieces of `obkv shell` below the session: the lexer and parser (Ruby
// values, escapes, the trailing hash, the call form, ';', statements over
// several lines, errors with their line and column), the statement reader
// (IRB's continuation of an open bracket), HBase's TTL text
// (PrettyPrinter.java) and the Bytes converters of column formatters
// (hbase-shell table.rb convert_bytes, Bytes.java).

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "tools/cli/hbase_ttl.h"
#include "tools/cli/shell/shell_cell_format.h"
#include "tools/cli/shell/shell_columns.h"
#include "tools/cli/shell/shell_formatter.h"
#include "tools/cli/shell/shell_parser.h"
#include "tools/cli/shell/shell_reader.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace testing {
namespace {

using cli::ParseShellInput;
using cli::ShellCommand;
using cli::ShellValue;

// The one command of `text`.
ShellCommand One(const std::string& text) {
  Result<std::vector<ShellCommand>> commands = ParseShellInput(text);
  INFO(text);
  REQUIRE(commands.ok());
  REQUIRE(commands->size() == 1);
  return (*commands)[0];
}

std::string Error(const std::string& text, size_t* line = nullptr) {
  size_t error_line = 0;
  Result<std::vector<ShellCommand>> commands =
      ParseShellInput(text, &error_line);
  if (line != nullptr) *line = error_line;
  return commands.ok() ? "" : commands.status().message();
}

TEST_CASE("shell parser: values, escapes, trailing hash, errors") {
  const ShellCommand c =
      One("get 't', \"a\\x00\\xFFb\", 'it\\'s \\x', {K => [1, -2], "
          "\"s\" => true}, X => 'y'");
  CHECK(c.name == "get");
  REQUIRE(c.args.size() == 5);
  CHECK(c.args[1].text == std::string("a\0\xFF"
                                      "b",
                                      4));
  CHECK(c.args[2].text == "it's \\x");  // single quotes keep \x
  CHECK(c.args[3].kind == ShellValue::Kind::kMap);
  CHECK(c.args[3].entries[0].first == "K");
  CHECK(c.args[3].entries[0].second.items[1].integer == -2);
  CHECK(c.args[3].entries[1].second.text == "true");
  CHECK(c.args[4].entries[0].first == "X");  // trailing hash
  CHECK(ParseShellInput("   # only a comment").value().empty());
  CHECK(ParseShellInput("").value().empty());
  CHECK(Error("put 't' 'r'") == "column 9: expected ',' or the end, got 'r'");
  CHECK(Error("put 't', @") == "column 10: unexpected character '@'");
  CHECK(Error("put \"\\x\"") == "column 8: \\x must be followed by hex digits");
  CHECK(Error("x 99999999999999999999") == "column 3: integer out of range");
  CHECK(Error("x " + std::string(40, '[')) ==
        "column 20: expected at most 16 levels of nesting, got '['");
  CHECK(Error("'t'") == "column 1: expected a command name, got 't'");
  CHECK(Error("get 't', {A => 1") ==
        "column 17: expected ',' or '}', got the end of the input");
  CHECK(One(std::string("put '\xFF\x01'")).args[0].text == "\xFF\x01");
}

TEST_CASE("shell parser: ';' between statements, the call form") {
  // IRB reads Ruby: `get('t', 'r')` is the call form of `get 't', 'r'`,
  // and ';' separates statements.
  Result<std::vector<ShellCommand>> c = ParseShellInput(
      "put 't', 'r', 'f:q', 'v'; get('t', 'r', {COLUMN => 'f:q'});;"
      " scan('t', LIMIT => 1) # comment ; not a statement");
  REQUIRE(c.ok());
  REQUIRE(c->size() == 3);
  CHECK((*c)[0].name == "put");
  CHECK((*c)[0].args.size() == 4);
  CHECK((*c)[1].name == "get");
  CHECK((*c)[1].args.size() == 3);
  CHECK((*c)[1].args[2].entries[0].first == "COLUMN");
  CHECK((*c)[2].name == "scan");
  CHECK((*c)[2].args[1].entries[0].first == "LIMIT");  // trailing hash
  CHECK(One("list()").args.empty());
  CHECK(One("count 't'").args.size() == 1);
  CHECK(Error("get('t'") ==
        "column 8: expected ',' or ')', got the end of "
        "the input");
  CHECK(Error("get('t') 'r'") == "column 10: expected ';' or the end, got 'r'");
  CHECK(Error("get 't'; 'r'") == "column 10: expected a command name, got 'r'");
  CHECK(Error("get 't', ('r')") == "column 10: expected a value, got '('");
}

TEST_CASE("shell parser: a statement over several lines") {
  const std::string text =
      "scan 't', {\n"
      "  STARTROW => 'a',   # the first row\n"
      "  LIMIT => 2\n"
      "}";
  const ShellCommand c = One(text);
  CHECK(c.line == 1);
  REQUIRE(c.args.size() == 2);
  CHECK(c.args[1].entries.size() == 2);
  CHECK(c.args[1].entries[1].second.integer == 2);
  // Errors name the line they are on, and the column on that line.
  size_t line = 0;
  CHECK(Error("scan 't', {\n  STARTROW => 'a',\n  LIMIT => @}", &line) ==
        "column 12: unexpected character '@'");
  CHECK(line == 3);
  CHECK(Error("put 't',\n 'r' 'x'", &line) ==
        "column 6: expected ',' or the end, got 'x'");
  CHECK(line == 2);
  CHECK(Error("get 't',\n  'r\n", &line) == "column 3: unterminated string");
  CHECK(line == 2);
  Result<std::vector<ShellCommand>> two =
      ParseShellInput("get 't', [\n'a'];\nscan 't'");
  REQUIRE(two.ok());
  CHECK((*two)[1].line == 3);
}

TEST_CASE("shell parser: which statements continue on the next line") {
  using cli::ShellInputContinues;
  CHECK(ShellInputContinues("scan 't', {"));
  CHECK(ShellInputContinues("scan 't', {COLUMNS => ['a',"));
  CHECK(ShellInputContinues("get('t',"));
  CHECK(ShellInputContinues("put 't',"));
  CHECK(ShellInputContinues("scan 't', {LIMIT =>"));
  CHECK_FALSE(ShellInputContinues("scan 't', {LIMIT => 1} # a comment {"));
  CHECK_FALSE(ShellInputContinues("scan 't', {LIMIT => 1}"));
  CHECK_FALSE(ShellInputContinues("scan 't', '{'"));  // in a string
  CHECK_FALSE(ShellInputContinues("scan 't', }"));    // a parse error
  // A string left open goes on, as Ruby's strings span lines; the lines
  // are lexed together until it closes.
  CHECK(ShellInputContinues("scan 't', 'open"));
  cli::ShellContinuation continuation;
  CHECK(continuation.Add("scan 't', {FILTER => \"ValueFilter(=,"));
  CHECK(continuation.Add("  'binary:a'"));
  CHECK_FALSE(continuation.Add("  )\"}"));
  CHECK_FALSE(ShellInputContinues(""));
}

TEST_CASE("shell reader: joins continued lines, prompts on a terminal") {
  std::istringstream in(
      "create 't',\n"
      "  'f'\n"
      "scan 't', {\n"
      "LIMIT => 1}\n"
      "list\n"
      "get 't', {\n");
  std::ostringstream prompts;
  cli::ShellReader reader(&in, &prompts);
  std::string text;
  size_t first = 0;
  REQUIRE(reader.Next(&text, &first));
  CHECK(text == "create 't',\n  'f'");
  CHECK(first == 1);
  REQUIRE(reader.Next(&text, &first));
  CHECK(text == "scan 't', {\nLIMIT => 1}");
  CHECK(first == 3);
  REQUIRE(reader.Next(&text, &first));
  CHECK(text == "list");
  CHECK(first == 5);
  REQUIRE(reader.Next(&text, &first));  // still open at the end
  CHECK(text == "get 't', {");
  CHECK_FALSE(reader.Next(&text, &first));
  // A long statement is read in linear time: 200000 continued lines.
  std::string many = "scan 't', {COLUMNS => [\n";
  for (int i = 0; i < 200000; ++i) many += "'f:q',\n";
  many += "'f:z']}\nlist\n";
  std::istringstream long_in(many);
  cli::ShellReader long_reader(&long_in, nullptr);
  REQUIRE(long_reader.Next(&text, &first));
  CHECK(long_reader.lines() == 200002);
  CHECK(
      ParseShellInput(text).value()[0].args[1].entries[0].second.items.size() ==
      200001);
  REQUIRE(long_reader.Next(&text, &first));
  CHECK(text == "list");
  CHECK(prompts.str() ==
        "obkv:001> obkv:002* obkv:003> obkv:004* obkv:005> obkv:006> "
        "obkv:007* obkv:007> ");
}

TEST_CASE("HBase TTL text: PrettyPrinter's humanReadableTTL, digit for digit") {
  using cli::HumanReadableTtl;
  // hbase-common PrettyPrinter.java humanReadableTTL.
  CHECK(HumanReadableTtl(0) == "FOREVER");
  CHECK(HumanReadableTtl(2147483647) == "FOREVER");
  CHECK(HumanReadableTtl(1) == "1 SECOND");
  CHECK(HumanReadableTtl(59) == "59 SECONDS");
  CHECK(HumanReadableTtl(60) == "60 SECONDS (1 MINUTE)");
  CHECK(HumanReadableTtl(3600) == "3600 SECONDS (1 HOUR)");
  CHECK(HumanReadableTtl(90061) ==
        "90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)");
  CHECK(HumanReadableTtl(2 * 86400 + 7200) ==
        "180000 SECONDS (2 DAYS 2 HOURS)");
  // PrettyPrinter takes the seconds' plural from the minutes.
  CHECK(HumanReadableTtl(62) == "62 SECONDS (1 MINUTE 2 SECOND)");
  CHECK(HumanReadableTtl(3601) == "3601 SECONDS (1 HOUR 1 SECONDS)");
}

TEST_CASE("HBase TTL text: PrettyPrinter's humanReadableIntervalToSec") {
  using cli::ParseHBaseTtl;
  CHECK(ParseHBaseTtl("FOREVER").value() == 2147483647);
  CHECK(ParseHBaseTtl("forever").value() == 2147483647);
  CHECK(ParseHBaseTtl("3600").value() == 3600);
  CHECK(ParseHBaseTtl("1 DAY").value() == 86400);
  CHECK(ParseHBaseTtl("2 days 1 hour 30 minutes").value() == 178200);
  CHECK(ParseHBaseTtl("25000 SECONDS").value() == 25000);
  CHECK(
      ParseHBaseTtl("90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)").value() ==
      90061);
  CHECK(ParseHBaseTtl("3601 SECONDS (1 HOUR 1 SECONDS)").value() == 3601);
  for (int64_t ttl : {1, 59, 60, 62, 3600, 3601, 90061, 180000}) {
    CHECK(ParseHBaseTtl(cli::HumanReadableTtl(ttl)).value() == ttl);
  }
  CHECK(ParseHBaseTtl("3600 SECONDS (2 HOURS)").status().message() ==
        "Malformed TTL string: TTL values in seconds and human readable "
        "format do not match, got '3600 SECONDS (2 HOURS)'");
  const std::string bad =
      "TTL must be a number of seconds, 'FOREVER' or HBase's form such as "
      "'1 DAY 2 HOURS' or '3600 SECONDS (1 HOUR)', got ";
  CHECK(ParseHBaseTtl("one day").status().message() == bad + "'one day'");
  CHECK(ParseHBaseTtl("").status().message() == bad + "''");
  CHECK(ParseHBaseTtl("99999999999999999999 DAYS").status().message() ==
        bad + "'99999999999999999999 DAYS'");
  CHECK(ParseHBaseTtl("999999999999999 DAYS").status().message() ==
        bad + "'999999999999999 DAYS'");                   // overflows a long
  CHECK(ParseHBaseTtl("1 DAYS2 HOURS").value() == 93600);  // no space needed
  CHECK(ParseHBaseTtl("  1 hour ").value() == 3600);
  CHECK(ParseHBaseTtl("2 HOURS 1 DAY").status().message() ==
        bad + "'2 HOURS 1 DAY'");  // PrettyPrinter's order only
  CHECK(ParseHBaseTtl("1 DAYSX").status().message() == bad + "'1 DAYSX'");
  // Long input is read without recursion (std::regex overflowed the stack).
  const std::string spaces(1000000, ' ');
  CHECK(ParseHBaseTtl("1" + spaces + "DAY").value() == 86400);
  CHECK(ParseHBaseTtl(std::string(1000000, '1') + " DAYS")
            .status()
            .message()
            .rfind(bad, 0) == 0);
}

TEST_CASE("column arguments: FAMILY[:QUALIFIER[:FORMATTER]]") {
  // table.rb parse_column_format_spec: CellUtil.parseColumn twice.
  auto split = [](const std::string& text) {
    const cli::ShellColumnSpec s = cli::SplitShellColumn(text);
    return s.family + "|" + (s.qualifier ? *s.qualifier : "<none>") + "|" +
           (s.formatter ? *s.formatter : "<none>");
  };
  CHECK(split("f") == "f|<none>|<none>");
  CHECK(split("f:") == "f||<none>");
  CHECK(split("f:q") == "f|q|<none>");
  CHECK(split("f:q:toInt") == "f|q|toInt");
  CHECK(split("f::toLong") == "f||toLong");
  CHECK(split("f:q:c(org.apache.hadoop.hbase.util.Bytes).toInt") ==
        "f|q|c(org.apache.hadoop.hbase.util.Bytes).toInt");
}

TEST_CASE("formatters: the Bytes methods the shell converts values with") {
  using cli::FormatBytes;
  using cli::ParseShellFormatter;
  using cli::ShellFormatter;
  auto fmt = [](const std::string& spec, const std::string& bytes) {
    Result<ShellFormatter> f = ParseShellFormatter(spec);
    REQUIRE(f.ok());
    Result<std::string> text = FormatBytes(*f, bytes);
    return text.ok() ? *text : "error: " + text.status().message();
  };
  const std::string seven("\x00\x00\x00\x07", 4);
  const std::string long_one("\x00\x00\x00\x00\x00\x00\x00\x01", 8);
  CHECK(fmt("toInt", seven) == "7");
  CHECK(fmt("toInt", "\xFF\xFF\xFF\xFE") == "-2");
  CHECK(fmt("toInt", long_one) == "0");  // Bytes.toInt reads 4 bytes
  CHECK(fmt("toLong", long_one) == "1");
  CHECK(fmt("c(org.apache.hadoop.hbase.util.Bytes).toLong", long_one) == "1");
  CHECK(fmt("toShort", std::string("\x01\x02", 2)) == "258");
  CHECK(fmt("toLong", seven) ==
        "error: offset (0) + length (8) exceed the capacity of the array: 4");
  CHECK(fmt("toInt", "ab") ==
        "error: offset (0) + length (4) exceed the capacity of the array: 2");
  // Java float and double as Ruby prints a Float.
  CHECK(fmt("toFloat", std::string("\x3F\xC0\x00\x00", 4)) == "1.5");
  CHECK(fmt("toFloat", "\x3D\xCC\xCC\xCD") == "0.10000000149011612");
  CHECK(fmt("toDouble", std::string("\x3F\xF0\x00\x00\x00\x00\x00\x00", 8)) ==
        "1.0");
  CHECK(fmt("toDouble", std::string("\x44\x15\xAF\x1D\x78\xB5\x8C\x40", 8)) ==
        "1.0e+20");
  CHECK(fmt("toDouble", std::string("\x3E\xE4\xF8\xB5\x88\xE3\x68\xF1", 8)) ==
        "1.0e-05");
  CHECK(fmt("toDouble", std::string("\x3F\x1A\x36\xE2\xEB\x1C\x43\x2D", 8)) ==
        "0.0001");
  CHECK(fmt("toDouble", std::string("\x43\x41\xC3\x79\x37\xE0\x80\x00", 8)) ==
        "1.0e+16");
  CHECK(fmt("toDouble", std::string("\x43\x1C\x6B\xF5\x26\x34\x00\x00", 8)) ==
        "2.0e+15");
  CHECK(fmt("toDouble", std::string("\x42\xDC\x12\x21\x83\x77\xDE\x40", 8)) ==
        "123456789012345.0");
  CHECK(fmt("toDouble", std::string("\x40\x59\x00\x00\x00\x00\x00\x00", 8)) ==
        "100.0");
  CHECK(fmt("toDouble", std::string("\x7F\xF8\x00\x00\x00\x00\x00\x00", 8)) ==
        "NaN");
  CHECK(fmt("toDouble", std::string("\xFF\xF0\x00\x00\x00\x00\x00\x00", 8)) ==
        "-Infinity");
  CHECK(fmt("toBoolean", std::string("\x00", 1)) == "false");
  CHECK(fmt("toBoolean", "\x01") == "true");
  CHECK(fmt("toBoolean", "ab") == "error: Array has wrong size: 2");
  CHECK(fmt("toHex", "\x01\xAB") == "01ab");
  CHECK(fmt("toString", "caf\xC3\xA9") == "caf\xC3\xA9");
  CHECK(fmt("toString",
            "a\xFF"
            "b\xE2\x82") ==
        "a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD");
  CHECK(fmt("toStringBinary", "a\x01") == "a\\x01");
  CHECK(ParseShellFormatter("toFoo").status().message() ==
        "unknown formatter 'toFoo' (use one of toStringBinary, toString, "
        "toHex, toInt, toLong, toShort, toFloat, toDouble, toBoolean, or "
        "c(org.apache.hadoop.hbase.util.Bytes).METHOD)");
  CHECK(ParseShellFormatter("c(com.example.Money).parse").status().message() ==
        "formatter 'c(com.example.Money).parse': only methods of "
        "org.apache.hadoop.hbase.util.Bytes can convert values here, got "
        "class com.example.Money");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace cli {
namespace {

TEST_CASE("shell parser: assignment and method calls, as IRB reads them") {
  // table.rb's help: t = create 't', 'cf'; t.put 'r', 'cf:q', 'v'; t.scan.
  using testing::Error;
  using testing::One;
  ShellCommand c = One("t = create 't', 'cf'");
  CHECK(c.assign_to == "t");
  CHECK(c.receiver.empty());
  CHECK(c.name == "create");
  CHECK(c.args.size() == 2);
  c = One("t.put 'r', 'cf:q', 'v'");
  CHECK(c.assign_to.empty());
  CHECK(c.receiver == "t");
  CHECK(c.name == "put");
  CHECK(c.args.size() == 3);
  c = One("t.scan({LIMIT => 1})");
  CHECK(c.receiver == "t");
  CHECK(c.args.size() == 1);
  c = One("x = t.exists?");
  CHECK(c.assign_to == "x");
  CHECK(c.receiver == "t");
  CHECK(c.name == "exists?");
  c = One("tables");
  CHECK(c.name == "tables");
  CHECK(c.args.empty());
  CHECK(Error("t = 3") == "column 5: expected a command name, got 3");
  CHECK(Error("t. 'x'") == "column 4: expected a method name, got 'x'");
  CHECK(Error("a.b.c") == "column 4: expected a value, got '.'");
  CHECK(ShellInputContinues("t ="));
  CHECK(ShellInputContinues("t."));
  CHECK_FALSE(ShellInputContinues("t.scan"));
}

TEST_CASE("ShellTimestamp: java.time.LocalDateTime.toString of the millis") {
  // table.rb toLocalDateTime; LocalTime.toString's shortest of HH:mm,
  // HH:mm:ss, HH:mm:ss.SSS; LocalDate.toString's '+' past year 9999.
  setenv("TZ", "UTC", 1);
  tzset();
  CHECK(ShellTimestamp(1733097600000, false) == "2024-12-02T00:00");
  CHECK(ShellTimestamp(1733097605000, false) == "2024-12-02T00:00:05");
  CHECK(ShellTimestamp(1733097600010, false) == "2024-12-02T00:00:00.010");
  CHECK(ShellTimestamp(-1, false) == "1969-12-31T23:59:59.999");
  CHECK(ShellTimestamp(253402300800000, false) == "+10000-01-01T00:00");
  CHECK(ShellTimestamp(-1, true) == "-1");
  CHECK(ShellTimestamp(1733097600000, true) == "1733097600000");
}

TEST_CASE("RubyInspect: what IRB's => line shows") {
  CHECK(RubyInspect(std::vector<std::string>{}) == "[]");
  CHECK(RubyInspect(std::vector<std::string>{"t1", "ns1:t2"}) ==
        "[\"t1\", \"ns1:t2\"]");
  CHECK(RubyInspect(std::string_view("a\"b\\c\n#{x}#y\x01\x7f", 14)) ==
        "\"a\\\"b\\\\c\\n\\#{x}#y\\u0001\\x7F\"");
  CHECK(TableReference("t1") == "Hbase::Table - t1");
}

}  // namespace
}  // namespace cli
}  // namespace obkvlite
