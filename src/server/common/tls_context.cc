// Copyright (c) obkvlite authors.
#include "server/common/tls_context.h"

#include <openssl/err.h>

namespace obkvlite {
namespace server {

std::string ConfigureTls(const TlsFiles& files, SSL_CTX* ctx) {
  const auto fail = [](const std::string& option, const std::string& file,
                       const char* what) {
    ERR_clear_error();
    return option + " " + file + ": " + what;
  };
  if (SSL_CTX_use_certificate_chain_file(ctx, files.cert.c_str()) != 1) {
    return fail("--tls-cert", files.cert,
                "cannot read a PEM certificate (chain) from it");
  }
  if (SSL_CTX_use_PrivateKey_file(ctx, files.key.c_str(), SSL_FILETYPE_PEM) !=
          1 ||
      SSL_CTX_check_private_key(ctx) != 1) {
    return fail("--tls-key", files.key,
                "cannot read an unencrypted PEM private key of --tls-cert's "
                "certificate from it");
  }
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  // No TLS compression (CRIME).
  SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION |
                               SSL_OP_NO_SESSION_RESUMPTION_ON_RENEGOTIATION);
  if (!files.client_ca.empty()) {
    STACK_OF(X509_NAME)* names =
        SSL_load_client_CA_file(files.client_ca.c_str());
    if (names == nullptr || SSL_CTX_load_verify_locations(
                                ctx, files.client_ca.c_str(), nullptr) != 1) {
      if (names != nullptr) sk_X509_NAME_pop_free(names, X509_NAME_free);
      return fail("--tls-client-ca", files.client_ca,
                  "cannot read a PEM CA certificate from it");
    }
    SSL_CTX_set_client_CA_list(ctx, names);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT,
                       nullptr);
  }
  return "";
}

std::shared_ptr<SSL_CTX> MakeServerTlsContext(const TlsFiles& files,
                                              std::string* error) {
  std::shared_ptr<SSL_CTX> ctx(SSL_CTX_new(TLS_server_method()), SSL_CTX_free);
  if (ctx == nullptr) {
    *error = "TLS: OpenSSL made no context";
    return nullptr;
  }
  *error = ConfigureTls(files, ctx.get());
  if (!error->empty()) return nullptr;
  return ctx;
}

}  // namespace server
}  // namespace obkvlite
