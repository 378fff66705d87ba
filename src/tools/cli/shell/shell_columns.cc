// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_columns.h"

#include "server/common/column_rules.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_formatter.h"

namespace obkvlite {
namespace cli {

ShellColumnSpec SplitShellColumn(std::string_view text) {
  ShellColumnSpec spec;
  const server::ColumnParts parts = server::SplitColumnName(text);
  spec.family = std::string(parts.family);
  if (!parts.has_colon) return spec;
  // The shell's own third part: 'family:qualifier:FORMATTER'.
  const std::string_view rest = parts.qualifier;
  const size_t second = rest.find(':');
  spec.qualifier = std::string(rest.substr(0, second));
  if (second != std::string_view::npos) {
    spec.formatter = std::string(rest.substr(second + 1));
  }
  return spec;
}

Result<ShellColumnSpec> ShellColumnArg(const std::string& command,
                                       const ShellValue& value,
                                       const std::string& name) {
  OBKV_ASSIGN_OR_RETURN(std::string text, ShellString(command, value, name));
  return SplitShellColumn(text);
}

Result<Column> ShellCellColumn(const std::string& command,
                               const ShellValue& value) {
  OBKV_ASSIGN_OR_RETURN(ShellColumnSpec spec,
                        ShellColumnArg(command, value, "COLUMN"));
  return Column{std::move(spec.family), spec.qualifier.value_or("")};
}

Status ReadShellProjection(const std::string& command, const ShellValue& value,
                           std::vector<std::string>* families,
                           std::vector<Column>* columns,
                           ShellCellFormat* format) {
  std::vector<const ShellValue*> items;
  if (value.kind == ShellValue::Kind::kList) {
    for (const ShellValue& item : value.items) items.push_back(&item);
  } else {
    items.push_back(&value);
  }
  for (const ShellValue* item : items) {
    OBKV_ASSIGN_OR_RETURN(ShellColumnSpec spec,
                          ShellColumnArg(command, *item, "COLUMN"));
    if (!spec.qualifier) {
      families->push_back(std::move(spec.family));
      continue;
    }
    if (spec.formatter) {
      Result<ShellFormatter> f = ParseShellFormatter(*spec.formatter);
      if (!f.ok()) return f.status().WithPrefix(command);
      format->SetColumnFormatter(spec.family, *spec.qualifier, *f);
    }
    columns->push_back({std::move(spec.family), *std::move(spec.qualifier)});
  }
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
