// Copyright (c) obkvlite authors.
//
// The mysql:// store URI (storage/mysql/mysql_uri.h, doc/engines.md): every
// part parsed, percent-decoded where OceanBase users need it, every error
// naming its part, and no password in any error or printed form.

#include "storage/mysql/mysql_uri.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "obkvlite/store.h"
#include "storage/mysql/mysql_error.h"

namespace obkvlite {
namespace storage {
namespace {

MysqlUri MustParse(const std::string& text) {
  Result<MysqlUri> uri = ParseMysqlUri(text);
  REQUIRE_MESSAGE(uri.ok(), uri.status().ToString());
  return std::move(uri).value();
}

std::string ErrorOf(const std::string& text) {
  Result<MysqlUri> uri = ParseMysqlUri(text);
  REQUIRE(!uri.ok());
  CHECK(uri.status().IsInvalidArgument());
  return uri.status().message();
}

TEST_CASE("uri: an OceanBase user, password, host, port and database") {
  unsetenv("OBKV_MYSQL_PASSWORD");
  const MysqlUri uri =
      MustParse("mysql://root%40sys%23obcluster:p%40ss@10.0.0.5:2881/kv");
  CHECK(uri.user == "root@sys#obcluster");
  CHECK(uri.password == "p@ss");
  CHECK(uri.has_password);
  CHECK(uri.endpoints[0].host == "10.0.0.5");
  CHECK(uri.endpoints[0].port == 2881);
  CHECK(uri.database == "kv");
  CHECK(uri.endpoints[0].socket.empty());
  CHECK(uri.Redacted() == "mysql://root@sys#obcluster@10.0.0.5:2881/kv");
  CHECK(uri.Endpoint() == "10.0.0.5:2881");
}

TEST_CASE("uri: defaults, IPv6, a socket, and an unencoded '@' in the user") {
  unsetenv("OBKV_MYSQL_PASSWORD");
  MysqlUri uri = MustParse("mysql://app@db.example/store_1");
  CHECK(uri.endpoints[0].port == 3306);
  CHECK(!uri.has_password);
  uri = MustParse("mysql://app@[::1]:3307/s");
  CHECK(uri.endpoints[0].host == "::1");
  CHECK(uri.endpoints[0].port == 3307);
  CHECK(uri.Endpoint() == "[::1]:3307");
  uri = MustParse("mysql://root@localhost/s?socket=%2Ftmp%2Fm%20x.sock");
  CHECK(uri.endpoints[0].socket == "/tmp/m x.sock");
  CHECK(uri.Endpoint() == "socket /tmp/m x.sock");
  CHECK(uri.Redacted() == "mysql://root@localhost/s?socket=/tmp/m x.sock");
  uri = MustParse("mysql://root@tenant@h/s");  // the last '@' ends the user
  CHECK(uri.user == "root@tenant");
  CHECK(uri.endpoints[0].host == "h");
}

TEST_CASE("uri: several endpoints, in order, and socket lists") {
  unsetenv("OBKV_MYSQL_PASSWORD");
  MysqlUri uri = MustParse("mysql://app:pw@h1:3307,h2,[::1]:3309/kv");
  REQUIRE(uri.endpoints.size() == 3);
  CHECK(uri.endpoints[0].Describe() == "h1:3307");
  CHECK(uri.endpoints[1].Describe() == "h2:3306");
  CHECK(uri.endpoints[2].Describe() == "[::1]:3309");
  CHECK(uri.Redacted() == "mysql://app@h1:3307,h2:3306,[::1]:3309/kv");
  CHECK(uri.Endpoint() == "h1:3307");
  uri = MustParse("mysql://root@localhost/kv?socket=/a/n1.sock,/b/n%2C2.sock");
  REQUIRE(uri.endpoints.size() == 2);
  CHECK(uri.endpoints[0].Describe() == "socket /a/n1.sock");
  CHECK(uri.endpoints[1].Describe() == "socket /b/n,2.sock");
  CHECK(uri.endpoints[1].host == "localhost");
  CHECK(uri.Redacted() ==
        "mysql://root@localhost/kv?socket=/a/n1.sock,/b/n,2.sock");
  CHECK(ErrorOf("mysql://u@h1,,h2/d") == "store: host: missing");
  CHECK(ErrorOf("mysql://u@h1,h2:0/d") ==
        "store: port: '0' is not in [1, 65535]");
  CHECK(ErrorOf("mysql://u@h1,h2/d?socket=/s") ==
        "store: socket: give several hosts or several sockets, not both");
  CHECK(ErrorOf("mysql://u@h/d?socket=/s,") ==
        "store: socket: an empty path in the list");
}

TEST_CASE("uri: session variables") {
  MysqlUri uri = MustParse(
      "mysql://u@h/d?session.wsrep_sync_wait=3&session.time_zone=%2B00:00&"
      "session.innodb_lock_wait_timeout=-1&session.sql_log_bin=OFF");
  REQUIRE(uri.session_variables.size() == 4);
  CHECK(uri.session_variables[0] ==
        std::pair<std::string, std::string>("wsrep_sync_wait", "3"));
  CHECK(uri.session_variables[1] ==
        std::pair<std::string, std::string>("time_zone", "'+00:00'"));
  CHECK(uri.session_variables[2] ==
        std::pair<std::string, std::string>("innodb_lock_wait_timeout", "-1"));
  CHECK(uri.session_variables[3] ==
        std::pair<std::string, std::string>("sql_log_bin", "'OFF'"));
  CHECK(ErrorOf("mysql://u@h/d?session.=1") ==
        "store: session.: the variable name must be 1..64 characters of "
        "[A-Za-z0-9_]");
  CHECK(ErrorOf("mysql://u@h/d?session.a%3Bb=1") ==
        "store: session.a%3Bb: the variable name must be 1..64 characters "
        "of [A-Za-z0-9_]");
  CHECK(ErrorOf("mysql://u@h/d?session.x=a'b") ==
        "store: session.x: 'a'b' holds a character outside [A-Za-z0-9_.:+-]");
  CHECK(ErrorOf("mysql://u@h/d?session.x=1&session.x=2") ==
        "store: session.x: given twice");
}

TEST_CASE("uri: timeouts have defaults and parameters change them") {
  MysqlUri uri = MustParse("mysql://u@h/d");
  CHECK(uri.connect_timeout_s == 10);
  CHECK(uri.read_timeout_s == 300);
  CHECK(uri.write_timeout_s == 300);
  uri = MustParse(
      "mysql://u@h/d?connect_timeout=3&read_timeout=20&write_timeout=86400");
  CHECK(uri.connect_timeout_s == 3);
  CHECK(uri.read_timeout_s == 20);
  CHECK(uri.write_timeout_s == 86400);
  CHECK(!uri.retry_attempts.has_value());
  uri = MustParse(
      "mysql://u@h/d?retry_attempts=3&retry_backoff_ms=0&"
      "retry_max_backoff_ms=40");
  CHECK(uri.retry_attempts == 3);
  CHECK(uri.retry_backoff_ms == 0);
  CHECK(uri.retry_max_backoff_ms == 40);
  CHECK(!uri.read_consistency.has_value());
  CHECK(MustParse("mysql://u@h/d?read_consistency=weak").read_consistency ==
        ReadConsistency::kWeak);
  CHECK(MustParse("mysql://u@h/d?read_consistency=strong").read_consistency ==
        ReadConsistency::kStrong);
  CHECK(ErrorOf("mysql://u@h/d?read_consistency=eventual") ==
        "store: read_consistency: must be strong or weak, got 'eventual'");
  CHECK(!uri.writers.has_value());
  CHECK(MustParse("mysql://u@h/d?writers=1").writers == 1);
  CHECK(MustParse("mysql://u@h/d?writers=64").writers == 64);
  CHECK(ErrorOf("mysql://u@h/d?writers=0") ==
        "store: writers: '0' is not a number of writer sessions in [1, 64]");
  CHECK(ErrorOf("mysql://u@h/d?writers=65") ==
        "store: writers: '65' is not a number of writer sessions in [1, 64]");
  CHECK(ErrorOf("mysql://u@h/d?writers=") ==
        "store: writers: '' is not a number of writer sessions in [1, 64]");
}

TEST_CASE("uri: the password may come from OBKV_MYSQL_PASSWORD") {
  setenv("OBKV_MYSQL_PASSWORD", "from-env", 1);
  CHECK(MustParse("mysql://u@h/d").password == "from-env");
  CHECK(MustParse("mysql://u:given@h/d").password == "given");
  unsetenv("OBKV_MYSQL_PASSWORD");
}

TEST_CASE("uri: each bad part is named") {
  CHECK(ErrorOf("postgres://u@h/d") ==
        "store: scheme: 'postgres' is not supported (use "
        "mysql://USER@HOST[:PORT]/DATABASE or a file path)");
  CHECK(ErrorOf("mysql://u@h:99999/d") ==
        "store: port: '99999' is not in [1, 65535]");
  CHECK(ErrorOf("mysql://u@h:0/d") == "store: port: '0' is not in [1, 65535]");
  CHECK(ErrorOf("mysql://u@h:33o6/d") == "store: port: '33o6' is not a number");
  CHECK(ErrorOf("mysql://u@h:/d") == "store: port: empty after ':'");
  CHECK(ErrorOf("mysql://u@h/d?ssl=1") ==
        "store: parameter: unknown parameter 'ssl' (known: socket, "
        "connect_timeout, read_timeout, write_timeout, retry_attempts, "
        "retry_backoff_ms, retry_max_backoff_ms, read_consistency, writers, "
        "session.NAME)");
  CHECK(ErrorOf("mysql://u@h/d?retry_attempts=0") ==
        "store: retry_attempts: '0' is not a number of attempts in [1, 1000]");
  CHECK(ErrorOf("mysql://u@h/d?retry_backoff_ms=-1") ==
        "store: retry_backoff_ms: '-1' is not a number of ms in [0, 60000]");
  CHECK(ErrorOf("mysql://u@h/d?read_timeout=0") ==
        "store: read_timeout: '0' is not a number of seconds in [1, 86400]");
  CHECK(ErrorOf("mysql://u@h/d?connect_timeout=x") ==
        "store: connect_timeout: 'x' is not a number of seconds in [1, "
        "86400]");
  CHECK(ErrorOf("mysql://u@h/d?write_timeout=86401") ==
        "store: write_timeout: '86401' is not a number of seconds in [1, "
        "86400]");
  CHECK(ErrorOf("mysql://u@h/d?read_timeout=5&read_timeout=6") ==
        "store: read_timeout: given twice");
  CHECK(ErrorOf("mysql://u@h/d?socket=") ==
        "store: socket: needs a path: ?socket=PATH");
  CHECK(ErrorOf("mysql://u@h") ==
        "store: database: missing (mysql://USER@HOST[:PORT]/DATABASE)");
  CHECK(ErrorOf("mysql://u@h/") == "store: database: empty");
  CHECK(ErrorOf("mysql://u@h/a-b") ==
        "store: database: 'a-b' holds a character outside [A-Za-z0-9_]");
  CHECK(ErrorOf("mysql://u@h/" + std::string(65, 'd')) ==
        "store: database: 65 characters, limit 64");
  CHECK(ErrorOf("mysql://h/d") ==
        "store: user: missing (mysql://USER@HOST[:PORT]/DATABASE)");
  CHECK(ErrorOf("mysql://@h/d") == "store: user: empty");
  CHECK(ErrorOf("mysql://u@/d") == "store: host: missing");
  CHECK(ErrorOf("mysql://u@h%20x/d") ==
        "store: host: 'h%20x' holds a character outside [A-Za-z0-9._-]");
  CHECK(ErrorOf("mysql://u@[::1/d") ==
        "store: host: '[' without ']' in '[::1'");
  CHECK(ErrorOf("mysql://u%zz@h/d") ==
        "store: user: '%' at offset 1 of 'u%zz' is not followed by two hex "
        "digits");
}

TEST_CASE("uri: no error and no printed form holds the password") {
  const std::string secret = "Sup3r%zzSecret";
  const std::string msg = ErrorOf("mysql://u:" + secret + "@h/d");
  CHECK(msg == "store: password: a '%' is not followed by two hex digits");
  CHECK(msg.find("Sup3r") == std::string::npos);
  const MysqlUri uri = MustParse("mysql://u:Sup3rSecret@h:1/d");
  CHECK(uri.Redacted().find("Sup3r") == std::string::npos);
  CHECK(uri.Endpoint().find("Sup3r") == std::string::npos);
}

TEST_CASE("uri: 'word:' without '//' is refused, naming only the scheme") {
  for (const char* location : {"mysql:app:Sup3rSecret@host", "mysql:/app@h/d",
                               "sqlite:x.db", "Mysql+tcp:app@h"}) {
    INFO(location);
    Result<std::unique_ptr<Store>> store =
        Store::Open(StoreOptions(), location);
    REQUIRE(!store.ok());
    CHECK(store.status().IsInvalidArgument());
    const std::string scheme =
        std::string(location).substr(0, std::string(location).find(':') + 1);
    CHECK(store.status().message() ==
          "store: scheme: '" + scheme +
              "' is not followed by '//': a server store is "
              "mysql://USER@HOST[:PORT]/DATABASE, and a new file whose name "
              "holds a ':' is written ./NAME");
    CHECK(store.status().message().find("Sup3r") == std::string::npos);
    CHECK(!std::filesystem::exists(location));
    CHECK(CheckStoreLocation(location).IsInvalidArgument());
  }
  // Not URIs: plain paths, './' forms, and a path with ':' that exists.
  CHECK(CheckStoreLocation("store.db").ok());
  CHECK(CheckStoreLocation("./a:b.db").ok());
  CHECK(CheckStoreLocation("/tmp/x:y").ok());
  CHECK(CheckStoreLocation("1a:b").ok());
  const std::string existing = "obkv_uri_test:existing.db";
  { std::ofstream(existing) << ""; }
  CHECK(CheckStoreLocation(existing).ok());
  std::filesystem::remove(existing);
}

TEST_CASE(
    "errors: conflicts are Aborted, 1047 Unavailable, lost COMMIT "
    "UnknownOutcome") {
  const std::string at = "h:1";
  CHECK(MysqlStatus(1213, "Deadlock", "execute", at).IsAborted());
  CHECK(MysqlStatus(1205, "Lock wait", "execute", at).IsAborted());
  CHECK(MysqlStatus(6005, "Try lock row conflict", "execute", at).IsAborted());
  CHECK(MysqlStatus(6002, "transaction needs rollback", "x", at).IsAborted());
  CHECK(MysqlStatus(4038, "not master", "x", at).IsAborted());
  CHECK(MysqlStatus(4012, "Timeout", "x", at).IsAborted());
  const Status not_ready = MysqlStatus(
      1047, "WSREP has not yet prepared node for application use", "x", at);
  CHECK(not_ready.IsUnavailable());
  CHECK(not_ready.message() ==
        "mysql server at h:1: x: WSREP has not yet prepared node for "
        "application use (error 1047)");
  CHECK(LeavesSessionInDoubt(1047));
  CHECK(MysqlCommitStatus(2013, "Lost connection", at).IsUnknownOutcome());
  CHECK(MysqlCommitStatus(4012, "Timeout", at).IsUnknownOutcome());
  CHECK(MysqlCommitStatus(1213, "Deadlock", at).IsAborted());
  CHECK(MysqlCommitStatus(1180, "Got error 6 during COMMIT", at).IsAborted());
  CHECK(MysqlStatus(1062, "Duplicate", "x", at).IsInvalidArgument());
}

TEST_CASE("uri: a store location is a server URI or a file path") {
  CHECK(IsServerLocation("mysql://u@h/d"));
  CHECK(IsServerLocation("postgres://u@h/d"));  // refused by name at open
  CHECK(!IsServerLocation("/tmp/store.db"));
  CHECK(!IsServerLocation("store.db"));
  CHECK(!IsServerLocation("./a://b"));
  CHECK(!IsServerLocation("://x"));
  Result<std::unique_ptr<Store>> store =
      Store::Open(StoreOptions(), "postgres://u@h/d");
  CHECK(store.status().IsInvalidArgument());
  CHECK(store.status().message().find("store: scheme: 'postgres'") == 0);
}

}  // namespace
}  // namespace storage
}  // namespace obkvlite
