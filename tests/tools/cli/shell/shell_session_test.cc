// Copyright (c) obkvlite authors.
//
// An `obkv shell` session in-process, with piped stdin or a FILE: HBase's
// Getting Started transcript, statements over lines, ';' and the call form,
// strings as JRuby reads them, help and --help, "Took" after each command,
// the "=>" line, table references, -n stopping at the first error, errors
// that name the line and the argument and leave the store unchanged, and
// doc/shell-commands.md checked against the commands (src/tools/cli/shell/
// shell_session.h, shell_commands.cc, shell_reader.cc,
// shell_variables.cc). The lexer, parser and converters are in
// shell_syntax_test.cc; scripts/shell_tmux_test.sh drives the real binary on
// a terminal.

#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "cli_test_support.h"
#include "shell_test_support.h"
#include "source_files.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: HBase's Getting Started, the whole transcript") {
  // src/main/asciidoc/_chapters/getting_started.adoc, "Use HBase For the
  // First Time", create to drop; then exists (exists.rb). disable, enable
  // and drop print nothing but "Took" (disable.rb, enable.rb, drop.rb).
  Shell sh;
  const CliRun run = sh.Run(
      "create 'test', 'cf'\n"
      "list 'test'\n"
      "describe 'test'\n"
      "put 'test', 'row1', 'cf:a', 'value1'\n"
      "put 'test', 'row2', 'cf:b', 'value2'\n"
      "put 'test', 'row3', 'cf:c', 'value3'\n"
      "scan 'test'\n"
      "get 'test', 'row1'\n"
      "disable 'test'\n"
      "enable 'test'\n"
      "disable 'test'\n"
      "drop 'test'\n"
      "exists 'test'\n");
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  const std::string took = "Took T seconds\n";
  CHECK(WithoutTimestamps(std::regex_replace(run.out, kTookLine, took)) ==
        "Created table test\n" + took + "=> Hbase::Table - test\n" +
            "TABLE\n"
            "test\n"
            "1 row(s)\n" +
            took + "=> [\"test\"]\n" +
            "Table test is ENABLED\n"
            "test\n"
            "COLUMN FAMILIES DESCRIPTION\n"
            "{NAME => 'cf', VERSIONS => '1', TTL => 'FOREVER', VALUE_TYPE => "
            "'varbinary(1048576)'}\n"
            "  PARTITIONING => 'none', TABLES => '1'\n"
            "1 row(s)\n" +
            took + took + took + took +
            "ROW                            COLUMN+CELL\n"
            " row1                          column=cf:a, timestamp=T, "
            "value=value1\n"
            " row2                          column=cf:b, timestamp=T, "
            "value=value2\n"
            " row3                          column=cf:c, timestamp=T, "
            "value=value3\n"
            "3 row(s)\n" +
            took +
            "COLUMN                         CELL\n"
            " cf:a                          timestamp=T, value=value1\n"
            "1 row(s)\n" +
            took + took + took + took + took +
            "Table test does not exist\n" + took + "=> false\n");
  CHECK(sh.box.Run({"list"}).out.empty());
}

