// Copyright (c) obkvlite authors.
//
// CallMetrics: a Thrift gateway's calls timed into the RequestMetrics its
// /metrics and /ui show (server/metrics/request_metrics.h), as Thrift's own
// processor event handler: the generated process_<method> opens a context
// per call of a method of the service and frees it once the reply is
// written, so only the service's methods are ever named. Each call is one
// request of its method name ("getRow"), of a kind by that name (read,
// write, delete, scan, admin), with a code: 200 when it returned, else the
// HTTP status HBase's REST gateway gives the same failure, 400 for an
// IllegalArgument or arguments that could not be decoded, 403 for an
// AlreadyExists, 503 for an IOError, 500 for anything else (a
// TApplicationException). The handler's throw helpers tell the code
// (NoteCallFailure) on the thread that runs the call.
//
// A processor that serves a method without process_<method> (a
// checkAndPut that must learn whether its value was sent) opens the
// context itself (ScopedCall).
//
// REQUIRED: the RequestMetrics outlives the handler.
// Thread safety: one handler serves every connection at once; a call's
// context belongs to the thread that runs it.

#ifndef OBKVLITE_SERVER_THRIFT_CALL_METRICS_H_
#define OBKVLITE_SERVER_THRIFT_CALL_METRICS_H_

#include <thrift/TProcessor.h>

#include <string_view>

#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace server {

class CallMetrics final : public apache::thrift::TProcessorEventHandler {
 public:
  explicit CallMetrics(metrics::RequestMetrics* metrics) : metrics_(metrics) {}

  // A call is recorded before its reply is written (preWrite, or
  // handlerError for a TApplicationException), so a client that has the
  // reply finds the call in /metrics; freeContext records one that ended
  // without a reply (its arguments could not be decoded).
  void* getContext(const char* fn_name, void* server_context) override;
  void preWrite(void* ctx, const char* fn_name) override;
  void handlerError(void* ctx, const char* fn_name) override;
  void freeContext(void* ctx, const char* fn_name) override;

 private:
  void Record(void* ctx, const char* fn_name);

  metrics::RequestMetrics* const metrics_;
};

// The kind of a Thrift1 or Thrift2 method, by its name.
metrics::RequestKind KindOfMethod(std::string_view method);

// Marks the call running on this thread as failed with `code`: the first
// failure a call notes is its code. Outside a call it does nothing.
void NoteCallFailure(int code);

// The context of a call `fn_name` ("Hbase.checkAndPut") that `processor`'s
// event handler sees, for the life of the object: what the generated
// process_<method> does.
class ScopedCall {
 public:
  ScopedCall(apache::thrift::TProcessorEventHandler* handler,
             const char* fn_name)
      : handler_(handler),
        fn_name_(fn_name),
        context_(handler != nullptr ? handler->getContext(fn_name, nullptr)
                                    : nullptr),
        freer_(handler, context_, fn_name) {}

  // Before the reply is written (the generated code's preWrite).
  void BeforeReply() {
    if (handler_ != nullptr) handler_->preWrite(context_, fn_name_);
  }

 private:
  apache::thrift::TProcessorEventHandler* const handler_;
  const char* const fn_name_;
  void* const context_;
  apache::thrift::TProcessorContextFreer freer_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_CALL_METRICS_H_
