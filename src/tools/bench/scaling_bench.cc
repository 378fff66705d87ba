// Copyright (c) obkvlite authors.
#include "tools/bench/scaling_bench.h"

#include <stdlib.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#if OBKVLITE_BENCH_REST
#include <httplib.h>
#endif

#include "layout/timestamp_codec.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/store.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/thrift_server.h"
#include "storage/retry_backoff.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/raw_mariadb_db.h"
#include "tools/bench/raw_sqlite_db.h"
#include "tools/bench/stats_overhead.h"
#include "tools/bench/ycsb.h"

#if OBKVLITE_BENCH_REST
#include "server/http/http_app.h"
#include "server/http/http_server.h"
#include "server/metrics/request_metrics.h"
#include "server/rest/base64.h"
#include "server/rest/rest_service.h"
#include "tools/bench/cell_set_body.h"
#endif

namespace obkvlite {
namespace bench {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;

using Clock = std::chrono::steady_clock;

constexpr int64_t kScanRows = 100;
constexpr int kBatchRows = 100;
const char kHotRow[] = "hot-counter";

// What one client thread does, on its own connection (raw) or on the
// shared table (normal).
class Worker {
 public:
  virtual ~Worker() = default;
  virtual Status GetRow(const std::string& key) = 0;
  virtual Status ScanRows(const std::string& start) = 0;
  // Writes rows `keys` (10 cells each, at ts 1) in one transaction.
  virtual Status PutRows(const std::vector<std::string>& keys,
                         const std::vector<std::string>& qualifiers,
                         const std::string& value) = 0;
  virtual Status Increment(const std::string& key) = 0;
  virtual Status Update(const std::string& key, const std::string& qualifier,
                        const std::string& value) = 0;
};

// An arm: its data, loaded once, and a worker per thread.
class Arm {
 public:
  virtual ~Arm() = default;
  virtual Status Open(const std::string& dir, const BenchConfig& cfg) = 0;
  virtual Status Load(const RowBatch& batch) = 0;
  virtual Result<std::unique_ptr<Worker>> NewWorker() = 0;
  // Whether its workers can increment (HBase's REST has no increment).
  virtual bool Increments() const { return true; }
};

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// ---- raw: a connection per thread.

class RawWorker : public Worker {
 public:
  Status Open(const std::string& path, const StoreOptions& options) {
    OBKV_RETURN_IF_ERROR(db_.Open(path, options));
    OBKV_ASSIGN_OR_RETURN(table_, db_.PrepareCellTable("t$f"));
    return Status::OK();
  }
  RawSqliteDb& db() { return db_; }
  const CellStatements& table() const { return table_; }

  Status GetRow(const std::string& key) override {
    return db_.GetRowCells(table_.get, key).status();
  }
  Status ScanRows(const std::string& start) override {
    RawSqliteDb::BindScanStart(table_.scan, start);
    RowLimit limit(kScanRows);
    int rc;
    while ((rc = sqlite3_step(table_.scan)) == SQLITE_ROW) {
      if (!limit.Admit(ReadCell(table_.scan, 0, 1, 2, 3).k)) break;
    }
    sqlite3_reset(table_.scan);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? Status::OK() : db_.Error();
  }
  Status PutRows(const std::vector<std::string>& keys,
                 const std::vector<std::string>& qualifiers,
                 const std::string& value) override {
    OBKV_RETURN_IF_ERROR(db_.Exec("BEGIN IMMEDIATE"));
    for (const std::string& key : keys) {
      for (const std::string& q : qualifiers) {
        Status st = db_.InsertCell(table_.insert, key, q, value, 1);
        if (!st.ok()) {
          (void)db_.Exec("ROLLBACK");
          return st;
        }
      }
    }
    return db_.Exec("COMMIT");
  }
  Status Increment(const std::string& key) override {
    return db_.IncrementCell(table_, key, "n", 1, NowMs()).status();
  }
  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value) override {
    OBKV_RETURN_IF_ERROR(db_.Exec("BEGIN IMMEDIATE"));
    Status st = db_.InsertCell(table_.insert, key, qualifier, value, 1);
    if (!st.ok()) {
      (void)db_.Exec("ROLLBACK");
      return st;
    }
    return db_.Exec("COMMIT");
  }

