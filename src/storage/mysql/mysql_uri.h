// Copyright (c) obkvlite authors.
//
// The location of a store on a MySQL-protocol server (doc/engines.md):
//
//   mysql://USER[:PASSWORD]@HOST[:PORT][,HOST[:PORT]...]/DATABASE
//       [?PARAM=VALUE&...]
//
// Several HOST[:PORT] (or several socket paths) are the endpoints of one
// cluster, tried in order: a session that cannot connect, or whose node is
// not ready (a Galera node outside the primary component), moves on to the
// next (storage/mysql/mysql_connection.h).
//
// Parameters (each at most once):
//   socket=PATH[,PATH...] the server's Unix socket(s) instead of TCP
//   connect_timeout=S     seconds to wait for a connection (default 10)
//   read_timeout=S        seconds to wait for one reply (default 300; above
//                         the servers' 50 s lock wait, below any "hang")
//   write_timeout=S       seconds to wait for one send (default 300)
//   retry_attempts=N      StoreOptions::retry.max_attempts, in [1, 1000]
//   retry_backoff_ms=B    StoreOptions::retry.initial_backoff_ms, [0, 60000]
//   retry_max_backoff_ms=M  StoreOptions::retry.max_backoff_ms, [0, 60000]
//   read_consistency=strong|weak  StoreOptions::read_consistency
//   writers=N             StoreOptions::server_writers, in [1, 64]
//   session.NAME=VALUE    SET SESSION NAME = VALUE on every session; NAME
//                         is [A-Za-z0-9_]+, VALUE [A-Za-z0-9_.:+-]* (a
//                         number is sent as one, anything else quoted)
// S is an integer in [1, 86400].
//
// USER, PASSWORD and PATH are percent-decoded, so OceanBase users such as
// root@tenant#cluster are written root%40tenant%23cluster. HOST is a name,
// an IPv4 address or a bracketed IPv6 address; PORT defaults to 3306.
// DATABASE is 1..64 characters of [A-Za-z0-9_]. Without a PASSWORD in the
// URI, the environment variable OBKV_MYSQL_PASSWORD supplies it (or none).
// Every error names the part that is wrong and never repeats a password.
//
// Thread safety: pure functions (ParseMysqlUri reads the environment).

#ifndef OBKVLITE_STORAGE_MYSQL_URI_H_
#define OBKVLITE_STORAGE_MYSQL_URI_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/read_consistency.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

struct MysqlEndpoint {
  std::string host;
  int port = 3306;
  std::string socket;  // empty: TCP to host:port

  // "host:port", or "socket PATH": where errors say the server was sought.
  std::string Describe() const;
};

struct MysqlUri {
  std::string user;
  std::string password;
  bool has_password = false;
  std::vector<MysqlEndpoint> endpoints;  // at least one, in URI order
  std::string database;
  // session.NAME=VALUE parameters in URI order, VALUE as the SQL literal.
  std::vector<std::pair<std::string, std::string>> session_variables;
  // Connector/C timeouts in seconds (the parameters above).
  unsigned int connect_timeout_s = 10;
  unsigned int read_timeout_s = 300;
  unsigned int write_timeout_s = 300;
  // Overrides of StoreOptions::retry (the parameters above).
  std::optional<int> retry_attempts;
  std::optional<int> retry_backoff_ms;
  std::optional<int> retry_max_backoff_ms;
  // Override of StoreOptions::read_consistency.
  std::optional<ReadConsistency> read_consistency;
  // Override of StoreOptions::server_writers.
  std::optional<int> writers;

  // "mysql://user@host:port[,host:port]/database", or "mysql://user@host/
  // database?socket=PATH[,PATH]", never a password: the form for errors,
  // logs and `describe`.
  std::string Redacted() const;
  // endpoints[0].Describe().
  std::string Endpoint() const { return endpoints.front().Describe(); }
};

// True when `location` starts with a URI scheme ("name://"): the MySQL
// engine's "mysql://" or a scheme ParseMysqlUri refuses by name.
bool HasMysqlScheme(std::string_view location);

// Parses `uri`; InvalidArgument naming the part ("store: port: ...").
Result<MysqlUri> ParseMysqlUri(std::string_view uri);

// InvalidArgument when `location` starts like a URI ("word:", e.g.
// "mysql:app:PW@host") without "//" and is no existing path: such a typo
// must not become a SQLite file of that name. The error names the scheme
// and never repeats the rest (it may hold a password).
Status RefuseMalformedUri(std::string_view location);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_URI_H_
