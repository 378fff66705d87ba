// Copyright (c) obkvlite authors.
//
// Namespaces in the shell, printed as the HBase shell prints them
// (create_namespace.rb, drop_namespace.rb, list_namespace.rb,
// list_namespace_tables.rb, describe_namespace.rb):
//   create_namespace 'ns1'          nothing but "Took"
//   drop_namespace 'ns1'            refused while it holds tables
//   list_namespace ['REGEX']        NAMESPACE / default / hbase / ns1 /
//                                   3 row(s)
//   list_namespace_tables 'ns1'     TABLE / t1 / 1 row(s)
//   describe_namespace 'ns1'        DESCRIPTION / {NAME => 'ns1'}

#include <ostream>
#include <string>
#include <vector>

#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

void PrintRows(const char* header, const std::vector<std::string>& rows,
               std::ostream& out) {
  out << header << "\n";
  for (const std::string& r : rows) out << r << "\n";
  out << rows.size() << " row(s)\n";
}

// NotFound-style error unless `store` has namespace `name`.
Status RequireNamespace(Store* store, const ShellCommand& c,
                        const std::string& name) {
  Result<std::vector<std::string>> names = store->ListNamespaces();
  if (!names.ok()) return names.status().WithPrefix(c.name);
  for (const std::string& n : *names) {
    if (n == name) return Status::OK();
  }
  return ShellError(c.name, "namespace '" + name + "' does not exist");
}

}  // namespace

Status ShellSession::CreateNamespace(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 2, "'NAMESPACE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "NAMESPACE"));
  return store_->CreateNamespace(name).WithPrefix(c.name);
}

Status ShellSession::DropNamespace(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'NAMESPACE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "NAMESPACE"));
  return store_->DropNamespace(name).WithPrefix(c.name);
}

Status ShellSession::DescribeNamespace(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'NAMESPACE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "NAMESPACE"));
  OBKV_RETURN_IF_ERROR(RequireNamespace(store_, c, name));
  *out_ << "DESCRIPTION\n{NAME => '" << name << "'}\n";
  return Status::OK();
}

Status ShellSession::ListNamespace(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 1, "['REGEX']"));
  Result<std::vector<std::string>> names = store_->ListNamespaces();
  if (!names.ok()) return names.status().WithPrefix(c.name);
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> matched,
                        MatchingNames(c, *names));
  PrintRows("NAMESPACE", matched, *out_);
  return Status::OK();
}

Status ShellSession::ListNamespaceTables(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'NAMESPACE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "NAMESPACE"));
  OBKV_RETURN_IF_ERROR(RequireNamespace(store_, c, name));
  std::vector<std::string> tables;
  for (const std::string& t : store_->ListTables()) {
    if (TableNamespace(t) == name) tables.emplace_back(TableQualifier(t));
  }
  PrintRows("TABLE", tables, *out_);
  Return(RubyInspect(tables));  // list_namespace_tables.rb returns them
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
