// Copyright (c) obkvlite authors.
#include "tools/bench/raw_mariadb_db.h"

#include <cstdlib>
#include <cstring>

#include "layout/timestamp_codec.h"
#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {

RawMariadbDb::~RawMariadbDb() {
  std::vector<MYSQL_STMT*> all = upserts_;
  all.insert(all.end(), {get_, scan_, newest_});
  for (MYSQL_STMT* s : all) {
    if (s != nullptr) mysql_stmt_close(s);
  }
  if (mysql_ != nullptr) mysql_close(mysql_);
}

Status RawMariadbDb::Connect(const std::string& name,
                             const std::string& database, bool create) {
  name_ = name;
  mysql_ = mysql_init(nullptr);
  const unsigned int protocol = MYSQL_PROTOCOL_SOCKET;
  mysql_optionsv(mysql_, MYSQL_OPT_PROTOCOL, &protocol);
  const std::string socket = BenchServerSocket();
  if (mysql_real_connect(mysql_, "localhost", BenchServerUser().c_str(),
                         nullptr, nullptr, 0, socket.c_str(), 0) == nullptr) {
    return Error("connect");
  }
  if (create) OBKV_RETURN_IF_ERROR(Query("CREATE DATABASE `" + database + "`"));
  if (mysql_select_db(mysql_, database.c_str()) != 0) return Error("use");
  return Status::OK();
}

Status RawMariadbDb::CreateTable(bool timeseries) {
  OBKV_ASSIGN_OR_RETURN(
      TableSpec spec,
      ParseTableSpec(BenchSpecJson(timeseries ? "timeseries" : "normal")));
  for (const std::string& sql :
       ServerCreateStatements(spec, DdlDialect::kMysql)) {
    OBKV_RETURN_IF_ERROR(Query(sql));
  }
  return Status::OK();
}

Status RawMariadbDb::PrepareStatements(bool timeseries) {
  timeseries_ = timeseries;
  const std::string cols = Columns();
  const std::string order = timeseries ? "K, T, S" : "K, Q, T";
  OBKV_RETURN_IF_ERROR(Prepare("SELECT " + cols.substr(3) +
                                   " FROM `t$f` WHERE K = ? ORDER BY " +
                                   order.substr(3),
                               &get_));
  OBKV_RETURN_IF_ERROR(Prepare("SELECT " + cols + " FROM `t$f` WHERE K >= ? " +
                                   "ORDER BY " + order + " LIMIT ?",
                               &scan_));
  if (timeseries) return Status::OK();
  // T holds the negated time (layout/timestamp_codec.h): the newest first.
  return Prepare(
      "SELECT T, V FROM `t$f` WHERE K = ? AND Q = ? ORDER BY T LIMIT 1 "
      "FOR UPDATE",
      &newest_);
}

Status RawMariadbDb::Query(const std::string& sql) {
  if (mysql_real_query(mysql_, sql.data(), sql.size()) != 0) {
    return Error(sql.c_str());
  }
  return Status::OK();
}

void RawMariadbDb::BindBlob(MYSQL_BIND* b, const std::string& s,
                            unsigned long* length) {
  b->buffer_type = MYSQL_TYPE_BLOB;
  b->buffer = const_cast<char*>(s.data());
  b->buffer_length = s.size();
  b->length = length;
}

Result<MYSQL_STMT*> RawMariadbDb::UpsertStatement(int n) {
  if (n < 1 || n > kUpsertRows) {
    return Status::InvalidArgument(name_ + ": an upsert writes 1 to " +
                                   std::to_string(kUpsertRows) + " rows, not " +
                                   std::to_string(n));
  }
  MYSQL_STMT*& stmt = upserts_[static_cast<size_t>(n - 1)];
  if (stmt != nullptr) return stmt;
  std::string sql =
      std::string("INSERT INTO `t$f` (") + Columns() + ") VALUES ";
  for (int i = 0; i < n; ++i) sql += i ? ", (?,?,?,?)" : "(?,?,?,?)";
  if (!timeseries_) sql += " ON DUPLICATE KEY UPDATE V = VALUES(V)";
  OBKV_RETURN_IF_ERROR(Prepare(sql, &stmt));
  return stmt;
}

Status RawMariadbDb::Upsert(int n, const std::string* const* k,
                            const std::string* const* q,
                            const std::string* const* v, int64_t t,
                            long long s) {
  OBKV_ASSIGN_OR_RETURN(MYSQL_STMT * stmt, UpsertStatement(n));
  std::vector<MYSQL_BIND> p(static_cast<size_t>(4 * n));
  std::vector<unsigned long> lengths(static_cast<size_t>(3 * n));
  long long tv = t;
  std::memset(p.data(), 0, p.size() * sizeof(MYSQL_BIND));
  for (int i = 0; i < n; ++i) {
    lengths[3 * i] = k[i]->size();
    lengths[3 * i + 1] = q[i]->size();
    lengths[3 * i + 2] = v[i]->size();
    BindBlob(&p[4 * i], *k[i], &lengths[3 * i]);
    if (timeseries_) {
      p[4 * i + 1].buffer_type = MYSQL_TYPE_LONGLONG;  // S
      p[4 * i + 1].buffer = &s;
    } else {
      BindBlob(&p[4 * i + 1], *q[i], &lengths[3 * i + 1]);
    }
    p[4 * i + 2].buffer_type = MYSQL_TYPE_LONGLONG;
    p[4 * i + 2].buffer = &tv;
    BindBlob(&p[4 * i + 3], *v[i], &lengths[3 * i + 2]);
  }
  if (mysql_stmt_bind_param(stmt, p.data()) || mysql_stmt_execute(stmt)) {
    return StmtError(stmt, "execute");
  }
  return Status::OK();
}

