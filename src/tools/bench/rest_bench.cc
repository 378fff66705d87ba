// Copyright (c) obkvlite authors.
#include "tools/bench/rest_bench.h"

#include <httplib.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "obkvlite/store.h"
#include "server/http/http_app.h"
#include "server/http/http_server.h"
#include "server/rest/base64.h"
#include "tools/bench/cell_set_body.h"

namespace obkvlite {
namespace bench {
namespace {

constexpr int kRowsPerPut = 1000;
constexpr int kValueBytes = 100;

using Clock = std::chrono::steady_clock;

double Ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = std::min(v.size() - 1, static_cast<size_t>(p * v.size()));
  return v[i];
}

double Median(std::vector<double> v) { return Percentile(std::move(v), 0.5); }

std::string Key(int i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "row%07d", i);
  return buf;
}

// The JSON CellSet of rows [first, first + kRowsPerPut).
std::string PutBody(int first, const std::string& value) {
  std::vector<std::string> rows;
  for (int i = first; i < first + kRowsPerPut; ++i) rows.push_back(Key(i));
  return CellSetBody(rows, {"f:q"}, value);
}

// The same requests answered with no store work: canned bodies.
struct NullBodies {
  std::mutex mu;
  std::string row;   // a single-row GET's answer
  std::string scan;  // a 1000-cell scanner GET's answer
};

struct Figures {
  std::vector<double> put_ms, scan_ms, get_us;
};

struct Endpoint {
  std::unique_ptr<http::HttpServer> server;
  std::thread thread;
  std::unique_ptr<httplib::Client> client;

  bool Start(http::HttpHandler handler) {
    http::HttpServerOptions o;
    o.port = 0;
    o.threads = 2;
    server = std::make_unique<http::HttpServer>(o, std::move(handler), nullptr);
    if (!server->Bind().ok()) return false;
    thread = std::thread([this] { server->Run(); });
    client = std::make_unique<httplib::Client>("127.0.0.1", server->port());
    client->set_keep_alive(true);
    client->set_tcp_nodelay(true);
    return true;
  }
  void Stop() {
    client.reset();
    server->Stop();
    thread.join();
  }
};

// One arm's round trips over `ep` on table `table` (/T paths).
bool HttpArm(Endpoint& ep, const std::string& table, int batches,
             const std::vector<int>& get_rows, const std::string& value,
             NullBodies* capture, Figures* f) {
  const httplib::Headers json = {{"Accept", "application/json"}};
  for (int b = 0; b < batches; ++b) {
    const std::string body = PutBody(b * kRowsPerPut, value);
    const auto t0 = Clock::now();
    auto r = ep.client->Put(("/" + table + "/fakerow").c_str(), body,
                            "application/json");
    f->put_ms.push_back(Ms(Clock::now() - t0));
    if (!r || r->status != 200) return false;
  }
  for (int b = 0; b < batches; ++b) {
    const std::string model =
        "{\"startRow\":\"" + rest::Base64Encode(Key(b * kRowsPerPut)) +
        "\",\"batch\":" + std::to_string(kRowsPerPut) + "}";
    auto created = ep.client->Put(("/" + table + "/scanner").c_str(), model,
                                  "application/json");
    if (!created || created->status != 201) return false;
    std::string location = created->get_header_value("Location");
    const std::string path = location.substr(location.find('/', 7));
    const auto t0 = Clock::now();
    auto r = ep.client->Get(path.c_str(), json);
    f->scan_ms.push_back(Ms(Clock::now() - t0));
    if (!r || r->status != 200) return false;
    if (capture != nullptr && b == 0) {
      std::lock_guard<std::mutex> lock(capture->mu);
      capture->scan = r->body;
    }
    ep.client->Delete(path.c_str());
  }
  for (int i : get_rows) {
    const std::string path = "/" + table + "/" + Key(i);
    const auto t0 = Clock::now();
    auto r = ep.client->Get(path.c_str(), json);
    f->get_us.push_back(Ms(Clock::now() - t0) * 1000);
    if (!r || r->status != 200) return false;
    if (capture != nullptr && capture->row.empty()) {
      std::lock_guard<std::mutex> lock(capture->mu);
      capture->row = r->body;
    }
  }
  return true;
}

Status InProcArm(Table* table, int batches, const std::vector<int>& get_rows,
                 const std::string& value, Figures* f) {
  for (int b = 0; b < batches; ++b) {
    std::vector<Put> puts;
    for (int i = b * kRowsPerPut; i < (b + 1) * kRowsPerPut; ++i) {
      puts.emplace_back(Key(i));
      puts.back().Add("f", "q", value);
    }
    const auto t0 = Clock::now();
    OBKV_RETURN_IF_ERROR(table->Put(puts));
    f->put_ms.push_back(Ms(Clock::now() - t0));
  }
  for (int b = 0; b < batches; ++b) {
    Scan scan;
    scan.start_row = Key(b * kRowsPerPut);
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table->GetScanner(scan));
    std::vector<Cell> cells;
    cells.reserve(kRowsPerPut);
    CellView view;
    const auto t0 = Clock::now();
    while (cells.size() < kRowsPerPut && scanner->NextCell(&view)) {
      cells.push_back(view.ToCell());
    }
    f->scan_ms.push_back(Ms(Clock::now() - t0));
    OBKV_RETURN_IF_ERROR(scanner->status());
  }
  RowResult row;
  for (int i : get_rows) {
    Get get(Key(i));
    const auto t0 = Clock::now();
    OBKV_RETURN_IF_ERROR(table->Get(get, &row));
    f->get_us.push_back(Ms(Clock::now() - t0) * 1000);
  }
  return Status::OK();
}

}  // namespace

