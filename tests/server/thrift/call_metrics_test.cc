// Copyright (c) obkvlite authors.
//
// CallMetrics (src/server/thrift/call_metrics.h): what a call records, as
// the generated process_<method> drives Thrift's event handler: its method
// without the service name, its kind, and its code from the throw helpers
// (200, 400, 403, 503, 500), or 400 when an exception leaves the call (its
// arguments could not be decoded). The gateways' /metrics line by line is
// in thrift_server_test.py.

#include "server/thrift/call_metrics.h"

#include <doctest/doctest.h>

#include <map>
#include <stdexcept>
#include <string>

#include "server/thrift/thrift_convert.h"

namespace obkvlite {
namespace server {
namespace {

using metrics::RequestKind;

// The codes `metrics` counted for `operation`, as "code:count,...".
std::string Codes(const metrics::RequestMetrics& m, const std::string& op) {
  std::string out;
  const std::map<std::string, metrics::OperationStats> ops = m.Operations();
  auto it = ops.find(op);
  if (it == ops.end()) return "none";
  for (const auto& [code, n] : it->second.by_status) {
    out += std::to_string(code) + ":" + std::to_string(n) + ",";
  }
  return out;
}

TEST_CASE("a call counts by method, kind and code") {
  metrics::RequestMetrics m;
  CallMetrics handler(&m);
  {  // returned
    ScopedCall call(&handler, "Hbase.getRow");
  }
  {  // an IOError from the handler, answered as a reply
    ScopedCall call(&handler, "Hbase.getRow");
    try {
      ThrowStatus("getRow", Status::NotFound("no table"));
    } catch (const std::exception&) {
    }
  }
  {  // an IllegalArgument, then an IOError: the first failure counts
    ScopedCall call(&handler, "THBaseService.put");
    NoteCallFailure(400);
    NoteCallFailure(503);
  }
  {  // an undeclared exception (TApplicationException)
    ScopedCall call(&handler, "Hbase.createTable");
    handler.handlerError(nullptr, "Hbase.createTable");
  }
  try {  // arguments that could not be decoded: an exception leaves it
    ScopedCall call(&handler, "Hbase.mutateRows");
    throw std::runtime_error("bad arguments");
  } catch (const std::runtime_error&) {
  }
  NoteCallFailure(503);  // outside a call: nothing
  CHECK(Codes(m, "getRow") == "200:1,503:1,");
  CHECK(Codes(m, "put") == "400:1,");
  CHECK(Codes(m, "createTable") == "500:1,");
  CHECK(Codes(m, "mutateRows") == "400:1,");
  const std::map<std::string, metrics::OperationStats> ops = m.Operations();
  CHECK(ops.size() == 4);
  CHECK(ops.at("getRow").kind == RequestKind::kRead);
  CHECK(ops.at("put").kind == RequestKind::kWrite);
}

TEST_CASE("the kind of each method, Thrift1 and Thrift2") {
  for (const char* m :
       {"get", "getVer", "getVerTs", "getRow", "getRowsTs", "getRowWithColumns",
        "getRowOrBefore", "exists", "existsAll", "getMultiple"}) {
    CAPTURE(m);
    CHECK(KindOfMethod(m) == RequestKind::kRead);
  }
  for (const char* m : {"mutateRow", "mutateRowsTs", "put", "putMultiple",
                        "increment", "incrementRows", "atomicIncrement",
                        "append", "checkAndPut", "checkAndMutate"}) {
    CAPTURE(m);
    CHECK(KindOfMethod(m) == RequestKind::kWrite);
  }
  for (const char* m : {"deleteAll", "deleteAllRowTs", "deleteSingle",
                        "deleteMultiple", "checkAndDelete"}) {
    CAPTURE(m);
    CHECK(KindOfMethod(m) == (std::string(m) == "checkAndDelete"
                                  ? RequestKind::kWrite
                                  : RequestKind::kDelete));
  }
  for (const char* m :
       {"scannerOpenWithScan", "scannerGetList", "scannerClose", "openScanner",
        "getScannerRows", "getScannerResults", "closeScanner"}) {
    CAPTURE(m);
    CHECK(KindOfMethod(m) == RequestKind::kScan);
  }
  for (const char* m :
       {"createTable", "deleteTable", "deleteNamespace", "deleteColumnFamily",
        "getTableNames", "getTableRegions", "getColumnDescriptors",
        "enableTable", "getThriftServerType"}) {
    CAPTURE(m);
    CHECK(KindOfMethod(m) == RequestKind::kAdmin);
  }
}

}  // namespace
}  // namespace server
}  // namespace obkvlite
