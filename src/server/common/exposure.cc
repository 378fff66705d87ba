// Copyright (c) obkvlite authors.
#include "server/common/exposure.h"

#include <arpa/inet.h>

namespace obkvlite {
namespace server {

bool IsLoopback(std::string_view bind) {
  if (bind == "localhost" || bind == "::1" || bind == "[::1]") return true;
  in_addr v4{};
  const std::string text(bind);
  return inet_pton(AF_INET, text.c_str(), &v4) == 1 &&
         (ntohl(v4.s_addr) >> 24) == 127;
}

Status CheckExposure(std::string_view bind, bool secured, bool insecure,
                     const std::string& how) {
  if (IsLoopback(bind) || secured || insecure) return Status::OK();
  return Status::InvalidArgument(
      "--bind " + std::string(bind) +
      ": not the loopback, and the gateway would serve anyone who can reach "
      "it in the clear; secure it (" +
      how + "), or pass --insecure to do so anyway");
}

std::string ExposureWarning(std::string_view bind, bool secured) {
  if (IsLoopback(bind) || secured) return "";
  return "serving " + std::string(bind) +
         " beyond the loopback without TLS or authentication (--insecure): "
         "anyone who can reach it may read and write the store";
}

std::string UnauthorizedText(const std::string& user) {
  return user.empty()
             ? "Unauthorized: send HTTP basic credentials or a bearer token"
             : "Unauthorized: wrong credentials for user '" + user + "'";
}

}  // namespace server
}  // namespace obkvlite