 private:
  RawSqliteDb db_;
  CellStatements table_;
};

class RawArm : public Arm {
 public:
  Status Open(const std::string& dir, const BenchConfig& cfg) override {
    path_ = dir + "/raw.db";
    options_ = cfg.options;
    {
      RawSqliteDb schema;
      OBKV_RETURN_IF_ERROR(schema.Open(path_, options_));
      OBKV_RETURN_IF_ERROR(schema.CreateCellTable("t$f"));
    }
    loader_ = std::make_unique<RawWorker>();
    return loader_->Open(path_, options_);
  }
  Status Load(const RowBatch& batch) override {
    RawSqliteDb& db = loader_->db();
    OBKV_RETURN_IF_ERROR(db.Exec("BEGIN"));
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      for (int q = 0; q < kQualifiers; ++q) {
        OBKV_RETURN_IF_ERROR(db.InsertCell(
            loader_->table().insert, batch.keys[r], batch.qualifiers[q],
            batch.values[r * kQualifiers + q], batch.ts));
      }
    }
    return db.Exec("COMMIT");
  }
  Result<std::unique_ptr<Worker>> NewWorker() override {
    auto worker = std::make_unique<RawWorker>();
    OBKV_RETURN_IF_ERROR(worker->Open(path_, options_));
    return std::unique_ptr<Worker>(std::move(worker));
  }

 private:
  std::string path_;
  StoreOptions options_;
  std::unique_ptr<RawWorker> loader_;
};

// ---- rawmariadb: a connection per thread to the bench's server
// (--mysql-socket), the same table and statement shapes as arm rawmariadb
// (raw_mariadb_db.h); each write its own transaction.

class RawMariadbWorker : public Worker {
 public:
  Status Open(const std::string& database) {
    OBKV_RETURN_IF_ERROR(db_.Connect("rawmariadb", database, false));
    return db_.PrepareStatements(/*timeseries=*/false);
  }
  RawMariadbDb& db() { return db_; }

  Status GetRow(const std::string& key) override {
    return db_.Get(key, [](RawMariadbDb::Column*) { return true; });
  }
  Status ScanRows(const std::string& start) override {
    return db_.Scan(start, int64_t{kScanRows} * kQualifiers,
                    [](RawMariadbDb::Column*) { return true; });
  }
  Status PutRows(const std::vector<std::string>& keys,
                 const std::vector<std::string>& qualifiers,
                 const std::string& value) override {
    std::vector<const std::string*> k, q, v;
    for (const std::string& key : keys) {
      for (const std::string& qualifier : qualifiers) {
        k.push_back(&key);
        q.push_back(&qualifier);
        v.push_back(&value);
      }
    }
    return Commit(
        [&] { return db_.UpsertAll(k, q, v, layout::EncodeTimestamp(1)); });
  }
  // The newest version read FOR UPDATE, the sum written as a new version
  // at max(now, newest + 1), as the store's increment.
  Status Increment(const std::string& key) override {
    return Commit([&]() -> Status {
      const std::string q = "n";
      int64_t t = 0;
      std::string old;
      OBKV_ASSIGN_OR_RETURN(bool found, db_.Newest(key, q, &t, &old));
      int64_t value = 0;
      int64_t ts = NowMs();
      if (found) {
        Result<int64_t> decoded = DecodeBigEndian64(old);
        if (decoded.ok()) value = *decoded;
        ts = std::max(ts, layout::DecodeTimestamp(t) + 1);
      }
      const std::string bytes = EncodeBigEndian64(value + 1);
      const std::string* k = &key;
      const std::string* qp = &q;
      const std::string* v = &bytes;
      return db_.Upsert(1, &k, &qp, &v, layout::EncodeTimestamp(ts));
    });
  }
  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value) override {
    const std::string* k = &key;
    const std::string* q = &qualifier;
    const std::string* v = &value;
    return Commit(
        [&] { return db_.Upsert(1, &k, &q, &v, layout::EncodeTimestamp(1)); });
  }

 private:
  // Runs `body` in a transaction, then COMMIT, or ROLLBACK on its error;
  // a deadlock or lock wait timeout runs it again after the store's own
  // backoff (storage/retry_backoff.h), up to 1000 times: 8 connections on
  // one hot counter deadlock often (each locking read takes the gap its
  // new version goes into), and a user retries until it lands.
  template <typename Body>
  Status Commit(Body body) {
    RetryOptions retry;
    retry.max_attempts = 1000;
    Status st;
    for (int attempt = 1;; ++attempt) {
      st = db_.Query("START TRANSACTION");
      if (st.ok()) st = body();
      if (st.ok()) st = db_.Query("COMMIT");
      if (st.ok()) return st;
      const bool again = db_.LastErrorWasLockConflict();
      (void)db_.Query("ROLLBACK");
      if (!again || attempt >= retry.max_attempts) return st;
      storage::BackOff(retry, attempt);
    }
  }

  RawMariadbDb db_;
};

