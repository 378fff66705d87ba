// Copyright (c) obkvlite authors.
#include "tools/cli/column_text.h"

#include "obkvlite/bytes.h"
#include "server/common/column_rules.h"

namespace obkvlite {
namespace cli {

Result<ColumnText> SplitColumnText(std::string_view text,
                                   std::string_view field) {
  const server::ColumnParts parts = server::SplitColumnName(text);
  if (!parts.has_colon || parts.family.empty()) {
    return Status::InvalidArgument(
        std::string(field) +
        ": must be \"family:qualifier\" with a non-empty family, got \"" +
        std::string(text) + "\"");
  }
  ColumnText column;
  column.family = std::string(parts.family);
  column.qualifier = std::string(parts.qualifier);
  return column;
}

Result<Column> ParseColumn(std::string_view text, std::string_view field) {
  // Checking the escapes of the whole text first makes error offsets count
  // from the start of "family:qualifier", as the user wrote it.
  Result<std::string> whole = FromStringBinary(text, field);
  if (!whole.ok()) return whole.status();
  Result<ColumnText> split = SplitColumnText(text, field);
  if (!split.ok()) return split.status();
  Result<std::string> qualifier = FromStringBinary(split->qualifier, field);
  if (!qualifier.ok()) return qualifier.status();
  return Column{std::move(split->family), std::move(qualifier).value()};
}

}  // namespace cli
}  // namespace obkvlite
