// Copyright (c) obkvlite authors.
//
// Behaviour of the timeseries layout (K, T, S, V-json; doc/timeseries.md).

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

std::string TsSpec(const std::string& families, const std::string& partition) {
  return R"({"table": "t", "layout": "timeseries", "families": )" + families +
         R"(, "partition": )" + partition + "}";
}

std::string OneFamily(const char* partition = R"({"strategy": "none"})") {
  return TsSpec(R"([{"name": "f"}])", partition);
}

std::vector<std::string> Docs(StoreFixture& fx) {
  return fx.SqlRows("SELECT K, -T, V FROM \"t$f\" ORDER BY K, T, S");
}

void CheckUnsupported(const Status& st) {
  INFO(st.ToString());
  CHECK(st.IsNotSupported());
  CHECK(st.message().find("not supported for timeseries families") !=
        std::string::npos);
}

TEST_CASE("one relational row per put, sorted JSON text") {
  StoreFixture fx(OneFamily());
  fx.MustPut(Put("r1")
                 .Add("f", "temp", 100, "21.5")
                 .Add("f", "hum", 100, "40")
                 .Add("f", "a\"b", 100, "x\ny"));
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 1);
  CHECK(Docs(fx) == std::vector<std::string>{
                        R"(r1|100|{"a\"b":"x\ny","hum":"40","temp":"21.5"})"});
  CHECK(fx.MustGet(Get("r1")) ==
        std::vector<Cell>{C("r1", "f", "a\"b", 100, "x\ny"),
                          C("r1", "f", "hum", 100, "40"),
                          C("r1", "f", "temp", 100, "21.5")});
  // Two timestamps in one put: two documents sharing one S.
  fx.MustPut(Put("r2").Add("f", "q", 100, "1").Add("f", "q", 200, "2"));
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 3);
  CHECK(fx.SqlInt("SELECT count(DISTINCT S) FROM \"t$f\" WHERE K = X'7232'") ==
        1);
  // A put without a timestamp uses now.
  fx.MustPut(Put("r3").Add("f", "q", "now"));
  CHECK(fx.MustGet(Get("r3")) ==
        std::vector<Cell>{C("r3", "f", "q", kNow, "now")});
}

TEST_CASE("the last duplicate in a put wins; escapes round-trip exactly") {
  StoreFixture fx(OneFamily());
  const std::string odd = std::string("tab\there \\ \"q\" \x01\x1f ") +
                          "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 /";
  fx.MustPut(Put("r")
                 .Add("f", "b", 100, "first")
                 .Add("f", "a", 100, odd)
                 .Add("f", "b", 100, "second")
                 .Add("f", "c", 200, "other ts")
                 .Add("f", "b", 100, "third"));
  CHECK(Docs(fx) ==
        std::vector<std::string>{
            R"(r|200|{"c":"other ts"})",
            R"(r|100|{"a":"tab\there \\ \"q\" \u0001\u001f )"
            "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 /\",\"b\":\"third\"}"});
  // Rows of different widths through one reused RowResult.
  fx.MustPut(Put("s").Add("f", "x", 100, "1"));
  Scan scan;
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  RowResult row;
  REQUIRE((*scanner)->Next(&row));
  CHECK(row.cells == std::vector<Cell>{C("r", "f", "a", 100, odd),
                                       C("r", "f", "b", 100, "third"),
                                       C("r", "f", "c", 200, "other ts")});
  REQUIRE((*scanner)->Next(&row));
  CHECK(row.cells == std::vector<Cell>{C("s", "f", "x", 100, "1")});
  CHECK(!(*scanner)->Next(&row));
  CHECK((*scanner)->status().ok());
}

