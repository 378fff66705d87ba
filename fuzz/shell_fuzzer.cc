// Copyright (c) obkvlite authors.
//
// libFuzzer target: the shell's input parsers, on text that reaches them
// unchecked. Any input must give commands or an InvalidArgument naming a
// line of the input (ParseShellInput), a continuation verdict
// (ShellContinuation, a line at a time), a TTL or an InvalidArgument
// (ParseHBaseTtl), and, through each converter, text or an InvalidArgument
// (FormatBytes) - never a crash or an exception.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "tools/cli/hbase_ttl.h"
#include "tools/cli/shell/shell_formatter.h"
#include "tools/cli/shell/shell_parser.h"

namespace cli = obkvlite::cli;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  size_t line = 0;
  obkvlite::Result<std::vector<cli::ShellCommand>> commands =
      cli::ParseShellInput(text, &line);
  if (!commands.ok()) {
    OBKV_FUZZ_CHECK(commands.status().IsInvalidArgument());
    size_t lines = 1;
    for (char c : text) lines += c == '\n' ? 1 : 0;
    OBKV_FUZZ_CHECK(line >= 1 && line <= lines);
  }
  cli::ShellContinuation continuation;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    (void)continuation.Add(text.substr(start, end - start));
    start = end + 1;
  }
  obkvlite::Result<int64_t> ttl = cli::ParseHBaseTtl(text);
  if (!ttl.ok()) OBKV_FUZZ_CHECK(ttl.status().IsInvalidArgument());
  for (int f = 0; f <= static_cast<int>(cli::ShellFormatter::kToBoolean);
       ++f) {
    obkvlite::Result<std::string> out =
        cli::FormatBytes(static_cast<cli::ShellFormatter>(f), text);
    if (!out.ok()) OBKV_FUZZ_CHECK(out.status().IsInvalidArgument());
  }
  obkvlite::Result<cli::ShellFormatter> formatter =
      cli::ParseShellFormatter(text);
  if (!formatter.ok()) {
    OBKV_FUZZ_CHECK(formatter.status().IsInvalidArgument());
  }
  return 0;
}
