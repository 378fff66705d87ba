// Copyright (c) obkvlite authors.
//
// The options get and scan share, and how they become exec request fields:
//   --column f:q (repeatable)   -> "columns"
//   --family f (repeatable)     -> "families"
//   --versions N                -> "max_versions"
//   --time-range A B            -> "time_range" [A, B)
//   --filter F                  -> "filter"
//   --json                      -> print the exec result line
//
// Thread safety: plain values.

#ifndef OBKVLITE_TOOLS_CLI_COMMANDS_READ_FLAGS_H_
#define OBKVLITE_TOOLS_CLI_COMMANDS_READ_FLAGS_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tools/cli/exec/flag_request.h"

namespace CLI {
class App;
}

namespace obkvlite {
namespace cli {

struct ReadFlags {
  std::vector<std::string> columns;
  std::vector<std::string> families;
  std::optional<int64_t> versions;
  std::vector<int64_t> time_range;
  std::optional<std::string> filter;
  bool json = false;

  OutputForm form() const {
    return json ? OutputForm::kJson : OutputForm::kHuman;
  }
};

// Registers the options on `cmd`; `flags` must outlive the parse.
void AddReadFlags(CLI::App* cmd, ReadFlags* flags);

// Adds the given options to an exec request.
void AddReadFields(const ReadFlags& flags, nlohmann::json* request);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_COMMANDS_READ_FLAGS_H_
