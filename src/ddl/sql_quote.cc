// Copyright (c) obkvlite authors.
#include "ddl/sql_quote.h"

#include <algorithm>

#include "obkvlite/ddl.h"

namespace obkvlite {
namespace {

std::string QuoteWith(std::string_view text, char quote) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back(quote);
  for (char c : text) {
    if (c == quote) out.push_back(quote);
    out.push_back(c);
  }
  out.push_back(quote);
  return out;
}

}  // namespace

std::string QuoteSqlIdentifier(std::string_view name) {
  return QuoteWith(name, '"');
}

std::string QuoteMysqlIdentifier(std::string_view name) {
  return QuoteWith(name, '`');
}

std::string QuoteSqlString(std::string_view text) {
  return QuoteWith(text, '\'');
}

Result<DdlDialect> ParseDdlDialect(std::string_view name,
                                   std::string_view field) {
  if (name == "oceanbase") return DdlDialect::kOceanBase;
  if (name == "mysql") return DdlDialect::kMysql;
  if (name == "sqlite") return DdlDialect::kSqlite;
  return Status::InvalidArgument(std::string(field) +
                                 ": must be oceanbase, mysql or sqlite, got '" +
                                 std::string(name) + "'");
}

std::string QuoteMysqlTableName(std::string_view relation) {
  const size_t colon = relation.find(':');
  if (colon == std::string_view::npos) return QuoteMysqlIdentifier(relation);
  return QuoteMysqlIdentifier(relation.substr(0, colon)) + "." +
         QuoteMysqlIdentifier(relation);
}

std::string QuoteIdentifier(SqlDialect dialect, std::string_view name) {
  return dialect == SqlDialect::kMysql ? QuoteMysqlIdentifier(name)
                                       : QuoteSqlIdentifier(name);
}

std::string QuoteTableName(SqlDialect dialect, std::string_view name) {
  return dialect == SqlDialect::kMysql ? QuoteMysqlTableName(name)
                                       : QuoteSqlIdentifier(name);
}

std::optional<std::string> UnquoteIdentifierAt(std::string_view text, size_t at,
                                               size_t* end) {
  if (at >= text.size() || (text[at] != '"' && text[at] != '`')) {
    return std::nullopt;
  }
  const char quote = text[at];
  std::string name;
  for (size_t i = at + 1; i < text.size(); ++i) {
    if (text[i] != quote) {
      name.push_back(text[i]);
    } else if (i + 1 < text.size() && text[i + 1] == quote) {
      name.push_back(quote);
      ++i;
    } else {
      *end = i + 1;
      return name;
    }
  }
  return std::nullopt;
}

std::vector<std::string> TableNameAt(std::string_view text, size_t at,
                                     size_t* end) {
  std::vector<std::string> parts;
  if (at < text.size() && text[at] != '"' && text[at] != '`') {
    *end = std::min(text.find(' ', at), text.size());
    parts.emplace_back(text.substr(at, *end - at));
    return parts;
  }
  for (;;) {
    std::optional<std::string> part = UnquoteIdentifierAt(text, at, end);
    if (!part) return {};
    parts.push_back(std::move(*part));
    if (*end >= text.size() || text[*end] != '.') return parts;
    at = *end + 1;
  }
}

}  // namespace obkvlite
