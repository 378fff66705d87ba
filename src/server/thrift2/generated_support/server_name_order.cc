// Copyright (c) obkvlite authors.
//
// The generated Thrift2 code declares TServerName's ordering (it is the key
// of getSlowLogResponses' and clearSlowLogResponses' sets) and leaves it to
// be defined: here, by host, port, then start code. Built into the
// generated library (obkv_thrift2_gen), which needs it.

#include "server/thrift2/gen-cpp/hbase2_types.h"

namespace obkvlite {
namespace server {
namespace hbase_thrift2 {

bool TServerName::operator<(const TServerName& o) const {
  if (hostName != o.hostName) return hostName < o.hostName;
  if (port != o.port) return port < o.port;
  return startCode < o.startCode;
}

}  // namespace hbase_thrift2
}  // namespace server
}  // namespace obkvlite