int RunRestBench(const BenchConfig& cfg) {
  const int batches = std::max(5, cfg.runs * 5);
  const int64_t gets = std::min<int64_t>(cfg.gets, 20000);
  char tmpl[] = "/tmp/obkv-rest-bench-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) {
    std::perror("obkv-bench: mkdtemp");
    return 1;
  }
  const std::string dir = tmpl;
  int rc = 0;
  {
    Result<std::unique_ptr<Store>> store =
        Store::Open(cfg.options, dir + "/rest.db");
    if (!store.ok()) {
      std::fprintf(stderr, "obkv-bench: %s\n",
                   store.status().ToString().c_str());
      return 1;
    }
    for (const char* name : {"inproc", "rest"}) {
      Result<TableSpec> spec =
          ParseTableSpec(std::string("{\"table\":\"") + name +
                         "\",\"families\":[{\"name\":\"f\"}]}");
      Status st = spec.ok() ? (*store)->CreateTable(*spec) : spec.status();
      if (!st.ok()) {
        std::fprintf(stderr, "obkv-bench: %s\n", st.ToString().c_str());
        return 1;
      }
    }
    const std::string value(kValueBytes, 'x');
    std::mt19937_64 rng(42);
    std::vector<int> get_rows(static_cast<size_t>(gets));
    for (int& r : get_rows)
      r = static_cast<int>(rng() % (batches * kRowsPerPut));

    Figures inproc, rest_f, null_f;
    Status st = InProcArm((*store)->GetTable("inproc").value(), batches,
                          get_rows, value, &inproc);
    metrics::RequestMetrics metrics;
    http::HttpApp app(store->get(), rest::RestOptions(), &metrics);
    NullBodies canned;
    Endpoint rest_ep, null_ep;
    bool ok = st.ok() && rest_ep.Start([&app](const server::HttpRequest& r) {
      return app.Handle(r);
    }) && null_ep.Start([&canned](const server::HttpRequest& r) {
      server::HttpResponse out;
      if (r.method == "PUT" && r.target.find("/scanner") != std::string::npos) {
        out.status = 201;
        out.headers.emplace_back("Location", "http://127.0.0.1/rest/scanner/1");
        return out;
      }
      if (r.method != "GET") return out;
      std::lock_guard<std::mutex> lock(canned.mu);
      out.content_type = "application/json";
      out.body = r.target.find("/scanner/") != std::string::npos ? canned.scan
                                                                 : canned.row;
      return out;
    });
    ok = ok &&
         HttpArm(rest_ep, "rest", batches, get_rows, value, &canned, &rest_f);
    ok = ok &&
         HttpArm(null_ep, "rest", batches, get_rows, value, nullptr, &null_f);
    rest_ep.Stop();
    null_ep.Stop();
    app.service()->CloseScanners();
    if (!ok) {
      std::fprintf(stderr, "obkv-bench: --rest: %s\n",
                   st.ok() ? "an HTTP request failed" : st.ToString().c_str());
      rc = 1;
    } else {
      struct Row {
        const char* name;
        const char* unit;
        double in, rest, null;
      };
      const Row rows[] = {
          {"multi-row PUT, 1000 rows", "ms", Median(inproc.put_ms),
           Median(rest_f.put_ms), Median(null_f.put_ms)},
          {"scanner GET, 1000 cells", "ms", Median(inproc.scan_ms),
           Median(rest_f.scan_ms), Median(null_f.scan_ms)},
          {"single-row GET p50", "us", Percentile(inproc.get_us, 0.5),
           Percentile(rest_f.get_us, 0.5), Percentile(null_f.get_us, 0.5)},
          {"single-row GET p99", "us", Percentile(inproc.get_us, 0.99),
           Percentile(rest_f.get_us, 0.99), Percentile(null_f.get_us, 0.99)},
      };
      const char* keys[] = {"put_1000_rows_ms", "scanner_get_1000_cells_ms",
                            "get_p50_us", "get_p99_us"};
      if (!cfg.json_only) {
        std::printf(
            "obkv-bench --rest: one SQLite file, %d multi-row PUTs of %d rows "
            "(one %d-byte cell each), %d scanner GETs, %lld single-row GETs; "
            "one keep-alive loopback connection\n",
            batches, kRowsPerPut, kValueBytes, batches,
            static_cast<long long>(gets));
        std::printf("%-26s %4s %10s %10s %10s %12s %14s\n", "operation", "unit",
                    "inproc", "rest", "restnull", "rest/inproc",
                    "rest/restnull");
        for (const Row& r : rows) {
          std::printf("%-26s %4s %10.3f %10.3f %10.3f %12.2f %14.2f\n", r.name,
                      r.unit, r.in, r.rest, r.null,
                      r.in > 0 ? r.rest / r.in : 0,
                      r.null > 0 ? r.rest / r.null : 0);
        }
      }
      std::string line = "{\"rest\":{";
      for (size_t i = 0; i < 4; ++i) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      "%s\"%s\":{\"inproc\":%.4f,\"rest\":%.4f,"
                      "\"restnull\":%.4f}",
                      i > 0 ? "," : "", keys[i], rows[i].in, rows[i].rest,
                      rows[i].null);
        line += buf;
      }
      std::printf("%s}}\n", line.c_str());
    }
  }
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return rc;
}

}  // namespace bench
}  // namespace obkvlite
