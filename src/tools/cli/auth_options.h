// Copyright (c) obkvlite authors.
//
// The gateways' security options: --auth-file and --auth-env (server/http/
// http_auth.h), the credentials a gateway admits, from a file or an
// environment variable, never from the command line; --tls-cert, --tls-key
// and --tls-client-ca (server/common/tls_context.h).
//
// Thread safety: plain functions.

#ifndef OBKVLITE_TOOLS_CLI_AUTH_OPTIONS_H_
#define OBKVLITE_TOOLS_CLI_AUTH_OPTIONS_H_

#include <string>

#include "obkvlite/status.h"
#include "server/common/tls_context.h"
#include "server/http/http_auth.h"

namespace obkvlite {
namespace cli {

// The credentials in the file `file` or the variable `env` (at most one
// given; none: empty). InvalidArgument naming the option for both given,
// a file that cannot be read, an unset variable, a bad line, or a source
// that holds no credentials.
Result<http::HttpCredentials> LoadCredentials(const std::string& file,
                                              const std::string& env);

// OK unless the TLS options are given in part: a certificate without its
// key or the other way round, or a client CA without them.
Status CheckTlsOptions(const server::TlsFiles& tls);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_AUTH_OPTIONS_H_
