// Copyright (c) obkvlite authors.
#include "storage/first_column.h"

#include <memory>

namespace obkvlite {
namespace storage {

Result<std::vector<std::string>> FirstColumn(
    Connection* conn, const std::string& sql,
    const std::vector<std::string>& params) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> q, conn->Prepare(sql));
  for (size_t i = 0; i < params.size(); ++i) {
    q->BindText(static_cast<int>(i) + 1, params[i]);
  }
  std::vector<std::string> out;
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, q->Step());
    if (!row) break;
    out.emplace_back(q->ColumnBlob(0));
  }
  return out;
}

}  // namespace storage
}  // namespace obkvlite