class RawMariadbArm : public Arm {
 public:
  ~RawMariadbArm() override {
    loader_.reset();
    if (!database_.empty()) DropBenchServerDatabase(database_);
  }
  Status Open(const std::string& dir, const BenchConfig&) override {
    database_ = BenchServerDatabase("scalingraw", dir);
    loader_ = std::make_unique<RawMariadbWorker>();
    {
      RawMariadbDb schema;
      OBKV_RETURN_IF_ERROR(schema.Connect("rawmariadb", database_, true));
      OBKV_RETURN_IF_ERROR(schema.CreateTable(/*timeseries=*/false));
    }
    return loader_->Open(database_);
  }
  Status Load(const RowBatch& batch) override {
    RawMariadbDb& db = loader_->db();
    OBKV_RETURN_IF_ERROR(db.Query("START TRANSACTION"));
    OBKV_RETURN_IF_ERROR(db.UpsertBatch(batch));
    return db.Query("COMMIT");
  }
  Result<std::unique_ptr<Worker>> NewWorker() override {
    auto worker = std::make_unique<RawMariadbWorker>();
    OBKV_RETURN_IF_ERROR(worker->Open(database_));
    return std::unique_ptr<Worker>(std::move(worker));
  }

 private:
  std::string database_;
  std::unique_ptr<RawMariadbWorker> loader_;
};

// ---- normal: one Store, its table shared.

class NormalWorker : public Worker {
 public:
  explicit NormalWorker(Table* table) : table_(table) {}

  // Zero-copy (Table::Get with a CellVisitor), as the raw arm reads views.
  Status GetRow(const std::string& key) override {
    get_.row = key;
    counter_.cells = 0;
    return table_->Get(get_, &counter_);
  }
  Status ScanRows(const std::string& start) override {
    Scan scan;
    scan.start_row = start;
    scan.limit = kScanRows;
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table_->GetScanner(scan));
    CellView cell;
    while (scanner->NextCell(&cell)) {
    }
    return scanner->status();
  }
  Status PutRows(const std::vector<std::string>& keys,
                 const std::vector<std::string>& qualifiers,
                 const std::string& value) override {
    std::vector<Put> puts;
    puts.reserve(keys.size());
    for (const std::string& key : keys) {
      Put put(key);
      for (const std::string& q : qualifiers) put.Add("f", q, 1, value);
      puts.push_back(std::move(put));
    }
    return puts.size() == 1 ? table_->Put(puts.front()) : table_->Put(puts);
  }
  Status Increment(const std::string& key) override {
    obkvlite::Increment inc;
    inc.row = key;
    inc.columns.push_back({"f", "n", 1});
    return table_->Increment(inc).status();
  }
  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value) override {
    Put put(key);
    put.Add("f", qualifier, 1, value);
    return table_->Put(put);
  }

 private:
  Table* const table_;
  Get get_;
  ValueCounter counter_;
};

class NormalArm : public Arm {
 public:
  // `server`: on the bench's MariaDB server (--mysql-socket), a database
  // of its own, instead of a store file.
  explicit NormalArm(bool server = false) : server_(server) {}
  ~NormalArm() override {
    store_.reset();
    if (!database_.empty()) DropBenchServerDatabase(database_);
  }
  Status Open(const std::string& dir, const BenchConfig& cfg) override {
    std::string location = dir + "/store.db";
    if (server_) {
      database_ = BenchServerDatabase("scaling", dir);
      location = "mysql://" + BenchServerUser() + "@localhost/" + database_ +
                 "?socket=" + BenchServerSocket();
    }
    OBKV_ASSIGN_OR_RETURN(store_, Store::Open(cfg.options, location));
    OBKV_ASSIGN_OR_RETURN(TableSpec spec,
                          ParseTableSpec(BenchSpecJson("normal")));
    OBKV_RETURN_IF_ERROR(store_->CreateTable(spec));
    OBKV_ASSIGN_OR_RETURN(table_, store_->GetTable("t"));
    return Status::OK();
  }
  Status Load(const RowBatch& batch) override {
    std::vector<Put> puts;
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      Put put(batch.keys[r]);
      for (int q = 0; q < kQualifiers; ++q) {
        put.Add("f", batch.qualifiers[q], batch.ts,
                batch.values[r * kQualifiers + q]);
      }
      puts.push_back(std::move(put));
    }
    return table_->Put(puts);
  }
  Result<std::unique_ptr<Worker>> NewWorker() override {
    return std::unique_ptr<Worker>(std::make_unique<NormalWorker>(table_));
  }
  // The store (REQUIRED: Open succeeded).
  Result<Store*> store() { return store_.get(); }
  // "W writes in G groups (largest L)": its group commits so far.
  std::string GroupCommits() const {
    const GroupCommitStats stats = store_->group_commit_stats();
    return std::to_string(stats.writes) + " writes in " +
           std::to_string(stats.groups) + " groups (largest " +
           std::to_string(stats.largest) + ")";
  }

 private:
  const bool server_;
  std::string database_;  // on the server
  std::unique_ptr<Store> store_;
  Table* table_ = nullptr;
};