TEST_CASE("shell: create, put, get, scan, count, list from piped stdin") {
  Shell sh;
  CHECK(sh.Ok(kCreate) == "Created table t\n");
  CHECK(sh.Ok("get 't','r1',{COLUMN => 'f:q', VERSIONS => 3}\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=v2\n"
        " f:q                           timestamp=1970-01-01T00:00:00.100, value=v1\n"
        "1 row(s)\n");
  CHECK(sh.Ok("get 't','r1'\nget 't','zz'\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=v2\n"
        "1 row(s)\n"
        "COLUMN                         CELL\n"
        "0 row(s)\n");
  CHECK(sh.Ok("scan 't', {STARTROW => 'a', LIMIT => 10, FILTER => "
              "\"PrefixFilter('a')\"}\n") ==
        "ROW                            COLUMN+CELL\n"
        " a1                            column=f:q, timestamp=1970-01-01T00:00:00.007, value=av\n"
        "1 row(s)\n");
  CHECK(sh.Ok("scan 't'\n") ==
        "ROW                            COLUMN+CELL\n"
        " a1                            column=f:q, timestamp=1970-01-01T00:00:00.007, value=av\n"
        " r1                            column=f:q, timestamp=1970-01-01T00:00:00.200, value=v2\n"
        " r2\\x00                        column=g:a, timestamp=1970-01-01T00:00:00.005, "
        "value=x\\x09y\n"
        "3 row(s)\n");
  CHECK(sh.Ok("scan 't', {REVERSED => true, LIMIT => 1, COLUMNS => ['f']}\n")
            .find(" r1  ") != std::string::npos);
  CHECK(sh.Ok("count 't'\nlist\n") == "3 row(s)\nTABLE\nt\n1 row(s)\n");
}

TEST_CASE("shell: statements over lines, ';', the call form, integers") {
  Shell sh;
  CHECK(sh.Ok("create 't',\n"
              "  {NAME => 'f',\n"
              "   VERSIONS => 2}, 'g'\n"
              "put 't', 1, 'f:q', 2, 10; put('t', 1, 'f:q', 'x', 20)\n"
              "put 't', 'r', 'g', 'empty qualifier', 1 # put 'f' is f:\n"
              "scan 't', {\n"
              "  COLUMNS => ['f'],\n"
              "  VERSIONS => 2\n"
              "}\n"
              "get('t', 'r', 'g:')\n") ==
        "Created table t\n"
        "ROW                            COLUMN+CELL\n"
        " 1                             column=f:q, timestamp=1970-01-01T00:00:00.020, value=x\n"
        " 1                             column=f:q, timestamp=1970-01-01T00:00:00.010, value=2\n"
        "1 row(s)\n"
        "COLUMN                         CELL\n"
        " g:                            timestamp=1970-01-01T00:00:00.001, value=empty qualifier\n"
        "1 row(s)\n");
  // An error inside a statement over several lines names its line.
  const CliRun run = sh.Run("scan 't', {\n  LIMIT => -1\n}\nget 't',\n  @\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: scan: LIMIT must be a non-negative integer, got -1\n"
        "ERROR: line 5: column 3: unexpected character '@'\n");
}

TEST_CASE("shell: help 'scan', list 'regex'") {
  Shell sh;
  const std::string help = sh.Ok("help\n");
  CHECK(help.rfind("create 'TABLE', 'FAMILY'", 0) == 0);
  for (const char* command :
       {"\nput ", "\nget ", "\nscan ", "\ncount ", "\ndelete ", "\ndeleteall ",
        "\nincr ", "\nget_counter ", "\nappend ", "\ndescribe ", "\nlist ",
        "\ntruncate ", "\nhelp ", "\nexit"}) {
    CHECK(help.find(command) != std::string::npos);
  }
  CHECK(sh.Ok("help 'get_counter'\n") ==
        "get_counter 'TABLE', 'ROW', 'FAMILY:QUALIFIER'\n"
        "Prints the counter's value.\n");
  CHECK(sh.Ok("help 'desc'\n").rfind("describe 'TABLE' (or desc)\n", 0) == 0);
  CHECK(sh.Run("help 'frob'\n").err ==
        "ERROR: line 1: help: no command 'frob' (try help)\n");
  // hbase-shell admin.rb list: Admin.listTableNames(Pattern), the whole
  // name matching.
  sh.Ok("create 'test', 'f'\ncreate 'test2', 'f'\ncreate 'other', 'f'\n");
  CHECK(sh.Ok("list 'test'\n") == "TABLE\ntest\n1 row(s)\n");
  CHECK(sh.Ok("list 'te.*'\n") == "TABLE\ntest\ntest2\n2 row(s)\n");
  CHECK(sh.Ok("list\n") == "TABLE\nother\ntest\ntest2\n3 row(s)\n");
  CHECK(sh.Ok("list 'x|other'\n") == "TABLE\nother\n1 row(s)\n");
  CHECK(sh.Run("list '('\n")
            .err.rfind("ERROR: line 1: list: bad REGEX '(': ", 0) == 0);
}

TEST_CASE("shell: Took N.NNNN seconds after each command") {
  // hbase-shell commands.rb command_safe prints
  // format('Took %.4f seconds', ...) after every command it runs, also
  // when the command fails; a line that does not parse runs nothing.
  Shell sh;
  int took = 0;
  CliRun run =
      sh.Run("create 't', 'f'\nlist; list\n\nscan 'nope'\nhelp 'list'\n");
  WithoutTook(run.out, &took);
  CHECK(took == 4);  // help is the shell's own method, not a command
  run = sh.Run("frob 't'\nput 't',\n");
  WithoutTook(run.out, &took);
  CHECK(took == 0);
  CHECK(run.out.empty());
}

TEST_CASE("shell: FILE, -n stops at the first error") {
  // The reference guide's "Read HBase Shell Commands from a Command File"
  // and "Pass Commands to the HBase Shell" (shell.adoc): hbase shell FILE,
  // and -n, which ends at the first error with a non-zero exit code.
  Shell sh;
  const std::string file = sh.box.WriteFile(
      "commands.txt",
      "create 'test', 'cf'\nput 'test', 'row1', 'cf:a', 'value1'\n"
      "get 'test', 'row1'\nfrob\nlist\n");
  CliRun run = sh.box.Run({"shell", "--create", file});
  CHECK(run.code == 1);
  CHECK(WithoutTimestamps(WithoutTook(run.out)) ==
        "Created table test\n"
        "=> Hbase::Table - test\n"
        "COLUMN                         CELL\n"
        " cf:a                          timestamp=T, value=value1\n"
        "1 row(s)\n"
        "TABLE\ntest\n1 row(s)\n"
        "=> [\"test\"]\n");
  CHECK(run.err == "ERROR: line 4: unknown command 'frob' (try help)\n");
  run = sh.box.Run({"shell", "-n", file});
  CHECK(run.code == 1);
  CHECK(WithoutTook(run.out) == "");  // 'test' exists: create fails first
  CHECK(run.err == "ERROR: line 1: create: table 'test' already exists\n");
  run = sh.Run("list\nfrob\nlist\n", {"--non-interactive"});
  CHECK(WithoutTook(run.out) == "TABLE\ntest\n1 row(s)\n");
  CHECK(run.code == 1);
  CHECK(sh.box.Run({"shell", sh.box.Path("missing.txt")}).err ==
        "obkv: " + sh.box.Path("missing.txt") + ": cannot open\n");
}

TEST_CASE("shell: a missing store is refused, with how to make one") {
  CliSandbox box;
  CliRun run = box.Run({"shell"}, "list\n");
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: no store at '" + box.store() +
                       "' (make one with: obkv --store " + box.store() +
                       " shell --create)\n");
  CHECK_FALSE(std::filesystem::exists(box.store()));
  run = box.Run({"shell", "--create"}, "list\n");
  CHECK(run.code == 0);
  CHECK(WithoutTook(run.out) == "TABLE\n0 row(s)\n=> []\n");
  CHECK(std::filesystem::exists(box.store()));
}

TEST_CASE("shell: a bad line names line and argument, writes nothing") {
  Shell sh;
  sh.Ok(kCreate);
  const std::string before = sh.Export();
  const CliRun run = sh.Run(
      "put 't','r1'\n"
      "scan 't', {BOGUS => 1}\n"
      "put 't','r9','f:q','v', 'x'\n"
      "frob 't'\n"
      "put 't','r9','zz:q','v'\n"
      "put 't','r9','f:q','v', -1\n"
      "put 't', '', 'f:q', 'v'\n"
      "put 't', 'r9', 'f:q', 1.5\n"
      "scan 't', {LIMIT => -1}\n"
      "get 'nope', 'r'\n"
      "create 'x', {NAME => 'f', VERSIONS => -3}\n"
      "create 'x', 'f', NUMREGIONS => 9000\n"
      "put 't', ['r'], 'f:q', 'v'\n"
      "get 't', 'r1', {COLUMN => 'f:q'\n"
      "count 't'\n");
  CHECK(run.code == 1);
  // Only the headers scan.rb and get.rb print before they read their
  // arguments (lines 2, 9 and 10).
  CHECK(WithoutTook(run.out) ==
        "ROW                            COLUMN+CELL\n"
        "ROW                            COLUMN+CELL\n"
        "COLUMN                         CELL\n");
  CHECK(run.err ==
        "ERROR: line 1: put: takes 'TABLE', 'ROW', 'FAMILY:QUALIFIER', "
        "'VALUE'[, TS], got 2 arguments\n"
        "ERROR: line 2: scan: unknown option BOGUS\n"
        "ERROR: line 3: put: TS must be a non-negative integer, got 'x'\n"
        "ERROR: line 4: unknown command 'frob' (try help)\n"
        "ERROR: line 5: put: cells[0].family: unknown family 'zz' in table "
        "'t'\n"
        "ERROR: line 6: put: TS must be a non-negative integer, got -1\n"
        "ERROR: line 7: put: row: must not be empty\n"
        "ERROR: line 8: column 23: a float is not a shell value here: give a "
        "string ('1.5') or an integer\n"
        "ERROR: line 9: scan: LIMIT must be a non-negative integer, got -1\n"
        "ERROR: line 10: get: table 'nope' not found\n"
        "ERROR: line 11: create: VERSIONS must be a positive integer, got -3\n"
        "ERROR: line 12: create: NUMREGIONS: at most 8192 (the partitions "
        "of a family), got 9000\n"
        "ERROR: line 13: put: ROW must be a string or an integer, got a "
        "list\n"
        // The open brace takes the last line in: the input ends inside it.
        "ERROR: line 15: column 1: expected ',' or '}', got count\n");
  CHECK(sh.Export() == before);
  CHECK(sh.box.Run({"list"}).out == "t\n");
}

TEST_CASE("shell: comments, exit, --help") {
  Shell sh;
  const std::string out = sh.Ok("# a comment\n\nhelp\nexit\nlist\n");
  CHECK(out.rfind("create 'TABLE', 'FAMILY'", 0) == 0);
  CHECK(out.find("TABLE\n") == std::string::npos);  // list after exit
  CHECK(sh.Ok("list; quit; list\n") == "TABLE\n0 row(s)\n");
  CHECK(CliSandbox::RunBare({"shell", "--help"}).out.find("HBase shell") !=
        std::string::npos);
  CHECK(CliSandbox::RunBare({"shell"}).code == 2);  // --store required
}

TEST_CASE("shell: strings as JRuby reads them, LIMIT => 0, floats") {
  // Ruby's double quotes: "\u00e9" and "\u{1F600}" are UTF-8, a
  // backslash-newline continues the string, and a string spans lines (the
  // FILTER example of scan.rb's help); table.rb's scan stops only when
  // LIMIT > 0, so LIMIT => 0 scans every row.
  Shell sh;
  CHECK(sh.Ok("create 't', 'f'\n"
              "put 't', \"caf\\u00e9\", 'f:q', \"\\u{1F600}\", 1\n"
              "put 't', 'r2', 'f:a', \"one \\\ntwo\", 1\n"
              "scan 't', {FILTER => \"ValueFilter(=,\n'substring:two')\"}\n"
              "scan 't', {LIMIT => 0}\n") ==
        "Created table t\n"
        "ROW                            COLUMN+CELL\n"
        " r2                            column=f:a, timestamp=1970-01-01T00:00:00.001, value=one two\n"
        "1 row(s)\n"
        "ROW                            COLUMN+CELL\n"
        " caf\\xC3\\xA9                   column=f:q, timestamp=1970-01-01T00:00:00.001, "
        "value=\\xF0\\x9F\\x98\\x80\n"
        " r2                            column=f:a, timestamp=1970-01-01T00:00:00.001, value=one two\n"
        "2 row(s)\n");
  const CliRun run = sh.Run(
      "put 't', 'r', 'f:q', 1.5\n"
      "put 't', \"\\u00e\", 'f:q', 'v'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: column 22: a float is not a shell value here: give a "
        "string ('1.5') or an integer\n"
        "ERROR: line 2: column 11: \\u must be followed by 4 hex digits\n");
}

TEST_CASE("shell --help lists every command; obkv --help names mysql://") {
  Shell sh;
  const std::string help = sh.Ok("help\n");
  const CliRun shell_help = RunCli({"shell", "--help"});
  CHECK(shell_help.code == 0);
  size_t start = 0;
  int commands = 0;
  while (start < help.size()) {
    const size_t end = help.find('\n', start);
    const std::string line = help.substr(start, end - start);
    const std::string name = line.substr(0, line.find_first_of(" '("));
    INFO(name);
    const bool listed =
        shell_help.out.find(" " + name + ",") != std::string::npos ||
        shell_help.out.find(" " + name + " (") != std::string::npos ||
        shell_help.out.find(" " + name + ";") != std::string::npos;
    CHECK(listed);
    ++commands;
    start = end + 1;
  }
  CHECK(commands >= 35);
  const CliRun obkv_help = RunCli({"--help"});
  CHECK(obkv_help.out.find(
            "'mysql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?socket=PATH]'") !=
        std::string::npos);
  CHECK(obkv_help.out.find("one SQLite database") == std::string::npos);
}

TEST_CASE("doc/shell-commands.md: every status it states is true") {
  // The table of HBase's shell commands: "works" ones are in shell --help,
  // "refused" ones are refused with the reason the table gives.
  const std::string doc = ReadSourceFile(SourcePath("doc/shell-commands.md"));
  const CliRun help = RunCli({"shell", "--help"});
  const std::regex row("\\| `([a-z_A-Z /]+)` \\| (works|refused) \\| ([^|\n]*) \\|\n");
  Shell sh;
  int works = 0;
  int refused = 0;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), row);
       it != std::sregex_iterator(); ++it) {
    const std::string names = (*it)[1];
    const std::string name = names.substr(0, names.find(' '));
    INFO(name);
    if ((*it)[2] == "works") {
      ++works;
      const bool listed = help.out.find(" " + name + ",") != std::string::npos ||
                          help.out.find(" " + name + " (") != std::string::npos;
      CHECK(listed);
      continue;
    }
    ++refused;
    const CliRun run = sh.Run(name + "\n");
    CHECK(run.code == 1);
    CHECK(run.err == "ERROR: line 1: " + name + ": refused: " +
                         std::string((*it)[3]) + "\n");
  }
  CHECK(works == 46);
  CHECK(refused > 100);
}

