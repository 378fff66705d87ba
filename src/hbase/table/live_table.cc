// Copyright (c) obkvlite authors.
#include "hbase/table/live_table.h"

#include "hbase/api_guard.h"
#include "hbase/guarded_scanner.h"
#include "hbase/read/normal_scanner.h"
#include "hbase/stats/operation_timer.h"
#include "hbase/table/empty_qualifier_scanner.h"

namespace obkvlite {

LiveTable::LiveTable(std::string name, std::unique_ptr<Table> impl,
                     TableEvents* events, const compat::Gate* gate,
                     OperationRecorder* operations)
    : name_(std::move(name)),
      events_(events),
      gate_(gate),
      operations_(operations) {
  Install(std::move(impl));
}

void LiveTable::Install(std::unique_ptr<Table> impl) {
  bool auto_split = false;
  for (const FamilySpec& f : impl->spec().families) {
    auto_split = auto_split || f.auto_split_max_cells > 0;
  }
  watch_writes_.store(auto_split, std::memory_order_relaxed);
  impl_ = impl.get();
  impls_.push_back(std::move(impl));
}

void LiveTable::Replace(std::unique_ptr<Table> impl) {
  Install(std::move(impl));
}

void LiveTable::MarkDropped() { dropped_ = true; }

void LiveTable::Revive(std::unique_ptr<Table> impl) {
  Replace(std::move(impl));
  dropped_ = false;
}

bool LiveTable::dropped() const { return dropped_.load(); }

const TableSpec& LiveTable::spec() const {
  std::shared_lock<std::shared_mutex> lock(change_mu_);
  return impl_->spec();
}

Status LiveTable::Usable() const {
  if (dropped_) return Status::NotFound("table '" + name_ + "' not found");
  if (impl_->spec().disabled) {
    return Status::FailedPrecondition("table '" + name_ +
                                      "' is disabled (enable it first)")
        .WithSubCode(Status::SubCode::kTableDisabled);
  }
  return Status::OK();
}

namespace {

// The scanner of `opened`, behind the API guard unless it guards itself
// (a streaming NormalScanner: one virtual call less per cell).
Result<std::unique_ptr<Scanner>> Guarded(
    const char* what, Result<std::unique_ptr<Scanner>> opened) {
  if (!opened.ok()) return opened;
  const auto* normal = dynamic_cast<const NormalScanner*>(opened->get());
  if (normal != nullptr && normal->guards_itself()) return opened;
  return std::unique_ptr<Scanner>(
      new GuardedScanner(what, std::move(opened).value()));
}

// The compatibility check of a Get.
auto GetCheck(const obkvlite::Get& get) {
  return [&get](const TableSpec& spec, compat::Hits* hits) {
    compat::CheckGet(spec, get, hits);
  };
}

// The operation kind of `cam`: checkAndPut when every mutation is a Put,
// checkAndDelete when every one is a Delete, else checkAndMutate.
Operation CheckAndMutateKind(const obkvlite::CheckAndMutate& cam) {
  bool puts = !cam.mutations.empty(), deletes = !cam.mutations.empty();
  for (const auto& m : cam.mutations) {
    puts = puts && std::holds_alternative<obkvlite::Put>(m);
    deletes = deletes && std::holds_alternative<obkvlite::Delete>(m);
  }
  return puts      ? Operation::kCheckAndPut
         : deletes ? Operation::kCheckAndDelete
                   : Operation::kCheckAndMutate;
}

bool HasEmptyQualifier(const std::vector<Cell>& cells) {
  for (const Cell& cell : cells) {
    if (cell.qualifier.empty()) return true;
  }
  return false;
}

// Hands cells on to `inner`, noting whether one has an empty qualifier.
class QualifierWatch final : public CellVisitor {
 public:
  explicit QualifierWatch(CellVisitor* inner) : inner_(inner) {}
  void Visit(const CellView& cell) override {
    empty_qualifier_ = empty_qualifier_ || cell.qualifier.empty();
    inner_->Visit(cell);
  }
  bool empty_qualifier() const { return empty_qualifier_; }

