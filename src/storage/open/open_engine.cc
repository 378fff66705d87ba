// Copyright (c) obkvlite authors.
#include "storage/open/open_engine.h"

#include "storage/mysql/mysql_engine.h"
#include "storage/mysql/mysql_uri.h"
#include "storage/sqlite/sqlite_engine.h"

namespace obkvlite {
namespace storage {

namespace {

Status ValidateRetry(const RetryOptions& retry) {
  if (retry.max_attempts < 1 || retry.max_attempts > 1000) {
    return Status::InvalidArgument(
        "options.retry.max_attempts: must be in [1, 1000]; got " +
        std::to_string(retry.max_attempts));
  }
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
  if (group.max_writes < 1 || group.max_writes > 100000) {
    return Status::InvalidArgument(
        "options.group_commit.max_writes: must be in [1, 100000]; got " +
        std::to_string(group.max_writes));
  }
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
  if (options.server_writers < 1 ||
      options.server_writers > kMaxServerWriters) {
    return Status::InvalidArgument("options.server_writers: must be in [1, " +
                                   std::to_string(kMaxServerWriters) +
                                   "]; got " +
                                   std::to_string(options.server_writers));
  }
  if (options.max_idle_readers < 0 ||
      options.max_idle_readers > kMaxIdleReaders) {
    return Status::InvalidArgument("options.max_idle_readers: must be in [0, " +
                                   std::to_string(kMaxIdleReaders) + "]; got " +
                                   std::to_string(options.max_idle_readers));
  }
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
