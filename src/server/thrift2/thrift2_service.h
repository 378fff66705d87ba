// Copyright (c) obkvlite authors.
//
// Thrift2Service: the THBaseService for ThriftServer::Start (server/thrift/
// thrift_server.h), a Thrift2Handler over the server's store and scanners
// behind MakeThrift2Processor.
//
//   ThriftServer::Start(store, options, Thrift2Service());
//
// Thread safety: the factory is a plain value; call it from any thread.

#ifndef OBKVLITE_SERVER_THRIFT2_THRIFT2_SERVICE_H_
#define OBKVLITE_SERVER_THRIFT2_THRIFT2_SERVICE_H_

#include "server/thrift/thrift_server.h"

namespace obkvlite {
namespace server {

ThriftServiceFactory Thrift2Service();

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT2_THRIFT2_SERVICE_H_
