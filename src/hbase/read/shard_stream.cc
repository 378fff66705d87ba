// Copyright (c) obkvlite authors.
#include "hbase/read/shard_stream.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "hbase/read/cell_heap.h"
#include "hbase/read/row_reader.h"
#include "obkvlite/spec.h"
#include "storage/connection_pool.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

constexpr int kBatches = 3;  // filling, queued, reading
constexpr size_t kFirstBatchCells = 64;
constexpr size_t kMaxBatchCells = 1024;
constexpr size_t kBatchBytes = 64 * 1024;
// A scan limited to fewer rows reads on the caller's thread only: its time
// goes to opening the partition cursors, and waiting for a thread's first
// batch costs more than it saves, on a busy host far more (measured with
// KEY 97 on 2 shards: 10 to 1000 rows 0.4-0.8x, 10000 rows 1.6-2.2x).
constexpr int64_t kMinParallelLimit = 4096;

int MaxThreads() {
  return std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
}

// The plan's cursors grouped by the shard of their partition, for the
// shards holding any.
std::vector<std::vector<ShardStream::Source>> SourcesByShard(
    const StoreContext& ctx, const ReadPlan& plan) {
  std::vector<std::vector<ShardStream::Source>> by_shard(ctx.shards());
  for (const ShardStream::Source& source : RowReader::Sources(plan)) {
    by_shard[ShardOfPartition(plan.schema->spec().name, source.partition,
                              ctx.shards())]
        .push_back(source);
  }
  by_shard.erase(std::remove_if(by_shard.begin(), by_shard.end(),
                                [](const auto& g) { return g.empty(); }),
                 by_shard.end());
  return by_shard;
}

}  // namespace

bool ReadsShardsInParallel(const StoreContext& ctx, const ReadPlan& plan) {
  if (ctx.shards() <= 1 || plan.point || plan.lock_rows ||
      !ctx.options().sqlite.parallel_shard_scans ||
      (plan.limit > 0 && plan.limit < kMinParallelLimit)) {
    return false;
  }
  return SourcesByShard(ctx, plan).size() > 1;
}

Status OpenShardScan(StoreContext* ctx, const ReadPlan* plan,
                     RowReader* reader) {
  std::vector<std::vector<ShardStream::Source>> by_shard =
      SourcesByShard(*ctx, *plan);
  const size_t groups =
      std::min(by_shard.size(), static_cast<size_t>(MaxThreads()));
  std::vector<std::vector<ShardStream::Source>> by_group(groups);
  for (size_t i = 0; i < by_shard.size(); ++i) {
    std::vector<ShardStream::Source>& sources = by_group[i % groups];
    sources.insert(sources.end(), by_shard[i].begin(), by_shard[i].end());
  }
  std::vector<std::unique_ptr<CellCursor>> streams;
  for (std::vector<ShardStream::Source>& sources : by_group) {
    streams.push_back(
        std::make_unique<ShardStream>(ctx, plan, std::move(sources)));
  }
  OBKV_RETURN_IF_ERROR(reader->Open({}));  // the streams hold every cursor
  for (const std::unique_ptr<CellCursor>& stream : streams) {
    stream->Next();  // positions it on its first cell
    if (!stream->status().ok()) return stream->status();
  }
  reader->AdoptCursors(std::move(streams));
  return Status::OK();
}

void ShardStream::Batch::Clear() {
  bytes.clear();
  cells.clear();
}

void ShardStream::Batch::Append(const CellCursor& cursor) {
  Entry e;
  const std::string_view key = cursor.key();
  if (!cells.empty() && std::string_view(bytes.data() + cells.back().key,
                                         cells.back().key_size) == key) {
    e.key = cells.back().key;  // a row's cells share its key
  } else {
    e.key = bytes.size();
    bytes.append(key.data(), key.size());
  }
  e.key_size = key.size();
  e.qualifier = bytes.size();
  e.qualifier_size = cursor.qualifier().size();
  bytes.append(cursor.qualifier().data(), cursor.qualifier().size());
  e.value = bytes.size();
  e.value_size = cursor.value().size();
  bytes.append(cursor.value().data(), cursor.value().size());
  e.t = cursor.t();
  e.family_index = cursor.family_index();
  e.partition = cursor.partition();
  cells.push_back(e);
}

