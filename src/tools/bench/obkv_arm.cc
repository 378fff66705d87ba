// Copyright (c) obkvlite authors.
//
// obkvlite arms of obkv-bench: the same rows through the public Store/Table
// API, with a given partitioning or the timeseries layout. An arm named
// "<arm>-nostats" is <arm> with request counting off
// (StoreOptions::request_stats; obkv-bench --stats-overhead).

#include "obkvlite/store.h"
#include "obkvlite/table.h"
#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {

std::string BenchSpecJson(const std::string& strategy) {
  std::string layout = "normal";
  std::string partition = R"({"strategy": "none"})";
  if (strategy == "key97" || strategy == "key97x2") {
    partition = R"({"strategy": "key", "partitions": 97})";
  } else if (strategy == "prefix") {
    // YCSB keys are "user" + digits: the prefix spans the first 3 digits.
    partition = R"({"strategy": "key", "partitions": 97, "prefix_length": 7})";
  } else if (strategy == "timeseries") {
    layout = "timeseries";
  }
  return R"({"table": "t", "layout": ")" + layout +
         R"(", "families": [{"name": "f"}], "partition": )" + partition + "}";
}

void AppendRowDocument(const RowBatch& batch, size_t r,
                       std::vector<layout::TimeseriesMember>* members,
                       std::string* doc) {
  members->clear();
  for (int c = 0; c < kQualifiers; ++c) {
    members->emplace_back(batch.qualifiers[c],
                          batch.values[r * kQualifiers + c]);
  }
  layout::AppendTimeseriesValue(*members, doc);
}

bool StripSuffix(const std::string& suffix, std::string* name) {
  if (name->size() <= suffix.size() ||
      name->compare(name->size() - suffix.size(), suffix.size(), suffix) != 0) {
    return false;
  }
  name->resize(name->size() - suffix.size());
  return true;
}

namespace {

class ObkvArm : public BenchArm {
 public:
  explicit ObkvArm(std::string name) : name_(std::move(name)) {
    strategy_ = name_;
    request_stats_ = !StripSuffix(kNoStatsSuffix, &strategy_);
    operation_stats_ = !StripSuffix(kNoOpsSuffix, &strategy_);
    indexed_ = StripSuffix(kIndexedSuffix, &strategy_);
    retries_ = !StripSuffix(kNoRetrySuffix, &strategy_);
    linger_ = !StripSuffix(kNoLingerSuffix, &strategy_);
  }

  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions& options) override {
    StoreOptions opened = options;
    opened.request_stats = request_stats_;
    opened.operation_stats = operation_stats_;
    if (!retries_) opened.retry.max_attempts = 1;
    opened.sqlite.linger_read_locks = linger_;
    opened.sqlite.shards = LoadThreads();
    const bool server = strategy_ == "mariadb" || strategy_ == "mariadbts";
    if (server) database_ = BenchServerDatabase(strategy_, dir);
    const std::string location = server ? "mysql://" + BenchServerUser() +
                                              "@localhost/" + database_ +
                                              "?socket=" + BenchServerSocket()
                                        : dir + "/" + name_ + ".db";
    if (server) opened.sqlite.shards = 0;
    OBKV_ASSIGN_OR_RETURN(store_, Store::Open(opened, location));
    std::string json = BenchSpecJson(strategy_ == "mariadb"     ? "normal"
                                     : strategy_ == "mariadbts" ? "timeseries"
                                                                : strategy_);
    if (indexed_) {
      json.pop_back();  // the closing brace
      json += R"(, "indexes": [{"name": "t_by_field0", "family": "f",
                 "qualifier": "field0"}]})";
    }
    OBKV_ASSIGN_OR_RETURN(TableSpec spec, ParseTableSpec(json));
    OBKV_RETURN_IF_ERROR(store_->CreateTable(spec));
    OBKV_ASSIGN_OR_RETURN(table_, store_->GetTable("t"));
    return Status::OK();
  }

  ~ObkvArm() override {
    // A server arm's database goes with the arm, as a file arm's directory.
    const bool server = store_ != nullptr && IsServerLocation(store_->path());
    store_.reset();
    if (server) DropBenchServerDatabase(database_);
  }

  int LoadThreads() const override { return strategy_ == "key97x2" ? 2 : 1; }

  Status Load(const RowBatch& batch) override {
    // Per thread: LoadThreads() threads may load at once.
    thread_local std::vector<Put> puts;
    puts.resize(batch.keys.size());
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      Put& put = puts[r];
      put.row = batch.keys[r];
      put.cells.resize(kQualifiers);
      for (int q = 0; q < kQualifiers; ++q) {
        PutCell& cell = put.cells[q];
        cell.family = "f";
        cell.qualifier = batch.qualifiers[q];
        cell.timestamp = batch.ts;
        cell.value = batch.values[r * kQualifiers + q];
      }
    }
    return table_->Put(puts);
  }

  Result<int> GetRow(const std::string& key) override {
    get_.row = key;
    // Zero-copy (Table::Get with a CellVisitor), as the raw arm reads.
    cells_.cells = 0;
    OBKV_RETURN_IF_ERROR(table_->Get(get_, &cells_));
    return cells_.cells;
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    Scan scan;
    scan.start_row = start;
    scan.limit = rows;
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table_->GetScanner(scan));
    // Zero-copy, as the raw arms read (Scanner::NextCell).
    int64_t cells = 0;
    CellView cell;
    while (scanner->NextCell(&cell)) cells += cell.value.empty() ? 0 : 1;
    OBKV_RETURN_IF_ERROR(scanner->status());
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    Put put(key);
    put.Add("f", qualifier, ts, value);
    return table_->Put(put);
  }

 private:
  std::string name_;
  // name_ without kNoStatsSuffix, kNoOpsSuffix, kIndexedSuffix,
  // kNoRetrySuffix, kNoLingerSuffix
  std::string strategy_;
  bool indexed_ = false;         // the table has one index (kIndexedSuffix)
  bool retries_ = true;          // false: max_attempts 1 (kNoRetrySuffix)
  bool linger_ = true;           // false: no lingering read locks
  bool request_stats_ = true;    // false for "<arm>-nostats"
  bool operation_stats_ = true;  // false for "<arm>-noops"
  std::string database_;         // server arms
  std::unique_ptr<Store> store_;
  Table* table_ = nullptr;
  Get get_;
  ValueCounter cells_;
};

}  // namespace

std::unique_ptr<BenchArm> NewObkvArm(const std::string& strategy) {
  return std::make_unique<ObkvArm>(strategy);
}

}  // namespace bench
}  // namespace obkvlite
