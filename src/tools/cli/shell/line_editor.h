// Copyright (c) obkvlite authors.
//
// LineEditor: the shell's line editing on a terminal, through libedit's
// readline interface: the cursor keys move in the line and through the
// history instead of inserting escape bytes, the history is kept across
// sessions in a file (at most kHistoryLines lines), Tab completes
// command and table names, and Ctrl-C drops the line being typed (as IRB
// does) instead of ending the shell.
//
// REQUIRED: stdin and stdout are a terminal, and at most one LineEditor
// exists at a time (libedit's readline state is the process's).
// Thread safety: one thread.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_LINE_EDITOR_H_
#define OBKVLITE_TOOLS_CLI_SHELL_LINE_EDITOR_H_

#include <functional>
#include <string>
#include <vector>

namespace obkvlite {
namespace cli {

class LineEditor {
 public:
  // History lines kept in the file.
  static constexpr int kHistoryLines = 1000;

  // `history_file`: where the history is read from and written back to
  // (empty: none). `words`: the completions for Tab, asked for at each
  // completion (command names, table names).
  LineEditor(std::string history_file,
             std::function<std::vector<std::string>()> words);
  // Writes the history back.
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  enum class Result { kLine, kInterrupted, kEnd };
  // Shows `prompt` and reads one edited line into *line: kLine, or
  // kInterrupted when Ctrl-C dropped it, or kEnd at Ctrl-D on an empty
  // line or the end of the input. A non-blank line joins the history.
  Result ReadLine(const std::string& prompt, std::string* line);

 private:
  std::string history_file_;
};

// ~/.obkv_history, or "" without $HOME.
std::string DefaultHistoryFile();

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_LINE_EDITOR_H_
