// Copyright (c) obkvlite authors.
//
// Transaction: a scope guard over a Connection's transaction. Begin opens
// it; Commit ends it; destruction without Commit rolls back, so an error
// path can simply return.
//
// REQUIRED: the Connection outlives the guard; no transaction is open on it
// when Begin is called.
// Thread safety: used by the connection's owning thread.

#ifndef OBKVLITE_STORAGE_TRANSACTION_H_
#define OBKVLITE_STORAGE_TRANSACTION_H_

#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

class Transaction {
 public:
  enum class Kind {
    kRead,   // a consistent snapshot from the first read on
    // No snapshot until a second statement needs one
    // (Connection::TakeSnapshot).
    kReadOnDemand,
    kWrite,  // holds the write lock from Begin on
  };

  Transaction() = default;
  ~Transaction() { Abort(); }
  Transaction(Transaction&& o) noexcept : conn_(o.conn_) { o.conn_ = nullptr; }
  Transaction& operator=(Transaction&& o) noexcept {
    if (this != &o) {
      Abort();
      conn_ = o.conn_;
      o.conn_ = nullptr;
    }
    return *this;
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  static Result<Transaction> Begin(Connection* conn, Kind kind);

  // Commits; the guard is then inactive whatever the outcome (a failed
  // COMMIT is rolled back).
  Status Commit();
  // Rolls back if still active.
  void Abort();
  bool active() const { return conn_ != nullptr; }

 private:
  explicit Transaction(Connection* conn) : conn_(conn) {}
  Connection* conn_ = nullptr;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_TRANSACTION_H_
