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

#include <CLI/CLI.hpp>
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

// The security options of every gateway's start command.
struct SecurityFlags {
  server::TlsFiles tls;             // --tls-cert, --tls-key, --tls-client-ca
  std::string auth_file, auth_env;  // --auth-file, --auth-env
  bool insecure = false;            // --insecure
};

// What a gateway's TLS and credentials options say, for its help text.
struct SecurityHelp {
  const char* tls_cert;   // "Serve HTTPS (TLS 1.2 or later) with ..."
  const char* auth_file;  // "Serve only requests with one of ..."
};

// Adds the options of `flags` to `start`.
void AddSecurityOptions(CLI::App* start, SecurityFlags* flags,
                        const SecurityHelp& help);

// What the options make of a gateway listening on `bind`.
struct Security {
  http::HttpCredentials credentials;  // empty: none
  bool secured = false;               // TLS or credentials
};

// The gateway's security, or the first error of: TLS options in part
// (CheckTlsOptions), credentials that cannot be loaded (LoadCredentials),
// and a `bind` beyond the loopback neither secured nor --insecure
// (server::CheckExposure; `how` names what secures this gateway).
Result<Security> ResolveSecurity(const SecurityFlags& flags,
                                 const std::string& bind,
                                 const std::string& how);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_AUTH_OPTIONS_H_
