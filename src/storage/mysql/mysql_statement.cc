// Copyright (c) obkvlite authors.
#include "storage/mysql/mysql_statement.h"

#include <cstring>

#include "storage/fault_hooks.h"
#include "storage/mysql/mysql_connection.h"
#include "storage/mysql/mysql_error.h"

namespace obkvlite {
namespace storage {
namespace {

constexpr size_t kInitialColumnBytes = 256;

bool IsIntegerType(enum_field_types type) {
  switch (type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
      return true;
    default:
      return false;
  }
}

}  // namespace

Status NumberedToPositional(std::string_view sql, std::string* out,
                            std::vector<int>* numbers) {
  out->clear();
  numbers->clear();
  char quote = 0;
  for (size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      *out += c;
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') {
      quote = c;
      *out += c;
      continue;
    }
    if (c != '?') {
      *out += c;
      continue;
    }
    size_t j = i + 1;
    int n = 0;
    while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9' && n < 100000) {
      n = n * 10 + (sql[j] - '0');
      ++j;
    }
    if (j == i + 1 || n == 0) {
      return Status::InvalidArgument(
          "sql: parameter at offset " + std::to_string(i) +
          " is not numbered ?1, ?2, ...: " + std::string(sql));
    }
    numbers->push_back(n);
    *out += '?';
    i = j - 1;
  }
  return Status::OK();
}

MysqlStatement::MysqlStatement(MysqlConnection* conn, MYSQL_STMT* stmt,
                               std::string sql, std::vector<int> numbers)
    : conn_(conn),
      stmt_(stmt),
      sql_(std::move(sql)),
      numbers_(std::move(numbers)) {
  int max = 0;
  for (int n : numbers_) max = std::max(max, n);
  params_.resize(static_cast<size_t>(max));
  param_binds_.resize(numbers_.size());
}

Result<std::unique_ptr<MysqlStatement>> MysqlStatement::Prepare(
    MysqlConnection* conn, std::string_view sql) {
  std::string text;
  std::vector<int> numbers;
  OBKV_RETURN_IF_ERROR(NumberedToPositional(sql, &text, &numbers));
  MYSQL_STMT* stmt = mysql_stmt_init(conn->handle());
  if (stmt == nullptr) {
    return conn->Error("prepare '" + std::string(sql) + "'");
  }
  if (mysql_stmt_prepare(stmt, text.data(), text.size()) != 0) {
    const unsigned int error = mysql_stmt_errno(stmt);
    Status st =
        MysqlStatus(error, mysql_stmt_error(stmt),
                    "prepare '" + std::string(sql) + "'", conn->endpoint());
    if (LeavesSessionInDoubt(error)) conn->MarkBroken();
    mysql_stmt_close(stmt);
    return st;
  }
  if (mysql_stmt_param_count(stmt) != numbers.size()) {
    mysql_stmt_close(stmt);
    return Status::IOError("prepare '" + std::string(sql) +
                           "': the server counts another number of "
                           "parameters");
  }
  std::unique_ptr<MysqlStatement> out(
      new MysqlStatement(conn, stmt, std::string(sql), std::move(numbers)));
  if (MYSQL_RES* meta = mysql_stmt_result_metadata(stmt)) {
    const unsigned int n = mysql_num_fields(meta);
    const MYSQL_FIELD* fields = mysql_fetch_fields(meta);
    out->columns_.resize(n);
    for (unsigned int i = 0; i < n; ++i) {
      out->columns_[i].integer = IsIntegerType(fields[i].type);
      if (!out->columns_[i].integer) {
        out->columns_[i].buffer.resize(kInitialColumnBytes);
      }
    }
    mysql_free_result(meta);
    out->has_result_ = true;
    out->result_binds_.resize(n);
  }
  return out;
}

MysqlStatement::~MysqlStatement() {
  if (stmt_ != nullptr) mysql_stmt_close(stmt_);
}

MysqlStatement::Param* MysqlStatement::ParamAt(int index) {
  if (index < 1 || static_cast<size_t>(index) > params_.size()) {
    bad_index_ = true;
    return nullptr;
  }
  return &params_[static_cast<size_t>(index) - 1];
}

void MysqlStatement::BindBlob(int index, std::string_view bytes) {
  if (Param* p = ParamAt(index)) {
    p->kind = Param::kBlob;
    p->data = bytes.data();
    p->length = static_cast<unsigned long>(bytes.size());
  }
}

