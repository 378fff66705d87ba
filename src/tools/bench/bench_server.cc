// Copyright (c) obkvlite authors.
//
// The MariaDB server of obkv-bench's server arms (bench_arm.h): a private
// server on a Unix socket (scripts/bench.sh starts one with
// scripts/mariadb_server.sh), never a system-wide instance.

#include <mysql.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {
namespace {

std::string& SocketSlot() {
  static std::string socket;
  return socket;
}

}  // namespace

void SetBenchServerSocket(const std::string& socket) { SocketSlot() = socket; }

const std::string& BenchServerSocket() { return SocketSlot(); }

std::string BenchServerUser() {
  if (geteuid() == 0) return "root";
  const char* user = std::getenv("USER");
  return user != nullptr ? user : "root";
}

std::string BenchServerDatabase(const std::string& arm,
                                const std::string& dir) {
  // The run directory's unique suffix (mkdtemp) keeps runs apart.
  std::string suffix;
  for (char c : dir.substr(dir.rfind('-') + 1)) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
        (c >= '0' && c <= '9')) {
      suffix += c;
    }
  }
  return "obkv_bench_" + arm + "_" + suffix;
}

void DropBenchServerDatabase(const std::string& database) {
  MYSQL* m = mysql_init(nullptr);
  if (m == nullptr) return;
  const unsigned int protocol = MYSQL_PROTOCOL_SOCKET;
  mysql_optionsv(m, MYSQL_OPT_PROTOCOL, &protocol);
  if (mysql_real_connect(m, "localhost", BenchServerUser().c_str(), nullptr,
                         nullptr, 0, BenchServerSocket().c_str(),
                         0) != nullptr) {
    const std::string sql = "DROP DATABASE IF EXISTS `" + database + "`";
    (void)mysql_real_query(m, sql.data(), sql.size());
  }
  mysql_close(m);
}

}  // namespace bench
}  // namespace obkvlite
