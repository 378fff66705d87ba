// Copyright (c) obkvlite authors.
//
// ChildProcess: runs a program with its stdout (and, if asked, its stdin)
// on a pipe, for tests that kill a writer process (crash_test), run two at
// once (concurrency_test) or feed one line by line (read_lock_linger_test).
//
//   ChildProcess writer({OBKV_CRASH_WRITER, "--store", path});
//   writer.ReadLines(50, &lines);   // what it printed within 50 ms
//   writer.Kill();                  // SIGKILL, then reaps it
//
// stderr goes to a file, returned by Stderr() for failure messages.
// EnvInt reads the knobs of such tests (kill counts, seeds).
//
// Thread safety: a ChildProcess belongs to one thread.

#ifndef OBKVLITE_TESTS_CHILD_PROCESS_H_
#define OBKVLITE_TESTS_CHILD_PROCESS_H_

#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "test_paths.h"

extern char** environ;

namespace obkvlite {
namespace testing {

// The integer environment variable `name` (a kill count, a seed), or
// `fallback` when it is not set.
inline int64_t EnvInt(const char* name, int64_t fallback) {
  const char* value = std::getenv(name);
  return value == nullptr ? fallback : std::atoll(value);
}

// The kill tests' random seed: OBKV_CRASH_SEED to replay a run, else a
// fresh one (print it with INFO so a failure can be replayed).
inline uint64_t CrashSeed() {
  return static_cast<uint64_t>(
      EnvInt("OBKV_CRASH_SEED", static_cast<int64_t>(std::random_device{}())));
}

class ChildProcess {
 public:
  // Starts argv[0] with the arguments; stderr goes to `stderr_path`. With
  // `piped_input`, its stdin is a pipe that WriteLine feeds; else it
  // inherits this process's.
  ChildProcess(const std::vector<std::string>& argv,
               const std::string& stderr_path, bool piped_input = false)
      : stderr_path_(stderr_path) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    int in[2] = {-1, -1};
    // Close-on-exec: no other child keeps the write end, so CloseInput
    // ends the input (dup2 leaves the child's stdin open).
    if (piped_input) REQUIRE(pipe2(in, O_CLOEXEC) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    if (piped_input) {
      posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
      posix_spawn_file_actions_addclose(&actions, in[0]);
      posix_spawn_file_actions_addclose(&actions, in[1]);
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO,
                                     stderr_path.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<char*> args;
    for (const std::string& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const int rc =
        posix_spawn(&pid_, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    out_fd_ = fds[0];
    if (piped_input) {
      close(in[0]);
      in_fd_ = in[1];
    }
    REQUIRE_MESSAGE(rc == 0, "cannot start ", argv[0]);
  }
  ~ChildProcess() {
    CloseInput();
    if (pid_ > 0) Kill();
    close(out_fd_);
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Appends the complete lines printed within `ms` milliseconds (or until
  // the output ends, or `lines` holds `until` lines) to `lines`. Returns
  // false at the end of the output.
  bool ReadLines(int ms, std::vector<std::string>* lines,
                 size_t until = SIZE_MAX) {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 || lines->size() >= until) return true;
      pollfd pfd{out_fd_, POLLIN, 0};
      if (poll(&pfd, 1, static_cast<int>(left.count())) <= 0) continue;
      char buf[4096];
      const ssize_t n = read(out_fd_, buf, sizeof(buf));
      if (n <= 0) return false;
      partial_.append(buf, static_cast<size_t>(n));
      size_t eol;
      while ((eol = partial_.find('\n')) != std::string::npos) {
        lines->push_back(partial_.substr(0, eol));
        partial_.erase(0, eol + 1);
      }
    }
  }

  // Writes `line` and a newline to the child's stdin. REQUIRED: started
  // with piped_input, and CloseInput not called.
  void WriteLine(const std::string& line) {
    const std::string text = line + "\n";
    REQUIRE(write(in_fd_, text.data(), text.size()) ==
            static_cast<ssize_t>(text.size()));
  }

  // Closes the child's stdin (it reads end of input); nothing without
  // piped_input.
  void CloseInput() {
    if (in_fd_ >= 0) close(in_fd_);
    in_fd_ = -1;
  }

  // Reads the rest of the output (the child must have ended).
  void ReadToEnd(std::vector<std::string>* lines) {
    while (ReadLines(1000, lines)) {
    }
  }

  // SIGKILLs and reaps the child; returns the wait status.
  int Kill() {
    kill(pid_, SIGKILL);
    return Wait();
  }

  // Waits for the child to end; returns the wait status.
  int Wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

  std::string Stderr() const {
    std::ifstream in(stderr_path_);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  pid_t pid_ = -1;
  int out_fd_ = -1;
  int in_fd_ = -1;  // piped_input only
  std::string stderr_path_;
  std::string partial_;
};

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_CHILD_PROCESS_H_
