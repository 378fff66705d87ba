// Copyright (c) obkvlite authors.
//
// Reads the shell's input a statement at a time, as IRB reads Ruby: a
// line, then the lines after it while the statement is not finished
// (ShellContinuation: an open bracket, or a trailing ',' or '=>'). With a
// prompt stream (a terminal), writes "obkv:001> " before a statement's
// first line and "obkv:002* " before each line that continues it; line
// numbers count every line read, from 1.
//
// REQUIRED: the streams outlive the reader.
// Thread safety: one reader per thread.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_READER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_READER_H_

#include <cstddef>
#include <iosfwd>
#include <string>

namespace obkvlite {
namespace cli {

class ShellReader {
 public:
  // `prompt` may be nullptr (no prompts).
  ShellReader(std::istream* in, std::ostream* prompt)
      : in_(in), prompt_(prompt) {}

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
  std::istream* in_;
  std::ostream* prompt_;
  size_t lines_ = 0;
};

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_READER_H_