TEST_CASE("shell: the => line after commands that return a value") {
  // HBase's IRB session prints a command's return value as "=> %s"
  // (jar-bootstrap.rb's RETURN prompt), nothing for nil (irb/hirb.rb
  // output_value); list.rb, exists.rb, is_enabled.rb, is_disabled.rb,
  // count.rb, get_splits.rb, list_namespace_tables.rb and list_snapshots.rb
  // return their answer, create.rb the table (=> Hbase::Table - t, as the
  // reference guide's Getting Started shows). put, get, scan, describe and
  // list_namespace return nil. With -n, eval_io prints no return values.
  Shell sh;
  const std::string script =
      "create 't', 'f', SPLITS => ['m']\n"
      "put 't', 'r', 'f:q', 'v'\n"
      "list\n"
      "exists 't'\n"
      "exists 'nope'\n"
      "is_enabled 't'\n"
      "is_disabled 't'\n"
      "count 't'\n"
      "get_splits 't'\n"
      "list_snapshots\n"
      "list_namespace_tables 'default'\n"
      "list_namespace 'd.*'\n";
  CHECK(sh.Ok(script, {}) ==
        "Created table t\n=> Hbase::Table - t\n"
        "TABLE\nt\n1 row(s)\n=> [\"t\"]\n"
        "Table t does exist\n=> true\n"
        "Table nope does not exist\n=> false\n"
        "true\n=> true\n"
        "false\n=> false\n"
        "1 row(s)\n=> 1\n"
        "Total number of splits = 2\nm\n=> [\"m\"]\n"
        "SNAPSHOT                       TABLE + CREATION TIME\n0 row(s)\n"
        "=> []\n"
        "TABLE\nt\n1 row(s)\n=> [\"t\"]\n"
        "NAMESPACE\ndefault\n1 row(s)\n");
  CHECK(sh.Ok("list\ncount 't'\n") == "TABLE\nt\n1 row(s)\n1 row(s)\n");
}