// ---- thrift: the normal arm's store behind an in-process Thrift1
// gateway, a client connection (buffered, binary) per thread, as happybase
// clients share a gateway.

class ThriftWorker : public Worker {
 public:
  Status Open(int port) {
    auto socket =
        std::make_shared<apache::thrift::transport::TSocket>("127.0.0.1", port);
    socket->setRecvTimeout(30000);
    transport_ =
        std::make_shared<apache::thrift::transport::TBufferedTransport>(socket);
    client_ = std::make_unique<gen::HbaseClient>(
        std::make_shared<apache::thrift::protocol::TBinaryProtocol>(
            transport_));
    return Call([&] { transport_->open(); });
  }
  ~ThriftWorker() override {
    if (transport_ != nullptr) transport_->close();
  }

  Status GetRow(const std::string& key) override {
    return Call([&] { client_->getRow(rows_, "t", key, {}); });
  }
  Status ScanRows(const std::string& start) override {
    return Call([&] {
      const gen::ScannerID id = client_->scannerOpen("t", start, {}, {});
      client_->scannerGetList(rows_, id, static_cast<int32_t>(kScanRows));
      client_->scannerClose(id);
    });
  }
  Status PutRows(const std::vector<std::string>& keys,
                 const std::vector<std::string>& qualifiers,
                 const std::string& value) override {
    std::vector<gen::BatchMutation> batches(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
      batches[i].row = keys[i];
      for (const std::string& q : qualifiers) {
        gen::Mutation m;
        m.column = "f:" + q;
        m.value = value;
        batches[i].mutations.push_back(std::move(m));
      }
    }
    return Call([&] { client_->mutateRowsTs("t", batches, 1, {}); });
  }
  Status Increment(const std::string& key) override {
    return Call([&] { client_->atomicIncrement("t", key, "f:n", 1); });
  }
  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value) override {
    gen::Mutation m;
    m.column = "f:" + qualifier;
    m.value = value;
    return Call([&] { client_->mutateRowTs("t", key, {m}, 1, {}); });
  }

 private:
  // Runs `call`, its Thrift exception an IOError naming it.
  template <typename Fn>
  static Status Call(const Fn& call) {
    try {
      call();
      return Status::OK();
    } catch (const gen::IOError& e) {
      return Status::IOError("thrift: " + e.message);
    } catch (const std::exception& e) {
      return Status::IOError(std::string("thrift: ") + e.what());
    }
  }

  std::shared_ptr<apache::thrift::transport::TTransport> transport_;
  std::unique_ptr<gen::HbaseClient> client_;
  std::vector<gen::TRowResult> rows_;
};

class ThriftArm : public Arm {
 public:
  Status Open(const std::string& dir, const BenchConfig& cfg) override {
    OBKV_RETURN_IF_ERROR(store_.Open(dir, cfg));
    OBKV_ASSIGN_OR_RETURN(Store * store, store_.store());
    server::ThriftServerOptions o;
    o.port = 0;
    o.log_level = server::LogLevel::kWarn;
    OBKV_ASSIGN_OR_RETURN(server_, server::ThriftServer::Start(store, o));
    return Status::OK();
  }
  Status Load(const RowBatch& batch) override { return store_.Load(batch); }
  Result<std::unique_ptr<Worker>> NewWorker() override {
    auto worker = std::make_unique<ThriftWorker>();
    OBKV_RETURN_IF_ERROR(worker->Open(server_->port()));
    return std::unique_ptr<Worker>(std::move(worker));
  }
  ~ThriftArm() override {
    if (server_ != nullptr) {
      server_->Stop();
      server_->Wait();
    }
  }

 private:
  NormalArm store_;
  std::unique_ptr<server::ThriftServer> server_;
};

#if OBKVLITE_BENCH_REST
// ---- rest: the normal arm's store behind an in-process REST gateway
// (the HTTP host and HttpApp, as `obkv rest start` runs them), a
// keep-alive client connection per thread (cpp-httplib), JSON bodies as
// node-hbase sends them.

class RestWorker : public Worker {
 public:
  explicit RestWorker(int port) : client_("127.0.0.1", port) {
    client_.set_keep_alive(true);
    client_.set_tcp_nodelay(true);
    client_.set_read_timeout(30, 0);
  }

