// Copyright (c) obkvlite authors.
#include "hbase/timeseries/timeseries_write.h"

#include <algorithm>
#include <functional>
#include <string_view>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/timeseries/timeseries_clock.h"
#include "hbase/timeseries/timeseries_request.h"
#include "layout/timeseries_layout.h"
#include "layout/timestamp_codec.h"
#include "util/utf8.h"

namespace obkvlite {
namespace {

constexpr int kMaxConflictRetries = 10000;
// A plan keeps a buffer for the thread's next batch up to this size.
constexpr size_t kMaxRetainedBytes = size_t{4} << 20;

template <typename Buffer>
void ClearBuffer(Buffer* buffer) {
  if (buffer->capacity() * sizeof((*buffer)[0]) > kMaxRetainedBytes) {
    Buffer().swap(*buffer);
  } else {
    buffer->clear();
  }
}

Status NotUtf8(const FieldRef& field) {
  return Status::InvalidArgument(
      field.ToString() +
      ": not valid UTF-8 (timeseries values are JSON strings)");
}

// One family, UTF-8 qualifiers and values: the timeseries checks of the
// cells RoutePut accepted (cells[i] is the put's cell i).
Status CheckCells(const RoutedCell* cells, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (cells[i].family != cells[0].family) {
      return TimeseriesUnsupported("cells[" + std::to_string(i) +
                                   "].family: a put spanning several families");
    }
    if (!util::IsValidUtf8(cells[i].qualifier)) {
      return NotUtf8(FieldRef("cells", i, "qualifier"));
    }
    if (!util::IsValidUtf8(cells[i].value)) {
      return NotUtf8(FieldRef("cells", i, "value"));
    }
  }
  return Status::OK();
}

uint64_t KeyHash(const TimeseriesDoc& doc) {
  uint64_t h = std::hash<std::string_view>()(doc.row);
  h ^= static_cast<uint64_t>(doc.ts) * 0x9E3779B97F4A7C15ULL;
  h ^= reinterpret_cast<uintptr_t>(doc.family) * 0xC2B2AE3D27D4EB4FULL;
  return h;
}

bool SameKey(const TimeseriesDoc& a, const TimeseriesDoc& b) {
  return a.family == b.family && a.ts == b.ts && a.row == b.row;
}

bool KeyLess(const TimeseriesDoc& a, const TimeseriesDoc& b) {
  if (a.family != b.family) return std::less<>()(a.family, b.family);
  if (a.ts != b.ts) return a.ts < b.ts;
  return a.row < b.row;
}

}  // namespace

void TimeseriesPlan::Clear() {
  ClearBuffer(&cells_);
  ClearBuffer(&docs_);
  ClearBuffer(&put_end_);
  ClearBuffer(&text_);
  ClearBuffer(&offsets_);
  ClearBuffer(&keys_);
  ClearBuffer(&prev_);
  span_ = 1;
}

Status TimeseriesPlan::AddPut(const TableSchema& schema, const Put& put,
                              int64_t now_ms) {
  const size_t from = cells_.size();
  Status st = RoutePut(schema, put, now_ms, &cells_);
  if (st.ok()) st = CheckCells(cells_.data() + from, cells_.size() - from);
  if (!st.ok()) {
    cells_.resize(from);
    return st;
  }
  // One document per timestamp, members by qualifier; stable, so of two
  // cells with the same (ts, qualifier) the later one is last and wins.
  // The usual put is sorted already, without duplicates.
  const auto order = [](const RoutedCell& a, const RoutedCell& b) {
    if (a.ts != b.ts) return a.ts < b.ts ? -1 : 1;
    return a.qualifier.compare(b.qualifier);
  };
  bool sorted = true;
  bool duplicates = false;
  for (size_t i = from + 1; i < cells_.size() && sorted; ++i) {
    const int c = order(cells_[i - 1], cells_[i]);
    sorted = c <= 0;
    duplicates = duplicates || c == 0;
  }
  if (!sorted) {
    std::stable_sort(cells_.begin() + static_cast<std::ptrdiff_t>(from),
                     cells_.end(),
                     [&](const RoutedCell& a, const RoutedCell& b) {
                       return order(a, b) < 0;
                     });
    duplicates = true;  // perhaps
  }
  const size_t index = puts();
  members_.clear();
  for (size_t i = from; i < cells_.size(); ++i) {
    const RoutedCell& cell = cells_[i];
    const bool last_of_ts =
        i + 1 == cells_.size() || cells_[i + 1].ts != cell.ts;
    if (last_of_ts || !duplicates ||
        cells_[i + 1].qualifier != cell.qualifier) {
      members_.emplace_back(cell.qualifier, cell.value);
    }
    if (!last_of_ts) continue;
    const size_t value_begin = text_.size();
    layout::AppendTimeseriesValue(members_, &text_);
    docs_.push_back(TimeseriesDoc{cell.family, cell.partition, put.row, cell.ts,
                                  index, value_begin,
                                  text_.size() - value_begin});
    members_.clear();
  }
  put_end_.push_back(docs_.size());
  return Status::OK();
}

