// Copyright (c) obkvlite authors.
//
// The TLS of every gateway (--tls-cert, --tls-key, --tls-client-ca): one
// set-up of an OpenSSL server context, TLS 1.2 or later, no compression, a
// certificate chain and its key, and, with a client CA, client
// certificates required (mutual TLS). The HTTP server hands it to Boost.Asio's
// ssl::context; the Thrift gateways wrap each connection in it.
//
// Thread safety: pure functions; a made context is shared read-only.

#ifndef OBKVLITE_SERVER_COMMON_TLS_CONTEXT_H_
#define OBKVLITE_SERVER_COMMON_TLS_CONTEXT_H_

#include <openssl/ssl.h>

#include <memory>
#include <string>

namespace obkvlite {
namespace server {

struct TlsFiles {
  std::string cert;       // PEM certificate (its chain after it); "": no TLS
  std::string key;        // its unencrypted PEM private key
  std::string client_ca;  // PEM CA whose certificates clients must present
  bool enabled() const { return !cert.empty(); }
};

// Loads `files` into `ctx`: "" when done, else the error naming the
// option and its file ("--tls-key k.pem: cannot read ...").
std::string ConfigureTls(const TlsFiles& files, SSL_CTX* ctx);

// A server context for `files`; null with `*error` set when it cannot be
// made.
std::shared_ptr<SSL_CTX> MakeServerTlsContext(const TlsFiles& files,
                                              std::string* error);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_TLS_CONTEXT_H_