TEST_CASE("same-millisecond puts get distinct S; the newest wins") {
  StoreFixture fx(OneFamily());
  fx.MustPut(Put("r").Add("f", "a", 100, "old").Add("f", "b", 100, "b1"));
  fx.MustPut(Put("r").Add("f", "a", 100, "new"));
  fx.MustPut(Put("r").Add("f", "c", 100, "c1"));
  CHECK(fx.SqlInt("SELECT count(DISTINCT S) FROM \"t$f\"") == 3);
  CHECK(fx.SqlInt("SELECT max(S) FROM \"t$f\"") == -kNow);
  CHECK(fx.SqlInt("SELECT min(S) FROM \"t$f\"") == -(kNow + 2));
  CHECK(fx.MustGet(Get("r")) == std::vector<Cell>{C("r", "f", "a", 100, "new"),
                                                  C("r", "f", "b", 100, "b1"),
                                                  C("r", "f", "c", 100, "c1")});
  // The clock keeps counting up after a reopen in the same process.
  fx.Reopen();
  fx.MustPut(Put("r").Add("f", "a", 100, "newest"));
  CHECK(fx.MustGet(Get("r"))[0] == C("r", "f", "a", 100, "newest"));
}

// Write times (S) relative to kNow, per document: "K|ts|S-kNow|V".
std::vector<std::string> DocsWithS(StoreFixture& fx) {
  return fx.SqlRows("SELECT K, -T, -S - " + std::to_string(kNow) +
                    ", V FROM \"t$f\" ORDER BY K, T, S");
}

TEST_CASE("a batch of distinct keys takes one write time") {
  StoreFixture fx(OneFamily(R"({"strategy": "key", "partitions": 7})"));
  // Rows ascending, then in no order: both take one S, the clock's now.
  for (bool ascending : {true, false}) {
    INFO("ascending " << ascending);
    std::vector<Put> puts;
    for (int i = 0; i < 1000; ++i) {
      const int n = ascending ? i : (i * 7919) % 1000;
      char row[8];
      std::snprintf(row, sizeof row, "r%04d", n);
      puts.push_back(Put(row)
                         .Add("f", "a", 100, std::to_string(n))
                         .Add("f", "b", ascending ? 100 : 200, "x"));
    }
    REQUIRE(fx.table()->Put(puts).ok());
  }
  // 1000 rows at ts 100 written twice, 1000 at ts 200 once.
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 3000);
  CHECK(fx.SqlInt("SELECT count(DISTINCT S) FROM \"t$f\"") == 2);
  CHECK(fx.SqlInt("SELECT max(S) FROM \"t$f\"") == -kNow);
  CHECK(fx.SqlInt("SELECT min(S) FROM \"t$f\"") == -(kNow + 1));
  // The clock did not run ahead: the next put is the next millisecond.
  fx.MustPut(Put("r0000").Add("f", "a", 100, "last"));
  CHECK(fx.SqlInt("SELECT min(S) FROM \"t$f\"") == -(kNow + 2));
  CHECK(fx.MustGet(Get("r0000")) ==
        std::vector<Cell>{C("r0000", "f", "a", 100, "last"),
                          C("r0000", "f", "b", 200, "x"),
                          C("r0000", "f", "b", 100, "x")});
  // A clock that moved on is followed.
  fx.set_now(kNow + 50);
  REQUIRE(fx.table()
              ->Put(std::vector<Put>{Put("p").Add("f", "q", 1, "1"),
                                     Put("q").Add("f", "q", 1, "2")})
              .ok());
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\" WHERE S = " +
                  std::to_string(-(kNow + 50))) == 2);
}

