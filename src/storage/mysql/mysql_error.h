// Copyright (c) obkvlite authors.
//
// The one place MySQL-protocol error numbers are classified and become
// Status values (the connector boundary):
//   - a server that cannot be reached, a refused login, a lost connection,
//     or a Galera node that is not primary or not ready (1047)
//     -> Unavailable naming the endpoint;
//   - a conflict after which the server rolled the transaction (or, for a
//     lock wait timeout, the statement) back, so re-running the whole
//     transaction is safe -> Aborted (StoreContext runs it again, bounded):
//       1213 deadlock, also Galera's certification failure ("Deadlock:
//       wsrep aborted transaction", at any statement or at COMMIT);
//       1205 lock wait timeout; 1180 an error during COMMIT (Galera);
//       OceanBase's MySQL-mode codes 6002 (transaction needs rollback,
//       killed, idle timeout: OB -6224, -6211, -6278, -6213), 6005 (try lock
//       row conflict, OB -6005), 6001 (transaction set changed), 4038 (not
//       master: a leader change, OB -4038) and 4012 (statement or
//       transaction timeout, OB -4012 / -6210) before COMMIT;
//   - a COMMIT whose reply was lost (or OceanBase's 4012 at COMMIT, whose
//     outcome its documentation calls undetermined) -> UnknownOutcome;
//   - duplicate keys and data too long -> InvalidArgument; an unknown
//     database or table -> NotFound; anything else -> IOError.
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

// True for the conflicts above whose transaction the server rolled back.
bool IsRolledBackConflict(unsigned int error);

// True when the session must not be used again: the connection is gone,
// or the node refuses work (1047), so that the next transaction reconnects
// (to the next endpoint).
bool LeavesSessionInDoubt(unsigned int error);

// Status for `error` with the server's `message`, while doing `context`, on
// the server at `endpoint` ("host:port" or "socket PATH").
// REQUIRED: error != 0.
Status MysqlStatus(unsigned int error, std::string_view message,
                   std::string_view context, const std::string& endpoint);

// Status for `error` in reply to COMMIT: UnknownOutcome when the reply was
// lost, Aborted for a conflict, else as MysqlStatus.
// REQUIRED: error != 0.
Status MysqlCommitStatus(unsigned int error, std::string_view message,
                         const std::string& endpoint);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_ERROR_H_
