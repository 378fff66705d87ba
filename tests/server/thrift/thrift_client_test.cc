// Copyright (c) obkvlite authors.
//
// `obkv thrift start` driven from C++ with libthrift and the client
// generated from src/server/thrift/hbase.thrift. The gateway is started by
// the CTest fixture (scripts/thrift_server.sh) on a free loopback port,
// named by OBKV_THRIFT_DIR/port; it runs on SQLite, on 3 shards and on the
// private MariaDB.
//
// Covers the four transport x protocol pairs, exact cells, and the
// concurrency contracts: two clients incrementing one counter 1000 times
// each end at exactly 2000; 8 clients mixing puts, gets, scanners and
// increments leave exactly the expected contents. Sockets have timeouts
// and a watchdog ends the process if a case hangs.

#include <doctest/doctest.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/thrift/gen-cpp/Hbase.h"
#include "watchdog.h"

namespace {

namespace gen = ::obkvlite::server::hbase_thrift;
using apache::thrift::protocol::TBinaryProtocol;
using apache::thrift::protocol::TCompactProtocol;
using apache::thrift::protocol::TProtocol;
using apache::thrift::transport::TBufferedTransport;
using apache::thrift::transport::TFramedTransport;
using apache::thrift::transport::TSocket;
using apache::thrift::transport::TTransport;

int GatewayPort() {
  const char* dir = std::getenv("OBKV_THRIFT_DIR");
  REQUIRE_MESSAGE(dir != nullptr, "OBKV_THRIFT_DIR names the fixture's dir");
  std::ifstream in(std::string(dir) + "/port");
  int port = 0;
  in >> port;
  REQUIRE(port > 0);
  return port;
}

struct Connection {
  std::shared_ptr<TTransport> transport;
  std::unique_ptr<gen::HbaseClient> client;

