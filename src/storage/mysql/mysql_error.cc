// Copyright (c) obkvlite authors.
#include "storage/mysql/mysql_error.h"

#include <errmsg.h>
#include <mysqld_error.h>

namespace obkvlite {
namespace storage {
namespace {

// Galera's "WSREP has not yet prepared node for application use" (a node
// outside the primary component, or still joining) reuses this number.
constexpr unsigned int kWsrepNotReady = ER_UNKNOWN_COM_ERROR;  // 1047

// OceanBase's MySQL-mode numbers (its error code reference, 4000-6999).
constexpr unsigned int kObTimeout = 4012;
constexpr unsigned int kObNotMaster = 4038;
constexpr unsigned int kObTransactionSetViolation = 6001;
constexpr unsigned int kObTransactionRolledBack = 6002;
constexpr unsigned int kObTryLockRowConflict = 6005;

std::string ErrorText(unsigned int error, std::string_view message,
                      std::string_view context, const std::string& endpoint) {
  return "mysql server at " + endpoint + ": " + std::string(context) + ": " +
         std::string(message) + " (error " + std::to_string(error) + ")";
}

}  // namespace

bool IsConnectionLost(unsigned int error) {
  switch (error) {
    case CR_CONNECTION_ERROR:
    case CR_CONN_HOST_ERROR:
    case CR_UNKNOWN_HOST:
    case CR_SERVER_GONE_ERROR:
    case CR_SERVER_LOST:
    case CR_SERVER_LOST_EXTENDED:
    case CR_COMMANDS_OUT_OF_SYNC:
      return true;
    default:
      return false;
  }
}

bool IsDuplicateKey(unsigned int error) { return error == ER_DUP_ENTRY; }

bool IsRolledBackConflict(unsigned int error) {
  switch (error) {
    case ER_LOCK_DEADLOCK:
    case ER_LOCK_WAIT_TIMEOUT:
    case ER_ERROR_DURING_COMMIT:
    case kObTimeout:
    case kObNotMaster:
    case kObTransactionSetViolation:
    case kObTransactionRolledBack:
    case kObTryLockRowConflict:
      return true;
    default:
      return false;
  }
}

bool LeavesSessionInDoubt(unsigned int error) {
  return IsConnectionLost(error) || error == kWsrepNotReady;
}

Status MysqlStatus(unsigned int error, std::string_view message,
                   std::string_view context, const std::string& endpoint) {
  std::string text = ErrorText(error, message, context, endpoint);
  if (LeavesSessionInDoubt(error)) return Status::Unavailable(std::move(text));
  if (IsRolledBackConflict(error)) return Status::Aborted(std::move(text));
  switch (error) {
    case ER_ACCESS_DENIED_ERROR:
    case ER_DBACCESS_DENIED_ERROR:
    case ER_ACCESS_DENIED_NO_PASSWORD_ERROR:
      return Status::Unavailable(std::move(text));
    case ER_DUP_ENTRY:
    case ER_DATA_TOO_LONG:
    case ER_NET_PACKET_TOO_LARGE:
      return Status::InvalidArgument(std::move(text));
    case ER_BAD_DB_ERROR:
    case ER_NO_SUCH_TABLE:
      return Status::NotFound(std::move(text));
    case ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION:
      return Status::NotSupported(std::move(text));
    default:
      return Status::IOError(std::move(text));
  }
}

Status MysqlCommitStatus(unsigned int error, std::string_view message,
                         const std::string& endpoint) {
  if (IsConnectionLost(error) || error == kObTimeout) {
    return Status::UnknownOutcome(
        ErrorText(error, message, "COMMIT", endpoint) +
        ": COMMIT was sent and no outcome came back, so the write may or may "
        "not have happened (it was not retried)");
  }
  return MysqlStatus(error, message, "COMMIT", endpoint);
}

}  // namespace storage
}  // namespace obkvlite