bool TimeseriesPlan::KeysDistinct() {
  // Rows ascending from put to put (a series appending) cannot collide:
  // the documents of one put differ in ts.
  bool ascending = true;
  for (size_t i = 1; i < docs_.size() && ascending; ++i) {
    ascending =
        docs_[i].put == docs_[i - 1].put || docs_[i - 1].row < docs_[i].row;
  }
  if (ascending) return true;
  // Otherwise sort by key hash (ties by key, then document), so the
  // documents of one key are adjacent and in order.
  keys_.clear();
  for (size_t i = 0; i < docs_.size(); ++i) {
    keys_.emplace_back(KeyHash(docs_[i]), static_cast<uint32_t>(i));
  }
  std::sort(keys_.begin(), keys_.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    const TimeseriesDoc& x = docs_[a.second];
    const TimeseriesDoc& y = docs_[b.second];
    if (!SameKey(x, y)) return KeyLess(x, y);
    return a.second < b.second;
  });
  bool distinct = true;
  prev_.assign(docs_.size(), -1);
  for (size_t k = 1; k < keys_.size(); ++k) {
    if (keys_[k].first == keys_[k - 1].first &&
        SameKey(docs_[keys_[k].second], docs_[keys_[k - 1].second])) {
      prev_[keys_[k].second] = static_cast<int32_t>(keys_[k - 1].second);
      distinct = false;
    }
  }
  return distinct;
}

void TimeseriesPlan::AssignWriteTimes() {
  offsets_.clear();
  span_ = 1;
  if (KeysDistinct()) return;
  // A document's previous write of its key is in an earlier put, whose
  // offset is known by then.
  offsets_.assign(puts(), 0);
  for (size_t i = 0; i < docs_.size(); ++i) {
    if (prev_[i] < 0) continue;
    int64_t& offset = offsets_[docs_[i].put];
    offset = std::max(offset, offsets_[docs_[prev_[i]].put] + 1);
    span_ = std::max(span_, offset + 1);
  }
}

Status TimeseriesWriter::WriteAll(storage::Connection* writer) {
  order_.clear();
  for (size_t d = 0; d < plan_.docs().size(); ++d) {
    order_.push_back(static_cast<uint32_t>(d));
  }
  return WritePuts(writer, nullptr, 0);
}

Status TimeseriesWriter::WritePuts(storage::Connection* writer,
                                   const size_t* puts, size_t n) {
  if (puts != nullptr) {
    order_.clear();
    for (size_t k = 0; k < n; ++k) {
      for (size_t d = plan_.docs_begin(puts[k]); d < plan_.docs_end(puts[k]);
           ++d) {
        order_.push_back(static_cast<uint32_t>(d));
      }
    }
  }
  if (order_.empty()) return Status::OK();
  // One statement per run of a table. The documents of a batch have
  // distinct keys (K, T, S), so their order does not matter.
  const std::vector<TimeseriesDoc>& docs = plan_.docs();
  const auto by_table = [&](uint32_t a, uint32_t b) {
    if (docs[a].family != docs[b].family) {
      return std::less<>()(docs[a].family, docs[b].family);
    }
    return docs[a].partition < docs[b].partition;
  };
  if (!std::is_sorted(order_.begin(), order_.end(), by_table)) {
    std::stable_sort(order_.begin(), order_.end(), by_table);
  }
  for (int attempt = 0; attempt < kMaxConflictRetries; ++attempt) {
    if (!reserved_ || attempt > 0) {
      base_ = NextTimeseriesWriteMs(store_path_, now_ms_, plan_.span());
      reserved_ = true;
    }
    size_t inserted = 0;
    bool conflict = false;
    OBKV_RETURN_IF_ERROR(InsertDocs(writer, &inserted, &conflict));
    if (!conflict) return Status::OK();
    OBKV_RETURN_IF_ERROR(RemoveDocs(writer, inserted));
  }
  return Status::Busy("timeseries put: no free write time (S) found");
}

