// Copyright (c) obkvlite authors.
//
// OwnServer: a MariaDB of the test's own, for tests that kill and restart
// it (scripts/mariadb_server.sh start|kill|restart|stop): its folder is
// under the build folder (the test's working directory, never /tmp),
// named `prefix` and the process id, and it listens on a Unix socket
// there. Started by the constructor (REQUIRE), stopped and removed by the
// destructor.
//
// Thread safety: Script may run on any thread; the rest is immutable.

#ifndef OBKVLITE_TESTS_OWN_SERVER_H_
#define OBKVLITE_TESTS_OWN_SERVER_H_

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "server_test_support.h"
#include "test_paths.h"

namespace obkvlite {
namespace testing {

class OwnServer {
 public:
  explicit OwnServer(const std::string& prefix)
      : dir_((std::filesystem::current_path() /
              (prefix + std::to_string(getpid())))
                 .string()) {
    REQUIRE(Script("start") == 0);
  }
  ~OwnServer() { (void)Script("stop"); }
  OwnServer(const OwnServer&) = delete;
  OwnServer& operator=(const OwnServer&) = delete;

  // Runs scripts/mariadb_server.sh `cmd` on the server; its exit code.
  int Script(const std::string& cmd) const {
    const std::string line = std::string(OBKV_SOURCE_DIR) +
                             "/scripts/mariadb_server.sh " + cmd + " " + dir_ +
                             " >/dev/null";
    return std::system(line.c_str());
  }
  std::string socket() const { return dir_ + "/mysqld.sock"; }
  // The store URI of `database` on this server.
  std::string uri(const std::string& database) const {
    return "mysql://" + TestServerUser() + "@localhost/" + database +
           "?socket=" + socket();
  }

 private:
  const std::string dir_;
};

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_OWN_SERVER_H_
