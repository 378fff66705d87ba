// Copyright (c) obkvlite authors.
#include "server/common/server_version.h"

#ifndef OBKVLITE_VERSION_STRING
#define OBKVLITE_VERSION_STRING "0.0.0"
#endif

namespace obkvlite {
namespace server {

std::string ObkvliteVersion() { return OBKVLITE_VERSION_STRING; }

std::string ClusterIdOf(const Store& store) {
  return "obkvlite:" + store.info().engine + ":" + store.info().location;
}

}  // namespace server
}  // namespace obkvlite