ShardStream::ShardStream(StoreContext* ctx, const ReadPlan* plan,
                         std::vector<Source> sources)
    : CellCursor(0, -1),
      ctx_(ctx),
      plan_(plan),
      sources_(std::move(sources)),
      batches_(new Batch[kBatches]) {
  {
    util::MutexLock lock(&mu_);
    for (int i = 0; i < kBatches; ++i) free_.push_back(&batches_[i]);
  }
  thread_ = std::thread([this] { Run(); });
}

ShardStream::~ShardStream() {
  {
    util::MutexLock lock(&mu_);
    stop_ = true;
    stopping_.store(true, std::memory_order_relaxed);
  }
  changed_.notify_all();
  thread_.join();
}

ShardStream::Batch* ShardStream::TakeFree() {
  util::MutexLock lock(&mu_);
  while (!stop_ && free_.empty()) changed_.wait(mu_);
  if (stop_) return nullptr;
  Batch* batch = free_.back();
  free_.pop_back();
  batch->Clear();
  return batch;
}

bool ShardStream::Publish(Batch* batch) {
  {
    util::MutexLock lock(&mu_);
    if (stop_) return false;
    ready_.push_back(batch);
  }
  changed_.notify_all();
  return true;
}

void ShardStream::Run() {
  Status status;
  try {
    status = Produce();
  } catch (const std::exception& e) {
    status = Status::IOError(std::string("scan: ") + e.what());
  }
  {
    util::MutexLock lock(&mu_);
    ended_ = true;
    end_status_ = std::move(status);
  }
  changed_.notify_all();
}

Status ShardStream::Produce() {
  // Declared so that they go in reverse: heap, cursors, transaction, lease.
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        ctx_->readers(plan_->consistency).Acquire());
  OBKV_ASSIGN_OR_RETURN(storage::Transaction txn,
                        storage::Transaction::Begin(
                            lease.get(), storage::Transaction::Kind::kRead));
  std::vector<std::unique_ptr<CellCursor>> cursors;
  CellHeap heap(plan_->reversed);
  for (const Source& source : sources_) {
    if (stopping_.load(std::memory_order_relaxed)) return Status::OK();
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<CellCursor> cursor,
        OpenPlanCursor(*plan_, lease.get(), source.family_index,
                       source.partition));
    cursors.push_back(std::move(cursor));
    heap.Add(cursors.back().get());
  }
  size_t max_cells = kFirstBatchCells;
  Batch* batch = TakeFree();
  while (batch != nullptr && !heap.empty()) {
    if (stopping_.load(std::memory_order_relaxed)) return Status::OK();
    CellCursor* top = heap.top();
    batch->Append(*top);
    top->Next();
    if (!top->status().ok()) return top->status();
    heap.TopAdvanced();
    if (batch->cells.size() >= max_cells ||
        batch->bytes.size() >= kBatchBytes) {
      if (!Publish(batch)) return Status::OK();
      max_cells = std::min(max_cells * 2, kMaxBatchCells);
      batch = TakeFree();
    }
  }
  if (batch != nullptr && !batch->cells.empty()) Publish(batch);
  txn.Abort();  // a read transaction: nothing to commit
  return Status::OK();
}

void ShardStream::Show() {
  const Batch::Entry& e = current_->cells[pos_];
  const char* base = current_->bytes.data();
  cell_.a = std::string_view(base + e.key, e.key_size);
  cell_.b = std::string_view(base + e.qualifier, e.qualifier_size);
  cell_.c = std::string_view(base + e.value, e.value_size);
  cell_.integer = e.t;
  family_index_ = e.family_index;
  partition_ = e.partition;
  valid_ = true;
}

void ShardStream::Next() {
  if (current_ != nullptr && ++pos_ < current_->cells.size()) {
    Show();
    return;
  }
  valid_ = false;
  if (current_ != nullptr) {  // read: the thread may fill it again
    {
      util::MutexLock lock(&mu_);
      free_.push_back(current_);
    }
    current_ = nullptr;
    changed_.notify_all();
  }
  util::MutexLock lock(&mu_);
  while (ready_.empty() && !ended_) changed_.wait(mu_);
  if (ready_.empty()) {
    status_ = end_status_;
    return;
  }
  current_ = ready_.front();
  ready_.pop_front();
  pos_ = 0;
  Show();
}

}  // namespace obkvlite
