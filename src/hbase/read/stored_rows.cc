// Copyright (c) obkvlite authors.
#include "hbase/read/stored_rows.h"

#include <memory>
#include <vector>

#include "hbase/read/cell_heap.h"
#include "hbase/read/partition_cursor.h"
#include "hbase/read/timeseries_doc_cursor.h"

namespace obkvlite {
namespace {

// A timeseries table's documents as a CellCursor, for the CellHeap: T
// orders them after K (the qualifier is empty), S comes along.
class DocCellCursor final : public CellCursor {
 public:
  explicit DocCellCursor(int partition) : CellCursor(0, partition) {}

  Status Open(storage::Connection* conn, const std::string& table,
              layout::TBounds all) {
    OBKV_RETURN_IF_ERROR(docs_.Open(conn, table, &keys_, all, /*paged=*/true));
    Load();
    return Status::OK();
  }
  void Next() override {
    status_ = docs_.Next();
    Load();
  }
  int64_t s() const { return s_; }

 private:
  void Load() {
    valid_ = status_.ok() && docs_.valid();
    if (!valid_) return;
    cell_.a = docs_.key();
    cell_.integer = docs_.t();
    s_ = docs_.s();
    cell_.c = docs_.value();
  }

  const KeyRange keys_ = KeyRange::All();
  DocCursor docs_;
  int64_t s_ = 0;
};

}  // namespace

Status ForEachStoredRowOf(storage::Connection* reader, const FamilyInfo& family,
                          bool timeseries,
                          const std::function<Status(const StoredRow&)>& fn) {
  layout::TBounds all = layout::EncodeTimeRange(TimeRange::All());
  all.now_ms = 0;  // the epoch: no TTL has passed (TTL >= 0 >= T)
  layout::ReadShape shape;
  shape.cell_ttl = family.spec.cell_ttl;
  std::vector<std::unique_ptr<CellCursor>> cursors;
  CellHeap heap(/*reversed=*/false);
  for (int p : family.AllTables()) {
    const std::string& table = family.partition_tables[p];
    if (timeseries) {
      auto docs = std::make_unique<DocCellCursor>(p);
      OBKV_RETURN_IF_ERROR(docs->Open(reader, table, all));
      cursors.push_back(std::move(docs));
    } else {
      OBKV_ASSIGN_OR_RETURN(
          std::unique_ptr<CellCursor> cells,
          PartitionCursor::OpenRange(reader, table, KeyRange::All(), all,
                                     layout::ScanOrder::kForward, 0, p,
                                     /*paged=*/true, /*row_limit=*/0, shape));
      cursors.push_back(std::move(cells));
    }
    heap.Add(cursors.back().get());
  }
  StoredRow row;
  while (!heap.empty()) {
    CellCursor* top = heap.top();
    row.key = top->key();
    row.qualifier = top->qualifier();
    row.t = top->t();
    row.s = timeseries ? static_cast<DocCellCursor*>(top)->s() : 0;
    row.value = top->value();
    row.ttl_ms = shape.cell_ttl ? static_cast<PartitionCursor*>(top)->ttl_ms()
                                : kNoCellTtl;
    OBKV_RETURN_IF_ERROR(fn(row));
    top->Next();
    OBKV_RETURN_IF_ERROR(top->status());
    heap.TopAdvanced();
  }
  return Status::OK();
}

}  // namespace obkvlite
