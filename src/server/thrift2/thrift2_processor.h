// Copyright (c) obkvlite authors.
//
// The processor of the THBaseService: the generated one, except that
//   - checkAndPut, checkAndDelete and checkAndMutate go to a
//     Thrift2CheckHandler when one is given, which learns whether the
//     check value was sent at all (the generated interface cannot tell an
//     absent value from an empty one);
//   - a request whose arguments cannot be decoded gets a
//     TApplicationException naming the method (server/thrift/
//     processor_guard.h);
//   - operations are judged and recorded under the surface "thrift2"
//     (obkvlite/compat.h).
//
// REQUIRED: `checks`, when not null, lives as long as the processor.
// Thread safety: as the generated processor (one per server, shared).

#ifndef OBKVLITE_SERVER_THRIFT2_THRIFT2_PROCESSOR_H_
#define OBKVLITE_SERVER_THRIFT2_THRIFT2_PROCESSOR_H_

#include <thrift/TProcessor.h>

#include <cstdint>
#include <memory>
#include <string>

#include "server/thrift2/gen-cpp/THBaseService.h"

namespace obkvlite {
namespace server {

namespace gen2 = ::obkvlite::server::hbase_thrift2;

// The check-and-mutate methods with `value` null when the client did not
// send one.
class Thrift2CheckHandler {
 public:
  virtual ~Thrift2CheckHandler() = default;
  virtual bool CheckAndPutValue(const std::string& table,
                                const std::string& row,
                                const std::string& family,
                                const std::string& qualifier,
                                const std::string* value,
                                const gen2::TPut& tput) = 0;
  virtual bool CheckAndDeleteValue(const std::string& table,
                                   const std::string& row,
                                   const std::string& family,
                                   const std::string& qualifier,
                                   const std::string* value,
                                   const gen2::TDelete& tdelete) = 0;
  virtual bool CheckAndMutateValue(const std::string& table,
                                   const std::string& row,
                                   const std::string& family,
                                   const std::string& qualifier, int32_t op,
                                   const std::string* value,
                                   const gen2::TRowMutations& mutations) = 0;
};

std::shared_ptr<apache::thrift::TProcessor> MakeThrift2Processor(
    std::shared_ptr<gen2::THBaseServiceIf> iface, Thrift2CheckHandler* checks,
    int64_t max_request_bytes);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT2_THRIFT2_PROCESSOR_H_