  Status GetRow(const std::string& key) override {
    return Expect(client_.Get(("/t/" + key).c_str(), json_), 200, "GET row");
  }
  // A scanner of 1000 cells (100 rows of 10): create, read once, delete,
  // as the Thrift arm's open, getList and close.
  Status ScanRows(const std::string& start) override {
    const std::string model =
        "{\"startRow\":\"" + rest::Base64Encode(start) +
        "\",\"batch\":" + std::to_string(kScanRows * kQualifiers) + "}";
    auto created = client_.Put("/t/scanner", model, "application/json");
    OBKV_RETURN_IF_ERROR(Expect(created, 201, "PUT scanner"));
    // The Location is absolute (http://host:port/t/scanner/ID): its path.
    const std::string location = created->get_header_value("Location");
    const size_t scheme = location.find("://");
    const size_t slash = scheme == std::string::npos
                             ? std::string::npos
                             : location.find('/', scheme + 3);
    if (slash == std::string::npos) {
      return Status::IOError("rest: PUT scanner: Location '" + location + "'");
    }
    const std::string path = location.substr(slash);
    OBKV_RETURN_IF_ERROR(
        Expect(client_.Get(path.c_str(), json_), 200, "GET scanner"));
    return Expect(client_.Delete(path.c_str()), 200, "DELETE scanner");
  }
  Status PutRows(const std::vector<std::string>& keys,
                 const std::vector<std::string>& qualifiers,
                 const std::string& value) override {
    std::vector<std::string> columns;
    for (const std::string& q : qualifiers) columns.push_back("f:" + q);
    return Expect(
        client_.Put("/t/fakerow", CellSetBody(keys, columns, value, 1),
                    "application/json"),
        200, "PUT rows");
  }
  Status Increment(const std::string&) override {
    return Status::NotSupported("rest: no increment in HBase's REST");
  }
  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value) override {
    return PutRows({key}, {qualifier}, value);
  }

 private:
  static Status Expect(const httplib::Result& r, int status, const char* what) {
    if (!r) {
      return Status::IOError(std::string("rest: ") + what + ": " +
                             httplib::to_string(r.error()));
    }
    if (r->status != status) {
      return Status::IOError(std::string("rest: ") + what + ": " +
                             std::to_string(r->status) + " " + r->body);
    }
    return Status::OK();
  }

  httplib::Client client_;
  const httplib::Headers json_ = {{"Accept", "application/json"}};
};

class RestArm : public Arm {
 public:
  // `threads`: the server's request threads (the most clients of the run).
  explicit RestArm(int threads) : threads_(threads) {}
  Status Open(const std::string& dir, const BenchConfig& cfg) override {
    OBKV_RETURN_IF_ERROR(store_.Open(dir, cfg));
    OBKV_ASSIGN_OR_RETURN(Store * store, store_.store());
    app_ =
        std::make_unique<http::HttpApp>(store, rest::RestOptions(), &metrics_);
    http::HttpServerOptions o;
    o.port = 0;
    o.threads = threads_;
    http::HttpApp* app = app_.get();
    server_ = std::make_unique<http::HttpServer>(
        o, [app](const server::HttpRequest& r) { return app->Handle(r); },
        nullptr);
    OBKV_RETURN_IF_ERROR(server_->Bind());
    thread_ = std::thread([this] { server_->Run(); });
    return Status::OK();
  }
  Status Load(const RowBatch& batch) override { return store_.Load(batch); }
  Result<std::unique_ptr<Worker>> NewWorker() override {
    return std::unique_ptr<Worker>(
        std::make_unique<RestWorker>(server_->port()));
  }
  bool Increments() const override { return false; }
  ~RestArm() override {
    if (server_ != nullptr) server_->Stop();
    if (thread_.joinable()) thread_.join();
  }

 private:
  int threads_;
  NormalArm store_;
  metrics::RequestMetrics metrics_;
  std::unique_ptr<http::HttpApp> app_;
  std::unique_ptr<http::HttpServer> server_;
  std::thread thread_;
};
#endif  // OBKVLITE_BENCH_REST

// ---- the workloads.

// One operation of a workload by thread `thread`, with its generators.
struct Client {
  std::mt19937_64 rng;
  std::unique_ptr<ScrambledZipfian> zipf;
};
using Operation =
    std::function<Status(const BenchConfig&, Worker*, Client*, int thread)>;

struct Workload {
  const char* name;
  Operation op;
  bool increments = false;  // runs only on arms that can (Arm::Increments)
};

