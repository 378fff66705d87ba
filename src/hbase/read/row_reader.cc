// Copyright (c) obkvlite authors.
#include "hbase/read/row_reader.h"

#include "layout/timestamp_codec.h"
#include "util/assign_bytes.h"

namespace obkvlite {

RowReader::RowReader(const ReadPlan* plan, storage::Connection* conn)
    : plan_(plan),
      conn_(conn),
      heap_(plan->reversed),
      matcher_(plan->filter.get()) {}

int RowReader::CursorCount(const ReadPlan& plan) {
  int n = 0;
  for (const FamilyRead& read : plan.families) {
    n += static_cast<int>(read.tables.size());
  }
  return n;
}

namespace {

// How the cursors of `plan` read: T bounds or none, V or none, cell TTLs.
layout::ReadShape PlanShape(const ReadPlan& plan, const FamilyRead& read) {
  layout::ReadShape shape;
  shape.all_times = read.times.IsAll();
  shape.values = plan.values;
  shape.cell_ttl = read.family->spec.cell_ttl;
  return shape;
}

// The T bounds of `read`, at the plan's clock.
layout::TBounds PlanTimes(const ReadPlan& plan, const FamilyRead& read) {
  layout::TBounds times = layout::EncodeTimeRange(read.times, read.through_max);
  times.now_ms = plan.now_ms;
  return times;
}

}  // namespace

Status StartPointCursor(const ReadPlan& plan, int family_index, int partition,
                        PartitionCursor* cursor) {
  const FamilyRead& read = plan.families[family_index];
  const layout::TBounds times = PlanTimes(plan, read);
  const std::string& table = read.family->partition_tables[partition];
  if (read.all_qualifiers) {
    return cursor->StartRow(table, plan.keys.lo, times, family_index, partition,
                            PlanShape(plan, read));
  }
  // Without a filter no cell beyond a column's newest max_versions is
  // returned, so none is read (with one, a filtered-out version does not
  // count, as in HBase, and older ones may be returned).
  const int64_t versions = plan.filter == nullptr ? read.max_versions : 0;
  return cursor->StartColumns(table, plan.keys.lo, read.qualifiers, times,
                              family_index, partition, plan.lock_rows,
                              PlanShape(plan, read), versions);
}

Result<std::unique_ptr<CellCursor>> OpenPlanCursor(const ReadPlan& plan,
                                                   storage::Connection* conn,
                                                   int family_index,
                                                   int partition) {
  if (plan.point) {
    auto cursor = std::make_unique<PartitionCursor>(conn);
    OBKV_RETURN_IF_ERROR(
        StartPointCursor(plan, family_index, partition, cursor.get()));
    return std::unique_ptr<CellCursor>(std::move(cursor));
  }
  const FamilyRead& read = plan.families[family_index];
  const layout::TBounds times = PlanTimes(plan, read);
  const std::string& table = read.family->partition_tables[partition];
  // Each row of the range yields cells unless a filter or a column list
  // can drop it: only then is the plan's limit a bound on rows read.
  const int64_t row_limit =
      plan.filter == nullptr && read.all_qualifiers ? plan.limit : 0;
  return PartitionCursor::OpenRange(conn, table, plan.keys, times,
                                    plan.reversed ? layout::ScanOrder::kReversed
                                                  : layout::ScanOrder::kForward,
                                    family_index, partition,
                                    /*paged=*/true, row_limit,
                                    PlanShape(plan, read),
                                    &read.family->cells_per_row);
}

int RowReader::PartitionCount(const ReadPlan& plan) {
  int n = 0;
  for (const FamilyRead& read : plan.families) {
    n += static_cast<int>(read.partitions.size());
  }
  return n;
}

std::vector<RowReader::CursorSource> RowReader::Sources(const ReadPlan& plan) {
  std::vector<CursorSource> sources;
  for (size_t fi = 0; fi < plan.families.size(); ++fi) {
    for (int p : plan.families[fi].tables) {
      sources.push_back({static_cast<int>(fi), p});
    }
  }
  return sources;
}

Status RowReader::Open() {
  const size_t n = static_cast<size_t>(CursorCount(*plan_));
  if (n > 1) cursors_.reserve(n - 1);
  heap_.Reserve(n);
  for (size_t fi = 0; fi < plan_->families.size(); ++fi) {
    for (int p : plan_->families[fi].tables) {
      OBKV_RETURN_IF_ERROR(OpenCursor({static_cast<int>(fi), p}));
    }
  }
  partitions_opened_ = PartitionCount(*plan_);
  return Status::OK();
}

Status RowReader::Open(const std::vector<CursorSource>& sources) {
  cursors_.reserve(sources.size());
  heap_.Reserve(sources.size());
  for (const CursorSource& source : sources) {
    OBKV_RETURN_IF_ERROR(OpenCursor(source));
  }
  partitions_opened_ = PartitionCount(*plan_);
  return Status::OK();
}

Status RowReader::OpenCursor(const CursorSource& source) {
  Result<std::unique_ptr<CellCursor>> cursor =
      OpenPlanCursor(*plan_, conn_, source.family_index, source.partition);
  if (!cursor.ok()) {
    status_ = cursor.status();
    Close();
    return status_;
  }
  Keep(std::move(cursor).value());
  return Status::OK();
}

void RowReader::Keep(std::unique_ptr<CellCursor> cursor) {
  CellCursor* c = cursor.get();
  if (first_cursor_ == nullptr) {
    first_cursor_ = std::move(cursor);
    first_partition_cursor_ = dynamic_cast<PartitionCursor*>(c);
  } else {
    cursors_.push_back(std::move(cursor));
  }
  heap_.Add(c);
}

void RowReader::AdoptCursors(std::vector<std::unique_ptr<CellCursor>> cursors) {
  for (std::unique_ptr<CellCursor>& cursor : cursors) Keep(std::move(cursor));
}

void RowReader::Close() {
  done_ = true;
  heap_.Clear();
  cursors_.clear();
  first_partition_cursor_ = nullptr;
  first_cursor_.reset();
}

void RowReader::SetRow(std::string_view key) {
  if (plan_->point) {
    row_ = plan_->keys.lo;  // the key every cursor of a point read binds
  } else {
    AssignBytes(&row_buf_, key);
    row_ = row_buf_;
  }
}

bool RowReader::FailTop() {
  status_ = heap_.top()->status();
  Close();
  return false;
}

bool RowReader::SkipRow() {
  while (!heap_.empty() && SameBytes(heap_.top()->key(), row_)) {
    if (!AdvanceTop()) return false;
  }
  return true;
}

void RowReader::Offer(int family_index, std::string_view qualifier, int64_t t,
                      std::string_view value) {
  const FamilyRead& read = plan_->families[family_index];
  // A cell the matcher drops unseen (a decided skip) is not copied.
  if (!read.Wants(qualifier) ||
      !matcher_.EnterCandidate(read.family->name(), qualifier,
                               read.family->max_versions_cap)) {
    return;
  }
  Cell* cell = matcher_.Candidate();
  AssignBytes(&cell->row, row_);
  if (cell->family != read.family->name()) {
    cell->family.assign(read.family->name());  // usually the slot has it
  }
  AssignBytes(&cell->qualifier, qualifier);
  cell->timestamp = layout::DecodeTimestamp(t);
  AssignBytes(&cell->value, value);
  // Its skip hints need no tracking here: EnterCandidate applies them.
  (void)matcher_.OfferEntered(read.max_versions);
}

bool RowReader::ReadRowForward() {
  while (!heap_.empty() && SameBytes(heap_.top()->key(), row_)) {
    const CellCursor* c = heap_.top();
    Offer(c->family_index(), c->qualifier(), c->t(), c->value());
    if (!AdvanceTop()) return false;
  }
  return true;
}

bool RowReader::ReadRowReversed() {
  buffered_ = 0;
  while (!heap_.empty() && SameBytes(heap_.top()->key(), row_)) {
    const CellCursor* c = heap_.top();
    if (buffered_ == buffer_.size()) buffer_.emplace_back();
    BufferedCell& b = buffer_[buffered_++];
    b.family_index = c->family_index();
    AssignBytes(&b.qualifier, c->qualifier());
    b.t = c->t();
    AssignBytes(&b.value, c->value());
    if (!AdvanceTop()) return false;
  }
  for (size_t i = buffered_; i > 0; --i) {
    const BufferedCell& b = buffer_[i - 1];
    Offer(b.family_index, b.qualifier, b.t, b.value);
  }
  return true;
}

bool RowReader::StreamsCells(const ReadPlan& plan) {
  return !plan.reversed && plan.filter == nullptr;
}

bool RowReader::EndCells(bool* new_row) {
  *new_row = false;
  in_cell_row_ = false;
  Close();
  return false;
}

bool RowReader::NextRow(RowResult* out) {
  if (in_cell_row_) {
    // After NextCell: the rest of that row is skipped.
    in_cell_row_ = false;
    if (advance_pending_) {
      advance_pending_ = false;
      if (!AdvanceTop()) return false;
    }
    if (!SkipRow()) return false;
  }
  while (!done_ && !heap_.empty()) {
    const std::string_view key = heap_.top()->key();
    SetRow(key);
    if (!matcher_.BeginRow(row_)) {
      if (matcher_.Done()) break;
      if (!SkipRow()) return false;
      continue;
    }
    const bool ok = plan_->reversed ? ReadRowReversed() : ReadRowForward();
    if (!ok) return false;
    if (matcher_.EndRow(&out->cells)) {
      out->row.assign(row_.data(), row_.size());
      return true;
    }
  }
  status_ = matcher_.status();  // a filter's error ends the read
  Close();
  return false;
}

}  // namespace obkvlite
