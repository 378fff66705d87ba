// Copyright (c) obkvlite authors.
#include "tools/cli/shell/line_editor.h"

// clang-format off
#include <stdio.h>  // editline/readline.h needs FILE first
#include <editline/readline.h>
// clang-format on
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace obkvlite {
namespace cli {
namespace {

// The state libedit's callbacks reach (its interface is global).
volatile sig_atomic_t g_interrupted = 0;
bool g_done = false;
bool g_end = false;
std::string* g_line = nullptr;
std::function<std::vector<std::string>()>* g_words = nullptr;
std::vector<std::string> g_candidates;
size_t g_next_candidate = 0;

void OnSigint(int) { g_interrupted = 1; }

void OnLine(char* text) {
  g_done = true;
  if (text == nullptr) {
    g_end = true;
    return;
  }
  *g_line = text;
  std::free(text);
}

// readline's generator: the candidates starting with `text`, one a call.
char* NextCandidate(const char* text, int state) {
  if (state == 0) {
    g_candidates =
        g_words != nullptr ? (*g_words)() : std::vector<std::string>();
    g_next_candidate = 0;
  }
  const size_t len = std::strlen(text);
  while (g_next_candidate < g_candidates.size()) {
    const std::string& word = g_candidates[g_next_candidate++];
    if (word.compare(0, len, text) == 0) return strdup(word.c_str());
  }
  return nullptr;
}

char** Complete(const char* text, int, int) {
  return rl_completion_matches(text, NextCandidate);
}

bool Blank(const std::string& line) {
  return line.find_first_not_of(" \t") == std::string::npos;
}

}  // namespace

std::string DefaultHistoryFile() {
  const char* home = std::getenv("HOME");
  return home != nullptr && *home != '\0' ? std::string(home) + "/.obkv_history"
                                          : std::string();
}

LineEditor::LineEditor(std::string history_file,
                       std::function<std::vector<std::string>()> words)
    : history_file_(std::move(history_file)) {
  static std::function<std::vector<std::string>()> held;
  held = std::move(words);
  g_words = &held;
  rl_readline_name = "obkv";
  rl_catch_signals = 0;  // Ctrl-C is ours (OnSigint)
  rl_attempted_completion_function = Complete;
  using_history();
  if (!history_file_.empty()) read_history(history_file_.c_str());
}

LineEditor::~LineEditor() {
  if (!history_file_.empty() && write_history(history_file_.c_str()) == 0) {
    history_truncate_file(history_file_.c_str(), kHistoryLines);
  }
  g_words = nullptr;
}

LineEditor::Result LineEditor::ReadLine(const std::string& prompt,
                                        std::string* line) {
  struct sigaction on_int = {};
  struct sigaction before = {};
  on_int.sa_handler = OnSigint;
  sigemptyset(&on_int.sa_mask);
  on_int.sa_flags = 0;  // no SA_RESTART: poll() returns EINTR
  sigaction(SIGINT, &on_int, &before);
  g_interrupted = 0;
  g_done = false;
  g_end = false;
  line->clear();
  g_line = line;
  rl_callback_handler_install(prompt.c_str(), OnLine);
  Result result = Result::kLine;
  while (!g_done) {
    pollfd fd = {STDIN_FILENO, POLLIN, 0};
    const int ready = poll(&fd, 1, -1);
    if (g_interrupted) {
      result = Result::kInterrupted;
      break;
    }
    if (ready < 0) {
      if (errno == EINTR) continue;
      g_end = true;
      break;
    }
    if ((fd.revents & (POLLIN | POLLHUP)) != 0) rl_callback_read_char();
    if ((fd.revents & POLLIN) == 0 && (fd.revents & (POLLHUP | POLLERR))) {
      g_end = true;
      break;
    }
  }
  rl_callback_handler_remove();
  sigaction(SIGINT, &before, nullptr);
  g_line = nullptr;
  if (result == Result::kInterrupted) {
    line->clear();
    fputs("^C\n", stdout);
    fflush(stdout);
    return result;
  }
  if (g_end) return Result::kEnd;
  if (!Blank(*line)) add_history(line->c_str());
  return Result::kLine;
}

}  // namespace cli
}  // namespace obkvlite
