// Copyright (c) obkvlite authors.
//
// The server's own version, as REST's /version, the Thrift gateway and the
// web pages show it.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_SERVER_COMMON_SERVER_VERSION_H_
#define OBKVLITE_SERVER_COMMON_SERVER_VERSION_H_

#include <string>

namespace obkvlite {
namespace server {

// "0.1.0": the project's version.
std::string ObkvliteVersion();

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_SERVER_VERSION_H_