TEST_CASE("colliding keys in one batch: a later put is newer and wins") {
  StoreFixture fx(OneFamily(R"({"strategy": "key", "partitions": 3})"));
  REQUIRE(fx.table()
              ->Put(std::vector<Put>{
                  Put("r").Add("f", "a", 100, "1").Add("f", "b", 100, "1"),
                  Put("s").Add("f", "a", 100, "x"),
                  Put("r").Add("f", "a", 100, "2"),
                  Put("r").Add("f", "c", 100, "3").Add("f", "a", 200, "z"),
                  Put("s").Add("f", "a", 300, "y"),
                  Put("r").Add("f", "a", 100, "4")})
              .ok());
  // Each put one S; of one (row, ts), each later put one millisecond newer.
  CHECK(DocsWithS(fx) == std::vector<std::string>{
                             R"(r|200|2|{"a":"z"})", R"(r|100|3|{"a":"4"})",
                             R"(r|100|2|{"c":"3"})", R"(r|100|1|{"a":"2"})",
                             R"(r|100|0|{"a":"1","b":"1"})",
                             R"(s|300|0|{"a":"y"})", R"(s|100|0|{"a":"x"})"});
  const std::vector<Cell> r = {
      C("r", "f", "a", 200, "z"), C("r", "f", "a", 100, "4"),
      C("r", "f", "b", 100, "1"), C("r", "f", "c", 100, "3")};
  CHECK(fx.MustGet(Get("r")) == r);
  std::vector<Cell> all = r;
  for (const Cell& c : {C("s", "f", "a", 300, "y"), C("s", "f", "a", 100, "x")})
    all.push_back(c);
  CHECK(fx.ScanAll() == all);
  // The batch took four write times: the next put comes after them.
  fx.MustPut(Put("r").Add("f", "b", 100, "5"));
  CHECK(fx.SqlInt("SELECT min(S) FROM \"t$f\"") == -(kNow + 4));
  CHECK(fx.MustGet(Get("r"))[2] == C("r", "f", "b", 100, "5"));
}

TEST_CASE("a batch of puts and deletes of one key keeps its order") {
  StoreFixture fx(OneFamily());
  Result<std::vector<MutationResult>> ok = fx.table()->Batch(
      {Mutation(Put("r").Add("f", "a", 100, "1").Add("f", "b", 100, "1")),
       Mutation(Delete{"r", DeleteType::kColumn, "f", "a", std::nullopt}),
       Mutation(Put("r").Add("f", "a", 100, "2")),
       Mutation(Put("r").Add("f", "b", 100, "3")),
       Mutation(Delete{"r", DeleteType::kColumns, "f", "c", std::nullopt}),
       Mutation(Put("t").Add("f", "a", 100, "4"))});
  REQUIRE(ok.ok());
  CHECK(DocsWithS(fx) == std::vector<std::string>{
                             R"(r|100|2|{"b":"3"})", R"(r|100|1|{"a":"2"})",
                             R"(r|100|0|{"b":"1"})", R"(t|100|0|{"a":"4"})"});
  CHECK(fx.MustGet(Get("r")) == std::vector<Cell>{C("r", "f", "a", 100, "2"),
                                                  C("r", "f", "b", 100, "3")});
}

TEST_CASE("batches from several threads at once keep every cell") {
  StoreFixture fx(OneFamily(R"({"strategy": "key", "partitions": 5})"));
  constexpr int kThreads = 4;
  constexpr int kBatches = 20;
  std::vector<std::thread> threads;
  std::vector<Status> status(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int b = 0; b < kBatches && status[t].ok(); ++b) {
        std::vector<Put> puts;
        for (int i = 0; i < 50; ++i) {
          // Every thread writes the same rows and ts: later batches win.
          const std::string v = std::to_string(t * 1000 + b);
          puts.push_back(Put("r" + std::to_string(i))
                             .Add("f", "t" + std::to_string(t), 100, v)
                             .Add("f", "all", 100, v));
        }
        status[t] = fx.table()->Put(puts);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const Status& st : status) REQUIRE_MESSAGE(st.ok(), st.ToString());
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == kThreads * kBatches * 50);
  // One S per batch, none shared by two batches.
  CHECK(fx.SqlInt("SELECT count(DISTINCT S) FROM \"t$f\"") ==
        kThreads * kBatches);
  // The newest write (smallest S) of the last batch, in every row.
  const std::string newest =
      fx.SqlRows(std::string("SELECT ") +
                 (fx.on_server() ? "JSON_VALUE" : "json_extract") +
                 "(V, '$.all') FROM \"t$f\" ORDER BY S LIMIT 1")[0];
  for (int i = 0; i < 50; ++i) {
    std::vector<Cell> cells = fx.MustGet(Get("r" + std::to_string(i)));
    REQUIRE(cells.size() == kThreads + 1);
    CHECK(cells[0] == C("r" + std::to_string(i), "f", "all", 100, newest));
    for (int t = 0; t < kThreads; ++t) {
      CHECK(cells[t + 1] == C("r" + std::to_string(i), "f",
                              "t" + std::to_string(t), 100,
                              std::to_string(t * 1000 + kBatches - 1)));
    }
  }
}

