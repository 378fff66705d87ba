// Copyright (c) obkvlite authors.
#include "tools/bench/thrift_bench.h"

#include <stdlib.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "obkvlite/store.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/thrift_server.h"
#include "server/thrift2/gen-cpp/THBaseService.h"
#include "server/thrift2/thrift2_service.h"
#include "tools/bench/rss_sampler.h"

namespace obkvlite {
namespace bench {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;
namespace gen2 = ::obkvlite::server::hbase_thrift2;
using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// One run's figures.
using Figures = std::map<std::string, double>;

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * v.size()))];
}

// A client of `Service` (Thrift1's HbaseClient, Thrift2's
// THBaseServiceClient) over buffered binary, HBase's defaults.
template <typename Service>
struct ClientOf {
  std::shared_ptr<apache::thrift::transport::TTransport> transport;
  std::unique_ptr<Service> hbase;

  explicit ClientOf(int port) {
    auto socket =
        std::make_shared<apache::thrift::transport::TSocket>("127.0.0.1", port);
    socket->setNoDelay(true);
    transport = std::make_shared<apache::thrift::transport::TBufferedTransport>(
        socket, 64 * 1024);
    hbase = std::make_unique<Service>(
        std::make_shared<apache::thrift::protocol::TBinaryProtocol>(transport));
    transport->open();
  }
  ~ClientOf() { transport->close(); }
};
using Client = ClientOf<gen::HbaseClient>;
using Client2 = ClientOf<gen2::THBaseServiceClient>;

// p50 and p99 (us) of `n` calls of `call` into `*f` as NAME_p50_us and
// NAME_p99_us.
template <typename Call>
void Latency(const std::string& name, int64_t n, Call call, Figures* f) {
  std::vector<double> us;
  us.reserve(n);
  for (int64_t i = 0; i < n; ++i) {
    const auto s = Clock::now();
    call(i);
    us.push_back(Seconds(s) * 1e6);
  }
  (*f)[name + "_p50_us"] = Percentile(us, 0.50);
  (*f)[name + "_p99_us"] = Percentile(us, 0.99);
}

Result<std::unique_ptr<Store>> OpenTableStore(const BenchConfig& cfg,
                                              const std::string& path) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Store> store,
                        Store::Open(cfg.options, path));
  OBKV_ASSIGN_OR_RETURN(TableSpec spec,
                        ParseTableSpec(BenchSpecJson("normal")));
  OBKV_RETURN_IF_ERROR(store->CreateTable(spec));
  return store;
}

uint64_t Batches(const BenchConfig& cfg) {
  return (cfg.rows + kRowsPerBatch - 1) / kRowsPerBatch;
}

