// Copyright (c) obkvlite authors.
#include "storage/mysql/mysql_uri.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "obkvlite/options.h"
#include "util/hex_digit.h"

namespace obkvlite {
namespace storage {
namespace {

constexpr std::string_view kScheme = "mysql://";
constexpr const char* kKnownParameters =
    "socket, connect_timeout, read_timeout, write_timeout, retry_attempts, "
    "retry_backoff_ms, retry_max_backoff_ms, read_consistency, writers, "
    "session.NAME";

Status UriError(std::string_view part, const std::string& what) {
  return Status::InvalidArgument("store: " + std::string(part) + ": " + what);
}

// Percent-decodes `text`; `part` names it in the error. `secret` parts are
// never quoted back.
Result<std::string> PercentDecode(std::string_view text, std::string_view part,
                                  bool secret) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    const bool has_two = i + 2 < text.size();
    const int hi = has_two ? HexDigitValue(text[i + 1]) : -1;
    const int lo = has_two ? HexDigitValue(text[i + 2]) : -1;
    if (hi < 0 || lo < 0) {
      return UriError(part, secret ? "a '%' is not followed by two hex digits"
                                   : "'%' at offset " + std::to_string(i) +
                                         " of '" + std::string(text) +
                                         "' is not followed by two hex digits");
    }
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

bool IsDatabaseChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '_';
}

bool IsHostChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

Status ParseHostPort(std::string_view text, MysqlEndpoint* uri) {
  std::string_view port;
  if (!text.empty() && text[0] == '[') {
    const size_t close = text.find(']');
    if (close == std::string_view::npos) {
      return UriError("host", "'[' without ']' in '" + std::string(text) + "'");
    }
    uri->host = std::string(text.substr(1, close - 1));
    for (char c : uri->host) {
      if (HexDigitValue(c) < 0 && c != ':' && c != '.') {
        return UriError("host", "'" + uri->host + "' is not an IPv6 address");
      }
    }
    text.remove_prefix(close + 1);
    if (!text.empty() && text[0] != ':') {
      return UriError("host", "unexpected '" + std::string(text) +
                                  "' after the IPv6 address");
    }
    if (!text.empty()) port = text.substr(1);
    if (text.size() == 1) return UriError("port", "empty after ':'");
  } else {
    const size_t colon = text.find(':');
    uri->host = std::string(text.substr(0, colon));
    if (colon != std::string_view::npos) port = text.substr(colon + 1);
    for (char c : uri->host) {
      if (!IsHostChar(c)) {
        return UriError("host", "'" + uri->host +
                                    "' holds a character outside "
                                    "[A-Za-z0-9._-]");
      }
    }
    if (colon != std::string_view::npos && port.empty()) {
      return UriError("port", "empty after ':'");
    }
  }
  if (uri->host.empty()) return UriError("host", "missing");
  if (!port.empty()) {
    if (port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string_view::npos) {
      return UriError("port", "'" + std::string(port) + "' is not a number");
    }
    const int value = std::atoi(std::string(port).c_str());
    if (value < 1 || value > 65535) {
      return UriError("port",
                      "'" + std::string(port) + "' is not in [1, 65535]");
    }
    uri->port = value;
  }
  return Status::OK();
}

// A whole number in [min, max] for the parameter `name`, in `unit`.
Result<long> ParseNumber(std::string_view name, std::string_view value,
                         long min, long max, const char* unit) {
  long number = -1;
  if (!value.empty() && value.size() <= 6 &&
      value.find_first_not_of("0123456789") == std::string_view::npos) {
    number = std::atol(std::string(value).c_str());
  }
  if (number < min || number > max) {
    return UriError(name, "'" + std::string(value) + "' is not a number of " +
                              unit + " in [" + std::to_string(min) + ", " +
                              std::to_string(max) + "]");
  }
  return number;
}

Result<unsigned int> ParseSeconds(std::string_view name,
                                  std::string_view value) {
  OBKV_ASSIGN_OR_RETURN(long seconds,
                        ParseNumber(name, value, 1, 86400, "seconds"));
  return static_cast<unsigned int>(seconds);
}

Result<std::optional<int>> ParseMs(std::string_view name,
                                   std::string_view value) {
  OBKV_ASSIGN_OR_RETURN(long ms, ParseNumber(name, value, 0, 60000, "ms"));
  return std::optional<int>(static_cast<int>(ms));
}

// socket=PATH[,PATH...]: one socket endpoint per path, each on the URI's
// (first) host.
Status ParseSockets(std::string_view value, MysqlUri* uri) {
  if (uri->endpoints.size() > 1) {
    return UriError("socket",
                    "give several hosts or several sockets, not "
                    "both");
  }
  const MysqlEndpoint base = uri->endpoints.front();
  uri->endpoints.clear();
  while (true) {
    const size_t comma = value.find(',');
    MysqlEndpoint endpoint = base;
    OBKV_ASSIGN_OR_RETURN(endpoint.socket, PercentDecode(value.substr(0, comma),
                                                         "socket", false));
    if (endpoint.socket.empty()) {
      return UriError("socket", "an empty path in the list");
    }
    uri->endpoints.push_back(std::move(endpoint));
    if (comma == std::string_view::npos) return Status::OK();
    value.remove_prefix(comma + 1);
  }
}

Status ParseSessionVariable(const std::string& name, std::string_view value,
                            MysqlUri* uri) {
  const std::string variable = name.substr(8);
  if (variable.empty() || variable.size() > 64 ||
      !std::all_of(variable.begin(), variable.end(), IsDatabaseChar)) {
    return UriError(name,
                    "the variable name must be 1..64 characters of "
                    "[A-Za-z0-9_]");
  }
  OBKV_ASSIGN_OR_RETURN(std::string decoded, PercentDecode(value, name, false));
  const auto plain = [](char c) {
    return IsDatabaseChar(c) || c == '.' || c == ':' || c == '+' || c == '-';
  };
  if (!std::all_of(decoded.begin(), decoded.end(), plain)) {
    return UriError(
        name, "'" + decoded + "' holds a character outside [A-Za-z0-9_.:+-]");
  }
  const bool number =
      !decoded.empty() &&
      decoded.find_first_not_of("0123456789", decoded[0] == '-' ? 1 : 0) ==
          std::string::npos &&
      decoded != "-";
  uri->session_variables.emplace_back(variable,
                                      number ? decoded : "'" + decoded + "'");
  return Status::OK();
}

Status ParseQuery(std::string_view query, MysqlUri* uri) {
  std::vector<std::string> seen;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view()
                                          : query.substr(amp + 1);
    const size_t eq = pair.find('=');
    const std::string name(pair.substr(0, eq));
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      return UriError(name, "given twice");
    }
    seen.push_back(name);
    if (name == "socket") {
      if (value.empty())
        return UriError("socket", "needs a path: ?socket=PATH");
      OBKV_RETURN_IF_ERROR(ParseSockets(value, uri));
    } else if (name.compare(0, 8, "session.") == 0) {
      OBKV_RETURN_IF_ERROR(ParseSessionVariable(name, value, uri));
    } else if (name == "connect_timeout") {
      OBKV_ASSIGN_OR_RETURN(uri->connect_timeout_s, ParseSeconds(name, value));
    } else if (name == "read_timeout") {
      OBKV_ASSIGN_OR_RETURN(uri->read_timeout_s, ParseSeconds(name, value));
    } else if (name == "write_timeout") {
      OBKV_ASSIGN_OR_RETURN(uri->write_timeout_s, ParseSeconds(name, value));
    } else if (name == "retry_attempts") {
      OBKV_ASSIGN_OR_RETURN(long attempts,
                            ParseNumber(name, value, 1, 1000, "attempts"));
      uri->retry_attempts = static_cast<int>(attempts);
    } else if (name == "retry_backoff_ms") {
      OBKV_ASSIGN_OR_RETURN(uri->retry_backoff_ms, ParseMs(name, value));
    } else if (name == "retry_max_backoff_ms") {
      OBKV_ASSIGN_OR_RETURN(uri->retry_max_backoff_ms, ParseMs(name, value));
    } else if (name == "writers") {
      OBKV_ASSIGN_OR_RETURN(
          long writers,
          ParseNumber(name, value, 1, kMaxServerWriters, "writer sessions"));
      uri->writers = static_cast<int>(writers);
    } else if (name == "read_consistency") {
      uri->read_consistency = ParseReadConsistency(value);
      if (!uri->read_consistency) {
        return UriError(
            name, "must be strong or weak, got '" + std::string(value) + "'");
      }
    } else {
      return UriError("parameter", "unknown parameter '" + name +
                                       "' (known: " + kKnownParameters + ")");
    }
  }
  return Status::OK();
}

}  // namespace