void MysqlStatement::BindText(int index, std::string_view text) {
  if (Param* p = ParamAt(index)) {
    p->kind = Param::kText;
    p->data = text.data();
    p->length = static_cast<unsigned long>(text.size());
  }
}

void MysqlStatement::BindInt(int index, int64_t value) {
  if (Param* p = ParamAt(index)) {
    p->kind = Param::kInt;
    p->value = value;
  }
}

void MysqlStatement::BindNull(int index) {
  if (Param* p = ParamAt(index)) {
    p->kind = Param::kUnset;  // sent as MYSQL_TYPE_NULL
    p->length = 0;
  }
}

void MysqlStatement::Fail(const char* context) {
  const unsigned int error = mysql_stmt_errno(stmt_);
  duplicate_key_ = IsDuplicateKey(error);
  if (error == 0) {
    error_ = Status::IOError(std::string(context) + " '" + sql_ +
                             "': the connector failed without an error");
    return;
  }
  error_ =
      MysqlStatus(error, mysql_stmt_error(stmt_),
                  std::string(context) + " '" + sql_ + "'", conn_->endpoint());
  if (LeavesSessionInDoubt(error)) {
    conn_->MarkBroken();
    return;
  }
  // The server ended the statement with an error, perhaps inside its
  // result (a deadlock found while reading rows FOR UPDATE). The
  // connector's statement still expects the rest of that result: freeing
  // it as after a success would make the next execute wait on the socket
  // for the whole read timeout. mysql_stmt_reset brings statement and
  // session back to ready; if even that fails, the session is in doubt.
  executed_ = false;
  if (mysql_stmt_reset(stmt_) != 0) conn_->MarkBroken();
}

bool MysqlStatement::Execute() {
  duplicate_key_ = false;
  if (bad_index_) {
    error_ = Status::InvalidArgument("bind: parameter index out of range in '" +
                                     sql_ + "'");
    return false;
  }
  static const char kEmpty[] = "";
  // The request carries every bound byte; one over max_allowed_packet is
  // refused here, before anything is sent (the server would drop the
  // connection: "Server has gone away").
  int64_t request_bytes = static_cast<int64_t>(sql_.size());
  for (int n : numbers_) {
    request_bytes +=
        Connection::kRequestBytesPerParam +
        static_cast<int64_t>(params_[static_cast<size_t>(n) - 1].length);
  }
  if (conn_->max_allowed_packet() > 0 &&
      request_bytes > conn_->max_allowed_packet()) {
    error_ = Status::InvalidArgument(
        "mysql server at " + conn_->endpoint() + ": a request of " +
        std::to_string(request_bytes) + " bytes is over the server's limit " +
        std::to_string(conn_->max_allowed_packet()) +
        " bytes (server variable max_allowed_packet); nothing was sent");
    return false;
  }
  for (size_t pos = 0; pos < numbers_.size(); ++pos) {
    Param& p = params_[static_cast<size_t>(numbers_[pos]) - 1];
    MYSQL_BIND& b = param_binds_[pos];
    std::memset(&b, 0, sizeof(b));
    switch (p.kind) {
      case Param::kUnset:
        b.buffer_type = MYSQL_TYPE_NULL;
        break;
      case Param::kInt:
        b.buffer_type = MYSQL_TYPE_LONGLONG;
        b.buffer = &p.value;
        break;
      case Param::kBlob:
      case Param::kText:
        b.buffer_type =
            p.kind == Param::kBlob ? MYSQL_TYPE_BLOB : MYSQL_TYPE_STRING;
        b.buffer = const_cast<char*>(p.length == 0 ? kEmpty : p.data);
        b.buffer_length = p.length;
        b.length = &p.length;
        break;
    }
  }
  if (!numbers_.empty() && mysql_stmt_bind_param(stmt_, param_binds_.data())) {
    Fail("bind");
    return false;
  }
  if (TakeInjectedDeadlock()) {
    error_ = conn_->InjectDeadlock("execute '" + sql_ + "'");
    return false;
  }
  if (mysql_stmt_execute(stmt_) != 0) {
    Fail("execute");
    return false;
  }
  executed_ = true;
  rows_fetched_ = 0;
  if (has_result_) {
    if (mysql_stmt_store_result(stmt_) != 0) {
      Fail("fetch");
      return false;
    }
    if (!BindResult()) return false;
  }
  changes_ = static_cast<int64_t>(mysql_stmt_affected_rows(stmt_));
  return true;
}