  Connection(bool framed, bool compact) {
    auto socket = std::make_shared<TSocket>("127.0.0.1", GatewayPort());
    socket->setRecvTimeout(20000);
    socket->setSendTimeout(20000);
    if (framed) {
      transport = std::make_shared<TFramedTransport>(socket);
    } else {
      transport = std::make_shared<TBufferedTransport>(socket);
    }
    std::shared_ptr<TProtocol> protocol;
    if (compact) {
      protocol = std::make_shared<TCompactProtocol>(transport);
    } else {
      protocol = std::make_shared<TBinaryProtocol>(transport);
    }
    transport->open();
    client = std::make_unique<gen::HbaseClient>(protocol);
  }
  ~Connection() { transport->close(); }
  gen::HbaseClient* operator->() { return client.get(); }
};

// A fresh table `name` with family "cf".
void FreshTable(Connection& c, const std::string& name) {
  std::vector<std::string> names;
  c->getTableNames(names);
  for (const std::string& n : names) {
    if (n != name) continue;
    if (c->isTableEnabled(name)) c->disableTable(name);
    c->deleteTable(name);
  }
  gen::ColumnDescriptor cf;
  cf.name = "cf:";
  c->createTable(name, {cf});
}

gen::Mutation Put(const std::string& column, const std::string& value) {
  gen::Mutation m;
  m.column = column;
  m.value = value;
  return m;
}

std::string Long(int64_t v) {
  std::string out(8, '\0');
  for (int i = 7; i >= 0; --i) {
    out[i] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
  return out;
}

}  // namespace

TEST_CASE("four transport x protocol pairs: exact cells") {
  obkvlite::testing::Watchdog watchdog(60, "thrift_client_test");
  for (bool framed : {false, true}) {
    for (bool compact : {false, true}) {
      CAPTURE(framed);
      CAPTURE(compact);
      Connection c(framed, compact);
      const std::string t =
          std::string("cpp_") + (framed ? "f" : "b") + (compact ? "c" : "n");
      FreshTable(c, t);
      c->mutateRowTs(t, "r1", {Put("cf:a", std::string("v\0x", 3))}, 100, {});
      c->mutateRowTs(t, "r1", {Put("cf:a", "v2")}, 200, {});
      std::vector<gen::TCell> cells;
      c->getVer(cells, t, "r1", "cf:a", 5, {});
      REQUIRE(cells.size() == 2);
      CHECK(cells[0].value == "v2");
      CHECK(cells[0].timestamp == 200);
      CHECK(cells[1].value == std::string("v\0x", 3));
      CHECK(cells[1].timestamp == 100);
      std::vector<gen::TRowResult> rows;
      c->getRow(rows, t, "r1", {});
      REQUIRE(rows.size() == 1);
      CHECK(rows[0].row == "r1");
      REQUIRE(rows[0].columns.count("cf:a") == 1);
      CHECK(rows[0].columns.at("cf:a").value == "v2");
      CHECK_FALSE(static_cast<bool>(rows[0].__isset.sortedColumns));
      CHECK(c->atomicIncrement(t, "n", "cf:c", 41) == 41);
      gen::ScannerID id = c->scannerOpen(t, "", {}, {});
      rows.clear();
      c->scannerGetList(rows, id, 10);
      REQUIRE(rows.size() == 2);
      CHECK(rows[0].row == "n");
      CHECK(rows[0].columns.at("cf:c").value == Long(41));
      CHECK(rows[1].row == "r1");
      rows.clear();
      c->scannerGetList(rows, id, 10);
      CHECK(rows.empty());
      c->scannerClose(id);
      CHECK_THROWS_AS(c->scannerClose(id), gen::IllegalArgument);
      CHECK_THROWS_AS(c->getRow(rows, "no_such_table", "r", {}), gen::IOError);
      CHECK(c->getThriftServerType() == gen::TThriftServerType::ONE);
    }
  }
}

TEST_CASE("two clients increment one counter 1000 times each: 2000") {
  obkvlite::testing::Watchdog watchdog(240, "thrift_client_test");
  {
    Connection setup(false, false);
    FreshTable(setup, "cpp_counter");
  }
  std::vector<std::thread> clients;
  std::atomic<int> failures{0};
  for (int k = 0; k < 2; ++k) {
    clients.emplace_back([k, &failures] {
      try {
        Connection c(k == 1, k == 1);
        for (int i = 0; i < 1000; ++i) {
          c->atomicIncrement("cpp_counter", "row", "cf:n", 1);
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "client %d: %s\n", k, e.what());
        failures.fetch_add(1);
      }
    });
  }
  for (std::thread& t : clients) t.join();
  REQUIRE(failures.load() == 0);
  Connection c(false, true);
  std::vector<gen::TCell> cells;
  c->get(cells, "cpp_counter", "row", "cf:n", {});
  REQUIRE(cells.size() == 1);
  CHECK(cells[0].value == Long(2000));
}

TEST_CASE("8 clients mixing puts, gets, scanners and increments") {
  obkvlite::testing::Watchdog watchdog(240, "thrift_client_test");
  const std::string t = "cpp_mixed";
  constexpr int kClients = 8;
  constexpr int kRounds = 60;
  {
    Connection setup(true, false);
    FreshTable(setup, t);
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> clients;
  for (int k = 0; k < kClients; ++k) {
    clients.emplace_back([k, &t, &failures] {
      try {
        Connection c(k % 2 == 1, k % 4 >= 2);
        const std::string prefix = "c" + std::to_string(k) + "_";
        for (int i = 0; i < kRounds; ++i) {
          char row[32];
          std::snprintf(row, sizeof(row), "%s%03d", prefix.c_str(), i);
          c->mutateRow(t, row, {Put("cf:v", std::to_string(i * 7 + k))}, {});
          std::vector<gen::TCell> cells;
          c->get(cells, t, row, "cf:v", {});
          if (cells.size() != 1 ||
              cells[0].value != std::to_string(i * 7 + k)) {
            throw std::runtime_error(std::string("get after put: ") + row);
          }
          c->atomicIncrement(t, "shared", "cf:n", 1);
          if (i % 10 == 9) {
            // My own rows so far, exactly, through a scanner.
            gen::ScannerID id = c->scannerOpenWithPrefix(t, prefix, {}, {});
            int seen = 0;
            for (;;) {
              std::vector<gen::TRowResult> rows;
              c->scannerGetList(rows, id, 7);
              if (rows.empty()) break;
              for (const gen::TRowResult& r : rows) {
                char want[32];
                std::snprintf(want, sizeof(want), "%s%03d", prefix.c_str(),
                              seen);
                if (r.row != want) {
                  throw std::runtime_error("scan order: " + r.row);
                }
                ++seen;
              }
            }
            c->scannerClose(id);
            if (seen != i + 1) {
              throw std::runtime_error("scan saw " + std::to_string(seen));
            }
          }
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "client %d: %s\n", k, e.what());
        failures.fetch_add(1);
      }
    });
  }
  for (std::thread& th : clients) th.join();
  REQUIRE(failures.load() == 0);
  Connection c(false, false);
  // Exactly every client's rows with their last values, and the counter.
  std::map<std::string, std::string> got;
  gen::ScannerID id = c->scannerOpen(t, "", {}, {});
  for (;;) {
    std::vector<gen::TRowResult> rows;
    c->scannerGetList(rows, id, 100);
    if (rows.empty()) break;
    for (const gen::TRowResult& r : rows) {
      for (const auto& [column, cell] : r.columns) {
        got[r.row + "/" + column] = cell.value;
      }
    }
  }
  c->scannerClose(id);
  std::map<std::string, std::string> want;
  for (int k = 0; k < kClients; ++k) {
    for (int i = 0; i < kRounds; ++i) {
      char row[32];
      std::snprintf(row, sizeof(row), "c%d_%03d", k, i);
      want[std::string(row) + "/cf:v"] = std::to_string(i * 7 + k);
    }
  }
  want["shared/cf:n"] = Long(kClients * kRounds);
  CHECK(got == want);
}
