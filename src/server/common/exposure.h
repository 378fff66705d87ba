// Copyright (c) obkvlite authors.
//
// The one rule for a gateway's address: the loopback is safe; an address
// beyond it serves whoever can reach it, so a gateway binds one only with
// TLS or authentication, or when told so (--insecure), and then its log
// warns.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_COMMON_EXPOSURE_H_
#define OBKVLITE_SERVER_COMMON_EXPOSURE_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace server {

// Whether `bind` is the loopback: an IPv4 literal in 127.0.0.0/8, ::1
// (also [::1]), or localhost.
bool IsLoopback(std::string_view bind);

// OK when `bind` is the loopback, `secured` (TLS or authentication), or
// `insecure`; else InvalidArgument naming --bind, what secures a gateway
// (`how`, e.g. "--tls-cert or --auth-file"), and --insecure.
Status CheckExposure(std::string_view bind, bool secured, bool insecure,
                     const std::string& how);

// The warning a gateway logs when it serves beyond the loopback in the
// clear (IsLoopback false, not secured); "" otherwise.
std::string ExposureWarning(std::string_view bind, bool secured);

// The text of every gateway's 401: naming the user a basic header claimed
// (`user`, "" for none), never a secret.
std::string UnauthorizedText(const std::string& user);

// Every gateway's 401 challenge: its WWW-Authenticate value.
inline constexpr char kBasicChallenge[] =
    "Basic realm=\"obkvlite\", charset=\"UTF-8\"";

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_EXPOSURE_H_
