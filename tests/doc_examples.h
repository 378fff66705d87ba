// Copyright (c) obkvlite authors.
//
// The command examples of README.md and doc/*.md, as doc_examples_test runs
// them. The markdown convention (doc/architecture.md, "Examples that run"):
//
//   ```sh                  a command example. Lines starting "$ " are
//                          commands and the lines after one, up to the next
//                          "$ ", are its expected output (stdout and stderr).
//                          A block without "$ " lines is a script: each of
//                          its commands must exit 0; its output is not shown.
//   ```sh server           the same, run only on the private MariaDB, where
//                          $SOCKET is its Unix socket.
//   ```sh no-run REASON    not run here (OceanBase, a network, the build);
//                          counted and listed with REASON.
//
// A command continues over a line ending in "\", an open quote, and a here
// document up to its terminator. Every command must exit 0 (write "! cmd"
// for one that must fail). Expected output matches with trailing spaces and
// blank lines ignored, where "..." in a line matches any run of text and a
// line "..." matches any number of lines.
//
// Any other block (untagged, text, json, sql, cpp, indented) is not run; an
// untagged or indented one with a "$ " or "obkv " line is an error
// (ExampleProblems), so that no command example goes unrun without saying so.
//
// Thread safety: plain functions on values.

#ifndef OBKVLITE_TESTS_DOC_EXAMPLES_H_
#define OBKVLITE_TESTS_DOC_EXAMPLES_H_

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace obkvlite {
namespace testing {

// One command of a ```sh block and the output the doc shows for it.
struct DocCommand {
  int line = 0;                       // 1-based line of its first text line
  std::string text;                   // the command, "$ " removed
  bool shows_output = false;          // a transcript command ("$ ")
  std::vector<std::string> expected;  // its output lines, when shown
};

// One fenced block of a markdown file.
struct DocBlock {
  int line = 0;      // 1-based line of the opening fence
  std::string info;  // the info string after ```, e.g. "sh no-run ..."
  std::string lang;  // its first word ("sh", "json", "")
  std::vector<std::string> lines;  // the block's text lines
  bool indented = false;           // an indented code block (never run)
  int first_text_line() const { return indented ? line : line + 1; }
  bool IsCommandBlock() const { return lang == "sh"; }
  bool IsServer() const { return IsCommandBlock() && Flag() == "server"; }
  bool IsNoRun() const { return IsCommandBlock() && Flag() == "no-run"; }
  // The reason after "no-run".
  std::string NoRunReason() const {
    const size_t at = info.find("no-run");
    std::string reason = at == std::string::npos ? "" : info.substr(at + 6);
    while (!reason.empty() && (reason[0] == ' ' || reason[0] == ':')) {
      reason.erase(0, 1);
    }
    return reason;
  }
  // The second word of the info string.
  std::string Flag() const {
    const size_t space = info.find(' ');
    if (space == std::string::npos) return "";
    std::string rest = info.substr(space + 1);
    rest.erase(0, rest.find_first_not_of(' '));
    rest = rest.substr(0, rest.find(' '));
    if (!rest.empty() && rest.back() == ':') rest.pop_back();
    return rest;
  }
};

inline std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      if (start < text.size()) lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// Every fenced (```) block of `markdown` (its fence indented or not), and
// every indented code block (4 spaces, after a blank line).
inline std::vector<DocBlock> ParseFencedBlocks(const std::string& markdown) {
  const std::vector<std::string> lines = SplitLines(markdown);
  std::vector<DocBlock> blocks;
  for (size_t i = 0; i < lines.size(); ++i) {
    const size_t fence = lines[i].find_first_not_of(' ');
    if (fence != std::string::npos && fence >= 4 &&
        (i == 0 || lines[i - 1].find_first_not_of(' ') == std::string::npos)) {
      // An indented code block (or an indented paragraph: the same to us).
      DocBlock block;
      block.line = static_cast<int>(i) + 1;
      block.indented = true;
      for (; i < lines.size() && lines[i].compare(0, 4, "    ") == 0; ++i) {
        block.lines.push_back(lines[i].substr(4));
      }
      blocks.push_back(std::move(block));
      continue;
    }
    if (fence == std::string::npos || lines[i].compare(fence, 3, "```") != 0) {
      continue;
    }
    DocBlock block;
    block.line = static_cast<int>(i) + 1;
    block.info = lines[i].substr(fence + 3);
    while (!block.info.empty() && block.info.back() == ' ') {
      block.info.pop_back();
    }
    block.lang = block.info.substr(0, block.info.find(' '));
    for (++i; i < lines.size(); ++i) {
      const size_t close = lines[i].find_first_not_of(' ');
      if (close != std::string::npos &&
          lines[i].compare(close, 3, "```") == 0) {
        break;
      }
      // The block's lines lose the fence's indentation.
      const size_t strip = std::min(fence, lines[i].find_first_not_of(' '));
      block.lines.push_back(
          strip == std::string::npos ? "" : lines[i].substr(strip));
    }
    blocks.push_back(std::move(block));
  }
  return blocks;
}

// The shell state at the end of a line of command text: whether the
// command goes on (open quote, trailing "\", here documents to read).
struct ShellLineState {
  char quote = 0;                     // '\'' or '"' when a quote is open
  bool continued = false;             // the line ended in "\"
  std::vector<std::string> heredocs;  // terminators still to come
  bool Complete() const { return quote == 0 && !continued && heredocs.empty(); }
};

// Scans one line of shell text after `state` (quotes, "\", "#" comments,
// "<<WORD", "<<-'WORD'"); a small lexer, enough for the docs' commands.
inline void ScanShellLine(const std::string& line, ShellLineState* state) {
  state->continued = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (state->quote == '\'') {
      if (c == '\'') state->quote = 0;
      continue;
    }
    if (c == '\\') {
      if (i + 1 == line.size()) {
        state->continued = true;
      }
      ++i;
      continue;
    }
    if (state->quote == '"') {
      if (c == '"') state->quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      state->quote = c;
    } else if (c == '#' &&
               (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
      return;  // a comment to the end of the line
    } else if (c == '<' && line.compare(i, 2, "<<") == 0 &&
               line.compare(i, 3, "<<<") != 0) {
      size_t j = i + 2;
      if (j < line.size() && line[j] == '-') ++j;
      while (j < line.size() && line[j] == ' ') ++j;
      std::string word;
      while (j < line.size() && line[j] != ' ' && line[j] != ';' &&
             line[j] != '>' && line[j] != '|' && line[j] != ')') {
        if (line[j] != '\'' && line[j] != '"') word += line[j];
        ++j;
      }
      if (!word.empty()) state->heredocs.push_back(word);
      i = j - 1;
    }
  }
  if (state->quote != 0) state->continued = false;
}

// Whether the line is only a shell comment or blank.
inline bool IsCommentOrBlank(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t");
  return first == std::string::npos || line[first] == '#';
}

// The commands of a ```sh block, in order (see the header comment).
inline std::vector<DocCommand> SplitCommands(const DocBlock& block) {
  bool transcript = false;
  for (const std::string& l : block.lines) {
    if (l.compare(0, 2, "$ ") == 0) transcript = true;
  }
  std::vector<DocCommand> commands;
  const std::vector<std::string>& lines = block.lines;
  size_t i = 0;
  while (i < lines.size()) {
    const bool starts = transcript ? lines[i].compare(0, 2, "$ ") == 0
                                   : !IsCommentOrBlank(lines[i]);
    if (!starts) {
      ++i;  // output before the first "$ " line cannot happen: see below
      continue;
    }
    DocCommand command;
    command.line = block.first_text_line() + static_cast<int>(i);
    command.shows_output = transcript;
    ShellLineState state;
    std::string text = transcript ? lines[i].substr(2) : lines[i];
    for (;;) {
      if (!state.heredocs.empty() && text == state.heredocs.front()) {
        state.heredocs.erase(state.heredocs.begin());
      } else if (state.heredocs.empty()) {
        ScanShellLine(text, &state);
      }
      command.text += text;
      ++i;
      if (state.Complete() || i == lines.size()) break;
      command.text += '\n';
      text = lines[i];
    }
    if (transcript) {
      while (i < lines.size() && lines[i].compare(0, 2, "$ ") != 0) {
        command.expected.push_back(lines[i]);
        ++i;
      }
    }
    commands.push_back(std::move(command));
  }
  return commands;
}

// The problems of a file's blocks: an untagged block that holds commands
// (a "$ " line, or a line starting "obkv " or "build/obkv "), a transcript
// with output before its first "$ " line, a no-run block without a reason,
// a backtick in an info string.
inline std::vector<std::string> ExampleProblems(
    const std::string& file, const std::vector<DocBlock>& blocks) {
  std::vector<std::string> problems;
  for (const DocBlock& block : blocks) {
    const std::string where = file + ":" + std::to_string(block.line);
    if (block.info.find('`') != std::string::npos) {
      // CommonMark: such a line opens no fence, and the block is lost.
      problems.push_back(where + ": a ``` info string may not hold a backtick");
    }
    if (block.lang.empty()) {
      for (const std::string& l : block.lines) {
        if (l.compare(0, 2, "$ ") == 0 || l.compare(0, 5, "obkv ") == 0 ||
            l.compare(0, 11, "build/obkv ") == 0) {
          problems.push_back(
              where + (block.indented ? ": an indented" : ": an untagged") +
              " block with a command (\"" + l +
              "\"): fence it as ```sh to run it, ```sh no-run REASON, or "
              "```text for a synopsis");
          break;
        }
      }
    }
    if (!block.IsCommandBlock()) continue;
    if (block.IsNoRun()) {
      if (block.NoRunReason().empty()) {
        problems.push_back(where + ": ```sh no-run needs a reason");
      }
      continue;
    }
    bool transcript = false;
    for (const std::string& l : block.lines) {
      if (l.compare(0, 2, "$ ") == 0) transcript = true;
    }
    if (transcript && !block.lines.empty() &&
        block.lines[0].compare(0, 2, "$ ") != 0) {
      problems.push_back(where +
                         ": a transcript must start with a \"$ \" line");
    }
    if (!block.Flag().empty() && !block.IsServer()) {
      problems.push_back(where + ": unknown ```sh flag \"" + block.Flag() +
                         "\" (server or no-run)");
    }
  }
  return problems;
}

inline std::string TrimRight(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' ||
                        s.back() == '\r' || s.back() == '\n')) {
    s.pop_back();
  }
  return s;
}

