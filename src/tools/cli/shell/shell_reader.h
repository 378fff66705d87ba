// Copyright (c) obkvlite authors.
//
// Reads the shell's input a statement at a time, as IRB reads Ruby: a
// line, then the lines after it while the statement is not finished
// (ShellContinuation: an open bracket, or a trailing ',' or '=>'). With a
// prompt stream (a terminal), writes "obkv:001> " before a statement's
// first line and "obkv:002* " before each line that continues it; line
// numbers count every line read, from 1. With a LineEditor (a terminal)
// the lines come from it instead, edited, and Ctrl-C drops the statement
// being typed: the next prompt starts a new one.
//
// REQUIRED: the streams and the editor outlive the reader.
// Thread safety: one reader per thread.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_READER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_READER_H_

#include <cstddef>
#include <iosfwd>
#include <string>

#include "tools/cli/shell/line_editor.h"

namespace obkvlite {
namespace cli {

class ShellReader {
 public:
  // `prompt` may be nullptr (no prompts); `editor` may be nullptr (lines
  // from `in`).
  ShellReader(std::istream* in, std::ostream* prompt,
              LineEditor* editor = nullptr)
      : in_(in), prompt_(prompt), editor_(editor) {}

  // The next statement's lines, joined by '\n', and the number of its
  // first line; false at the end of the input (a statement still open
  // there is returned as it is, for its error to be reported).
  bool Next(std::string* text, size_t* first_line);

  // The next line as it is, without a prompt (Ruby's gets: the y/n answer
  // of disable_all, enable_all and drop_all); false at the end of the
  // input.
  bool ReadLine(std::string* line);

  // Lines read so far.
  size_t lines() const { return lines_; }

 private:
  // One line after `prompt` (shown when there is a prompt stream or an
  // editor); false at the end. *dropped: Ctrl-C dropped it.
  bool Line(const char* prompt, std::string* line, bool* dropped);

  std::istream* in_;
  std::ostream* prompt_;
  LineEditor* editor_;
  size_t lines_ = 0;
};

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_READER_H_