bool MysqlStatement::BindResult() {
  for (size_t i = 0; i < columns_.size(); ++i) {
    Column& c = columns_[i];
    MYSQL_BIND& b = result_binds_[i];
    std::memset(&b, 0, sizeof(b));
    if (c.integer) {
      b.buffer_type = MYSQL_TYPE_LONGLONG;
      b.buffer = &c.value;
    } else {
      b.buffer_type = MYSQL_TYPE_BLOB;
      b.buffer = c.buffer.data();
      b.buffer_length = static_cast<unsigned long>(c.buffer.size());
    }
    b.length = &c.length;
    b.is_null = &c.is_null;
    b.error = &c.error;
  }
  if (mysql_stmt_bind_result(stmt_, result_binds_.data()) != 0) {
    Fail("bind result");
    return false;
  }
  return true;
}

int64_t MysqlStatement::result_rows() const {
  if (!executed_ || !has_result_) return -1;
  return static_cast<int64_t>(mysql_stmt_num_rows(stmt_));
}

bool MysqlStatement::LastResultBlob(int col, std::string* out) {
  if (!executed_ || !has_result_ || rows_fetched_ == 0) return false;
  const uint64_t current = rows_fetched_;
  const uint64_t last = mysql_stmt_num_rows(stmt_) - 1;
  mysql_stmt_data_seek(stmt_, last);
  rows_fetched_ = last;
  if (Advance() != StepCode::kRow) return false;
  const std::string_view value = ColumnBlob(col);
  out->assign(value.data(), value.size());
  // Back on the current row: its values in the buffers again.
  mysql_stmt_data_seek(stmt_, current - 1);
  rows_fetched_ = current - 1;
  return Advance() == StepCode::kRow;
}

StepCode MysqlStatement::Advance() {
  if (!executed_) {
    if (!Execute()) return StepCode::kError;
    if (!has_result_) return StepCode::kDone;
  }
  if (!has_result_) return StepCode::kDone;
  const int rc = mysql_stmt_fetch(stmt_);
  if (rc == MYSQL_NO_DATA) return StepCode::kDone;
  ++rows_fetched_;
  if (rc == 1) {
    Fail("fetch");
    return StepCode::kError;
  }
  if (rc == MYSQL_DATA_TRUNCATED) {
    // A value longer than its buffer: grow it, fetch the column again and
    // keep the larger buffer for the rows after.
    bool rebind = false;
    for (size_t i = 0; i < columns_.size(); ++i) {
      Column& c = columns_[i];
      if (c.integer || c.length <= c.buffer.size()) continue;
      c.buffer.resize(c.length);
      MYSQL_BIND& b = result_binds_[i];
      b.buffer = c.buffer.data();
      b.buffer_length = static_cast<unsigned long>(c.buffer.size());
      if (mysql_stmt_fetch_column(stmt_, &b, static_cast<unsigned int>(i), 0) !=
          0) {
        Fail("fetch");
        return StepCode::kError;
      }
      rebind = true;
    }
    if (rebind && !BindResult()) return StepCode::kError;
  }
  return StepCode::kRow;
}

Status MysqlStatement::Run() {
  Reset();
  if (!Execute()) {
    Reset();
    return error_;
  }
  Reset();
  return Status::OK();
}

std::string_view MysqlStatement::ColumnBlob(int col) const {
  const Column& c = columns_[static_cast<size_t>(col)];
  if (c.is_null || c.integer) return std::string_view();
  return std::string_view(c.buffer.data(), c.length);
}

int64_t MysqlStatement::ColumnInt(int col) const {
  const Column& c = columns_[static_cast<size_t>(col)];
  return c.is_null || !c.integer ? 0 : c.value;
}

bool MysqlStatement::ColumnIsNull(int col) const {
  return columns_[static_cast<size_t>(col)].is_null != 0;
}

void MysqlStatement::Reset() {
  if (executed_ && has_result_) mysql_stmt_free_result(stmt_);
  executed_ = false;
}

}  // namespace storage
}  // namespace obkvlite
