// Copyright (c) obkvlite authors.
//
// The server floor: hand-written SQL over MariaDB Connector/C on the table
// the mariadb arm uses (the mysql dialect's "t$f", created by the same
// DDL), with the same statement shapes a careful user writes: prepared
// statements on the binary protocol, 32-row upserts in one transaction
// per batch, a row read by K, and a range read with LIMIT.
//
// Arm "rawmariadbts" is the same on the timeseries arm's table (K, T, S,
// V): a row's kQualifiers cells are one JSON document, written in 32-row
// plain INSERTs at one S per batch, the floor of arm mariadbts' puts. Its
// reads count kQualifiers cells per document without parsing V (and an
// update's one-cell document as kQualifiers too), so only its put figure
// is a floor.

#include <mysql.h>

#include <cstring>
#include <string>
#include <vector>

#include "layout/timeseries_value.h"
#include "layout/timestamp_codec.h"
#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {
namespace {

constexpr int kUpsertRows = 32;

class RawMariadbArm : public BenchArm {
 public:
  explicit RawMariadbArm(bool timeseries)
      : timeseries_(timeseries),
        name_(timeseries ? "rawmariadbts" : "rawmariadb") {}

  ~RawMariadbArm() override {
    for (MYSQL_STMT* s : {upsert_, upsert_one_, get_, scan_}) {
      if (s != nullptr) mysql_stmt_close(s);
    }
    if (mysql_ != nullptr) mysql_close(mysql_);
    if (!database_.empty()) DropBenchServerDatabase(database_);
  }

  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions&) override {
    mysql_ = mysql_init(nullptr);
    const unsigned int protocol = MYSQL_PROTOCOL_SOCKET;
    mysql_optionsv(mysql_, MYSQL_OPT_PROTOCOL, &protocol);
    const std::string socket = BenchServerSocket();
    if (mysql_real_connect(mysql_, "localhost", BenchServerUser().c_str(),
                           nullptr, nullptr, 0, socket.c_str(), 0) == nullptr) {
      return Error("connect");
    }
    database_ = BenchServerDatabase(name_, dir);
    OBKV_RETURN_IF_ERROR(Query("CREATE DATABASE `" + database_ + "`"));
    if (mysql_select_db(mysql_, database_.c_str()) != 0) return Error("use");
    OBKV_ASSIGN_OR_RETURN(
        TableSpec spec,
        ParseTableSpec(BenchSpecJson(timeseries_ ? "timeseries" : "normal")));
    for (const std::string& sql :
         ServerCreateStatements(spec, DdlDialect::kMysql)) {
      OBKV_RETURN_IF_ERROR(Query(sql));
    }
    // The timeseries table's columns in the normal one's places: Q is S.
    const std::string cols = timeseries_ ? "K, S, T, V" : "K, Q, T, V";
    const std::string order = timeseries_ ? "K, T, S" : "K, Q, T";
    std::string upsert = "INSERT INTO `t$f` (" + cols + ") VALUES ";
    for (int i = 0; i < kUpsertRows; ++i)
      upsert += i ? ", (?,?,?,?)" : "(?,?,?,?)";
    const std::string tail =
        timeseries_ ? "" : " ON DUPLICATE KEY UPDATE V = VALUES(V)";
    OBKV_RETURN_IF_ERROR(Prepare(upsert + tail, &upsert_));
    OBKV_RETURN_IF_ERROR(
        Prepare("INSERT INTO `t$f` (" + cols + ") VALUES (?,?,?,?)" + tail,
                &upsert_one_));
    OBKV_RETURN_IF_ERROR(Prepare("SELECT " + cols.substr(3) +
                                     " FROM `t$f` WHERE K = ? ORDER BY " +
                                     order.substr(3),
                                 &get_));
    return Prepare("SELECT " + cols + " FROM `t$f` WHERE K >= ? ORDER BY " +
                       order + " LIMIT ?",
                   &scan_);
  }