// Runs `sql` on the store's one file or database (not sharded stores).
void WriteRaw(StoreFixture& fx, const std::string& sql) {
  if (fx.on_server()) {
    fx.SqlRows(sql);
    return;
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(fx.path().c_str(), &db) == SQLITE_OK);
  INFO(sql);
  CHECK(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

TEST_CASE("a batch's multi-row inserts: a taken key moves the whole call") {
  if (getenv("OBKV_TEST_SHARDS") != nullptr) return;  // one file only
  StoreFixture fx(OneFamily());
  // Another writer took (r0050, 100) at the batch's write time.
  WriteRaw(fx,
           "INSERT INTO \"t$f\" (K, T, S, V) VALUES (X'7230303530', -100, " +
               std::to_string(-kNow) + ", '{\"a\":\"other\"}')");
  std::vector<Put> puts;
  for (int i = 0; i < 100; ++i) {
    char row[8];
    std::snprintf(row, sizeof row, "r%04d", i);
    puts.push_back(Put(row).Add("f", "a", 100, std::to_string(i)));
  }
  REQUIRE(fx.table()->Put(puts).ok());
  // Nothing of the batch stayed at the taken time: the rows inserted before
  // the conflicting statement were removed and written again, all at the
  // next millisecond.
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 101);
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\" WHERE S = " +
                  std::to_string(-kNow)) == 1);
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\" WHERE S = " +
                  std::to_string(-(kNow + 1))) == 100);
  CHECK(fx.MustGet(Get("r0050")) ==
        std::vector<Cell>{C("r0050", "f", "a", 100, "50")});
  const std::vector<Cell> all = fx.ScanAll();
  REQUIRE(all.size() == 100);
  CHECK(all[0] == C("r0000", "f", "a", 100, "0"));
  CHECK(all[99] == C("r0099", "f", "a", 100, "99"));
}

TEST_CASE("a batch over the server's max_allowed_packet is cut to fit") {
  // 30 documents of three 800 KiB values: 72 MiB, over the test server's
  // 64 MiB.
  StoreFixture fx(OneFamily());
  const auto value = [](int i, int q) {
    return std::string(size_t{800} << 10,
                       static_cast<char>('a' + (i + q) % 26));
  };
  std::vector<Put> puts;
  for (int i = 0; i < 30; ++i) {
    Put put("r" + std::to_string(100 + i));
    for (int q = 0; q < 3; ++q) {
      put.Add("f", "q" + std::to_string(q), 100, value(i, q));
    }
    puts.push_back(put);
  }
  const Status st = fx.table()->Put(puts);
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 30);
  CHECK(fx.SqlInt("SELECT count(DISTINCT S) FROM \"t$f\"") == 1);
  for (int i : {0, 17, 29}) {
    const std::string row = "r" + std::to_string(100 + i);
    CHECK(fx.MustGet(Get(row)) ==
          std::vector<Cell>{C(row, "f", "q0", 100, value(i, 0)),
                            C(row, "f", "q1", 100, value(i, 1)),
                            C(row, "f", "q2", 100, value(i, 2))});
  }
}

