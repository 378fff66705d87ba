// Copyright (c) obkvlite authors.
//
// Shared by the `obkv shell` suites of this folder (shell_admin_test.cc,
// shell_regions_test.cc, shell_read_test.cc, shell_mutate_test.cc,
// shell_session_test.cc): Shell, which runs lines through `obkv shell` in a
// CliSandbox, the "Took" and timestamp filters of its output, and kCreate,
// a table with cells to read.
//
// The shell prints timestamps in the local time zone; including this
// header sets TZ to UTC for the whole test program, as the expectations are
// in UTC.

#ifndef OBKVLITE_TESTS_TOOLS_CLI_SHELL_SHELL_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_TOOLS_CLI_SHELL_SHELL_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include <cstdlib>
#include <ctime>
#include <iterator>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "cli_test_support.h"

namespace obkvlite {
namespace testing {

// HBase's "Took %.4f seconds" (hbase-shell commands.rb command_safe).
inline const std::regex kTookLine("Took [0-9]+\\.[0-9]{4} seconds\n");

// `out` without its "Took N.NNNN seconds" lines; `*count` gets how many
// there were. A line that only looks like one stays and fails the test.
inline std::string WithoutTook(const std::string& out, int* count = nullptr) {
  if (count != nullptr) {
    *count = static_cast<int>(
        std::distance(std::sregex_iterator(out.begin(), out.end(), kTookLine),
                      std::sregex_iterator()));
  }
  return std::regex_replace(out, kTookLine, "");
}

// Timestamps of puts stamped "now" (this century; the tests' own are in
// 1970) vary; "timestamp=T" stands for them.
inline std::string WithoutTimestamps(const std::string& out) {
  return std::regex_replace(
      out,
      std::regex("timestamp=2[0-9]{3}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}"
                 "(:[0-9]{2}(\\.[0-9]{3})?)?"),
      "timestamp=T");
}

// The shell prints timestamps in the local time zone (table.rb
// toLocalDateTime); the expectations here are in UTC.
inline const bool kUtc = [] {
  setenv("TZ", "UTC", 1);
  tzset();
  return true;
}();

struct Shell {
  // Runs `lines` through `obkv shell --create`.
  CliRun Run(const std::string& lines,
             std::vector<std::string> flags = {}) const {
    flags.insert(flags.begin(), {"shell", "--create"});
    return box.Run(flags, lines);
  }
  // Runs lines that must all succeed, with -n (as HBase scripts run: no
  // "=> VALUE" lines, jar-bootstrap.rb's eval_io); returns stdout without
  // Took lines. The "=> VALUE" lines are tested with Run.
  std::string Ok(const std::string& lines,
                 std::vector<std::string> flags = {"-n"}) const {
    const CliRun run = Run(lines, std::move(flags));
    INFO(run.err);
    CHECK(run.code == 0);
    CHECK(run.err.empty());
    return WithoutTook(run.out);
  }
  std::string Export(const std::string& table = "t") const {
    return box.Run({"export", table}).out;
  }
  CliSandbox box;
};

inline constexpr const char* kCreate =
    "create 't', {NAME => 'f', VERSIONS => 3}, 'g', NUMREGIONS => 7\n"
    "put 't','r1','f:q','v1', 100\n"
    "put 't','r1','f:q','v2', 200\n"
    "put 't', \"r2\\x00\", 'g:a', \"x\\ty\", 5\n"
    "put 't','a1','f:q','av', 7\n";

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_TOOLS_CLI_SHELL_SHELL_TEST_SUPPORT_H_