Status RunOnce(const BenchConfig& cfg, const std::string& dir, Figures* f) {
  const std::vector<std::string> qualifiers = Qualifiers();
  const double cells = static_cast<double>(cfg.rows) * kQualifiers;

  // In-process: Table::Put batches and a full scan.
  {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Store> store,
                          OpenTableStore(cfg, dir + "/inproc.db"));
    OBKV_ASSIGN_OR_RETURN(Table * table, store->GetTable("t"));
    const auto t0 = Clock::now();
    for (uint64_t b = 0; b < Batches(cfg); ++b) {
      const RowBatch batch = MakeBatch(cfg, qualifiers, b);
      std::vector<Put> puts;
      for (size_t r = 0; r < batch.keys.size(); ++r) {
        Put put(batch.keys[r]);
        for (int q = 0; q < kQualifiers; ++q) {
          put.Add("f", qualifiers[q], batch.ts,
                  batch.values[r * kQualifiers + q]);
        }
        puts.push_back(std::move(put));
      }
      OBKV_RETURN_IF_ERROR(table->Put(puts));
    }
    (*f)["inproc_put_cells_per_s"] = cells / Seconds(t0);
    const auto t1 = Clock::now();
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table->GetScanner(Scan()));
    RowResult row;
    int64_t seen = 0;
    while (scanner->Next(&row)) seen += static_cast<int64_t>(row.cells.size());
    OBKV_RETURN_IF_ERROR(scanner->status());
    (*f)["inproc_scan_cells_per_s"] = seen / Seconds(t1);
    // The store's own get latency and 4-thread scaling, for context.
    const int64_t gets = std::max<int64_t>(1000, cfg.gets);
    std::vector<double> us;
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<uint64_t> uniform(0, cfg.rows - 1);
    const auto t2 = Clock::now();
    for (int64_t i = 0; i < gets; ++i) {
      const auto s = Clock::now();
      OBKV_RETURN_IF_ERROR(table->Get(Get(BenchKey(cfg, uniform(rng))), &row));
      us.push_back(Seconds(s) * 1e6);
    }
    (*f)["inproc_get1_ops_per_s"] = gets / Seconds(t2);
    (*f)["inproc_get_p50_us"] = Percentile(us, 0.50);
    std::vector<std::thread> threads;
    const auto t3 = Clock::now();
    for (int k = 0; k < 4; ++k) {
      threads.emplace_back([&cfg, table, gets, k] {
        std::mt19937_64 r(k + 1);
        std::uniform_int_distribution<uint64_t> u(0, cfg.rows - 1);
        RowResult mine;
        for (int64_t i = 0; i < gets / 4; ++i) {
          (void)table->Get(Get(BenchKey(cfg, u(r))), &mine);
        }
      });
    }
    for (std::thread& t : threads) t.join();
    (*f)["inproc_get4_ops_per_s"] = (gets / 4 * 4) / Seconds(t3);
  }

  // The same through the gateway.
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Store> store,
                        OpenTableStore(cfg, dir + "/thrift.db"));
  server::ThriftServerOptions options;
  options.port = 0;
  options.workers = 8;
  // Warnings only: the gateways' INFO stop lines would come between the
  // results.
  options.log_level = server::LogLevel::kWarn;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<server::ThriftServer> gateway,
                        server::ThriftServer::Start(store.get(), options));
  const int port = gateway->port();
  try {
    Client c(port);
    const auto t0 = Clock::now();
    for (uint64_t b = 0; b < Batches(cfg); ++b) {
      const RowBatch batch = MakeBatch(cfg, qualifiers, b);
      std::vector<gen::BatchMutation> rows(batch.keys.size());
      for (size_t r = 0; r < batch.keys.size(); ++r) {
        rows[r].row = batch.keys[r];
        rows[r].mutations.resize(kQualifiers);
        for (int q = 0; q < kQualifiers; ++q) {
          rows[r].mutations[q].column = "f:" + qualifiers[q];
          rows[r].mutations[q].value = batch.values[r * kQualifiers + q];
        }
      }
      c.hbase->mutateRowsTs("t", rows, batch.ts, {});
    }
    (*f)["thrift_put_cells_per_s"] = cells / Seconds(t0);

    // The scan's memory: the growth of the process's RssAnon (gateway and
    // client) over the scan, which streams, so stays flat with the rows.
    const double rss_before = RssAnonMiB();
    PeakRssAnonSampler rss;
    rss.Start();
    const auto t1 = Clock::now();
    const gen::ScannerID id = c.hbase->scannerOpen("t", "", {}, {});
    int64_t seen = 0;
    for (;;) {
      std::vector<gen::TRowResult> rows;
      c.hbase->scannerGetList(rows, id, 1000);
      if (rows.empty()) break;
      for (const gen::TRowResult& r : rows) seen += r.columns.size();
    }
    c.hbase->scannerClose(id);
    (*f)["thrift_scan_cells_per_s"] = seen / Seconds(t1);
    (*f)["thrift_scan_rss_growth_mib"] = rss.Stop() - rss_before;

    // getRow latency, and thriftnull's floor.
    const int64_t gets = std::max<int64_t>(1000, cfg.gets);
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<uint64_t> uniform(0, cfg.rows - 1);
    std::vector<double> get_us, null_us;
    get_us.reserve(gets);
    null_us.reserve(gets);
    const auto t2 = Clock::now();
    for (int64_t i = 0; i < gets; ++i) {
      const auto s = Clock::now();
      std::vector<gen::TRowResult> rows;
      c.hbase->getRow(rows, "t", BenchKey(cfg, uniform(rng)), {});
      get_us.push_back(Seconds(s) * 1e6);
    }
    (*f)["thrift_get1_ops_per_s"] = gets / Seconds(t2);
    for (int64_t i = 0; i < gets; ++i) {
      const auto s = Clock::now();
      (void)c.hbase->getThriftServerType();
      null_us.push_back(Seconds(s) * 1e6);
    }
    (*f)["thrift_get_p50_us"] = Percentile(get_us, 0.50);
    (*f)["thrift_get_p99_us"] = Percentile(get_us, 0.99);
    (*f)["thriftnull_p50_us"] = Percentile(null_us, 0.50);
    (*f)["thriftnull_p99_us"] = Percentile(null_us, 0.99);

    // 4 clients, the same number of gets in all.
    std::vector<std::thread> clients;
    const auto t3 = Clock::now();
    for (int k = 0; k < 4; ++k) {
      clients.emplace_back([&cfg, port, gets, k] {
        Client mine(port);
        std::mt19937_64 r(k + 1);
        std::uniform_int_distribution<uint64_t> u(0, cfg.rows - 1);
        for (int64_t i = 0; i < gets / 4; ++i) {
          std::vector<gen::TRowResult> rows;
          mine.hbase->getRow(rows, "t", BenchKey(cfg, u(r)), {});
        }
      });
    }
    for (std::thread& t : clients) t.join();
    (*f)["thrift_get4_ops_per_s"] = (gets / 4 * 4) / Seconds(t3);
  } catch (const std::exception& e) {
    return Status::IOError(std::string("thrift bench: ") + e.what());
  }
  gateway->Stop();
  gateway->Wait();

  // Thrift2's get of the same rows, and its own null call.
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<server::ThriftServer> gateway2,
                        server::ThriftServer::Start(store.get(), options,
                                                    server::Thrift2Service()));
  try {
    Client2 c(gateway2->port());
    const int64_t gets = std::max<int64_t>(1000, cfg.gets);
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<uint64_t> uniform(0, cfg.rows - 1);
    gen2::TGet get;
    Latency(
        "thrift2_get", gets,
        [&](int64_t) {
          gen2::TResult r;
          get.row = BenchKey(cfg, uniform(rng));
          c.hbase->get(r, "t", get);
        },
        f);
    Latency(
        "thrift2null", gets,
        [&](int64_t) { (void)c.hbase->getThriftServerType(); }, f);
  } catch (const std::exception& e) {
    return Status::IOError(std::string("thrift2 bench: ") + e.what());
  }
  gateway2->Stop();
  gateway2->Wait();
  return Status::OK();
}

}  // namespace

