// Copyright (c) obkvlite authors.
//
// Certificates a test makes with OpenSSL, so no file or tool outside the
// build is needed: MakeCertificate writes a PEM certificate for a common
// name, signed by an issuer or by itself, a CA or not, and its key; the
// key and certificate objects are freed with the last copy.
//
// Thread safety: not for concurrent use (a serial counter).

#ifndef OBKVLITE_TESTS_SERVER_HTTP_TEST_CERTIFICATES_H_
#define OBKVLITE_TESTS_SERVER_HTTP_TEST_CERTIFICATES_H_

#include <doctest/doctest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

namespace obkvlite {
namespace testing {

struct Credentials {
  std::string cert;  // PEM file
  std::string key;   // PEM file
  std::shared_ptr<EVP_PKEY> pkey_owner;
  std::shared_ptr<X509> x509_owner;
  EVP_PKEY* pkey = nullptr;  // pkey_owner's
  X509* x509 = nullptr;      // x509_owner's
};

inline void WritePem(const std::string& path,
                     const std::function<int(FILE*)>& write) {
  FILE* f = std::fopen(path.c_str(), "w");
  REQUIRE(f != nullptr);
  REQUIRE(write(f) == 1);
  std::fclose(f);
}

// A certificate for `cn`, signed by `issuer` (itself when null), a CA when
// `ca`, written to DIR/NAME.crt and DIR/NAME.key.
inline Credentials MakeCertificate(const std::string& dir,
                                   const std::string& name,
                                   const std::string& cn,
                                   const Credentials* issuer, bool ca) {
  Credentials c;
  c.pkey = EVP_RSA_gen(2048);
  REQUIRE(c.pkey != nullptr);
  c.pkey_owner.reset(c.pkey, EVP_PKEY_free);
  c.x509 = X509_new();
  c.x509_owner.reset(c.x509, X509_free);
  X509_set_version(c.x509, 2);
  static long serial = 1;
  ASN1_INTEGER_set(X509_get_serialNumber(c.x509), serial++);
  X509_gmtime_adj(X509_getm_notBefore(c.x509), -3600);
  X509_gmtime_adj(X509_getm_notAfter(c.x509), 86400);
  X509_set_pubkey(c.x509, c.pkey);
  X509_NAME* subject = X509_get_subject_name(c.x509);
  X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>(cn.c_str()),
                             -1, -1, 0);
  X509_set_issuer_name(c.x509, issuer != nullptr
                                   ? X509_get_subject_name(issuer->x509)
                                   : subject);
  if (ca) {
    X509_EXTENSION* ext =
        X509V3_EXT_conf_nid(nullptr, nullptr, NID_basic_constraints,
                            const_cast<char*>("critical,CA:TRUE"));
    X509_add_ext(c.x509, ext, -1);
    X509_EXTENSION_free(ext);
  }
  REQUIRE(X509_sign(c.x509, issuer != nullptr ? issuer->pkey : c.pkey,
                    EVP_sha256()) > 0);
  c.cert = dir + "/" + name + ".crt";
  c.key = dir + "/" + name + ".key";
  WritePem(c.cert, [&](FILE* f) { return PEM_write_X509(f, c.x509); });
  WritePem(c.key, [&](FILE* f) {
    return PEM_write_PrivateKey(f, c.pkey, nullptr, nullptr, 0, nullptr,
                                nullptr);
  });
  return c;
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_SERVER_HTTP_TEST_CERTIFICATES_H_
