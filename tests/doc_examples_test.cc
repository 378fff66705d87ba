// Copyright (c) obkvlite authors.
//
// The docs say what is true: every ```sh block of README.md and doc/*.md
// runs, in order per file, in one scratch directory where `obkv` and
// `build/obkv` are the built binary and `schemas/` is the repository's, and
// each command's output is compared with the output the doc shows
// (tests/doc_examples.h has the convention; doc/architecture.md describes
// it). With OBKV_TEST_MYSQL_SOCKET (the CTest entry
// doc_examples_test_mariadb) it runs the files that hold ```sh server
// blocks instead, with $SOCKET set to the private server's socket.

#include "doc_examples.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "server_test_support.h"
#include "test_paths.h"

namespace obkvlite {
namespace testing {
namespace {

namespace fs = std::filesystem;

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>());
}

// A path in single quotes for the generated script.
std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Fails the check with the parts of a message, concatenated.
template <typename... Parts>
void Fail(const Parts&... parts) {
  std::ostringstream message;
  (message << ... << parts);
  FAIL_CHECK(message.str());
}

// README.md, then doc/*.md by name: the files whose examples are checked.
std::vector<std::string> DocFiles() {
  std::vector<std::string> files = {"README.md"};
  std::set<std::string> docs;
  for (const auto& entry :
       fs::directory_iterator(fs::path(OBKV_SOURCE_DIR) / "doc")) {
    if (entry.path().extension() == ".md") {
      docs.insert("doc/" + entry.path().filename().string());
    }
  }
  files.insert(files.end(), docs.begin(), docs.end());
  return files;
}

// Whether build/examples/ is in the scratch folder.
bool ExamplesBuilt() { return *OBKV_EXAMPLE_EMBED != '\0'; }

// The scratch directory of one file's run: obkv on PATH, build/obkv,
// build/examples/example_embed (when the examples are built), the
// repository's schemas/ (read only) and copies of its doc/*.svg.
fs::path MakeScratch(const std::string& file, bool server) {
  std::string name = file;
  for (char& c : name) c = c == '/' || c == '.' ? '_' : c;
  const fs::path root = fs::absolute(fs::path("doc_examples") /
                                     (server ? "mariadb" : "sqlite") / name);
  fs::remove_all(root);
  fs::create_directories(root / "run" / ".bin");
  fs::create_directories(root / "run" / "build");
  fs::create_directories(root / "out");
  fs::create_symlink(OBKV_BINARY, root / "run" / ".bin" / "obkv");
  fs::create_symlink(OBKV_BINARY, root / "run" / "build" / "obkv");
  fs::create_directory_symlink(fs::path(OBKV_SOURCE_DIR) / "schemas",
                               root / "run" / "schemas");
  // Copies of the repository's pictures, which examples compare with what
  // they draw.
  fs::create_directories(root / "run" / "doc");
  for (const auto& entry :
       fs::directory_iterator(fs::path(OBKV_SOURCE_DIR) / "doc")) {
    if (entry.path().extension() == ".svg") {
      fs::copy_file(entry.path(),
                    root / "run" / "doc" / entry.path().filename());
    }
  }
  if (ExamplesBuilt()) {
    fs::create_directories(root / "run" / "build" / "examples");
    fs::create_symlink(OBKV_EXAMPLE_EMBED,
                       root / "run" / "build" / "examples" / "example_embed");
  }
  return root;
}

std::string BlockText(const DocBlock& block) {
  std::string text;
  for (const std::string& l : block.lines) text += l + "\n";
  return text;
}

// One command as the file's run sees it.
struct RunCommand {
  const DocBlock* block;
  DocCommand command;
};

struct FileReport {
  int blocks = 0;                    // ```sh blocks
  int run_blocks = 0;                // of them, run
  int commands = 0;                  // commands run
  int compared = 0;                  // of them, with output compared
  std::vector<std::string> skipped;  // "line N: reason"
};

// Runs the commands of `file` in order in one bash process, and checks
// each command's exit status and output.
FileReport RunFile(const std::string& file, bool server) {
  const std::string markdown = ReadText(fs::path(OBKV_SOURCE_DIR) / file);
  const std::vector<DocBlock> blocks = ParseFencedBlocks(markdown);
  for (const std::string& problem : ExampleProblems(file, blocks)) {
    Fail(problem);
  }
  FileReport report;
  std::vector<RunCommand> commands;
  for (const DocBlock& block : blocks) {
    if (!block.IsCommandBlock()) continue;
    ++report.blocks;
    const std::string at = "line " + std::to_string(block.line) + ": ";
    if (block.IsNoRun()) {
      report.skipped.push_back(at + block.NoRunReason());
      continue;
    }
    if (block.IsServer() && !server) {
      report.skipped.push_back(at +
                               "a server example, run by "
                               "doc_examples_test_mariadb");
      continue;
    }
    if (!ExamplesBuilt() &&
        BlockText(block).find("build/examples/") != std::string::npos) {
      report.skipped.push_back(at +
                               "the examples are not built "
                               "(OBKVLITE_BUILD_EXAMPLES=OFF)");
      continue;
    }
    ++report.run_blocks;
    for (DocCommand& c : SplitCommands(block)) {
      commands.push_back({&block, std::move(c)});
    }
  }
  if (commands.empty()) return report;

  const fs::path root = MakeScratch(file, server);
  std::string script = "cd " + Quoted((root / "run").string()) +
                       " || exit 97\nset -o pipefail\nexport PATH=" +
                       Quoted((root / "run" / ".bin").string()) +
                       ":\"$PATH\"\n";
  if (server) script += "export SOCKET=" + Quoted(TestServerSocket()) + "\n";
  for (size_t i = 0; i < commands.size(); ++i) {
    const std::string out = (root / "out" / std::to_string(i)).string();
    script += "{ " + commands[i].command.text + "\n} >" + Quoted(out + ".out") +
              " 2>&1 </dev/null\necho $? >" + Quoted(out + ".rc") + "\n";
  }
  const fs::path script_path = root / "out" / "script.sh";
  std::ofstream(script_path) << script;
  // The watchdog: a hung command fails the file after 300 s.
  const std::string run =
      "timeout -k 5 300 bash " + Quoted(script_path.string()) + " >" +
      Quoted((root / "out" / "bash.log").string()) + " 2>&1";
  const int status = std::system(run.c_str());
  INFO(file, ": bash ", script_path.string(), " exited with ", status);

  for (size_t i = 0; i < commands.size(); ++i) {
    const DocCommand& c = commands[i].command;
    const std::string out = (root / "out" / std::to_string(i)).string();
    const std::string where = file + ":" + std::to_string(c.line) +
                              " (block at line " +
                              std::to_string(commands[i].block->line) + ")";
    if (!fs::exists(out + ".rc")) {
      Fail(where, ": did not finish (timed out after 300 s?)\n$ ", c.text, "\n",
           ReadText(out + ".out"));
      break;
    }
    ++report.commands;
    const std::string rc = TrimRight(ReadText(out + ".rc"));
    const std::vector<std::string> actual =
        Normalized(SplitLines(ReadText(out + ".out")));
    if (rc != "0") {
      std::string shown;  // the first 40 lines
      for (size_t l = 0; l < actual.size() && l < 40; ++l) {
        shown += "  " + actual[l] + "\n";
      }
      if (actual.size() > 40)
        shown += "  (" + std::to_string(actual.size() - 40) + " lines more)\n";
      Fail(where, ": exit status ", rc, "\n$ ", c.text, "\noutput:\n", shown);
      continue;
    }
    if (!c.shows_output) continue;
    ++report.compared;
    const std::vector<std::string> expected = Normalized(c.expected);
    if (!OutputMatches(expected, 0, actual, 0)) {
      Fail(where, ": the output differs from the doc\n$ ", c.text,
           "\n--- the doc\n+++ the output\n", OutputDiff(expected, actual));
    }
  }
  return report;
}

std::string Describe(const std::string& file, const FileReport& r) {
  std::ostringstream s;
  s << file << ": " << r.blocks << " sh blocks, " << r.run_blocks << " run ("
    << r.commands << " commands, " << r.compared << " with output compared), "
    << r.skipped.size() << " not run";
  for (const std::string& skip : r.skipped) s << "\n    " << skip;
  return s.str();
}

// The databases the server examples name (mysql://USER@HOST/DB...).
std::set<std::string> ServerDatabases(const std::vector<std::string>& files) {
  std::set<std::string> names;
  const std::regex uri("mysql://[^/ \"']*/([A-Za-z0-9_]+)");
  for (const std::string& file : files) {
    for (const DocBlock& b :
         ParseFencedBlocks(ReadText(fs::path(OBKV_SOURCE_DIR) / file))) {
      if (!b.IsServer()) continue;
      for (const std::string& l : b.lines) {
        for (std::sregex_iterator m(l.begin(), l.end(), uri), end; m != end;
             ++m) {
          names.insert((*m)[1]);
        }
      }
    }
  }
  return names;
}

void DropDatabases(const std::set<std::string>& names) {
  MYSQL* m = ConnectTestServer();
  for (const std::string& name : names) {
    const std::string sql = "DROP DATABASE IF EXISTS `" + name + "`";
    CHECK_MESSAGE(mysql_real_query(m, sql.data(), sql.size()) == 0,
                  mysql_error(m));
  }
  mysql_close(m);
}

TEST_CASE("the commands of a sh block: continuations, quotes, here documents") {
  DocBlock block;
  block.line = 10;
  block.lang = "sh";
  block.lines = {"$ obkv put t r f:q \\",
                 "    v",
                 "$ obkv shell -n <<'EOF'",
                 "put 't', 'r'",
                 "EOF",
                 "out 1",
                 "out 2",
                 "$ echo '{\"a\":",
                 "  1}' # x",
                 "{\"a\":",
                 "  1}"};
  const std::vector<DocCommand> c = SplitCommands(block);
  REQUIRE(c.size() == 3);
  CHECK(c[0].line == 11);
  CHECK(c[0].text == "obkv put t r f:q \\\n    v");
  CHECK(c[0].expected.empty());
  CHECK(c[1].line == 13);
  CHECK(c[1].text == "obkv shell -n <<'EOF'\nput 't', 'r'\nEOF");
  CHECK(c[1].expected == std::vector<std::string>{"out 1", "out 2"});
  CHECK(c[2].text == "echo '{\"a\":\n  1}' # x");
  CHECK(c[2].expected == std::vector<std::string>{"{\"a\":", "  1}"});

  DocBlock script;
  script.lang = "sh";
  script.lines = {"# a comment",
                  "S=my.db",
                  "",
                  "python3 - <<EOF > k.txt",
                  "print(1)  # in the here document",
                  "EOF"};
  const std::vector<DocCommand> s = SplitCommands(script);
  REQUIRE(s.size() == 2);
  CHECK(s[0].text == "S=my.db");
  CHECK_FALSE(s[0].shows_output);
  CHECK(s[1].text ==
        "python3 - <<EOF > k.txt\nprint(1)  # in the here document\nEOF");
}

TEST_CASE(
    "expected output: \"...\" in a line, a \"...\" line, trailing spaces") {
  CHECK(LineMatches("timestamp=..., value=v",
                    "timestamp=1796114486042, value=v"));
  CHECK(LineMatches("a...b...c", "abc"));
  CHECK_FALSE(LineMatches("timestamp=..., value=v", "timestamp=1, value=w"));
  CHECK_FALSE(LineMatches("abc", "abcd"));
  const std::vector<std::string> expected = {"first", "...", "last"};
  CHECK(OutputMatches(expected, 0, {"first", "last"}, 0));
  CHECK(OutputMatches(expected, 0, {"first", "x", "y", "last"}, 0));
  CHECK_FALSE(OutputMatches(expected, 0, {"first", "x"}, 0));
  CHECK(Normalized({"a  ", "", ""}) == std::vector<std::string>{"a"});
  CHECK(OutputDiff({"a", "b"}, {"a", "c"}) == "  a\n- b\n+ c\n");
}

TEST_CASE(
    "blocks that would go unrun are errors, no-run blocks need a reason") {
  const std::vector<DocBlock> blocks = ParseFencedBlocks(
      "text\n```\n$ obkv list\n```\n```sh no-run\nx\n```\n"
      "```sh no-run needs OceanBase\nx\n```\n```text\nobkv put T\n```\n"
      "```sh sever\nx\n```\n\n    $ obkv list\n\n```sh no-run: `a`\nx\n```\n");
  REQUIRE(blocks.size() == 7);
  CHECK(blocks[5].indented);
  CHECK(blocks[5].line == 18);
  CHECK(blocks[2].NoRunReason() == "needs OceanBase");
  const std::vector<std::string> problems = ExampleProblems("f.md", blocks);
  REQUIRE(problems.size() == 5);
  CHECK(problems[0].rfind("f.md:2: an untagged block with a command", 0) == 0);
  CHECK(problems[1] == "f.md:5: ```sh no-run needs a reason");
  CHECK(problems[2] ==
        "f.md:14: unknown ```sh flag \"sever\" (server or no-run)");
  CHECK(problems[3].rfind("f.md:18: an indented block with a command", 0) == 0);
  CHECK(problems[4] == "f.md:20: a ``` info string may not hold a backtick");
}

TEST_CASE("every command example in README.md and doc/*.md is true") {
  const bool server = OnTestServer();
  const std::vector<std::string> files = DocFiles();
  std::set<std::string> databases;
  if (server) {
    databases = ServerDatabases(files);
    REQUIRE_MESSAGE(!databases.empty(),
                    "no ```sh server example names a "
                    "mysql:// database");
    DropDatabases(databases);
  }
  int server_files = 0;
  for (const std::string& file : files) {
    if (server) {
      bool has_server = false;
      for (const DocBlock& b :
           ParseFencedBlocks(ReadText(fs::path(OBKV_SOURCE_DIR) / file))) {
        has_server = has_server || b.IsServer();
      }
      if (!has_server) continue;
      ++server_files;
    }
    MESSAGE(Describe(file, RunFile(file, server)));
  }
  if (server) {
    CHECK(server_files > 0);
    DropDatabases(databases);
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