int64_t TimeseriesWriter::WriteTime(const TimeseriesDoc& doc) const {
  return layout::EncodeTimestamp(base_ + plan_.offset(doc.put));
}

Status TimeseriesWriter::InsertDocs(storage::Connection* writer,
                                    size_t* inserted, bool* conflict) {
  *conflict = false;
  const std::vector<TimeseriesDoc>& docs = plan_.docs();
  const size_t max_rows = static_cast<size_t>(
      layout::InsertRowsPerStatement(writer->rows_per_insert()));
  const int64_t max_bytes = writer->max_request_bytes();
  // A request's bytes: SQL text (the fixed part, and per row its VALUES
  // entry) and four parameters per row.
  constexpr int64_t kStatementBytes = 256;
  constexpr int64_t kRowBytes =
      40 + 4 * storage::Connection::kRequestBytesPerParam + 2 * 8;
  const auto doc_bytes = [&](const TimeseriesDoc& doc) {
    return kRowBytes + static_cast<int64_t>(doc.row.size() + doc.value_size);
  };
  size_t i = 0;
  while (i < order_.size()) {
    const TimeseriesDoc& first = docs[order_[i]];
    size_t rows = 1;
    int64_t bytes = kStatementBytes + doc_bytes(first);
    while (i + rows < order_.size() && rows < max_rows) {
      const TimeseriesDoc& doc = docs[order_[i + rows]];
      if (doc.family != first.family || doc.partition != first.partition) break;
      if (max_bytes > 0 && bytes + doc_bytes(doc) > max_bytes) break;
      bytes += doc_bytes(doc);
      ++rows;
    }
    const std::string& table = first.family->partition_tables[first.partition];
    if (writer != last_writer_ || &table != last_table_ || rows != last_rows_) {
      OBKV_ASSIGN_OR_RETURN(
          insert_,
          TimeseriesStatement(writer, table,
                              layout::kTsInsert + static_cast<int>(rows) - 1));
      last_writer_ = writer;
      last_table_ = &table;
      last_rows_ = rows;
    }
    storage::Statement* stmt = insert_;
    for (size_t j = 0; j < rows; ++j) {
      const TimeseriesDoc& doc = docs[order_[i + j]];
      const int p = static_cast<int>(4 * j);
      stmt->BindBlob(p + 1, doc.row);
      stmt->BindInt(p + 2, layout::EncodeTimestamp(doc.ts));
      stmt->BindInt(p + 3, WriteTime(doc));
      stmt->BindText(p + 4, plan_.value(doc));
    }
    const storage::StepCode rc = stmt->Advance();
    Status error = rc == storage::StepCode::kError ? stmt->error() : Status();
    const bool constraint =
        rc == storage::StepCode::kError && stmt->constraint_violated();
    stmt->Reset();
    if (rc == storage::StepCode::kError) {
      *inserted = i;
      if (constraint) {
        *conflict = true;
        return Status::OK();
      }
      return error;
    }
    i += rows;
  }
  *inserted = i;
  return Status::OK();
}

Status TimeseriesWriter::RemoveDocs(storage::Connection* writer, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const TimeseriesDoc& doc = plan_.docs()[order_[i]];
    OBKV_ASSIGN_OR_RETURN(
        storage::Statement * stmt,
        TimeseriesStatement(writer, doc.family->partition_tables[doc.partition],
                            layout::kTsDeleteDoc));
    stmt->BindBlob(1, doc.row);
    stmt->BindInt(2, layout::EncodeTimestamp(doc.ts));
    stmt->BindInt(3, WriteTime(doc));
    OBKV_RETURN_IF_ERROR(stmt->Run());
  }
  return Status::OK();
}

}  // namespace obkvlite
