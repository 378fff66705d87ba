// Copyright (c) obkvlite authors.
#include "storage/mysql/mysql_query.h"

#include <cctype>

#include "storage/mysql/mysql_connection.h"
#include "storage/mysql/mysql_uri.h"

namespace obkvlite {
namespace storage {
namespace {

Status Refuse(const std::string& why) {
  return Status::InvalidArgument(
      "sql: " + why +
      "; a server store takes one SELECT, WITH or EXPLAIN statement");
}

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ||
         c == '$';
}

std::string Upper(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

QueryValue::Kind KindOf(const MYSQL_FIELD& field) {
  switch (field.type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
      return QueryValue::kInteger;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_NEWDECIMAL:
      return QueryValue::kFloat;
    default:
      return field.charsetnr == 63 ? QueryValue::kBlob : QueryValue::kText;
  }
}

}  // namespace

std::string ResolveNamespacedNames(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  for (size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (c == '\'' || c == '"' || c == '`') {
      const size_t close = sql.find(c, i + 1);
      const size_t end = close == std::string_view::npos ? sql.size() : close + 1;
      const std::string_view quoted = sql.substr(i, end - i);
      const size_t colon = quoted.find(':');
      if (c == '"' && close != std::string_view::npos &&
          colon != std::string_view::npos && colon > 1 &&
          colon + 2 < quoted.size()) {
        // Relation "ns:t$f" lives in database `ns` (the namespace's).
        out.append(quoted.substr(0, colon));
        out.append("\".");
        out.append(quoted);
      } else {
        out.append(quoted);
      }
      i = end;
      continue;
    }
    if (sql.substr(i, 2) == "/*" || sql.substr(i, 2) == "--" || c == '#') {
      const bool block = sql.substr(i, 2) == "/*";
      const size_t close = block ? sql.find("*/", i + 2) : sql.find('\n', i);
      const size_t end = close == std::string_view::npos
                             ? sql.size()
                             : close + (block ? 2 : 1);
      out.append(sql.substr(i, end - i));
      i = end;
      continue;
    }
    out.push_back(c);
    ++i;
  }
  return out;
}

Status CheckReadOnlyQuery(std::string_view sql) {
  // Words outside quotes and comments, and where the statement ends.
  std::vector<std::string> words;
  bool ended = false;
  for (size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (c == '\'' || c == '"' || c == '`') {
      const size_t close = sql.find(c, i + 1);
      if (close == std::string_view::npos) return Refuse("unterminated quote");
      if (ended) return Refuse("more than one statement");
      i = close + 1;
      continue;
    }
    if (sql.substr(i, 3) == "/*!" || sql.substr(i, 4) == "/*M!") {
      return Refuse("executable comments (/*! ... */) are refused");
    }
    if (sql.substr(i, 2) == "/*") {
      const size_t close = sql.find("*/", i + 2);
      if (close == std::string_view::npos) {
        return Refuse("unterminated comment");
      }
      i = close + 2;
      continue;
    }
    if (sql.substr(i, 2) == "--" || c == '#') {
      const size_t nl = sql.find('\n', i);
      i = nl == std::string_view::npos ? sql.size() : nl + 1;
      continue;
    }
    if (c == ';') {
      ended = true;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      ++i;
      continue;
    }
    if (ended) return Refuse("more than one statement");
    size_t j = i;
    while (j < sql.size() && IsWordChar(sql[j])) ++j;
    if (j == i) {
      ++i;
      continue;
    }
    words.push_back(Upper(sql.substr(i, j - i)));
    i = j;
  }
  if (words.empty()) return Refuse("empty query");
  if (words[0] != "SELECT" && words[0] != "WITH" && words[0] != "EXPLAIN") {
    return Refuse("'" + words[0] + "' is not a read");
  }
  // Anything else that writes (WITH ... DELETE, FOR UPDATE locks) the READ
  // ONLY transaction refuses on the server.
  for (const std::string& w : words) {
    if (w == "INTO") return Refuse("INTO writes a file or variables");
  }
  return Status::OK();
}

Result<QueryResult> RunReadOnlyQuery(const std::string& location,
                                     std::string_view sql) {
  OBKV_RETURN_IF_ERROR(CheckReadOnlyQuery(sql));
  OBKV_ASSIGN_OR_RETURN(MysqlUri uri, ParseMysqlUri(location));
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<MysqlConnection> conn,
                        MysqlConnection::Open(uri, /*read_only=*/true,
                                              /*use_database=*/true));
  // ANSI_QUOTES: "t$f" names a relation, as in SQLite; NO_BACKSLASH_ESCAPES:
  // a backslash in a string is itself, as in SQLite and as the check above
  // reads the text.
  OBKV_RETURN_IF_ERROR(conn->Exec(
      "SET SESSION sql_mode = "
      "CONCAT(@@sql_mode, ',ANSI_QUOTES,NO_BACKSLASH_ESCAPES')"));
  OBKV_RETURN_IF_ERROR(conn->Exec("START TRANSACTION READ ONLY"));
  MYSQL* m = conn->handle();
  const std::string resolved = ResolveNamespacedNames(sql);
  if (mysql_real_query(m, resolved.data(), resolved.size()) != 0) {
    Status st = conn->Error("sql");
    (void)conn->Exec("ROLLBACK");
    return st;
  }
  QueryResult out;
  MYSQL_RES* res = mysql_store_result(m);
  if (res != nullptr) {
    const unsigned int n = mysql_num_fields(res);
    const MYSQL_FIELD* fields = mysql_fetch_fields(res);
    for (unsigned int i = 0; i < n; ++i)
      out.columns.emplace_back(fields[i].name);
    while (MYSQL_ROW row = mysql_fetch_row(res)) {
      const unsigned long* lengths = mysql_fetch_lengths(res);
      std::vector<QueryValue> values(n);
      for (unsigned int i = 0; i < n; ++i) {
        if (row[i] == nullptr) continue;
        values[i].kind = KindOf(fields[i]);
        values[i].bytes.assign(row[i], lengths[i]);
      }
      out.rows.push_back(std::move(values));
    }
    mysql_free_result(res);
  } else if (mysql_field_count(m) != 0) {
    Status st = conn->Error("sql");
    (void)conn->Exec("ROLLBACK");
    return st;
  }
  OBKV_RETURN_IF_ERROR(conn->Exec("ROLLBACK"));
  return out;
}

}  // namespace storage
}  // namespace obkvlite
