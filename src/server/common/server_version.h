// Copyright (c) obkvlite authors.
//
// What the gateways say about the server itself: its version, as REST's
// /version, the Thrift gateways and the web pages show it; the cluster id
// of the Thrift gateways' getClusterId; and their answer to HBase's
// access-control calls.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_COMMON_SERVER_VERSION_H_
#define OBKVLITE_SERVER_COMMON_SERVER_VERSION_H_

#include <string>

#include "obkvlite/store.h"

namespace obkvlite {
namespace server {

// "0.1.0": the project's version.
std::string ObkvliteVersion();

// "obkvlite:ENGINE:LOCATION" of `store`.
std::string ClusterIdOf(const Store& store);

// Why grant and revoke are refused.
inline constexpr char kNoAccessControl[] =
    "access control is not supported by obkvlite: there are no HBase users "
    "or permissions (the store's own access applies)";

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_SERVER_VERSION_H_