// V as the layout writes it, for the test's values: JSON escapes of '"',
// '\\' and control characters only.
std::string JsonText(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    const char* named = c == '"'    ? "\\\""
                        : c == '\\' ? "\\\\"
                        : c == '\n' ? "\\n"
                        : c == '\t' ? "\\t"
                                    : nullptr;
    if (named != nullptr) {
      out += named;
    } else if (c < 0x20) {
      char u[8];
      std::snprintf(u, sizeof u, "\\u%04x", c);
      out += u;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

TEST_CASE(
    "escapes and UTF-8 checks at every position of short and long strings") {
  StoreFixture fx(OneFamily());
  const std::vector<std::string> specials = {
      "\"", "\\", "\n", "\t", std::string(1, '\x01'), "\xc3\xa9"};
  int64_t ts = 0;
  for (size_t len = 1; len <= 19; ++len) {
    for (size_t at = 0; at < len; ++at) {
      for (const std::string& special : specials) {
        std::string v(len, 'v');
        v.replace(at, 1, special);
        ++ts;  // one document per ts
        fx.MustPut(Put("r").Add("f", "q" + v, ts, v).Add("f", "a", ts, "1"));
        CHECK(fx.SqlRows("SELECT V FROM \"t$f\" WHERE T = " +
                         std::to_string(-ts)) ==
              std::vector<std::string>{"{\"a\":\"1\"," + JsonText("q" + v) +
                                       ":" + JsonText(v) + "}"});
        Get get("r");
        get.timestamp = ts;
        CHECK(fx.MustGet(get) ==
              std::vector<Cell>{C("r", "f", "a", ts, "1"),
                                C("r", "f", "q" + v, ts, v)});
      }
      // Invalid UTF-8 at `at` of a qualifier and of a value.
      std::string bad(len, 'b');
      bad[at] = '\xff';
      Status st = fx.table()->Put(Put("x").Add("f", bad, 100, "1"));
      CHECK(st.message() ==
            "cells[0].qualifier: not valid UTF-8 (timeseries values are "
            "JSON strings)");
      st = fx.table()->Put(
          Put("x").Add("f", "ok", 100, "1").Add("f", "q", 100, bad));
      CHECK(st.message() ==
            "cells[1].value: not valid UTF-8 (timeseries values are JSON "
            "strings)");
    }
  }
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\" WHERE K = X'78'") == 0);
}

TEST_CASE("versions: all inside the TTL, max_versions ignored, time range") {
  StoreFixture fx(TsSpec(R"([{"name": "f", "ttl_seconds": 1}])",
                         R"({"strategy": "none"})"));
  const int64_t t0 = kNow - 5000;
  for (int64_t ts : {t0, kNow - 300, kNow - 200, kNow - 100}) {
    fx.MustPut(Put("r").Add("f", "q", ts, std::to_string(ts)));
  }
  Get get("r");
  get.max_versions = 1;
  CHECK(fx.MustGet(get) ==
        std::vector<Cell>{
            C("r", "f", "q", kNow - 100, std::to_string(kNow - 100)),
            C("r", "f", "q", kNow - 200, std::to_string(kNow - 200)),
            C("r", "f", "q", kNow - 300, std::to_string(kNow - 300))});
  get.time_range.min_ms = kNow - 250;
  get.time_range.max_ms = kNow - 100;
  CHECK(fx.MustGet(get) == std::vector<Cell>{C("r", "f", "q", kNow - 200,
                                               std::to_string(kNow - 200))});
  Get exact("r");
  exact.timestamp = kNow - 300;
  CHECK(fx.MustGet(exact) == std::vector<Cell>{C("r", "f", "q", kNow - 300,
                                                 std::to_string(kNow - 300))});
  exact.timestamp = t0;  // expired
  CHECK(fx.MustGet(exact).empty());
  Result<PurgeStats> purged = fx.table()->Purge();
  REQUIRE(purged.ok());
  CHECK(purged->expired_cells == 1);
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 3);
}

TEST_CASE("scan: start, stop, prefix, limit, columns") {
  StoreFixture fx(OneFamily(R"({"strategy": "key", "partitions": 7})"));
  for (const char* row : {"a1", "a2", "b1", "b2", "c1"}) {
    fx.MustPut(Put(row).Add("f", "x", 100, "1").Add("f", "y", 100, "2"));
  }
  Scan scan;
  scan.start_row = "a2";
  scan.stop_row = "c1";
  std::vector<RowResult> rows = fx.MustScanRows(scan);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].row == "a2");
  CHECK(rows[2].row == "b2");
  Scan prefix;
  prefix.prefix = "b";
  prefix.columns = {Column{"f", "y"}};
  CHECK(fx.MustScan(prefix) == std::vector<Cell>{C("b1", "f", "y", 100, "2"),
                                                 C("b2", "f", "y", 100, "2")});
  Scan limited;
  limited.limit = 2;
  CHECK(fx.MustScanRows(limited).size() == 2);
}