std::string MysqlEndpoint::Describe() const {
  if (!socket.empty()) return "socket " + socket;
  return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" +
         std::to_string(port);
}

std::string MysqlUri::Redacted() const {
  std::string out = std::string(kScheme) + user + "@";
  const bool sockets = !endpoints.front().socket.empty();
  for (size_t i = 0; i < endpoints.size(); ++i) {
    if (sockets && i > 0) break;  // one host; the sockets follow
    if (i > 0) out += ",";
    out += sockets ? endpoints[i].host : endpoints[i].Describe();
  }
  out += "/" + database;
  if (sockets) {
    out += "?socket=";
    for (size_t i = 0; i < endpoints.size(); ++i) {
      out += (i > 0 ? "," : "") + endpoints[i].socket;
    }
  }
  return out;
}

Status RefuseMalformedUri(std::string_view location) {
  size_t i = 0;
  while (i < location.size() &&
         ((location[i] >= 'a' && location[i] <= 'z') ||
          (location[i] >= 'A' && location[i] <= 'Z') ||
          (i > 0 &&
           ((location[i] >= '0' && location[i] <= '9') || location[i] == '+' ||
            location[i] == '-' || location[i] == '.')))) {
    ++i;
  }
  if (i == 0 || i >= location.size() || location[i] != ':') {
    return Status::OK();
  }
  if (location.substr(i, 3) == "://") return Status::OK();
  struct stat st;
  if (::stat(std::string(location).c_str(), &st) == 0) return Status::OK();
  return UriError("scheme", "'" + std::string(location.substr(0, i + 1)) +
                                "' is not followed by '//': a server store is "
                                "mysql://USER@HOST[:PORT]/DATABASE, and a new "
                                "file whose name holds a ':' is written "
                                "./NAME");
}

