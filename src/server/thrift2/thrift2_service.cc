// Copyright (c) obkvlite authors.
#include "server/thrift2/thrift2_service.h"

#include <memory>

#include "server/thrift2/thrift2_handler.h"
#include "server/thrift2/thrift2_processor.h"

namespace obkvlite {
namespace server {

ThriftServiceFactory Thrift2Service() {
  return [](const ThriftServiceContext& c) {
    Thrift2HandlerOptions options;
    options.read_only = c.read_only;
    options.server_name = c.address;
    options.port = c.port;
    options.max_reply_bytes = c.max_reply_bytes;
    auto handler =
        std::make_shared<Thrift2Handler>(c.store, c.scanners, options);
    return MakeThrift2Processor(handler, handler.get(), c.max_request_bytes);
  };
}

}  // namespace server
}  // namespace obkvlite