 private:
  CellVisitor* const inner_;
  bool empty_qualifier_ = false;
};

// The error of an operation's outcome.
const Status& StatusOf(const Status& status) { return status; }
template <typename T>
const Status& StatusOf(const Result<T>& result) {
  return result.status();
}

}  // namespace

template <typename R, typename Op, typename Check>
R LiveTable::Run(const char* what, const Op& op, const Check& check) const {
  R result = GuardApi(what, [&]() -> R {
    std::shared_lock<std::shared_mutex> lock(change_mu_);
    Status usable = Usable();
    if (!usable.ok()) return usable;
    if (gate_ == nullptr) return op(impl_);
    compat::Hits hits;
    check(impl_->spec(), &hits);
    if (hits.empty()) return op(impl_);
    OBKV_RETURN_IF_ERROR(gate_->Admit(name_, what, hits));
    R outcome = op(impl_);
    if (outcome.ok()) gate_->Note(name_, what, hits);
    return outcome;
  });
  // An error both profiles make, worded as OBKV-HBase's under the obkv one.
  if (result.ok() || gate_ == nullptr) return result;
  return R(gate_->Reword(name_, what, StatusOf(result)));
}

void LiveTable::NoteWrite(const std::vector<const obkvlite::Put*>& puts) const {
  if (events_ == nullptr) return;  // a LiveTable without a store
  std::vector<WrittenRow> rows;
  for (const obkvlite::Put* put : puts) {
    for (const PutCell& cell : put->cells) {
      rows.push_back({cell.family, put->row, 1});
    }
  }
  if (!rows.empty()) events_->AfterWrite(name_, rows);
}

Status LiveTable::Put(const obkvlite::Put& put) {
  OperationTimer timer(operations_, Operation::kPut);
  Status st = Run<Status>(
      "put", [&](Table* t) { return t->Put(put); },
      [&](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckPut(spec, put, hits);
      });
  if (!st.ok()) timer.Cancel();
  if (st.ok() && WatchesWrites()) NoteWrite({&put});
  return st;
}

Status LiveTable::Put(const std::vector<obkvlite::Put>& puts) {
  OperationTimer timer(operations_, Operation::kPut);
  Status st = Run<Status>(
      "put", [&](Table* t) { return t->Put(puts); },
      [&](const TableSpec& spec, compat::Hits* hits) {
        for (const obkvlite::Put& p : puts) compat::CheckPut(spec, p, hits);
      });
  if (!st.ok()) timer.Cancel();
  if (st.ok() && WatchesWrites()) {
    std::vector<const obkvlite::Put*> all;
    for (const obkvlite::Put& p : puts) all.push_back(&p);
    NoteWrite(all);
  }
  return st;
}

Status LiveTable::ValidatePut(const obkvlite::Put& put, int64_t now_ms) {
  return Run<Status>("validate_put",
                     [&](Table* t) { return t->ValidatePut(put, now_ms); });
}

Status LiveTable::JudgeGroupRead(const char* what, bool empty_qualifier) const {
  if (!empty_qualifier || gate_ == nullptr) return Status::OK();
  return gate_->Check(name_, what, "C-22");
}

Result<RowResult> LiveTable::Get(const obkvlite::Get& get) {
  OperationTimer timer(operations_, Operation::kGet);
  return timer.Done(Run<Result<RowResult>>(
      "get",
      [&](Table* t) -> Result<RowResult> {
        Result<RowResult> row = t->Get(get);
        if (!row.ok()) return row;
        // The cells are looked at only for a table-group read.
        OBKV_RETURN_IF_ERROR(JudgeGroupRead(
            "get",
            compat::ReadsTableGroup(get) && HasEmptyQualifier(row->cells)));
        return row;
      },
      GetCheck(get)));
}

Status LiveTable::Get(const obkvlite::Get& get, RowResult* out) {
  OperationTimer timer(operations_, Operation::kGet);
  return timer.Done(Run<Status>(
      "get",
      [&](Table* t) {
        OBKV_RETURN_IF_ERROR(t->Get(get, out));
        Status judged =
            JudgeGroupRead("get", compat::ReadsTableGroup(get) &&
                                      HasEmptyQualifier(out->cells));
        if (!judged.ok()) *out = RowResult();  // empty on error
        return judged;
      },
      GetCheck(get)));
}

Status LiveTable::Get(const obkvlite::Get& get, CellVisitor* visitor) {
  OperationTimer timer(operations_, Operation::kGet);
  return timer.Done(Run<Status>(
      "get",
      [&](Table* t) {
        if (gate_ == nullptr || !compat::ReadsTableGroup(get)) {
          return t->Get(get, visitor);
        }
        QualifierWatch watch(visitor);
        OBKV_RETURN_IF_ERROR(t->Get(get, &watch));
        return JudgeGroupRead("get", watch.empty_qualifier());
      },
      GetCheck(get)));
}

Result<bool> LiveTable::Exists(const obkvlite::Get& get) {
  OperationTimer timer(operations_, Operation::kGet);
  return timer.Done(Run<Result<bool>>(
      "exists", [&](Table* t) { return t->Exists(get); },
      [&get](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckExists(spec, get, hits);
      }));
}

Result<std::vector<RowResult>> LiveTable::MultiGet(
    const std::vector<obkvlite::Get>& gets) {
  OperationTimer timer(operations_, Operation::kGet);
  return timer.Done(Run<Result<std::vector<RowResult>>>(
      "multi_get",
      [&](Table* t) -> Result<std::vector<RowResult>> {
        Result<std::vector<RowResult>> rows = t->MultiGet(gets);
        if (!rows.ok()) return rows;
        // One judgement for the call: any table-group Get's row.
        bool empty_qualifier = false;
        for (size_t i = 0; i < rows->size(); ++i) {
          empty_qualifier =
              empty_qualifier || (compat::ReadsTableGroup(gets[i]) &&
                                  HasEmptyQualifier((*rows)[i].cells));
        }
        OBKV_RETURN_IF_ERROR(JudgeGroupRead("multi_get", empty_qualifier));
        return rows;
      },
      [&gets](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckMultiGet(spec, gets, hits);
      }));
}

Result<std::unique_ptr<Scanner>> LiveTable::GetScanner(
    const obkvlite::Scan& scan) {
  OperationTimer timer(operations_, Operation::kScan);
  Result<std::unique_ptr<Scanner>> opened =
      Run<Result<std::unique_ptr<Scanner>>>(
          "scan", [&](Table* t) { return t->GetScanner(scan); },
          [&](const TableSpec& spec, compat::Hits* hits) {
            compat::CheckScan(spec, scan, hits);
          });
  opened = Guarded("scan", std::move(opened));
  // A table-group scan's cells are judged for C-22 as they come, around
  // the guarded scanner (the judge guards its own calls).
  if (opened.ok() && gate_ != nullptr && compat::ReadsTableGroup(scan)) {
    opened = std::unique_ptr<Scanner>(
        new EmptyQualifierScanner(gate_, name_, std::move(opened).value()));
  }
  return timer.Done(std::move(opened));
}

Status LiveTable::Delete(const obkvlite::Delete& del) {
  OperationTimer timer(operations_, Operation::kDelete);
  return timer.Done(Run<Status>(
      "delete", [&](Table* t) { return t->Delete(del); },
      [&](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckDelete(spec, del, hits);
      }));
}

Result<RowResult> LiveTable::Increment(const obkvlite::Increment& inc) {
  OperationTimer timer(operations_, Operation::kIncrement);
  return timer.Done(Run<Result<RowResult>>(
      "increment", [&](Table* t) { return t->Increment(inc); },
      [&](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckIncrement(spec, inc, hits);
      }));
}

Result<RowResult> LiveTable::Append(const obkvlite::Append& app) {
  OperationTimer timer(operations_, Operation::kAppend);
  return timer.Done(Run<Result<RowResult>>(
      "append", [&](Table* t) { return t->Append(app); },
      [&](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckAppend(spec, app, hits);
      }));
}

Result<bool> LiveTable::CheckAndMutate(const obkvlite::CheckAndMutate& cam) {
  OperationTimer timer(operations_, CheckAndMutateKind(cam));
  Result<bool> r = Run<Result<bool>>(
      "check_and_mutate", [&](Table* t) { return t->CheckAndMutate(cam); },
      [&](const TableSpec& spec, compat::Hits* hits) {
        compat::CheckCheckAndMutate(spec, cam, hits);
      });
  if (!r.ok()) timer.Cancel();
  if (r.ok() && *r && WatchesWrites()) {
    std::vector<const obkvlite::Put*> puts;
    for (const auto& m : cam.mutations) {
      if (const auto* p = std::get_if<obkvlite::Put>(&m)) puts.push_back(p);
    }
    NoteWrite(puts);
  }
  return r;
}

Result<std::vector<MutationResult>> LiveTable::Batch(
    const std::vector<Mutation>& mutations) {
  OperationTimer timer(operations_, Operation::kBatch);
  Result<std::vector<MutationResult>> r =
      Run<Result<std::vector<MutationResult>>>(
          "batch", [&](Table* t) { return t->Batch(mutations); },
          [&](const TableSpec& spec, compat::Hits* hits) {
            compat::CheckBatch(spec, mutations, hits);
          });
  if (!r.ok()) timer.Cancel();
  if (r.ok() && WatchesWrites()) {
    std::vector<const obkvlite::Put*> puts;
    for (const Mutation& m : mutations) {
      if (const auto* p = std::get_if<obkvlite::Put>(&m)) puts.push_back(p);
    }
    NoteWrite(puts);
  }
  return r;
}

Result<std::unique_ptr<Scanner>> LiveTable::GetIndexScanner(
    const IndexScan& scan) {
  return Guarded("index scan", Run<Result<std::unique_ptr<Scanner>>>(
                                   "index scan", [&](Table* t) {
                                     return t->GetIndexScanner(scan);
                                   }));
}

Result<IndexCheckReport> LiveTable::CheckIndex(const std::string& index) {
  return Run<Result<IndexCheckReport>>(
      "index check", [&](Table* t) { return t->CheckIndex(index); });
}

Result<int64_t> LiveTable::RebuildIndex(const std::string& index,
                                        const IndexRebuildOptions& options) {
  return Run<Result<int64_t>>("index rebuild", [&](Table* t) {
    return t->RebuildIndex(index, options);
  });
}

Result<PurgeStats> LiveTable::Purge() {
  PurgeStats cleared;
  if (events_ != nullptr) {
    {
      std::shared_lock<std::shared_mutex> lock(change_mu_);
      OBKV_RETURN_IF_ERROR(Usable());
    }
    OBKV_ASSIGN_OR_RETURN(cleared, events_->BeforePurge(name_));
  }
  OBKV_ASSIGN_OR_RETURN(
      PurgeStats stats,
      Run<Result<PurgeStats>>("purge", [&](Table* t) { return t->Purge(); }));
  stats.expired_cells += cleared.expired_cells;
  stats.partitions_cleared += cleared.partitions_cleared;
  return stats;
}

}  // namespace obkvlite
