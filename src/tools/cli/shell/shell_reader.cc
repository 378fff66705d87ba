// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_reader.h"

#include <cstdio>
#include <istream>
#include <ostream>

#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

bool ShellReader::Next(std::string* text, size_t* first_line) {
  text->clear();
  *first_line = lines_ + 1;
  std::string line;
  ShellContinuation continuation;
  for (bool first = true;; first = false) {
    if (prompt_ != nullptr) {
      char prompt[32];
      std::snprintf(prompt, sizeof(prompt), "obkv:%03zu%s ", lines_ + 1,
                    first ? ">" : "*");
      *prompt_ << prompt << std::flush;
    }
    if (!std::getline(*in_, line)) return !first;
    ++lines_;
    if (!first) text->push_back('\n');
    *text += line;
    if (!continuation.Add(line)) return true;
  }
}

bool ShellReader::ReadLine(std::string* line) {
  if (!std::getline(*in_, *line)) return false;
  ++lines_;
  return true;
}

}  // namespace cli
}  // namespace obkvlite
