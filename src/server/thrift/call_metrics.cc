// Copyright (c) obkvlite authors.
#include "server/thrift/call_metrics.h"

#include <chrono>
#include <exception>
#include <string>

namespace obkvlite {
namespace server {
namespace {

using Clock = std::chrono::steady_clock;

// The call running on this thread: its code, 0 outside a call.
thread_local int t_call_code = 0;

struct CallContext {
  Clock::time_point start;
  int outer_code;  // a call in a call (none today) restores it
  int exceptions;  // std::uncaught_exceptions() when it began
  bool recorded = false;
};

// "Hbase.getRow" -> "getRow".
std::string_view MethodOf(const char* fn_name) {
  std::string_view name(fn_name);
  const size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

metrics::RequestKind KindOfMethod(std::string_view m) {
  using metrics::RequestKind;
  if (StartsWith(m, "scanner") || m == "openScanner" || m == "getScannerRows" ||
      m == "getScannerResults" || m == "closeScanner") {
    return RequestKind::kScan;
  }
  if (m == "get" || StartsWith(m, "getVer") || StartsWith(m, "getRow") ||
      m == "getMultiple" || StartsWith(m, "exists")) {
    return RequestKind::kRead;
  }
  if (StartsWith(m, "delete") && m != "deleteTable" && m != "deleteNamespace" &&
      m != "deleteColumnFamily") {
    return RequestKind::kDelete;
  }
  if (StartsWith(m, "mutateRow") || StartsWith(m, "put") ||
      StartsWith(m, "increment") || m == "atomicIncrement" || m == "append" ||
      StartsWith(m, "checkAnd")) {
    return RequestKind::kWrite;
  }
  return RequestKind::kAdmin;
}

void NoteCallFailure(int code) {
  if (t_call_code == 200) t_call_code = code;
}

void* CallMetrics::getContext(const char*, void*) {
  auto* ctx =
      new CallContext{Clock::now(), t_call_code, std::uncaught_exceptions()};
  t_call_code = 200;
  return ctx;
}

void CallMetrics::Record(void* ctx, const char* fn_name) {
  auto* call = static_cast<CallContext*>(ctx);
  if (call == nullptr || call->recorded) return;
  call->recorded = true;
  const std::string_view method = MethodOf(fn_name);
  const double seconds =
      std::chrono::duration<double>(Clock::now() - call->start).count();
  metrics_->Record(std::string(method), KindOfMethod(method), t_call_code,
                   seconds);
}

void CallMetrics::preWrite(void* ctx, const char* fn_name) {
  Record(ctx, fn_name);
}

void CallMetrics::handlerError(void* ctx, const char* fn_name) {
  NoteCallFailure(500);
  Record(ctx, fn_name);
}

void CallMetrics::freeContext(void* ctx, const char* fn_name) {
  auto* call = static_cast<CallContext*>(ctx);
  // Freed while an exception leaves the call: its arguments could not be
  // decoded (the processor answers PROTOCOL_ERROR), or the reply not sent.
  if (std::uncaught_exceptions() > call->exceptions) NoteCallFailure(400);
  Record(ctx, fn_name);
  t_call_code = call->outer_code;
  delete call;
}

}  // namespace server
}  // namespace obkvlite