TEST_CASE("delete variants leave the exact remaining JSON") {
  StoreFixture fx(OneFamily());
  auto fill = [&] {
    fx.MustPut(Put("r").Add("f", "a", 100, "1").Add("f", "b", 100, "2"));
    fx.MustPut(Put("r").Add("f", "a", 200, "3").Add("f", "b", 200, "4"));
    fx.MustPut(Put("r").Add("f", "a", 300, "5"));
  };
  auto reset = [&] {
    fx.MustDelete(Delete{"r", DeleteType::kRow, "", "", std::nullopt});
    CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 0);
    fill();
  };
  fill();
  SUBCASE("column, latest") {
    fx.MustDelete(Delete{"r", DeleteType::kColumn, "f", "a", std::nullopt});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|200|{"a":"3","b":"4"})",
                                               R"(r|100|{"a":"1","b":"2"})"});
    fx.MustDelete(Delete{"r", DeleteType::kColumn, "f", "b", std::nullopt});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|200|{"a":"3"})",
                                               R"(r|100|{"a":"1","b":"2"})"});
  }
  SUBCASE("column, exact ts") {
    fx.MustDelete(Delete{"r", DeleteType::kColumn, "f", "a", 100});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|300|{"a":"5"})",
                                               R"(r|200|{"a":"3","b":"4"})",
                                               R"(r|100|{"b":"2"})"});
  }
  SUBCASE("columns up to ts") {
    fx.MustDelete(Delete{"r", DeleteType::kColumns, "f", "a", 200});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|300|{"a":"5"})",
                                               R"(r|200|{"b":"4"})",
                                               R"(r|100|{"b":"2"})"});
    reset();
    fx.MustDelete(Delete{"r", DeleteType::kColumns, "f", "a", std::nullopt});
    CHECK(Docs(fx) ==
          std::vector<std::string>{R"(r|200|{"b":"4"})", R"(r|100|{"b":"2"})"});
  }
  SUBCASE("family up to ts, family_version") {
    fx.MustDelete(Delete{"r", DeleteType::kFamily, "f", "", 200});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|300|{"a":"5"})"});
    reset();
    fx.MustDelete(Delete{"r", DeleteType::kFamilyVersion, "f", "", 200});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|300|{"a":"5"})",
                                               R"(r|100|{"a":"1","b":"2"})"});
    CHECK(fx.table()
              ->Delete(Delete{"r", DeleteType::kFamilyVersion, "f", "",
                              std::nullopt})
              .IsInvalidArgument());
  }
  SUBCASE("row up to ts") {
    fx.MustDelete(Delete{"r", DeleteType::kRow, "", "", 100});
    CHECK(Docs(fx) == std::vector<std::string>{R"(r|300|{"a":"5"})",
                                               R"(r|200|{"a":"3","b":"4"})"});
  }
}

TEST_CASE("non-UTF-8 qualifiers and values are refused, store unchanged") {
  StoreFixture fx(OneFamily());
  fx.MustPut(Put("r").Add("f", "q", 100, "ok"));
  Status st = fx.table()->Put(Put("r")
                                  .Add("f", "a", 200, "1")
                                  .Add("f", "b", 200, "2")
                                  .Add("f", "c", 200, std::string("\xff\xfe")));
  CHECK(st.IsInvalidArgument());
  CHECK(st.message() ==
        "cells[2].value: not valid UTF-8 (timeseries values are JSON strings)");
  st = fx.table()->Put(Put("r").Add("f", std::string("\xc0\x80"), 200, "1"));
  CHECK(st.message() ==
        "cells[0].qualifier: not valid UTF-8 (timeseries "
        "values are JSON strings)");
  // A batch with one bad put writes nothing.
  st = fx.table()->Put(std::vector<Put>{
      Put("r2").Add("f", "q", 100, "fine"),
      Put("r3").Add("f", "q", 100, std::string("\xed\xa0\x80"))});
  CHECK(st.IsInvalidArgument());
  CHECK(Docs(fx) == std::vector<std::string>{R"(r|100|{"q":"ok"})"});
  // Valid multi-byte UTF-8 round-trips untouched.
  fx.MustPut(Put("u").Add("f", "温度", 100, "二十℃ 🌡"));
  CHECK(fx.MustGet(Get("u")) ==
        std::vector<Cell>{C("u", "f", "温度", 100, "二十℃ 🌡")});
}

