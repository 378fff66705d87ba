// Copyright (c) obkvlite authors.
#include "hbase/index/index_scanner.h"

#include <utility>

#include "hbase/read/normal_scanner.h"
#include "hbase/read/read_plan.h"

namespace obkvlite {
namespace {

class IndexScanner final : public Scanner {
 public:
  IndexScanner(std::shared_ptr<const TableSchema> main, const IndexInfo* index,
               const IndexScan& scan, int64_t now_ms, MainGet get,
               std::unique_ptr<Scanner> entries)
      : main_(std::move(main)),
        index_(index),
        scan_(scan),
        get_(std::move(get)),
        entries_(std::move(entries)) {
    const IndexInfo::ColumnRef& indexed = index_->columns.front();
    indexed_family_ = main_->families()[indexed.family].name();
    indexed_oldest_ = main_->families()[indexed.family].OldestVisible(now_ms);
    now_ms_ = now_ms;
    covered_only_ = scan_.max_versions == 1 && scan_.families.empty() &&
                    !scan_.columns.empty();
    for (const Column& c : scan_.columns) {
      bool found = false;
      for (const IndexInfo::ColumnRef& ref : index_->columns) {
        found = found || (main_->families()[ref.family].name() == c.family &&
                          ref.qualifier == c.qualifier);
      }
      covered_only_ = covered_only_ && found;
    }
    request_.families = scan_.families;
    request_.columns = scan_.columns;
    request_.max_versions = scan_.max_versions;
  }

  bool NextRow(RowResult* out) override {
    if (!status_.ok()) return false;
    while (scan_.limit <= 0 || returned_ < scan_.limit) {
      if (!entries_->Next(&entry_)) {
        status_ = entries_->status();
        return false;
      }
      std::string value;
      if (!DecodeIndexKey(entry_.row, &value, &request_.row)) continue;
      if (!Visible()) continue;
      Status st = covered_only_ ? FromEntry(out) : get_(request_, out);
      if (!st.ok()) {
        status_ = st;
        return false;
      }
      if (out->cells.empty()) continue;
      out->row = request_.row;
      ++returned_;
      return true;
    }
    return false;
  }

  Status status() const override { return status_; }
  int partitions_opened() const override {
    return entries_->partitions_opened();
  }

 private:
  // True when the entry's indexed cell is within its TimeToLive.
  bool Visible() const {
    for (const Cell& c : entry_.cells) {
      if (c.family == indexed_family_ &&
          c.qualifier == index_->columns.front().qualifier) {
        return c.timestamp >= indexed_oldest_;
      }
    }
    return false;
  }

  // The requested columns out of the index row, TimeToLive applied.
  Status FromEntry(RowResult* out) const {
    out->cells.clear();
    for (const Cell& c : entry_.cells) {
      bool wanted = false;
      for (const Column& col : scan_.columns) {
        wanted = wanted || (col.family == c.family && col.qualifier == c.qualifier);
      }
      const int rank = main_->Rank(c.family);
      if (!wanted || rank < 0 ||
          c.timestamp < main_->families()[rank].OldestVisible(now_ms_)) {
        continue;
      }
      out->cells.push_back(c);
      out->cells.back().row = request_.row;
    }
    return Status::OK();
  }

  const std::shared_ptr<const TableSchema> main_;
  const IndexInfo* index_;  // in *main_
  const IndexScan scan_;
  const MainGet get_;
  std::unique_ptr<Scanner> entries_;
  std::string indexed_family_;
  int64_t indexed_oldest_ = 0;
  int64_t now_ms_ = 0;
  bool covered_only_ = false;
  Get request_;
  RowResult entry_;
  int64_t returned_ = 0;
  Status status_;
};

}  // namespace

Result<std::unique_ptr<Scanner>> OpenIndexScanner(
    StoreContext* ctx, std::shared_ptr<const TableSchema> main,
    const IndexScan& scan, int64_t now_ms, MainGet get) {
  const IndexInfo* index = main->FindIndex(scan.index);
  if (index == nullptr) {
    return Status::NotFound("index: table '" + main->name() +
                            "' has no index '" + scan.index + "'");
  }
  if (scan.value.has_value() == scan.prefix.has_value()) {
    return Status::InvalidArgument(
        "value: exactly one of value and prefix is required");
  }
  // The projection and versions are checked as a scan of the main table.
  Scan check;
  check.families = scan.families;
  check.columns = scan.columns;
  check.max_versions = scan.max_versions;
  check.limit = scan.limit;
  OBKV_RETURN_IF_ERROR(PlanScan(main, check, now_ms).status());
  Scan entries;
  entries.prefix = scan.value.has_value() ? EncodeIndexValue(*scan.value)
                                          : EncodeIndexValuePrefix(*scan.prefix);
  OBKV_ASSIGN_OR_RETURN(ReadPlan plan,
                        PlanScan(index->table, entries, now_ms));
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> opened,
                        NormalScanner::Open(ctx, std::move(plan)));
  return std::unique_ptr<Scanner>(new IndexScanner(
      std::move(main), index, scan, now_ms, std::move(get), std::move(opened)));
}

}  // namespace obkvlite
