// Copyright (c) obkvlite authors.
//
// Helpers for tests that drive `obkv` in-process through RunObkv: a
// temporary directory that holds a store file and spec files, and a runner
// that captures the exit code, stdout and stderr.
//
//   CliSandbox box;
//   box.WriteFile("t.json", R"({"table":"t","families":[{"name":"f"}]})");
//   CHECK(box.Run({"create", box.Path("t.json")}).code == 0);
//   CliRun r = box.Run({"exec"}, "{\"op\":\"scan\",\"table\":\"t\"}\n");
//
// Thread safety: a sandbox belongs to one test.

#ifndef OBKVLITE_TESTS_CLI_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_CLI_TEST_SUPPORT_H_

#include <doctest/doctest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tools/cli/cli.h"

namespace obkvlite {
namespace testing {

struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

class CliSandbox {
 public:
  CliSandbox() {
    std::string templ =
        (std::filesystem::temp_directory_path() / "obkv_cli_XXXXXX").string();
    REQUIRE(mkdtemp(templ.data()) != nullptr);
    dir_ = templ;
    store_ = Path("store.obkv");
  }
  ~CliSandbox() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  CliSandbox(const CliSandbox&) = delete;
  CliSandbox& operator=(const CliSandbox&) = delete;

  std::string Path(const std::string& name) const {
    return (std::filesystem::path(dir_) / name).string();
  }
  const std::string& store() const { return store_; }

  std::string WriteFile(const std::string& name, const std::string& text) {
    const std::string path = Path(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  static std::string ReadFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  // Runs `obkv ARGS...` without --store.
  static CliRun RunBare(const std::vector<std::string>& args,
                        const std::string& in = "") {
    std::vector<const char*> argv = {"obkv"};
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::istringstream input(in);
    std::ostringstream out;
    std::ostringstream err;
    CliRun run;
    run.code = cli::RunObkv(static_cast<int>(argv.size()), argv.data(), input,
                            out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
  }

  // Runs `obkv --store STORE ARGS...`.
  CliRun Run(std::vector<std::string> args, const std::string& in = "") const {
    args.insert(args.begin(), {"--store", store_});
    return RunBare(args, in);
  }

  // Writes the spec to NAME.json and creates its table; fails the test on
  // error.
  void Create(const std::string& name, const std::string& spec_json) {
    const CliRun run = Run({"create", WriteFile(name + ".json", spec_json)});
    INFO(run.err);
    REQUIRE(run.code == 0);
  }

 private:
  std::string dir_;
  std::string store_;
};

// promtool check metrics on `text` (written under `box`): its exit code and
// output.
inline std::pair<int, std::string> Promtool(const std::string& text,
                                            const CliSandbox& box) {
  const std::string in = box.Path("scrape.txt");
  const std::string out = box.Path("promtool.txt");
  std::ofstream(in) << text;
  const int status = std::system(
      ("promtool check metrics < '" + in + "' > '" + out + "' 2>&1").c_str());
  return {WEXITSTATUS(status), CliSandbox::ReadFile(out)};
}

// Runs `obkv ARGS...` (no --store) with `in` as standard input.
inline CliRun RunCli(const std::vector<std::string>& args,
                     const std::string& in = "") {
  return CliSandbox::RunBare(args, in);
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_CLI_TEST_SUPPORT_H_
