// Copyright (c) obkvlite authors.
//
// The mysql:// store URI (storage/mysql_uri.h, doc/engines.md): every part
// parsed, percent-decoded where OceanBase users need it, every error naming
// its part, and no password in any error or printed form.

#include "storage/mysql_uri.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <string>

#include "obkvlite/store.h"

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
  CHECK(uri.host == "10.0.0.5");
  CHECK(uri.port == 2881);
  CHECK(uri.database == "kv");
  CHECK(uri.socket.empty());
  CHECK(uri.Redacted() == "mysql://root@sys#obcluster@10.0.0.5:2881/kv");
  CHECK(uri.Endpoint() == "10.0.0.5:2881");
}

TEST_CASE("uri: defaults, IPv6, a socket, and an unencoded '@' in the user") {
  unsetenv("OBKV_MYSQL_PASSWORD");
  MysqlUri uri = MustParse("mysql://app@db.example/store_1");
  CHECK(uri.port == 3306);
  CHECK(!uri.has_password);
  uri = MustParse("mysql://app@[::1]:3307/s");
  CHECK(uri.host == "::1");
  CHECK(uri.port == 3307);
  CHECK(uri.Endpoint() == "[::1]:3307");
  uri = MustParse("mysql://root@localhost/s?socket=%2Ftmp%2Fm%20x.sock");
  CHECK(uri.socket == "/tmp/m x.sock");
  CHECK(uri.Endpoint() == "socket /tmp/m x.sock");
  CHECK(uri.Redacted() == "mysql://root@localhost/s?socket=/tmp/m x.sock");
  uri = MustParse("mysql://root@tenant@h/s");  // the last '@' ends the user
  CHECK(uri.user == "root@tenant");
  CHECK(uri.host == "h");
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
        "retry_backoff_ms, retry_max_backoff_ms)");
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
