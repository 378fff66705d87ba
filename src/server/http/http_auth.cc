// Copyright (c) obkvlite authors.
#include "server/http/http_auth.h"

#include <openssl/crypto.h>

#include "server/rest/base64.h"

namespace obkvlite {
namespace http {
namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Whether `given` equals one of `secrets`, in time independent of where
// they differ.
bool Matches(const std::vector<std::string>& secrets, std::string_view given) {
  bool found = false;
  for (const std::string& s : secrets) {
    found |= s.size() == given.size() &&
             CRYPTO_memcmp(s.data(), given.data(), s.size()) == 0;
  }
  return found;
}

}  // namespace

Result<HttpCredentials> ParseCredentials(std::string_view text,
                                         const std::string& source) {
  HttpCredentials out;
  int number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? "" : text.substr(end + 1);
    ++number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
      line.remove_suffix(1);
    }
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    if (line.empty() || line.front() == '#') continue;
    const auto error = [&](const char* what) {
      return Status::InvalidArgument(source + ": line " +
                                     std::to_string(number) + ": " + what);
    };
    if (StartsWith(line, "basic ")) {
      std::string_view pair = line.substr(6);
      const size_t colon = pair.find(':');
      if (colon == 0 || colon == std::string_view::npos ||
          colon + 1 == pair.size()) {
        return error("expected 'basic USER:PASSWORD', both not empty");
      }
      out.basic.emplace_back(pair);
    } else if (StartsWith(line, "token ")) {
      if (line.size() == 6) return error("expected 'token SECRET'");
      out.tokens.emplace_back(line.substr(6));
    } else {
      return error(
          "expected 'basic USER:PASSWORD' or 'token SECRET' (the line is not "
          "shown: it may hold a secret)");
    }
  }
  return out;
}

bool Authorized(const HttpCredentials& credentials,
                const std::string& authorization, std::string* user) {
  user->clear();
  if (StartsWith(authorization, "Basic ")) {
    Result<std::string> pair =
        rest::Base64Decode(authorization.substr(6), "Authorization");
    if (!pair.ok()) return false;
    *user = pair->substr(0, pair->find(':'));
    return Matches(credentials.basic, *pair);
  }
  if (StartsWith(authorization, "Bearer ")) {
    return Matches(credentials.tokens,
                   std::string_view(authorization).substr(7));
  }
  return false;
}

}  // namespace http
}  // namespace obkvlite