TEST_CASE("limits reuse the normal messages") {
  StoreFixture fx(OneFamily());
  CHECK(fx.table()
            ->Put(Put(std::string(1025, 'r')).Add("f", "q", 1, "v"))
            .message() == "row: 1025 bytes, limit 1024");
  CHECK(fx.table()
            ->Put(Put("r").Add("f", std::string(257, 'q'), 1, "v"))
            .message() == "cells[0].qualifier: 257 bytes, limit 256");
  CHECK(fx.table()
            ->Put(Put("r").Add("f", "q", 1, std::string(1048577, 'v')))
            .message() == "cells[0].value: 1048577 bytes, limit 1048576");
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 0);
}

TEST_CASE("every OBKV limitation is refused") {
  StoreFixture fx(
      TsSpec(R"([{"name": "f"}, {"name": "g"}])", R"({"strategy": "none"})"));
  CheckUnsupported(
      fx.table()->Put(Put("r").Add("f", "q", 1, "v").Add("g", "q", 1, "v")));
  Get get("r");
  CheckUnsupported(fx.table()->Get(get).status());  // no family named
  get.families = {"f", "g"};
  CheckUnsupported(fx.table()->Get(get).status());
  get.families = {"f"};
  get.filter = "PrefixFilter('r')";
  CheckUnsupported(fx.table()->Get(get).status());
  get.filter.clear();
  CHECK(fx.table()->Get(get).ok());
  Scan scan;
  scan.families = {"f"};
  scan.reversed = true;
  CheckUnsupported(fx.table()->GetScanner(scan).status());
  scan.reversed = false;
  scan.batch = 2;
  CheckUnsupported(fx.table()->GetScanner(scan).status());
  scan.batch = 0;
  scan.filter = "PrefixFilter('r')";
  CheckUnsupported(fx.table()->GetScanner(scan).status());
  scan.filter.clear();
  scan.columns = {Column{"g", "q"}};
  CheckUnsupported(fx.table()->GetScanner(scan).status());
  Increment inc;
  inc.row = "r";
  inc.columns = {{"f", "n", 1}};
  CheckUnsupported(fx.table()->Increment(inc).status());
  Append app;
  app.row = "r";
  app.columns = {{"f", "q", "x"}};
  CheckUnsupported(fx.table()->Append(app).status());
  CheckAndMutate cam;
  cam.row = "r";
  cam.family = "f";
  cam.qualifier = "q";
  CheckUnsupported(fx.table()->CheckAndMutate(cam).status());
  Result<std::vector<MutationResult>> batch = fx.table()->Batch(
      {Mutation(Put("r").Add("f", "q", 1, "v")), Mutation(inc)});
  CheckUnsupported(batch.status());
  CHECK(batch.status().message().rfind("ops[1].", 0) == 0);
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 0);
}