bool IsThriftArm(const std::string& arm) {
  return arm == "thrift" || arm == "thriftnull";
}

int RunThriftBench(const BenchConfig& cfg) {
  std::map<std::string, std::vector<double>> all;
  for (int run = 0; run < cfg.runs; ++run) {
    char tmpl[] = "/tmp/obkv-bench-XXXXXX";
    const std::string dir = mkdtemp(tmpl);
    Figures f;
    Status st = RunOnce(cfg, dir, &f);
    std::filesystem::remove_all(dir);
    if (!st.ok()) {
      std::fprintf(stderr, "obkv-bench: %s\n", st.ToString().c_str());
      return 1;
    }
    for (const auto& [name, value] : f) all[name].push_back(value);
  }
  Figures m;
  for (const auto& [name, values] : all) m[name] = Median(values);
  const double put = m["thrift_put_cells_per_s"] / m["inproc_put_cells_per_s"];
  const double scan =
      m["thrift_scan_cells_per_s"] / m["inproc_scan_cells_per_s"];
  const double p50 = m["thrift_get_p50_us"] / m["thriftnull_p50_us"];
  const double p50_2 = m["thrift2_get_p50_us"] / m["thrift2null_p50_us"];
  const double scale = m["thrift_get4_ops_per_s"] / m["thrift_get1_ops_per_s"];
  if (!cfg.json_only) {
    std::printf(
        "thrift gateway over loopback (buffered binary), rows=%llu, medians "
        "of %d runs\n",
        static_cast<unsigned long long>(cfg.rows), cfg.runs);
    std::printf(
        "  mutateRows 1000-row batches  %12.0f cells/s  in-process "
        "Put %12.0f  (%.2fx, target >= 0.8)\n",
        m["thrift_put_cells_per_s"], m["inproc_put_cells_per_s"], put);
    std::printf(
        "  scannerGetList(1000)         %12.0f cells/s  in-process "
        "scan %11.0f  (%.2fx, target >= 0.7); RssAnon +%.1f MiB "
        "over the scan\n",
        m["thrift_scan_cells_per_s"], m["inproc_scan_cells_per_s"], scan,
        m["thrift_scan_rss_growth_mib"]);
    std::printf(
        "  getRow latency  p50 %7.1f us  p99 %7.1f us; thriftnull "
        "p50 %7.1f us  p99 %7.1f us  (p50 %.2fx, target <= 2); "
        "in-process Get p50 %.1f us\n",
        m["thrift_get_p50_us"], m["thrift_get_p99_us"], m["thriftnull_p50_us"],
        m["thriftnull_p99_us"], p50, m["inproc_get_p50_us"]);
    std::printf(
        "  Thrift2 get latency  p50 %7.1f us  p99 %7.1f us; its null call "
        "p50 %7.1f us  p99 %7.1f us  (p50 %.2fx)\n",
        m["thrift2_get_p50_us"], m["thrift2_get_p99_us"],
        m["thrift2null_p50_us"], m["thrift2null_p99_us"], p50_2);
    std::printf(
        "  getRow 4 clients %10.0f ops/s, 1 client %10.0f ops/s  "
        "(%.2fx, target >= 1.7); in-process Get 4 threads / 1: "
        "%.2fx\n",
        m["thrift_get4_ops_per_s"], m["thrift_get1_ops_per_s"], scale,
        m["inproc_get4_ops_per_s"] / m["inproc_get1_ops_per_s"]);
  }
  std::ostringstream js;
  js << "{\"rows\":" << cfg.rows << ",\"runs\":" << cfg.runs << ",\"thrift\":{";
  bool first = true;
  for (const auto& [name, value] : m) {
    js << (first ? "" : ",") << "\"" << name << "\":" << value;
    first = false;
  }
  js << "},\"ratios\":{\"put\":" << put << ",\"scan\":" << scan
     << ",\"get_p50_to_null\":" << p50
     << ",\"thrift2_get_p50_to_null\":" << p50_2
     << ",\"get_4_to_1_clients\":" << scale << "}}";
  std::printf("%s\n", js.str().c_str());
  return 0;
}

}  // namespace bench
}  // namespace obkvlite
