// Copyright (c) obkvlite authors.
//
// The one place MySQL-protocol error numbers become Status values (the
// connector boundary): a server that cannot be reached, a refused login or
// a lost connection -> Unavailable naming the endpoint; lock waits and
// deadlocks -> Busy; duplicate keys and data too long -> InvalidArgument;
// an unknown database or table -> NotFound; anything else -> IOError.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_STORAGE_MYSQL_ERROR_H_
#define OBKVLITE_STORAGE_MYSQL_ERROR_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

// True for the client errors after which the connection is gone.
bool IsConnectionLost(unsigned int error);

// True for ER_DUP_ENTRY (a uniqueness constraint refused the row).
bool IsDuplicateKey(unsigned int error);

// Status for `error` with the server's `message`, while doing `context`, on
// the server at `endpoint` ("host:port" or "socket PATH").
// REQUIRED: error != 0.
Status MysqlStatus(unsigned int error, std::string_view message,
                   std::string_view context, const std::string& endpoint);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_ERROR_H_
