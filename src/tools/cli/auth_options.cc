// Copyright (c) obkvlite authors.
#include "tools/cli/auth_options.h"

#include <cstdlib>
#include <fstream>
#include <iterator>

#include "server/common/exposure.h"

namespace obkvlite {
namespace cli {

Result<http::HttpCredentials> LoadCredentials(const std::string& file,
                                              const std::string& env) {
  if (!file.empty() && !env.empty()) {
    return Status::InvalidArgument(
        "--auth-file and --auth-env: give one source of credentials");
  }
  std::string text;
  std::string source;
  if (!file.empty()) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      return Status::InvalidArgument("--auth-file " + file +
                                     ": cannot be read");
    }
    text.assign(std::istreambuf_iterator<char>(in),
                std::istreambuf_iterator<char>());
    source = "--auth-file " + file;
  } else if (!env.empty()) {
    const char* value = std::getenv(env.c_str());
    if (value == nullptr || *value == '\0') {
      return Status::InvalidArgument("--auth-env " + env +
                                     ": the variable is not set");
    }
    text = value;
    source = "--auth-env " + env;
  } else {
    return http::HttpCredentials();
  }
  OBKV_ASSIGN_OR_RETURN(http::HttpCredentials credentials,
                        http::ParseCredentials(text, source));
  if (credentials.empty()) {
    return Status::InvalidArgument(source + ": no credentials in it");
  }
  return credentials;
}

Status CheckTlsOptions(const server::TlsFiles& tls) {
  if (tls.cert.empty() != tls.key.empty()) {
    return Status::InvalidArgument(
        "--tls-cert and --tls-key: give both (a certificate and its key) or "
        "neither");
  }
  if (!tls.client_ca.empty() && tls.cert.empty()) {
    return Status::InvalidArgument(
        "--tls-client-ca: needs --tls-cert and --tls-key (client "
        "certificates are asked for over TLS)");
  }
  return Status::OK();
}

void AddSecurityOptions(CLI::App* start, SecurityFlags* flags,
                        const SecurityHelp& help) {
  start->add_option("--tls-cert", flags->tls.cert, help.tls_cert);
  start->add_option("--tls-key", flags->tls.key,
                    "The certificate's private key (PEM, unencrypted)");
  start->add_option("--tls-client-ca", flags->tls.client_ca,
                    "Serve only clients presenting a certificate this PEM CA "
                    "signed (mutual TLS)");
  start->add_option("--auth-file", flags->auth_file, help.auth_file);
  start->add_option("--auth-env", flags->auth_env,
                    "The same credentials from this environment variable");
  start->add_flag("--insecure", flags->insecure,
                  "Allow a --bind beyond the loopback without TLS or "
                  "credentials (the log warns)");
}

Result<Security> ResolveSecurity(const SecurityFlags& flags,
                                 const std::string& bind,
                                 const std::string& how) {
  OBKV_RETURN_IF_ERROR(CheckTlsOptions(flags.tls));
  Security security;
  OBKV_ASSIGN_OR_RETURN(security.credentials,
                        LoadCredentials(flags.auth_file, flags.auth_env));
  security.secured = flags.tls.enabled() || !security.credentials.empty();
  OBKV_RETURN_IF_ERROR(
      server::CheckExposure(bind, security.secured, flags.insecure, how));
  return security;
}

}  // namespace cli
}  // namespace obkvlite