bool HasMysqlScheme(std::string_view location) {
  const size_t sep = location.find("://");
  if (sep == std::string_view::npos || sep == 0) return false;
  for (size_t i = 0; i < sep; ++i) {
    const char c = location[i];
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
        (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
    if (!ok) return false;
  }
  return true;
}

Result<MysqlUri> ParseMysqlUri(std::string_view text) {
  if (text.substr(0, kScheme.size()) != kScheme) {
    const size_t sep = text.find("://");
    return UriError("scheme", "'" + std::string(text.substr(0, sep)) +
                                  "' is not supported (use mysql://USER@HOST"
                                  "[:PORT]/DATABASE or a file path)");
  }
  text.remove_prefix(kScheme.size());
  MysqlUri uri;
  const size_t query_at = text.find('?');
  std::string_view query;
  if (query_at != std::string_view::npos) {
    query = text.substr(query_at + 1);
    text = text.substr(0, query_at);
    if (query.empty()) return UriError("parameter", "empty after '?'");
  }
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) {
    return UriError("database", "missing (mysql://USER@HOST[:PORT]/DATABASE)");
  }
  const std::string_view authority = text.substr(0, slash);
  const std::string_view database = text.substr(slash + 1);
  const size_t at = authority.rfind('@');
  if (at == std::string_view::npos) {
    return UriError("user", "missing (mysql://USER@HOST[:PORT]/DATABASE)");
  }
  const std::string_view userinfo = authority.substr(0, at);
  const size_t colon = userinfo.find(':');
  OBKV_ASSIGN_OR_RETURN(
      uri.user, PercentDecode(userinfo.substr(0, colon), "user", false));
  if (uri.user.empty()) return UriError("user", "empty");
  if (colon != std::string_view::npos) {
    OBKV_ASSIGN_OR_RETURN(uri.password,
                          PercentDecode(userinfo.substr(colon + 1), "password",
                                        /*secret=*/true));
    uri.has_password = true;
  }
  std::string_view hosts = authority.substr(at + 1);
  while (true) {
    const size_t comma = hosts.find(',');
    MysqlEndpoint endpoint;
    OBKV_RETURN_IF_ERROR(ParseHostPort(hosts.substr(0, comma), &endpoint));
    uri.endpoints.push_back(std::move(endpoint));
    if (comma == std::string_view::npos) break;
    hosts.remove_prefix(comma + 1);
  }
  if (database.empty()) return UriError("database", "empty");
  if (database.size() > 64) {
    return UriError("database",
                    std::to_string(database.size()) + " characters, limit 64");
  }
  for (char c : database) {
    if (!IsDatabaseChar(c)) {
      return UriError("database", "'" + std::string(database) +
                                      "' holds a character outside "
                                      "[A-Za-z0-9_]");
    }
  }
  uri.database = std::string(database);
  OBKV_RETURN_IF_ERROR(ParseQuery(query, &uri));
  if (!uri.has_password) {
    if (const char* env = std::getenv("OBKV_MYSQL_PASSWORD")) {
      uri.password = env;
      uri.has_password = true;
    }
  }
  return uri;
}

}  // namespace storage
}  // namespace obkvlite
