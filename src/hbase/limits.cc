// Copyright (c) obkvlite authors.
#include "hbase/limits.h"

#include "obkvlite/spec.h"

namespace obkvlite {
namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// `status`'s code with `message`.
Status SameCode(const Status& status, std::string message) {
  switch (status.code()) {
    case Status::Code::kOk:
      return status;
    case Status::Code::kNotFound:
      return Status::NotFound(std::move(message));
    case Status::Code::kInvalidArgument:
      return Status::InvalidArgument(std::move(message));
    case Status::Code::kNotSupported:
      return Status::NotSupported(std::move(message));
    case Status::Code::kCorruption:
      return Status::Corruption(std::move(message));
    case Status::Code::kIOError:
      return Status::IOError(std::move(message));
    case Status::Code::kAlreadyExists:
      return Status::AlreadyExists(std::move(message));
    case Status::Code::kBusy:
      return Status::Busy(std::move(message));
    case Status::Code::kUnavailable:
      return Status::Unavailable(std::move(message));
    case Status::Code::kFailedPrecondition:
      return Status::FailedPrecondition(std::move(message));
    case Status::Code::kAborted:
      return Status::Aborted(std::move(message));
    case Status::Code::kUnknownOutcome:
      return Status::UnknownOutcome(std::move(message));
  }
  return status;
}

// Rebuilds `status` with `message`, its code and subcode kept.
Status WithMessage(const Status& status, std::string message) {
  return SameCode(status, std::move(message)).WithSubCode(status.subcode());
}

}  // namespace

Status TooLongError(const FieldRef& field, size_t size, int64_t limit) {
  return Status::InvalidArgument(field.ToString() + ": " +
                                 std::to_string(size) + " bytes, limit " +
                                 std::to_string(limit));
}

std::string FieldRef::ToString() const {
  std::string out(base);
  if (index >= 0) out += "[" + std::to_string(index) + "]";
  if (!field.empty()) {
    if (!out.empty()) out += '.';
    out += field;
  }
  return out;
}

Status ValidateRow(std::string_view row, const FieldRef& field) {
  if (row.empty()) {
    return Status::InvalidArgument(field.ToString() + ": must not be empty");
  }
  if (row.size() > kMaxRowKeyBytes) {
    return TooLongError(field, row.size(), kMaxRowKeyBytes)
        .WithSubCode(Status::SubCode::kRowTooLong);
  }
  return Status::OK();
}

Status ValidateTimestamp(int64_t ts, const FieldRef& field) {
  if (ts < 0) {
    return Status::InvalidArgument(
        field.ToString() + ": must not be negative, got " + std::to_string(ts));
  }
  return Status::OK();
}

Status ValidateTimeRange(const TimeRange& range, const FieldRef& field) {
  if (range.min_ms < 0) {
    return Status::InvalidArgument(field.ToString() +
                                   ": min must not be negative, got " +
                                   std::to_string(range.min_ms));
  }
  if (range.max_ms < range.min_ms) {
    return Status::InvalidArgument(
        field.ToString() + ": max " + std::to_string(range.max_ms) +
        " is below min " + std::to_string(range.min_ms));
  }
  return Status::OK();
}

Status ValidateMaxVersions(int64_t max_versions, const FieldRef& field) {
  if (max_versions < 1) {
    return Status::InvalidArgument(field.ToString() +
                                   ": must be at least 1, got " +
                                   std::to_string(max_versions));
  }
  return Status::OK();
}

Result<const FamilyInfo*> FindFamily(const TableSchema& schema,
                                     std::string_view name,
                                     const FieldRef& field) {
  const int rank = schema.Rank(name);
  if (rank < 0) {
    return Status::InvalidArgument(field.ToString() + ": unknown family '" +
                                   std::string(name) + "' in table '" +
                                   schema.name() + "'")
        .WithSubCode(Status::SubCode::kUnknownFamily);
  }
  return &schema.families()[rank];
}

Status PrefixStatus(const Status& status, std::string_view prefix) {
  if (status.ok() || prefix.empty()) return status;
  return WithMessage(status, std::string(prefix) + status.message());
}

Status RouteError(const Status& status, const FieldRef& cell) {
  const std::string& msg = status.message();
  if (StartsWith(msg, "rowkey:")) {
    return WithMessage(status, "row:" + msg.substr(7));
  }
  if (StartsWith(msg, "ts:")) {
    return WithMessage(status, cell.ToString() + "." + msg);
  }
  return status;
}

}  // namespace obkvlite
