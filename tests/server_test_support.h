// Copyright (c) obkvlite authors.
//
// The private MariaDB server of a test run. CTest starts it once as the
// fixture "mariadb" (scripts/mariadb_server.sh, tests/CMakeLists.txt) and
// gives the suites registered on it OBKV_TEST_MYSQL_SOCKET. A suite that
// is told to use the server and cannot reach it fails; it never passes
// silently on SQLite instead.
//
// ServerDatabase makes a fresh database name per use and drops the
// database when it goes; ServerQuery runs inspection SQL with ANSI_QUOTES,
// so the tests' "t$f" queries read the same on both engines.
//
// Thread safety: one test thread.

#ifndef OBKVLITE_TESTS_SERVER_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_SERVER_TEST_SUPPORT_H_

#include <doctest/doctest.h>
#include <mysql.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <vector>

namespace obkvlite {
namespace testing {

// The socket of the test server, or "" when the suite runs on SQLite.
inline std::string TestServerSocket() {
  const char* socket = std::getenv("OBKV_TEST_MYSQL_SOCKET");
  return socket != nullptr ? socket : "";
}

inline bool OnTestServer() { return !TestServerSocket().empty(); }

// The login the server authenticates by the socket (its install made it).
inline std::string TestServerUser() {
  if (geteuid() == 0) return "root";
  const char* user = std::getenv("USER");
  return user != nullptr ? user : "root";
}

// A store URI for `database` on the test server.
inline std::string TestServerUri(const std::string& database) {
  return "mysql://" + TestServerUser() + "@localhost/" + database +
         "?socket=" + TestServerSocket();
}

// A plain connection to the test server (no database selected).
inline MYSQL* ConnectTestServer() {
  MYSQL* m = mysql_init(nullptr);
  REQUIRE(m != nullptr);
  const unsigned int protocol = MYSQL_PROTOCOL_SOCKET;
  mysql_optionsv(m, MYSQL_OPT_PROTOCOL, &protocol);
  const std::string socket = TestServerSocket();
  INFO("test server on ", socket);
  REQUIRE_MESSAGE(
      mysql_real_connect(m, "localhost", TestServerUser().c_str(), nullptr,
                         nullptr, 0, socket.c_str(), 0) != nullptr,
      mysql_error(m));
  return m;
}

// Rows of `sql` in `database`, each row's columns joined by `separator`
// (NULL as "NULL"); binary bytes are kept as they are.
inline std::vector<std::string> ServerQuery(
    const std::string& database, const std::string& sql,
    const std::string& separator = "\t") {
  MYSQL* m = ConnectTestServer();
  std::vector<std::string> rows;
  const std::string setup = "SET SESSION sql_mode = 'ANSI_QUOTES'";
  REQUIRE(mysql_real_query(m, setup.data(), setup.size()) == 0);
  REQUIRE_MESSAGE(mysql_select_db(m, database.c_str()) == 0, mysql_error(m));
  INFO(sql);
  REQUIRE_MESSAGE(mysql_real_query(m, sql.data(), sql.size()) == 0,
                  mysql_error(m));
  MYSQL_RES* res = mysql_store_result(m);
  if (res != nullptr) {
    const unsigned int n = mysql_num_fields(res);
    while (MYSQL_ROW row = mysql_fetch_row(res)) {
      const unsigned long* lengths = mysql_fetch_lengths(res);
      std::string line;
      for (unsigned int i = 0; i < n; ++i) {
        if (i > 0) line += separator;
        line += row[i] == nullptr ? std::string("NULL")
                                  : std::string(row[i], lengths[i]);
      }
      rows.push_back(line);
    }
    mysql_free_result(res);
  }
  mysql_close(m);
  return rows;
}

// A fresh database name on the test server, dropped on destruction.
class ServerDatabase {
 public:
  ServerDatabase() {
    static std::atomic<int> counter{0};
    name_ = "obkv_t" + std::to_string(getpid()) + "_" +
            std::to_string(counter.fetch_add(1));
  }
  ~ServerDatabase() {
    // No REQUIRE here: a destructor must not throw.
    MYSQL* m = mysql_init(nullptr);
    if (m == nullptr) return;
    const unsigned int protocol = MYSQL_PROTOCOL_SOCKET;
    mysql_optionsv(m, MYSQL_OPT_PROTOCOL, &protocol);
    if (mysql_real_connect(m, "localhost", TestServerUser().c_str(), nullptr,
                           nullptr, 0, TestServerSocket().c_str(),
                           0) != nullptr) {
      const std::string sql = "DROP DATABASE IF EXISTS `" + name_ + "`";
      (void)mysql_real_query(m, sql.data(), sql.size());
    }
    mysql_close(m);
  }
  ServerDatabase(const ServerDatabase&) = delete;
  ServerDatabase& operator=(const ServerDatabase&) = delete;

  const std::string& name() const { return name_; }
  std::string uri() const { return TestServerUri(name_); }

 private:
  std::string name_;
};

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_SERVER_TEST_SUPPORT_H_