// Whether `text` matches the line `pattern`, where "..." matches any run of
// text (the empty run too).
inline bool LineMatches(const std::string& pattern, const std::string& text) {
  const size_t dots = pattern.find("...");
  if (dots == std::string::npos) return pattern == text;
  if (text.compare(0, dots, pattern, 0, dots) != 0 || text.size() < dots) {
    return false;
  }
  const std::string rest = pattern.substr(dots + 3);
  for (size_t at = dots; at <= text.size(); ++at) {
    if (LineMatches(rest, text.substr(at))) return true;
  }
  return false;
}

// Lines without trailing spaces and without trailing blank lines.
inline std::vector<std::string> Normalized(std::vector<std::string> lines) {
  for (std::string& l : lines) l = TrimRight(l);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Whether `actual` matches `expected` (a line "..." matches any number of
// lines); both already Normalized.
inline bool OutputMatches(const std::vector<std::string>& expected, size_t e,
                          const std::vector<std::string>& actual, size_t a) {
  if (e == expected.size()) return a == actual.size();
  if (expected[e] == "...") {
    for (size_t skip = a; skip <= actual.size(); ++skip) {
      if (OutputMatches(expected, e + 1, actual, skip)) return true;
    }
    return false;
  }
  return a < actual.size() && LineMatches(expected[e], actual[a]) &&
         OutputMatches(expected, e + 1, actual, a + 1);
}

// A line diff of expected against actual: " " both, "-" only expected,
// "+" only actual (a longest common subsequence under LineMatches).
inline std::string OutputDiff(const std::vector<std::string>& expected,
                              const std::vector<std::string>& actual) {
  const size_t n = expected.size(), m = actual.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] = LineMatches(expected[i], actual[j])
                      ? lcs[i + 1][j + 1] + 1
                      : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::string diff;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && LineMatches(expected[i], actual[j])) {
      diff += "  " + actual[j++] + "\n";
      ++i;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      diff += "- " + expected[i++] + "\n";
    } else {
      diff += "+ " + actual[j++] + "\n";
    }
  }
  return diff;
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_DOC_EXAMPLES_H_
