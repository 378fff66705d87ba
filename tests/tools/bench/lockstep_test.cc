// Copyright (c) obkvlite authors.
//
// RunInLockstep (src/tools/bench/lockstep.h): the arms take turns block by
// block in the order given, each in its own process; their metrics come
// back exactly; an arm's error or death names the arm and leaves the others
// to end.

#include "tools/bench/lockstep.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "watchdog.h"

namespace obkvlite {
namespace bench {
namespace {

// A log the children append to (O_APPEND: one write per entry), read back
// by the parent: the order in which the blocks ran.
class Log {
 public:
  Log() {
    char tmpl[] = "/tmp/obkv-lockstep-XXXXXX";
    fd_ = mkstemp(tmpl);
    path_ = tmpl;
    REQUIRE(fd_ >= 0);
    REQUIRE(fcntl(fd_, F_SETFL, O_APPEND) == 0);
  }
  ~Log() {
    close(fd_);
    unlink(path_.c_str());
  }
  void Append(const std::string& entry) const {
    const std::string line = entry + " ";
    REQUIRE(write(fd_, line.data(), line.size()) ==
            static_cast<ssize_t>(line.size()));
  }
  std::string Text() const {
    std::string out;
    char buf[256];
    ssize_t n;
    for (off_t at = 0; (n = pread(fd_, buf, sizeof buf, at)) > 0; at += n) {
      out.append(buf, static_cast<size_t>(n));
    }
    return out;
  }

 private:
  int fd_ = -1;
  std::string path_;
};

// An arm of `blocks` blocks that logs "name:i" for each.
ArmBody LoggingArm(const Log& log, const std::string& name, int blocks) {
  return [&log, name, blocks](Turn* turn, Metrics* m) {
    for (int i = 0; i < blocks; ++i) {
      log.Append(name + ":" + std::to_string(i));
      PassTurn(turn);
    }
    (*m)["blocks"] = blocks;
    return Status::OK();
  };
}

TEST_CASE("the arms take turns block by block, in the order given") {
  const testing::Watchdog watchdog(60, "lockstep: turn order");
  const Log log;
  Result<std::vector<Metrics>> r =
      RunInLockstep({LoggingArm(log, "a", 3), LoggingArm(log, "b", 1),
                     LoggingArm(log, "c", 2)});
  REQUIRE(r.ok());
  // b ends after its one block; a and c go on taking turns.
  CHECK(log.Text() == "a:0 b:0 c:0 a:1 c:1 a:2 ");
  REQUIRE(r.value().size() == 3);
  CHECK(r.value()[0].at("blocks") == 3);
  CHECK(r.value()[1].at("blocks") == 1);
  CHECK(r.value()[2].at("blocks") == 2);
}

TEST_CASE("each arm runs in its own process; its metrics come back exactly") {
  const testing::Watchdog watchdog(60, "lockstep: metrics round trip");
  const pid_t parent = getpid();
  Result<std::vector<Metrics>> r = RunInLockstep({[parent](Turn*, Metrics* m) {
    (*m)["own_process"] = getpid() != parent ? 1 : 0;
    (*m)["third"] = 1.0 / 3.0;
    (*m)["big"] = 1.25e300;
    (*m)["negative"] = -42;
    return Status::OK();
  }});
  REQUIRE(r.ok());
  const Metrics& m = r.value().at(0);
  CHECK(m.size() == 4);
  CHECK(m.at("own_process") == 1);
  CHECK(m.at("third") == 1.0 / 3.0);  // %.17g round-trips a double
  CHECK(m.at("big") == 1.25e300);
  CHECK(m.at("negative") == -42);
}

TEST_CASE("an arm's error names the arm; the other arms still end") {
  const testing::Watchdog watchdog(60, "lockstep: an arm's error");
  const Log log;
  Result<std::vector<Metrics>> r =
      RunInLockstep({LoggingArm(log, "a", 3), [&log](Turn* turn, Metrics*) {
                       log.Append("b:0");
                       PassTurn(turn);
                       return Status::InvalidArgument("rows: must be >= 1");
                     }});
  REQUIRE(!r.ok());
  CHECK(r.status().ToString().find("arm 1: ") != std::string::npos);
  CHECK(r.status().ToString().find("rows: must be >= 1") != std::string::npos);
  CHECK(log.Text() == "a:0 b:0 a:1 a:2 ");
}

TEST_CASE("an arm whose process dies is an error naming the signal") {
  const testing::Watchdog watchdog(60, "lockstep: a killed arm");
  const Log log;
  Result<std::vector<Metrics>> r = RunInLockstep({[](Turn* turn, Metrics*) {
                                                    PassTurn(turn);
                                                    raise(SIGKILL);
                                                    return Status::OK();
                                                  },
                                                  LoggingArm(log, "b", 2)});
  REQUIRE(!r.ok());
  CHECK(r.status().ToString().find(
            "arm 0: lockstep: the arm's process died of signal 9") !=
        std::string::npos);
  CHECK(log.Text() == "b:0 b:1 ");
}

TEST_CASE("an arm that exits without a result is an error naming the code") {
  const testing::Watchdog watchdog(60, "lockstep: an arm's early exit");
  Result<std::vector<Metrics>> r =
      RunInLockstep({[](Turn*, Metrics*) -> Status { _exit(7); }});
  REQUIRE(!r.ok());
  CHECK(r.status().ToString().find(
            "lockstep: the arm's process exited with 7 before its result") !=
        std::string::npos);
}

TEST_CASE("no arms: no metrics") {
  const testing::Watchdog watchdog(60, "lockstep: no arms");
  Result<std::vector<Metrics>> r = RunInLockstep({});
  REQUIRE(r.ok());
  CHECK(r.value().empty());
}

}  // namespace
}  // namespace bench
}  // namespace obkvlite
