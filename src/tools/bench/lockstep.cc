// Copyright (c) obkvlite authors.
#include "tools/bench/lockstep.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace obkvlite {
namespace bench {
namespace {

// The bytes of the protocol: the parent's "your turn", and the child's
// "I passed" and "I ended" (its result follows, up to end of file).
constexpr char kGo = 'g';
constexpr char kPassed = 'p';
constexpr char kEnded = 'e';

bool WriteAll(int fd, const char* data, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

// Reads one byte; false at end of file or on error.
bool ReadByte(int fd, char* c) {
  while (true) {
    const ssize_t r = ::read(fd, c, 1);
    if (r < 0 && errno == EINTR) continue;
    return r == 1;
  }
}

std::string ReadToEnd(int fd) {
  std::string out;
  char buf[4096];
  while (true) {
    const ssize_t r = ::read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return out;
    out.append(buf, static_cast<size_t>(r));
  }
}

// The child's side: waits for "go" on `go_fd`, says "passed" on `done_fd`.
class ChildTurn final : public Turn {
 public:
  ChildTurn(int go_fd, int done_fd) : go_fd_(go_fd), done_fd_(done_fd) {}

  void Pass() override {
    if (!WriteAll(done_fd_, &kPassed, 1)) _exit(3);  // the parent is gone
    WaitForGo();
  }

  void WaitForGo() {
    char c = 0;
    if (!ReadByte(go_fd_, &c) || c != kGo) _exit(3);
  }

 private:
  const int go_fd_;
  const int done_fd_;
};

// The result a child sends: "ok\n" and a "name value" line per metric, or
// "error\n" and the message.
std::string EncodeResult(const Status& status, const Metrics& metrics) {
  if (!status.ok()) return "error\n" + status.ToString();
  std::string out = "ok\n";
  char value[64];
  for (const auto& [name, v] : metrics) {
    std::snprintf(value, sizeof value, "%.17g", v);
    out += name + " " + value + "\n";
  }
  return out;
}

Result<Metrics> DecodeResult(const std::string& text) {
  if (text.rfind("error\n", 0) == 0) {
    return Status::IOError(text.substr(6));
  }
  if (text.rfind("ok\n", 0) != 0) {
    return Status::Corruption("lockstep: a child's result is malformed");
  }
  Metrics metrics;
  std::istringstream in(text.substr(3));
  std::string name;
  std::string value;
  while (in >> name >> value)
    metrics[name] = std::strtod(value.c_str(), nullptr);
  return metrics;
}

struct Child {
  pid_t pid = -1;
  int go_fd = -1;    // the parent's write end
  int done_fd = -1;  // the parent's read end
  bool running = true;
  Status status;
  Metrics metrics;
};

// Forks the child of `body`; `parent_fds` are the parent's ends of the
// earlier children, which the new child closes.
Status StartChild(const ArmBody& body, const std::vector<int>& parent_fds,
                  Child* child) {
  int go[2];
  int done[2];
  if (::pipe(go) != 0) return Status::IOError("lockstep: pipe failed");
  if (::pipe(done) != 0) {
    ::close(go[0]);
    ::close(go[1]);
    return Status::IOError("lockstep: pipe failed");
  }
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {go[0], go[1], done[0], done[1]}) ::close(fd);
    return Status::IOError(std::string("lockstep: fork: ") +
                           std::strerror(errno));
  }
  if (pid == 0) {
    for (int fd : parent_fds) ::close(fd);
    ::close(go[1]);
    ::close(done[0]);
    ChildTurn turn(go[0], done[1]);
    turn.WaitForGo();
    Metrics metrics;
    const Status st = body(&turn, &metrics);
    const std::string result = kEnded + EncodeResult(st, metrics);
    const bool sent = WriteAll(done[1], result.data(), result.size());
    std::fflush(nullptr);
    _exit(sent ? 0 : 3);
  }
  ::close(go[0]);
  ::close(done[1]);
  child->pid = pid;
  child->go_fd = go[1];
  child->done_fd = done[0];
  return Status::OK();
}

// Gives `child` its turn and waits until it passes or ends.
void TakeTurn(Child* child) {
  char c = 0;
  if (WriteAll(child->go_fd, &kGo, 1) && ReadByte(child->done_fd, &c) &&
      c == kPassed) {
    return;
  }
  child->running = false;
  if (c == kEnded) {
    Result<Metrics> r = DecodeResult(ReadToEnd(child->done_fd));
    if (r.ok()) {
      child->metrics = std::move(r).value();
    } else {
      child->status = r.status();
    }
  }
  ::close(child->go_fd);
  ::close(child->done_fd);
  int wstatus = 0;
  while (::waitpid(child->pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  if (c != kEnded && child->status.ok()) {
    child->status = Status::IOError(
        WIFSIGNALED(wstatus)
            ? "lockstep: the arm's process died of signal " +
                  std::to_string(WTERMSIG(wstatus))
            : "lockstep: the arm's process exited with " +
                  std::to_string(WEXITSTATUS(wstatus)) + " before its result");
  }
}

}  // namespace

Result<std::vector<Metrics>> RunInLockstep(const std::vector<ArmBody>& bodies) {
  // A child that died makes the next write to it fail, not kill the parent.
  struct sigaction ignore {};
  struct sigaction old {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &old);

  std::vector<Child> children(bodies.size());
  std::vector<int> parent_fds;
  Status started;
  for (size_t i = 0; i < bodies.size() && started.ok(); ++i) {
    started = StartChild(bodies[i], parent_fds, &children[i]);
    if (started.ok()) {
      parent_fds.push_back(children[i].go_fd);
      parent_fds.push_back(children[i].done_fd);
    } else {
      children.resize(i);  // the children so far still end
    }
  }
  bool any = true;
  while (any) {
    any = false;
    for (Child& child : children) {
      if (!child.running) continue;
      TakeTurn(&child);
      any = any || child.running;
    }
  }
  sigaction(SIGPIPE, &old, nullptr);
  OBKV_RETURN_IF_ERROR(started);
  std::vector<Metrics> out;
  for (size_t i = 0; i < children.size(); ++i) {
    if (!children[i].status.ok()) {
      return children[i].status.WithPrefix("arm " + std::to_string(i));
    }
    out.push_back(std::move(children[i].metrics));
  }
  return out;
}

}  // namespace bench
}  // namespace obkvlite
