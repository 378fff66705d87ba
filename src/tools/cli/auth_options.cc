// Copyright (c) obkvlite authors.
#include "tools/cli/auth_options.h"

#include <cstdlib>
#include <fstream>
#include <iterator>

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

}  // namespace cli
}  // namespace obkvlite