TEST_CASE("shell: table references, as table.rb and table_help document") {
  // table.rb: help's examples (t = create 't', 'cf'; t = get_table 't';
  // t.put 'r', 'cf:q', 'v'; t.scan; t.enable; t.flush; t.disable; t.drop),
  // add_shell_command (put, get, scan, count, delete, deleteall, incr,
  // get_counter, append, get_splits), add_admin_utils, to_s/inspect
  // ("Hbase::Table - t"), name, get_all_columns; get_table.rb
  // (t1 = get_table 't1'); create.rb (t1 = create 't1', 'f1').
  Shell sh;
  const CliRun run = sh.Run(
      "t = create 't', 'cf', 'g'\n"
      "t.put 'r', 'cf:q', 'v', 100\n"
      "t.put 'r2', 'g:q', 'w', 200\n"
      "t.scan\n"
      "t.get 'r'\n"
      "t.count\n"
      "t.incr 'c', 'cf:n', 3\n"
      "t.get_counter 'c', 'cf:n'\n"
      "t.append 'r', 'cf:q', 'x'\n"
      "t.delete 'r', 'cf:q'\n"
      "t.deleteall 'r2'\n"
      "t.name\n"
      "t.get_all_columns\n"
      "t.close\n"
      "t.get_splits\n"
      "t.flush\n"
      "t1 = get_table 't'\n"
      "t1\n"
      "t1.count\n"
      "t.truncate\n"
      "tables = list\n"
      "tables\n"
      "tables.put 'x'\n"
      "nope.scan\n"
      "list = 3\n"
      "t.disable\n"
      "t.drop\n"
      "t1.scan\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 20: t.truncate: undefined method 'truncate' for "
        "Hbase::Table - t\n"
        "ERROR: line 23: tables.put: undefined method 'put' for [\"t\"]\n"
        "ERROR: line 24: undefined local variable or method 'nope'\n"
        "ERROR: line 25: column 8: expected a command name, got 3\n"
        "ERROR: line 28: scan: table 't' not found\n");
  const std::string took = "Took T seconds\n";
  CHECK(std::regex_replace(run.out, kTookLine, took) ==
        "Created table t\n" + took + "=> Hbase::Table - t\n" + took + took +
            "ROW                            COLUMN+CELL\n"
            " r                             column=cf:q, "
            "timestamp=1970-01-01T00:00:00.100, value=v\n"
            " r2                            column=g:q, "
            "timestamp=1970-01-01T00:00:00.200, value=w\n"
            "2 row(s)\n" +
            took +
            "COLUMN                         CELL\n"
            " cf:q                          "
            "timestamp=1970-01-01T00:00:00.100, value=v\n"
            "1 row(s)\n" +
            took + "2 row(s)\n" + took + "=> 2\n" + "COUNTER VALUE = 3\n" +
            took + "COUNTER VALUE = 3\n" + took + "CURRENT VALUE = vx\n" +
            took + took + took +
            // t.name, t.get_all_columns, t.close: table.rb's own methods
            "=> \"t\"\n"
            "=> [\"cf:\", \"g:\"]\n"
            "Total number of splits = 1\n" +
            took + "=> []\n" +
            "purged t: 0 expired cells, 0 excess versions\n" + took + took +
            "=> Hbase::Table - t\n"
            "=> Hbase::Table - t\n"
            "2 row(s)\n" + took + "=> 2\n" +
            "TABLE\nt\n1 row(s)\n" + took + "=> [\"t\"]\n" +
            "=> [\"t\"]\n" + took + took +
            // scan.rb prints its header before it reaches the table.
            "ROW                            COLUMN+CELL\n" + took);
  // table_help and t.help describe them; t.help 'put' is help 'put'.
  const std::string help = sh.Ok("table_help\n");
  CHECK(help.find("  obkv> t = get_table 't'\n") != std::string::npos);
  CHECK(help.find("t.get_splits") != std::string::npos);
  CHECK(sh.Ok("t = get_table 't'\nt.help\n") == "" + help);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