std::vector<Workload> Workloads(const std::vector<std::string>& qualifiers,
                                const std::string& value) {
  auto uniform = [](const BenchConfig& cfg, Client* c) {
    return BenchKey(cfg, c->rng() % cfg.rows);
  };
  return {
      {"get", [uniform](const BenchConfig& cfg, Worker* w, Client* c,
                        int) { return w->GetRow(uniform(cfg, c)); }},
      {"scan100", [uniform](const BenchConfig& cfg, Worker* w, Client* c,
                            int) { return w->ScanRows(uniform(cfg, c)); }},
      {"put",
       [uniform, &qualifiers, &value](const BenchConfig& cfg, Worker* w,
                                      Client* c, int) {
         return w->PutRows({uniform(cfg, c)}, qualifiers, value);
       }},
      {"batch100",
       [uniform, &qualifiers, &value](const BenchConfig& cfg, Worker* w,
                                      Client* c, int) {
         std::vector<std::string> keys;
         for (int i = 0; i < kBatchRows; ++i) keys.push_back(uniform(cfg, c));
         return w->PutRows(keys, qualifiers, value);
       }},
      {"incr_hot",
       [](const BenchConfig&, Worker* w, Client*, int) {
         return w->Increment(kHotRow);
       },
       true},
      {"incr_random",
       [uniform](const BenchConfig& cfg, Worker* w, Client* c, int) {
         return w->Increment(uniform(cfg, c));
       },
       true},
      {"ycsb_a",
       [&qualifiers, &value](const BenchConfig& cfg, Worker* w, Client* c,
                             int) {
         const std::string key = BenchKey(cfg, c->zipf->Next());
         if (c->rng() % 100 < 50) return w->GetRow(key);
         return w->Update(key, qualifiers[c->rng() % qualifiers.size()], value);
       }},
      {"ycsb_b",
       [&qualifiers, &value](const BenchConfig& cfg, Worker* w, Client* c,
                             int) {
         const std::string key = BenchKey(cfg, c->zipf->Next());
         if (c->rng() % 100 < 95) return w->GetRow(key);
         return w->Update(key, qualifiers[c->rng() % qualifiers.size()], value);
       }},
  };
}

// Ops/s of `threads` threads doing `op` for `seconds` on `arm`.
Result<double> RunPoint(const BenchConfig& cfg, Arm* arm, const Operation& op,
                        int threads, double seconds) {
  std::vector<std::unique_ptr<Worker>> workers;
  for (int t = 0; t < threads; ++t) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Worker> w, arm->NewWorker());
    workers.push_back(std::move(w));
  }
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::atomic<bool> stop{false};
  std::vector<int64_t> done(threads, 0);
  std::vector<Status> errors(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      Client client;
      client.rng.seed(1000 + t);
      client.zipf = std::make_unique<ScrambledZipfian>(cfg.rows, 77 + t);
      ready.fetch_add(1);
      while (!go.load()) std::this_thread::yield();
      int64_t n = 0;
      while (!stop.load(std::memory_order_relaxed)) {
        Status st = op(cfg, workers[t].get(), &client, t);
        if (!st.ok()) {
          errors[t] = st;
          break;
        }
        ++n;
      }
      done[t] = n;
    });
  }
  while (ready.load() < threads) std::this_thread::yield();
  const auto start = Clock::now();
  go.store(true);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop.store(true);
  for (std::thread& t : pool) t.join();
  const double elapsed =
      std::chrono::duration<double>(Clock::now() - start).count();
  for (const Status& st : errors) OBKV_RETURN_IF_ERROR(st);
  int64_t total = 0;
  for (int64_t n : done) total += n;
  return total / elapsed;
}

}  // namespace

