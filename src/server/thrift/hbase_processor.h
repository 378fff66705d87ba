// Copyright (c) obkvlite authors.
//
// The processor of the Hbase service: the generated one, except that
//   - checkAndPut goes to a CheckAndPutHandler when one is given, which
//     learns whether the expected value was sent at all (the generated
//     interface cannot tell an absent value from an empty one);
//   - a request whose arguments cannot be decoded gets a
//     TApplicationException (PROTOCOL_ERROR) naming the method, and for a
//     size limit `max_request_bytes`, before the exception goes on to close
//     the connection.
//
// REQUIRED: `check_and_put`, when not null, lives as long as the processor.
// Thread safety: as the generated processor (one per server, shared).

#ifndef OBKVLITE_SERVER_THRIFT_HBASE_PROCESSOR_H_
#define OBKVLITE_SERVER_THRIFT_HBASE_PROCESSOR_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "server/thrift/gen-cpp/Hbase.h"

namespace obkvlite {
namespace server {

class CheckAndPutHandler {
 public:
  virtual ~CheckAndPutHandler() = default;
  // checkAndPut; `value` is null when the client did not send one.
  virtual bool CheckAndPut(
      const std::string& tableName, const std::string& row,
      const std::string& column, const std::string* value,
      const hbase_thrift::Mutation& mput,
      const std::map<std::string, std::string>& attributes) = 0;
};

std::shared_ptr<apache::thrift::TProcessor> MakeHbaseProcessor(
    std::shared_ptr<hbase_thrift::HbaseIf> iface,
    CheckAndPutHandler* check_and_put, int64_t max_request_bytes);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_HBASE_PROCESSOR_H_
