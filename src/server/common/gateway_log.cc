// Copyright (c) obkvlite authors.
#include "server/common/gateway_log.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <utility>

namespace obkvlite {
namespace server {
namespace {

const char* LevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kError:
      return "ERROR";
    case LogLevel::kWarn:
      return "WARN";
    case LogLevel::kInfo:
      return "INFO";
    case LogLevel::kDebug:
      return "DEBUG";
  }
  return "?";
}

std::string UtcNow() {
  const auto now = std::chrono::system_clock::now();
  const int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         now.time_since_epoch())
                         .count();
  const std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return buf;
}

}  // namespace

std::string HostPort(std::string_view host, int port) {
  const bool v6 = host.find(':') != std::string_view::npos;
  return (v6 ? "[" + std::string(host) + "]" : std::string(host)) + ":" +
         std::to_string(port);
}

Result<LogLevel> ParseLogLevel(std::string_view text) {
  if (text == "error") return LogLevel::kError;
  if (text == "warn") return LogLevel::kWarn;
  if (text == "info") return LogLevel::kInfo;
  if (text == "debug") return LogLevel::kDebug;
  return Status::InvalidArgument(
      "--log-level: must be error, warn, info or debug, got '" +
      std::string(text) + "'");
}

GatewayLog::GatewayLog(std::string gateway, LogLevel level, std::ostream* out)
    : gateway_(std::move(gateway)), level_(level), out_(out) {}

void GatewayLog::Log(LogLevel level, std::string_view event,
                     std::string_view client, std::string_view message) {
  if (!Enabled(level)) return;
  std::string line = UtcNow() + " obkv " + gateway_ + " " + LevelName(level) +
                     " " + std::string(event);
  if (!client.empty()) line += " client=" + std::string(client);
  line += ": ";
  // One event, one line: a control byte a client sent (a target, a
  // message quoting its bytes) is written as \xNN.
  for (const char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "\\x%02x", byte);
      line += hex;
    } else {
      line += c;
    }
  }
  line += "\n";
  util::MutexLock lock(&mu_);
  *out_ << line << std::flush;
}

}  // namespace server
}  // namespace obkvlite
