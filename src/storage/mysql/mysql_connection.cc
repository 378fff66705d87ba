// Copyright (c) obkvlite authors.
#include "storage/mysql/mysql_connection.h"

#include <errmsg.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "ddl/row_lock_sql.h"
#include "storage/fault_hooks.h"
#include "storage/mysql/mysql_error.h"
#include "storage/mysql/mysql_statement.h"
#include "storage/mysql/row_lock.h"

namespace obkvlite {
namespace storage {
namespace {

constexpr const char* kSessionSetup[] = {
    "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION'",
    "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ",
};

}  // namespace

MysqlConnection::MysqlConnection(MysqlUri uri, bool read_only, bool weak)
    : uri_(std::move(uri)),
      weak_(weak),
      read_only_(read_only),
      endpoint_(uri_.Endpoint()) {
  if (weak_) {
    // Weak readers spread over the endpoints, one after another.
    static std::atomic<size_t> next_weak{0};
    current_ = next_weak.fetch_add(1, std::memory_order_relaxed) %
               uri_.endpoints.size();
  }
}

MysqlConnection::~MysqlConnection() { Close(); }

Result<std::unique_ptr<MysqlConnection>> MysqlConnection::Open(
    const MysqlUri& uri, bool read_only, bool use_database, bool weak) {
  std::unique_ptr<MysqlConnection> conn(
      new MysqlConnection(uri, read_only, weak));
  OBKV_RETURN_IF_ERROR(conn->Connect(use_database));
  return conn;
}

void MysqlConnection::Close() {
  // The session first: mysql_close detaches its statements, so closing a
  // statement of a session in doubt never waits on the socket for the rest
  // of a result that will not come.
  if (mysql_ != nullptr) mysql_close(mysql_);
  mysql_ = nullptr;
  statements()->Clear();
  in_transaction_ = false;
}

Status MysqlConnection::Connect(bool use_database) {
  const size_t n = uri_.endpoints.size();
  std::string failures;
  for (size_t i = 0; i < n; ++i) {
    const size_t k = (current_ + i) % n;
    Status st = ConnectTo(k, use_database);
    if (st.ok()) {
      current_ = k;
      return st;
    }
    if (n == 1 || !st.IsUnavailable()) return st;
    failures += (failures.empty() ? "" : "; ") + st.message();
  }
  return Status::Unavailable("no endpoint of " + uri_.Redacted() +
                             " took the session: " + failures);
}

Status MysqlConnection::ConnectTo(size_t k, bool use_database) {
  Close();
  broken_ = true;  // until the session is set up
  const MysqlEndpoint& at = uri_.endpoints[k];
  endpoint_ = at.Describe();
  mysql_ = mysql_init(nullptr);
  if (mysql_ == nullptr) {
    return Status::IOError("mysql server at " + endpoint_ +
                           ": out of memory for a connection");
  }
  const unsigned int protocol =
      at.socket.empty() ? MYSQL_PROTOCOL_TCP : MYSQL_PROTOCOL_SOCKET;
  mysql_optionsv(mysql_, MYSQL_OPT_PROTOCOL, &protocol);
  mysql_optionsv(mysql_, MYSQL_OPT_CONNECT_TIMEOUT, &uri_.connect_timeout_s);
  mysql_optionsv(mysql_, MYSQL_OPT_READ_TIMEOUT, &uri_.read_timeout_s);
  mysql_optionsv(mysql_, MYSQL_OPT_WRITE_TIMEOUT, &uri_.write_timeout_s);
  mysql_optionsv(mysql_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  const char* password = uri_.has_password ? uri_.password.c_str() : nullptr;
  Status st;
  if (mysql_real_connect(mysql_, at.host.c_str(), uri_.user.c_str(), password,
                         use_database ? uri_.database.c_str() : nullptr,
                         static_cast<unsigned int>(at.port),
                         at.socket.empty() ? nullptr : at.socket.c_str(),
                         0) == nullptr) {
    st = Error("connect as '" + uri_.user + "'");
  } else {
    st = SetUpSession();
  }
  if (!st.ok()) {
    Close();
    broken_ = true;
    return st;
  }
  broken_ = false;
  return Status::OK();
}

Status MysqlConnection::SetUpSession() {
  for (const char* sql : kSessionSetup) {
    OBKV_RETURN_IF_ERROR(RunQuery(sql));
  }
  OBKV_ASSIGN_OR_RETURN(std::string packet,
                        QueryString("SELECT @@max_allowed_packet"));
  max_allowed_packet_ = std::atoll(packet.c_str());
  // A Galera node: refuse one that is not ready (outside the primary
  // component, or still joining), and read your own writes from any node.
  OBKV_ASSIGN_OR_RETURN(std::string wsrep,
                        ShowValue("SHOW VARIABLES LIKE 'wsrep_on'"));
  galera_ = wsrep == "ON";
  bool sync_wait_given = false;
  for (const auto& [name, value] : uri_.session_variables) {
    sync_wait_given = sync_wait_given || name == "wsrep_sync_wait";
  }
  if (galera_) {
    OBKV_ASSIGN_OR_RETURN(std::string ready,
                          ShowValue("SHOW STATUS LIKE 'wsrep_ready'"));
    if (ready != "ON") {
      return Status::Unavailable(
          "mysql server at " + endpoint_ +
          ": the Galera node is not ready (wsrep_ready " +
          (ready.empty() ? std::string("missing") : ready) +
          "): outside the primary component, or still joining");
    }
    // 1: reads (SELECT, SHOW, START TRANSACTION) wait until the node has
    // applied every write the cluster committed before them; a weak
    // reader's do not (0).
    if (!sync_wait_given) {
      OBKV_RETURN_IF_ERROR(RunQuery(weak_ ? "SET SESSION wsrep_sync_wait = 0"
                                          : "SET SESSION wsrep_sync_wait = 1"));
    }
  } else if (weak_) {
    // OceanBase: a weak read may be served by a follower replica.
    OBKV_ASSIGN_OR_RETURN(
        std::string ob, ShowValue("SHOW VARIABLES LIKE 'ob_read_consistency'"));
    if (!ob.empty()) {
      OBKV_RETURN_IF_ERROR(
          RunQuery("SET SESSION ob_read_consistency = 'WEAK'"));
    }
  }
  for (const auto& [name, value] : uri_.session_variables) {
    OBKV_RETURN_IF_ERROR(RunQuery("SET SESSION " + name + " = " + value));
  }
  return Status::OK();
}

Result<std::string> MysqlConnection::ShowValue(std::string_view sql) {
  if (mysql_real_query(mysql_, sql.data(), sql.size()) != 0) {
    return Error(sql);
  }
  MYSQL_RES* res = mysql_store_result(mysql_);
  if (res == nullptr) return Error(sql);
  std::string out;
  MYSQL_ROW row = mysql_fetch_row(res);
  if (row != nullptr && mysql_num_fields(res) >= 2 && row[1] != nullptr) {
    out.assign(row[1], mysql_fetch_lengths(res)[1]);
  }
  mysql_free_result(res);
  return out;
}

Status MysqlConnection::Error(std::string_view context) {
  const unsigned int error = mysql_ != nullptr ? mysql_errno(mysql_) : 0;
  if (error == 0) {
    return Status::IOError("mysql server at " + endpoint_ + ": " +
                           std::string(context) + ": failed");
  }
  if (LeavesSessionInDoubt(error)) broken_ = true;
  return MysqlStatus(error, mysql_error(mysql_), context, endpoint_);
}

Status MysqlConnection::InjectDeadlock(std::string_view context) {
  constexpr std::string_view kRollback = "ROLLBACK";
  if (mysql_real_query(mysql_, kRollback.data(), kRollback.size()) != 0) {
    return Error(kRollback);
  }
  return MysqlStatus(1213,
                     "Deadlock found when trying to get lock; try restarting "
                     "transaction (injected)",
                     context, endpoint_);
}

Status MysqlConnection::Revive() {
  if (!broken_ && mysql_ != nullptr) return Status::OK();
  return Connect(/*use_database=*/true);
}

Status MysqlConnection::UseDatabase() {
  if (mysql_select_db(mysql_, uri_.database.c_str()) != 0) {
    return Error("use database '" + uri_.database + "'");
  }
  return Status::OK();
}

Result<std::string> MysqlConnection::QueryString(std::string_view sql) {
  if (mysql_real_query(mysql_, sql.data(), sql.size()) != 0) {
    return Error(sql);
  }
  MYSQL_RES* res = mysql_store_result(mysql_);
  if (res == nullptr) return Error(sql);
  MYSQL_ROW row = mysql_fetch_row(res);
  std::string out;
  if (row != nullptr && row[0] != nullptr) {
    out.assign(row[0], mysql_fetch_lengths(res)[0]);
  }
  mysql_free_result(res);
  if (row == nullptr) {
    return Status::IOError("mysql server at " + endpoint_ + ": " +
                           std::string(sql) + ": returned no row");
  }
  return out;
}

Result<std::unique_ptr<Statement>> MysqlConnection::Prepare(
    std::string_view sql) {
  // No Revive here: cursors of the running read hold cached statements.
  if (mysql_ == nullptr) return Error("prepare");
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<MysqlStatement> stmt,
                        MysqlStatement::Prepare(this, sql));
  return std::unique_ptr<Statement>(std::move(stmt));
}

Status MysqlConnection::Exec(std::string_view sql) {
  if (mysql_ == nullptr) return Error(sql);
  if (TakeInjectedDeadlock()) return InjectDeadlock(sql);
  return RunQuery(sql);
}

Status MysqlConnection::RunQuery(std::string_view sql) {
  if (mysql_real_query(mysql_, sql.data(), sql.size()) != 0) {
    return Error(sql);
  }
  do {
    if (MYSQL_RES* res = mysql_store_result(mysql_)) mysql_free_result(res);
  } while (mysql_next_result(mysql_) == 0);
  return Status::OK();
}

Status MysqlConnection::LockRowForUpdate(std::string_view table,
                                         std::string_view row) {
  if (!galera_) return Status::OK();
  OBKV_ASSIGN_OR_RETURN(
      Statement * stmt,
      statements()->Get(kRowLockTable, 0, [] { return RowLockUpsertSql(); }));
  stmt->Reset();
  stmt->BindInt(1, RowLockSlot(table, row));
  return stmt->Run();
}

Status MysqlConnection::Begin(const char* sql) {
  OBKV_RETURN_IF_ERROR(Revive());
  Status st = Exec(sql);
  if (!st.ok() && broken_) {
    // An idle session whose server restarted: nothing has run in this
    // transaction yet, so reconnecting once is safe.
    OBKV_RETURN_IF_ERROR(Revive());
    st = Exec(sql);
  }
  OBKV_RETURN_IF_ERROR(st);
  in_transaction_ = true;
  return Status::OK();
}

// Under REPEATABLE READ the snapshot is taken at the first read; the plain
// form is the one OceanBase's MySQL mode documents too.
constexpr char kBeginReadSql[] = "START TRANSACTION READ ONLY";

Status MysqlConnection::BeginRead() { return Begin(kBeginReadSql); }

Status MysqlConnection::BeginPendingRead() {
  OBKV_RETURN_IF_ERROR(Exec(kBeginReadSql));
  in_transaction_ = true;
  return Status::OK();
}

Status MysqlConnection::BeginWrite() {
  if (read_only_) {
    return Status::NotSupported("mysql server at " + endpoint_ +
                                ": this session is read-only");
  }
  return Begin("START TRANSACTION READ WRITE");
}

Status MysqlConnection::Commit() {
  in_transaction_ = false;
  constexpr std::string_view kCommit = "COMMIT";
  if (mysql_ == nullptr) return Error(kCommit);
  if (TakeInjectedDeadlock()) return InjectDeadlock(kCommit);
  if (TakeInjectedLostCommit()) {
    // COMMIT goes out; the session dies before its reply is read.
    (void)mysql_send_query(mysql_, kCommit.data(), kCommit.size());
    Close();
    broken_ = true;
    return MysqlCommitStatus(CR_SERVER_LOST,
                             "Lost connection to server during query "
                             "(injected)",
                             endpoint_);
  }
  if (mysql_real_query(mysql_, kCommit.data(), kCommit.size()) != 0) {
    const unsigned int error = mysql_errno(mysql_);
    if (error == 0) return Error(kCommit);
    if (LeavesSessionInDoubt(error)) broken_ = true;
    return MysqlCommitStatus(error, mysql_error(mysql_), endpoint_);
  }
  return Status::OK();
}

void MysqlConnection::Rollback() {
  if (!in_transaction_) return;
  in_transaction_ = false;
  // A session whose ROLLBACK fails is in doubt: the next Revive reopens it.
  if (!broken_ && !Exec("ROLLBACK").ok()) broken_ = true;
}

}  // namespace storage
}  // namespace obkvlite
