// Copyright (c) obkvlite authors.
#include "storage/open/open_engine.h"

#include <cstdint>
#include <string>

#include "storage/mysql/mysql_engine.h"
#include "storage/mysql/mysql_uri.h"
#include "storage/sqlite/sqlite_engine.h"

namespace obkvlite {
namespace storage {

namespace {

// InvalidArgument naming "options.<field>" and [lo, hi] unless `value` is
// in it.
Status CheckInRange(const char* field, int64_t value, int64_t lo, int64_t hi) {
  if (value >= lo && value <= hi) return Status::OK();
  return Status::InvalidArgument(
      std::string("options.") + field + ": must be in [" + std::to_string(lo) +
      ", " + std::to_string(hi) + "]; got " + std::to_string(value));
}

Status ValidateRetry(const RetryOptions& retry) {
  OBKV_RETURN_IF_ERROR(
      CheckInRange("retry.max_attempts", retry.max_attempts, 1, 1000));
  if (retry.initial_backoff_ms < 0) {
    return Status::InvalidArgument(
        "options.retry.initial_backoff_ms: must be >= 0; got " +
        std::to_string(retry.initial_backoff_ms));
  }
  if (retry.max_backoff_ms < retry.initial_backoff_ms) {
    return Status::InvalidArgument(
        "options.retry.max_backoff_ms: must be >= initial_backoff_ms (" +
        std::to_string(retry.initial_backoff_ms) + "); got " +
        std::to_string(retry.max_backoff_ms));
  }
  return Status::OK();
}

Status ValidateGroupCommit(const GroupCommitOptions& group) {
  OBKV_RETURN_IF_ERROR(
      CheckInRange("group_commit.max_writes", group.max_writes, 1, 100000));
  if (group.max_bytes < 1) {
    return Status::InvalidArgument(
        "options.group_commit.max_bytes: must be >= 1; got " +
        std::to_string(group.max_bytes));
  }
  return Status::OK();
}

}  // namespace

Result<OpenedEngine> OpenEngine(const StoreOptions& options,
                                const std::string& location) {
  OBKV_RETURN_IF_ERROR(ValidateGroupCommit(options.group_commit));
  OBKV_RETURN_IF_ERROR(CheckInRange("server_writers", options.server_writers, 1,
                                    kMaxServerWriters));
  OBKV_RETURN_IF_ERROR(CheckInRange(
      "max_idle_readers", options.max_idle_readers, 0, kMaxIdleReaders));
  RetryOptions retry = options.retry;
  if (HasMysqlScheme(location)) {
    OBKV_ASSIGN_OR_RETURN(MysqlUri uri, ParseMysqlUri(location));
    retry.max_attempts = uri.retry_attempts.value_or(retry.max_attempts);
    retry.initial_backoff_ms =
        uri.retry_backoff_ms.value_or(retry.initial_backoff_ms);
    retry.max_backoff_ms =
        uri.retry_max_backoff_ms.value_or(retry.max_backoff_ms);
    OBKV_RETURN_IF_ERROR(ValidateRetry(retry));
    OBKV_ASSIGN_OR_RETURN(OpenedEngine opened,
                          OpenMysqlEngine(options, uri, retry));
    opened.retry = retry;
    opened.read_consistency =
        uri.read_consistency.value_or(options.read_consistency);
    opened.writer_sessions = uri.writers.value_or(options.server_writers);
    return opened;
  }
  OBKV_RETURN_IF_ERROR(RefuseMalformedUri(location));
  OBKV_RETURN_IF_ERROR(ValidateRetry(retry));
  OBKV_ASSIGN_OR_RETURN(OpenedEngine opened,
                        OpenSqliteEngine(options, location));
  opened.retry = retry;
  opened.read_consistency = options.read_consistency;
  return opened;
}

}  // namespace storage
}  // namespace obkvlite
