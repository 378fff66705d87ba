// Copyright (c) obkvlite authors.
//
// GatewayLog: the one log line format of every gateway, on stderr by
// default:
//   2026-12-06T07:32:06.123Z obkv thrift2 WARN refused client=127.0.0.1:53412:
//   not a Thrift message (first bytes 47 45 54 20 2f 20)
// (UTC time to the millisecond, the gateway, the level, the event, the
// client's address when there is one, the message, its control bytes
// written \xNN so that one event is one line). Events: "start", "stop",
// "refused" (bytes that are no request of this gateway), "limit" (a
// request over a size or time limit), "error" (a request that failed in
// the gateway: HTTP 500), "queue-full" (a connection closed because every
// worker is busy and the queue is full), "queued" (a connection waits for
// a worker), "grow" (a worker added, debug), "request" (one answered HTTP
// request, debug). Lines below the level set (--log-level) are dropped.
//
// Thread safety: Log may be called from any thread; lines never mix.

#ifndef OBKVLITE_SERVER_COMMON_GATEWAY_LOG_H_
#define OBKVLITE_SERVER_COMMON_GATEWAY_LOG_H_

#include <ostream>
#include <string>
#include <string_view>

#include "obkvlite/status.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace server {

enum class LogLevel { kError, kWarn, kInfo, kDebug };

// "host:port" as the gateways write an address (their log's clients,
// their start lines, REST's Locations): an IPv6 host in brackets.
std::string HostPort(std::string_view host, int port);

// "error", "warn", "info" or "debug"; InvalidArgument naming --log-level.
Result<LogLevel> ParseLogLevel(std::string_view text);

class GatewayLog {
 public:
  // `gateway`: "thrift", "thrift2", "rest". REQUIRED: `out` outlives the
  // log.
  GatewayLog(std::string gateway, LogLevel level, std::ostream* out);

  bool Enabled(LogLevel level) const { return level <= level_; }
  // One line; `client` "" leaves client= out.
  void Log(LogLevel level, std::string_view event, std::string_view client,
           std::string_view message);

 private:
  const std::string gateway_;
  const LogLevel level_;
  util::Mutex mu_;
  std::ostream* const out_ OBKV_PT_GUARDED_BY(mu_);
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_GATEWAY_LOG_H_
