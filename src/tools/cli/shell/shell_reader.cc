// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_reader.h"

#include <cstdio>
#include <istream>
#include <ostream>

#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

bool ShellReader::Line(const char* prompt, std::string* line, bool* dropped) {
  *dropped = false;
  if (editor_ != nullptr) {
    switch (editor_->ReadLine(prompt, line)) {
      case LineEditor::Result::kLine:
        return true;
      case LineEditor::Result::kInterrupted:
        *dropped = true;
        return true;
      case LineEditor::Result::kEnd:
        return false;
    }
  }
  if (prompt_ != nullptr) *prompt_ << prompt << std::flush;
  return static_cast<bool>(std::getline(*in_, *line));
}

bool ShellReader::Next(std::string* text, size_t* first_line) {
  text->clear();
  *first_line = lines_ + 1;
  std::string line;
  ShellContinuation continuation;
  bool first = true;
  for (;;) {
    char prompt[32];
    std::snprintf(prompt, sizeof(prompt), "obkv:%03zu%s ", lines_ + 1,
                  first ? ">" : "*");
    bool dropped = false;
    if (!Line(prompt, &line, &dropped)) return !first;
    if (dropped) {
      // IRB's Ctrl-C: the statement typed so far is dropped.
      text->clear();
      *first_line = lines_ + 1;
      continuation = ShellContinuation();
      first = true;
      continue;
    }
    ++lines_;
    if (!first) text->push_back('\n');
    *text += line;
    if (!continuation.Add(line)) return true;
    first = false;
  }
}

bool ShellReader::ReadLine(std::string* line) {
  bool dropped = false;
  if (!Line("", line, &dropped)) return false;
  if (dropped) line->clear();
  ++lines_;
  return true;
}

}  // namespace cli
}  // namespace obkvlite