Status RawMariadbDb::UpsertAll(const std::vector<const std::string*>& k,
                               const std::vector<const std::string*>& q,
                               const std::vector<const std::string*>& v,
                               int64_t t, long long s) {
  size_t i = 0;
  for (; i + kUpsertRows <= k.size(); i += kUpsertRows) {
    OBKV_RETURN_IF_ERROR(Upsert(kUpsertRows, &k[i], &q[i], &v[i], t, s));
  }
  if (i == k.size()) return Status::OK();
  return Upsert(static_cast<int>(k.size() - i), &k[i], &q[i], &v[i], t, s);
}

Status RawMariadbDb::UpsertBatch(const RowBatch& batch) {
  std::vector<const std::string*> k, q, v;
  for (size_t r = 0; r < batch.keys.size(); ++r) {
    for (int c = 0; c < kQualifiers; ++c) {
      k.push_back(&batch.keys[r]);
      q.push_back(&batch.qualifiers[c]);
      v.push_back(&batch.values[r * kQualifiers + c]);
    }
  }
  return UpsertAll(k, q, v, layout::EncodeTimestamp(batch.ts));
}

Result<bool> RawMariadbDb::Newest(const std::string& key,
                                  const std::string& qualifier, int64_t* t,
                                  std::string* v) {
  OBKV_RETURN_IF_ERROR(Execute(newest_, {&key, &qualifier}, -1));
  bool found = false;
  OBKV_RETURN_IF_ERROR(FetchAll(newest_, 2, [&](Column* cols) {
    found = true;
    *t = std::strtoll(std::string(cols[0].buffer, cols[0].length).c_str(),
                      nullptr, 10);
    v->assign(cols[1].buffer, cols[1].length);
    return false;
  }));
  return found;
}

Status RawMariadbDb::Execute(MYSQL_STMT* stmt,
                             std::vector<const std::string*> blobs,
                             int64_t limit) {
  std::vector<MYSQL_BIND> p(blobs.size() + (limit >= 0 ? 1 : 0));
  std::vector<unsigned long> lengths(blobs.size());
  std::memset(p.data(), 0, p.size() * sizeof(MYSQL_BIND));
  for (size_t i = 0; i < blobs.size(); ++i) {
    lengths[i] = blobs[i]->size();
    BindBlob(&p[i], *blobs[i], &lengths[i]);
  }
  long long lim = limit;
  if (limit >= 0) {
    p.back().buffer_type = MYSQL_TYPE_LONGLONG;
    p.back().buffer = &lim;
  }
  if (mysql_stmt_bind_param(stmt, p.data()) || mysql_stmt_execute(stmt)) {
    return StmtError(stmt, "execute");
  }
  return Status::OK();
}

Status RawMariadbDb::BindResult(MYSQL_STMT* stmt, std::vector<Column>* cols) {
  std::vector<MYSQL_BIND> r(cols->size());
  std::memset(r.data(), 0, r.size() * sizeof(MYSQL_BIND));
  for (size_t c = 0; c < cols->size(); ++c) {
    Column& col = (*cols)[c];
    r[c].buffer_type = MYSQL_TYPE_BLOB;
    r[c].buffer = col.buffer;
    r[c].buffer_length = sizeof col.buffer;
    r[c].length = &col.length;
    r[c].is_null = &col.is_null;
  }
  if (mysql_stmt_bind_result(stmt, r.data())) {
    return StmtError(stmt, "bind result");
  }
  return Status::OK();
}

Status RawMariadbDb::Prepare(const std::string& sql, MYSQL_STMT** stmt) {
  *stmt = mysql_stmt_init(mysql_);
  if (*stmt == nullptr || mysql_stmt_prepare(*stmt, sql.data(), sql.size())) {
    return Status::IOError(name_ + ": prepare: " + mysql_error(mysql_));
  }
  return Status::OK();
}

Status RawMariadbDb::Error(const char* what) {
  last_errno_ = mysql_errno(mysql_);
  return Status::IOError(name_ + ": " + what + ": " + mysql_error(mysql_) +
                         " (error " + std::to_string(last_errno_) + ")");
}

Status RawMariadbDb::StmtError(MYSQL_STMT* stmt, const char* what) {
  // An error the server sends in place of a row (a deadlock found while
  // a locking read streams) is the connection's, not the statement's.
  const bool on_stmt = mysql_stmt_errno(stmt) != 0;
  last_errno_ = on_stmt ? mysql_stmt_errno(stmt) : mysql_errno(mysql_);
  return Status::IOError(
      name_ + ": " + what + ": " +
      (on_stmt ? mysql_stmt_error(stmt) : mysql_error(mysql_)) + " (error " +
      std::to_string(last_errno_) + ")");
}

}  // namespace bench
}  // namespace obkvlite