TEST_CASE("batch of puts and deletes is one transaction") {
  StoreFixture fx(OneFamily());
  Result<std::vector<MutationResult>> ok = fx.table()->Batch(
      {Mutation(Put("r").Add("f", "a", 100, "1").Add("f", "b", 100, "2")),
       Mutation(Delete{"r", DeleteType::kColumn, "f", "a", 100}),
       Mutation(Put("s").Add("f", "a", 100, "3"))});
  REQUIRE(ok.ok());
  CHECK(ok->size() == 3);
  CHECK(Docs(fx) ==
        std::vector<std::string>{R"(r|100|{"b":"2"})", R"(s|100|{"a":"3"})"});
  Result<std::vector<MutationResult>> bad = fx.table()->Batch(
      {Mutation(Put("x").Add("f", "a", 100, "1")),
       Mutation(Put("y").Add("f", "a", 100, std::string("\xff")))});
  CHECK(bad.status().message() ==
        "ops[1].cells[0].value: not valid UTF-8 (timeseries values are JSON "
        "strings)");
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 2);
}

TEST_CASE_TEMPLATE("partitioned: every strategy routes and reads back", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(OneFamily(P::Case().partition_json));
  for (const char* row : {"a", "c5", "r1", "r3", "zz"}) {
    for (int64_t ts : {100, 200, 300}) {
      fx.MustPut(Put(row)
                     .Add("f", "q", ts, std::to_string(ts))
                     .Add("f", "p", ts, row));
    }
  }
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 15);
  std::vector<Cell> all = fx.ScanAll();
  REQUIRE(all.size() == 30);
  CHECK(all[0] == C("a", "f", "p", 300, "a"));
  CHECK(all[3] == C("a", "f", "q", 300, "300"));
  CHECK(all[5] == C("a", "f", "q", 100, "100"));
  CHECK(all[29] == C("zz", "f", "q", 100, "100"));
  Get get("r1");
  get.time_range.min_ms = 150;
  get.time_range.max_ms = 250;
  CHECK(fx.MustGet(get) == std::vector<Cell>{C("r1", "f", "p", 200, "r1"),
                                             C("r1", "f", "q", 200, "200")});
  fx.MustDelete(Delete{"r1", DeleteType::kColumns, "f", "q", 200});
  CHECK(fx.MustGet(Get("r1")) ==
        std::vector<Cell>{
            C("r1", "f", "p", 300, "r1"), C("r1", "f", "p", 200, "r1"),
            C("r1", "f", "p", 100, "r1"), C("r1", "f", "q", 300, "300")});
}

TEST_CASE("range_key on G: a document lands in its day's table") {
  StoreFixture fx(OneFamily(
      R"({"strategy": "range_key", "bounds": [86400000, 172800000, "MAXVALUE"], "subpartitions": 4})"));
  fx.MustPut(Put("host1").Add("f", "temp", 90000000, "20"));
  int total = 0;
  // A server routes rows to its own partitions: no table per partition.
  for (int p = 0; p < (fx.on_server() ? 0 : 3); ++p) {
    for (int s = 0; s < 4; ++s) {
      const std::string table =
          "t$f$p" + std::to_string(p) + "s" + std::to_string(s);
      const int64_t n = fx.SqlInt("SELECT count(*) FROM \"" + table + "\"");
      if (n > 0) CHECK(p == 1);
      total += static_cast<int>(n);
    }
  }
  CHECK(total == (fx.on_server() ? 0 : 1));
  Scan scan;
  scan.time_range.min_ms = 86400000;
  scan.time_range.max_ms = 172800000;
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()).size() == 1);
  CHECK((*scanner)->partitions_opened() == 4);  // one day, every key bucket
}

TEST_CASE("json_extract over the t$f view") {
  StoreFixture fx(OneFamily(R"({"strategy": "key", "partitions": 3})"));
  fx.MustPut(
      Put("h1").Add("f", "temp", 100, "21.5").Add("f", "hum", 100, "40"));
  fx.MustPut(Put("h2").Add("f", "temp", 200, "19"));
  // JSON_VALUE on a server: its JSON_EXTRACT returns JSON ("21.5").
  CHECK(fx.SqlRows(std::string("SELECT K, -T AS ts, ") +
                   (fx.on_server() ? "JSON_VALUE" : "json_extract") +
                   "(V,'$.temp') FROM \"t$f\" ORDER BY K") ==
        std::vector<std::string>{"h1|100|21.5", "h2|200|19"});
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
