// Copyright (c) obkvlite authors.
//
// Who may use an HTTP gateway: HTTP basic authentication (RFC 7617) and
// shared secrets sent as a bearer token (RFC 6750), as the cloud HBase
// services front their REST gateways. Credentials come from a file or an
// environment variable, never from the command line, one per line:
//   basic USER:PASSWORD     Authorization: Basic base64(USER:PASSWORD)
//   token SECRET            Authorization: Bearer SECRET
// Blank lines and lines starting with '#' are skipped. Secrets are
// compared in constant time and never logged; a refusal's log line names
// the user a basic header claimed, at most.
//
// Thread safety: a parsed HttpCredentials is read-only; functions are pure.

#ifndef OBKVLITE_SERVER_HTTP_HTTP_AUTH_H_
#define OBKVLITE_SERVER_HTTP_HTTP_AUTH_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace http {

struct HttpCredentials {
  std::vector<std::string> basic;   // "USER:PASSWORD"
  std::vector<std::string> tokens;  // bearer secrets
  bool empty() const { return basic.empty() && tokens.empty(); }
};

// Parses credentials text from `source` (named in errors: "--auth-file
// F", "$VAR"). InvalidArgument naming the source and the line for a line
// of neither form or with an empty secret.
Result<HttpCredentials> ParseCredentials(std::string_view text,
                                         const std::string& source);

// Whether `authorization` (the header's value) carries one of
// `credentials`. `*user` gets the user a Basic header names ("" for none
// or a token), for the log.
bool Authorized(const HttpCredentials& credentials,
                const std::string& authorization, std::string* user);

}  // namespace http
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_HTTP_HTTP_AUTH_H_