  Status Load(const RowBatch& batch) override {
    if (timeseries_) return LoadDocuments(batch);
    OBKV_RETURN_IF_ERROR(Query("START TRANSACTION"));
    std::vector<const std::string*> k, q, v;
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      for (int c = 0; c < kQualifiers; ++c) {
        k.push_back(&batch.keys[r]);
        q.push_back(&batch.qualifiers[c]);
        v.push_back(&batch.values[r * kQualifiers + c]);
      }
    }
    return UpsertAndCommit(k, q, v, layout::EncodeTimestamp(batch.ts));
  }

  // Upserts rows (k[i], q[i], v[i], t) kUpsertRows to a statement, the rest
  // one by one, then commits the caller's transaction.
  Status UpsertAndCommit(const std::vector<const std::string*>& k,
                         const std::vector<const std::string*>& q,
                         const std::vector<const std::string*>& v, int64_t t) {
    size_t i = 0;
    for (; i + kUpsertRows <= k.size(); i += kUpsertRows) {
      OBKV_RETURN_IF_ERROR(
          Upsert(upsert_, kUpsertRows, &k[i], &q[i], &v[i], t));
    }
    for (; i < k.size(); ++i) {
      OBKV_RETURN_IF_ERROR(Upsert(upsert_one_, 1, &k[i], &q[i], &v[i], t));
    }
    return Query("COMMIT");
  }

  // One document per row, V the JSON of its kQualifiers cells, S one
  // write time per batch (s_, bound where the normal table's Q goes).
  Status LoadDocuments(const RowBatch& batch) {
    OBKV_RETURN_IF_ERROR(Query("START TRANSACTION"));
    s_ = layout::EncodeTimestamp(++write_ms_);
    const std::string s;  // unused: Upsert binds s_
    std::vector<std::string> docs(batch.keys.size());
    std::vector<layout::TimeseriesMember> members;
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      AppendRowDocument(batch, r, &members, &docs[r]);
    }
    std::vector<const std::string*> k, q, v;
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      k.push_back(&batch.keys[r]);
      q.push_back(&s);
      v.push_back(&docs[r]);
    }
    return UpsertAndCommit(k, q, v, layout::EncodeTimestamp(batch.ts));
  }

  Result<int> GetRow(const std::string& key) override {
    unsigned long klen = key.size();
    MYSQL_BIND p[1];
    std::memset(p, 0, sizeof p);
    BindBlob(&p[0], key, &klen);
    if (mysql_stmt_bind_param(get_, p) || mysql_stmt_execute(get_) ||
        mysql_stmt_store_result(get_)) {
      return StmtError(get_);
    }
    int cells = 0;
    const int per_row = timeseries_ ? kQualifiers : 1;
    OBKV_RETURN_IF_ERROR(FetchAll(get_, 3, [&](Column* cols) {
      cells += cols[2].length > 0 ? per_row : 0;
      return true;
    }));
    return cells;
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    // The raw reader knows the shape: kQualifiers cells per row.
    const int per_row = timeseries_ ? kQualifiers : 1;
    const int64_t limit = rows == INT64_MAX || timeseries_
                              ? rows
                              : rows * static_cast<int64_t>(kQualifiers);
    unsigned long slen = start.size();
    long long lim = limit;
    MYSQL_BIND p[2];
    std::memset(p, 0, sizeof p);
    BindBlob(&p[0], start, &slen);
    p[1].buffer_type = MYSQL_TYPE_LONGLONG;
    p[1].buffer = &lim;
    if (mysql_stmt_bind_param(scan_, p) || mysql_stmt_execute(scan_)) {
      return StmtError(scan_);
    }
    int64_t cells = 0;
    OBKV_RETURN_IF_ERROR(FetchAll(scan_, 4, [&](Column* cols) {
      cells += cols[3].length > 0 ? per_row : 0;
      return true;
    }));
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    const std::string* k = &key;
    const std::string* q = &qualifier;
    const std::string* v = &value;
    std::string doc;
    if (timeseries_) {
      // A new document of the one cell, at the next write time.
      s_ = layout::EncodeTimestamp(++write_ms_);
      layout::AppendTimeseriesValue({{qualifier, value}}, &doc);
      v = &doc;
    }
    return Upsert(upsert_one_, 1, &k, &q, &v, layout::EncodeTimestamp(ts));
  }

 private:
  struct Column {
    char buffer[2048];
    unsigned long length = 0;
    long long value = 0;
    my_bool is_null = 0;
  };

  static void BindBlob(MYSQL_BIND* b, const std::string& s,
                       unsigned long* length) {
    b->buffer_type = MYSQL_TYPE_BLOB;
    b->buffer = const_cast<char*>(s.data());
    b->buffer_length = s.size();
    b->length = length;
  }

  Status Upsert(MYSQL_STMT* stmt, int n, const std::string* const* k,
                const std::string* const* q, const std::string* const* v,
                int64_t t) {
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
        p[4 * i + 1].buffer = &s_;
      } else {
        BindBlob(&p[4 * i + 1], *q[i], &lengths[3 * i + 1]);
      }
      p[4 * i + 2].buffer_type = MYSQL_TYPE_LONGLONG;
      p[4 * i + 2].buffer = &tv;
      BindBlob(&p[4 * i + 3], *v[i], &lengths[3 * i + 2]);
    }
    if (mysql_stmt_bind_param(stmt, p.data()) || mysql_stmt_execute(stmt)) {
      return StmtError(stmt);
    }
    return Status::OK();
  }

  // Fetches every row of an executed statement into fixed buffers (the
  // benchmark's values fit), calling `row` for each.
  template <typename Row>
  Status FetchAll(MYSQL_STMT* stmt, int columns, Row row) {
    std::vector<Column> cols(static_cast<size_t>(columns));
    std::vector<MYSQL_BIND> r(static_cast<size_t>(columns));
    std::memset(r.data(), 0, r.size() * sizeof(MYSQL_BIND));
    for (int c = 0; c < columns; ++c) {
      r[c].buffer_type = MYSQL_TYPE_BLOB;
      r[c].buffer = cols[c].buffer;
      r[c].buffer_length = sizeof cols[c].buffer;
      r[c].length = &cols[c].length;
      r[c].is_null = &cols[c].is_null;
    }
    if (mysql_stmt_bind_result(stmt, r.data())) return StmtError(stmt);
    int rc;
    while ((rc = mysql_stmt_fetch(stmt)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
      if (!row(cols.data())) break;
    }
    if (rc == 1) return StmtError(stmt);
    mysql_stmt_free_result(stmt);
    return Status::OK();
  }

  Status Prepare(const std::string& sql, MYSQL_STMT** stmt) {
    *stmt = mysql_stmt_init(mysql_);
    if (*stmt == nullptr || mysql_stmt_prepare(*stmt, sql.data(), sql.size())) {
      return Status::IOError("rawmariadb: prepare: " +
                             std::string(mysql_error(mysql_)));
    }
    return Status::OK();
  }

  Status Query(const std::string& sql) {
    if (mysql_real_query(mysql_, sql.data(), sql.size()) != 0) {
      return Error(sql.c_str());
    }
    return Status::OK();
  }

  Status Error(const char* what) {
    return Status::IOError(std::string("rawmariadb: ") + what + ": " +
                           mysql_error(mysql_));
  }
  static Status StmtError(MYSQL_STMT* stmt) {
    return Status::IOError(std::string("rawmariadb: ") +
                           mysql_stmt_error(stmt));
  }

  const bool timeseries_;
  const std::string name_;
  int64_t write_ms_ = 1;  // the timeseries write time of the last write
  long long s_ = 0;       // its S, bound in the normal table's Q place
  std::string database_;
  MYSQL* mysql_ = nullptr;
  MYSQL_STMT* upsert_ = nullptr;
  MYSQL_STMT* upsert_one_ = nullptr;
  MYSQL_STMT* get_ = nullptr;
  MYSQL_STMT* scan_ = nullptr;
};

}  // namespace

std::unique_ptr<BenchArm> NewRawMariadbArm(bool timeseries) {
  return std::make_unique<RawMariadbArm>(timeseries);
}

}  // namespace bench
}  // namespace obkvlite
