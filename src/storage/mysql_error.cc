// Copyright (c) obkvlite authors.
#include "storage/mysql_error.h"

#include <errmsg.h>
#include <mysqld_error.h>

namespace obkvlite {
namespace storage {

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

Status MysqlStatus(unsigned int error, std::string_view message,
                   std::string_view context, const std::string& endpoint) {
  std::string text = "mysql server at " + endpoint + ": " +
                     std::string(context) + ": " + std::string(message) +
                     " (error " + std::to_string(error) + ")";
  if (IsConnectionLost(error)) return Status::Unavailable(std::move(text));
  switch (error) {
    case ER_ACCESS_DENIED_ERROR:
    case ER_DBACCESS_DENIED_ERROR:
    case ER_ACCESS_DENIED_NO_PASSWORD_ERROR:
      return Status::Unavailable(std::move(text));
    case ER_LOCK_WAIT_TIMEOUT:
    case ER_LOCK_DEADLOCK:
      return Status::Busy(std::move(text));
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

}  // namespace storage
}  // namespace obkvlite