int RunScalingBench(const BenchConfig& cfg, const ScalingConfig& scaling) {
  const std::vector<std::string> qualifiers = Qualifiers();
  const std::string value(cfg.value_bytes, 'u');
  std::vector<Workload> workloads = Workloads(qualifiers, value);
  if (!scaling.workloads.empty()) {
    std::vector<Workload> picked;
    for (const std::string& name : scaling.workloads) {
      auto it = std::find_if(workloads.begin(), workloads.end(),
                             [&](const Workload& w) { return name == w.name; });
      if (it == workloads.end()) {
        std::fprintf(stderr,
                     "obkv-bench: --workloads: unknown workload '%s' (get, "
                     "scan100, put, batch100, incr_hot, incr_random, ycsb_a, "
                     "ycsb_b)\n",
                     name.c_str());
        return 2;
      }
      picked.push_back(*it);
    }
    workloads = std::move(picked);
  }
  // The mariadb arm (the normal arm's store on the server) runs when the
  // bench has a server (--mysql-socket).
  std::vector<const char*> arms = {"normal", "raw", "thrift"};
#if OBKVLITE_BENCH_REST
  arms.push_back("rest");
#else
  if (!cfg.json_only) {
    std::printf(
        "obkv-bench: no rest arm in the static program (Debian ships "
        "cpp-httplib and simdjson as shared libraries only)\n");
  }
#endif
  const bool server = !BenchServerSocket().empty();
  if (server) {
    arms.push_back("mariadb");
    arms.push_back("rawmariadb");
  }
  // Every arm is opened and loaded first, each in a folder of its own;
  // then each point (workload, thread count) runs on every arm in turn, the
  // first arm rotating from point to point, so that a slow moment of a
  // shared host falls on the arms of one point alike rather than on
  // whichever arm ran through it (the lockstep of lockstep.h, by point).
  // With rounds > 1 every point runs that many times and its figure is the
  // median.
  struct Slot {
    const char* name;
    std::string dir;
    std::unique_ptr<Arm> arm;
  };
  std::vector<Slot> slots;
  auto cleanup = [&slots] {
    for (Slot& slot : slots) {
      slot.arm.reset();
      std::filesystem::remove_all(slot.dir);
    }
  };
  for (const char* name : arms) {
    char tmpl[] = "/tmp/obkv-bench-XXXXXX";
    Slot slot{name, mkdtemp(tmpl), nullptr};
    if (std::string(name) == "raw") {
      slot.arm = std::make_unique<RawArm>();
    } else if (std::string(name) == "thrift") {
      slot.arm = std::make_unique<ThriftArm>();
#if OBKVLITE_BENCH_REST
    } else if (std::string(name) == "rest") {
      slot.arm = std::make_unique<RestArm>(scaling.threads.back());
#endif
    } else if (std::string(name) == "mariadb") {
      slot.arm = std::make_unique<NormalArm>(/*server=*/true);
    } else if (std::string(name) == "rawmariadb") {
      slot.arm = std::make_unique<RawMariadbArm>();
    } else {
      slot.arm = std::make_unique<NormalArm>();
    }
    Status st = slot.arm->Open(slot.dir, cfg);
    for (uint64_t b = 0; st.ok() && b * kRowsPerBatch < cfg.rows; ++b) {
      st = slot.arm->Load(MakeBatch(cfg, qualifiers, b));
    }
    slots.push_back(std::move(slot));
    if (!st.ok()) {
      std::fprintf(stderr, "obkv-bench: %s: %s\n", name, st.ToString().c_str());
      cleanup();
      return 1;
    }
  }
  // samples[workload][arm][threads] = ops/s of each round
  std::map<std::string,
           std::map<std::string, std::map<int, std::vector<double>>>>
      samples;
  size_t point = 0;
  for (int round = 0; round < scaling.rounds; ++round) {
    for (const Workload& w : workloads) {
      for (int threads : scaling.threads) {
        for (size_t i = 0; i < slots.size(); ++i) {
          Slot& slot = slots[(point + i) % slots.size()];
          if (w.increments && !slot.arm->Increments()) continue;
          Result<double> ops =
              RunPoint(cfg, slot.arm.get(), w.op, threads, scaling.seconds);
          if (!ops.ok()) {
            std::fprintf(stderr, "obkv-bench: %s %s x%d: %s\n", slot.name,
                         w.name, threads, ops.status().ToString().c_str());
            cleanup();
            return 1;
          }
          samples[w.name][slot.name][threads].push_back(*ops);
          if (!cfg.json_only) {
            std::fprintf(stderr, "  %-10s %-12s %3d threads %12.0f ops/s",
                         slot.name, w.name, threads, *ops);
            if (auto* store_arm = dynamic_cast<NormalArm*>(slot.arm.get())) {
              std::fprintf(stderr, "; group commit so far: %s",
                           store_arm->GroupCommits().c_str());
            }
            std::fprintf(stderr, "\n");
          }
        }
        ++point;
      }
    }
  }
  cleanup();
  // figures[workload][arm][threads] = the median ops/s
  std::map<std::string, std::map<std::string, std::map<int, double>>> figures;
  for (const auto& [workload, by_arm] : samples) {
    for (const auto& [arm, by_threads] : by_arm) {
      for (const auto& [threads, values] : by_threads) {
        figures[workload][arm][threads] = Median(values);
      }
    }
  }
  // An arm's ops/s at n threads; NaN where it did not run (rest has no
  // increments), printed "-" and written null.
  auto ops = [&figures](const Workload& w, const char* arm, int n) {
    const auto& points = figures[w.name][arm];
    const auto it = points.find(n);
    return it == points.end() ? std::nan("") : it->second;
  };
  auto text = [](double v, const char* format) {
    char buf[32];
    if (std::isnan(v)) return std::string("-");
    std::snprintf(buf, sizeof buf, format, v);
    return std::string(buf);
  };
  auto json = [](double v) {
    std::ostringstream out;
    if (std::isnan(v)) {
      out << "null";
    } else {
      out << v;
    }
    return out.str();
  };
  const int one = scaling.threads.front();
  std::ostringstream js;
  js << "{\"rows\":" << cfg.rows << ",\"seconds\":" << scaling.seconds
     << ",\"cores\":" << std::thread::hardware_concurrency()
     << ",\"scaling\":{";
  if (!cfg.json_only) {
    std::printf(
        "scaling: rows=%llu, %.1f s a point, %u hardware threads; ops/s, "
        "normal/raw, thrift/normal, rest/normal, efficiency = ops(N) / "
        "ops(1) / N\n",
        static_cast<unsigned long long>(cfg.rows), scaling.seconds,
        std::thread::hardware_concurrency());
    std::printf("  %-12s %7s %10s %10s %10s %10s %6s %6s %6s %8s %8s %8s %8s\n",
                "workload", "threads", "normal", "raw", "thrift", "rest",
                "ratio", "thrift", "rest", "eff.norm", "eff.raw", "eff.thr",
                "eff.rest");
  }
  bool first_workload = true;
  for (const Workload& w : workloads) {
    js << (first_workload ? "" : ",") << "\"" << w.name << "\":[";
    first_workload = false;
    bool first_point = true;
    for (int n : scaling.threads) {
      const double scale = static_cast<double>(n) / one;
      // Per arm: ops/s and scaling efficiency, NaN for an arm the program
      // has not (rest, in the static program).
      std::map<std::string, std::pair<double, double>> arm;
      for (const char* name : {"normal", "raw", "thrift", "rest"}) {
        arm[name] = {std::nan(""), std::nan("")};
      }
      for (const char* name : arms) {
        const double v = ops(w, name, n);
        arm[name] = {v, v / ops(w, name, one) / scale};
      }
      const double normal = arm["normal"].first;
      const double ratio = normal / arm["raw"].first;
      const double thrift_ratio = arm["thrift"].first / normal;
      const double rest_ratio = arm["rest"].first / normal;
      if (!cfg.json_only) {
        std::printf(
            "  %-12s %7d %10s %10s %10s %10s %6s %6s %6s %8s %8s %8s %8s\n",
            w.name, n, text(normal, "%.0f").c_str(),
            text(arm["raw"].first, "%.0f").c_str(),
            text(arm["thrift"].first, "%.0f").c_str(),
            text(arm["rest"].first, "%.0f").c_str(),
            text(ratio, "%.2f").c_str(), text(thrift_ratio, "%.2f").c_str(),
            text(rest_ratio, "%.2f").c_str(),
            text(arm["normal"].second, "%.2f").c_str(),
            text(arm["raw"].second, "%.2f").c_str(),
            text(arm["thrift"].second, "%.2f").c_str(),
            text(arm["rest"].second, "%.2f").c_str());
      }
      js << (first_point ? "" : ",") << "{\"threads\":" << n;
      for (const char* name : arms) {
        js << ",\"" << name << "\":" << json(arm[name].first);
      }
      js << ",\"ratio\":" << json(ratio)
         << ",\"thrift_ratio\":" << json(thrift_ratio)
         << ",\"rest_ratio\":" << json(rest_ratio);
      if (server) {
        js << ",\"mariadb_ratio\":"
           << json(arm["mariadb"].first / arm["rawmariadb"].first);
      }
      for (const char* name : arms) {
        js << ",\"efficiency_" << name << "\":" << json(arm[name].second);
      }
      js << "}";
      first_point = false;
    }
    js << "]";
  }
  js << "}}";
  if (server && !cfg.json_only) {
    std::printf("  %-12s %7s %12s %12s %7s %8s %8s\n", "workload", "threads",
                "mariadb", "rawmariadb", "ratio", "eff.mdb", "eff.rmdb");
    for (const Workload& w : workloads) {
      for (int n : scaling.threads) {
        const double scale = static_cast<double>(n) / one;
        const double mariadb = ops(w, "mariadb", n);
        const double raw = ops(w, "rawmariadb", n);
        std::printf("  %-12s %7d %12.0f %12.0f %7.2f %8.2f %8.2f\n", w.name, n,
                    mariadb, raw, mariadb / raw,
                    mariadb / ops(w, "mariadb", one) / scale,
                    raw / ops(w, "rawmariadb", one) / scale);
      }
    }
  }
  std::printf("%s\n", js.str().c_str());
  return 0;
}

}  // namespace bench
}  // namespace obkvlite
