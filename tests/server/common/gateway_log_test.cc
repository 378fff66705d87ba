// Copyright (c) obkvlite authors.
//
// GatewayLog (src/server/common/): the one line format, the level filter,
// control bytes written \xNN (one event, one line), lines of many threads
// never mixed, HostPort, and ParseLogLevel's error naming --log-level.

#include "server/common/gateway_log.h"

#include <doctest/doctest.h>

#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "watchdog.h"

namespace obkvlite {
namespace server {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST_CASE("a line: UTC time, gateway, level, event, client, message") {
  std::ostringstream out;
  GatewayLog log("thrift2", LogLevel::kInfo, &out);
  log.Log(LogLevel::kWarn, "refused", "127.0.0.1:5000", "not Thrift");
  log.Log(LogLevel::kInfo, "stop", "", "stopped");
  const std::vector<std::string> lines = Lines(out.str());
  REQUIRE(lines.size() == 2);
  CHECK(std::regex_match(
      lines[0],
      std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z obkv thrift2 WARN )"
                 R"(refused client=127\.0\.0\.1:5000: not Thrift)")));
  CHECK(lines[1].substr(24) == " obkv thrift2 INFO stop: stopped");
}

TEST_CASE("lines below the level are dropped") {
  std::ostringstream out;
  GatewayLog log("rest", LogLevel::kWarn, &out);
  CHECK(log.Enabled(LogLevel::kError));
  CHECK(log.Enabled(LogLevel::kWarn));
  CHECK_FALSE(log.Enabled(LogLevel::kInfo));
  log.Log(LogLevel::kInfo, "start", "", "x");
  log.Log(LogLevel::kDebug, "request", "a:1", "x");
  CHECK(out.str().empty());
  log.Log(LogLevel::kError, "error", "a:1", "boom");
  CHECK(out.str().find(" obkv rest ERROR error client=a:1: boom\n") !=
        std::string::npos);
}

TEST_CASE("a client's control bytes cannot start a line of their own") {
  std::ostringstream out;
  GatewayLog log("rest", LogLevel::kDebug, &out);
  log.Log(
      LogLevel::kWarn, "limit", "a:1",
      std::string("x\r\n2026-01-01T00:00:00.000Z obkv rest INFO forged\x7f") +
          '\0' + "\x1b[31m");
  const std::vector<std::string> lines = Lines(out.str());
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].substr(24) ==
        " obkv rest WARN limit client=a:1: x\\x0d\\x0a2026-01-01T00:00:00.000Z "
        "obkv rest INFO forged\\x7f\\x00\\x1b[31m");
  // Bytes past ASCII (UTF-8) are kept.
  out.str("");
  log.Log(LogLevel::kInfo, "start", "", "caf\xc3\xa9");
  CHECK(out.str().substr(24) == " obkv rest INFO start: caf\xc3\xa9\n");
}

TEST_CASE("lines of many threads never mix") {
  testing::Watchdog watchdog(60, "gateway_log_test");
  std::ostringstream out;
  GatewayLog log("thrift", LogLevel::kInfo, &out);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&log, t] {
      for (int i = 0; i < 500; ++i) {
        log.Log(LogLevel::kInfo, "queued", "c:" + std::to_string(t),
                std::string(100, static_cast<char>('a' + t)));
      }
    });
  }
  for (std::thread& th : threads) th.join();
  const std::vector<std::string> lines = Lines(out.str());
  REQUIRE(lines.size() == 2000);
  const std::regex line(
      R"(\S+Z obkv thrift INFO queued client=c:(\d): ([a-d])\2{99})");
  int good = 0;
  for (const std::string& l : lines) {
    std::smatch m;
    if (std::regex_match(l, m, line) &&
        m[1].str()[0] - '0' == m[2].str()[0] - 'a') {
      ++good;
    }
  }
  CHECK(good == 2000);
}

TEST_CASE("HostPort brackets an IPv6 host") {
  CHECK(HostPort("127.0.0.1", 9090) == "127.0.0.1:9090");
  CHECK(HostPort("::1", 8080) == "[::1]:8080");
  CHECK(HostPort("localhost", 0) == "localhost:0");
}

TEST_CASE("ParseLogLevel") {
  CHECK(*ParseLogLevel("error") == LogLevel::kError);
  CHECK(*ParseLogLevel("warn") == LogLevel::kWarn);
  CHECK(*ParseLogLevel("info") == LogLevel::kInfo);
  CHECK(*ParseLogLevel("debug") == LogLevel::kDebug);
  Result<LogLevel> bad = ParseLogLevel("INFO");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() ==
        "--log-level: must be error, warn, info or debug, got 'INFO'");
}

}  // namespace
}  // namespace server
}  // namespace obkvlite
