// Copyright (c) obkvlite authors.
//
// Namespaces in the shell, printed as the HBase shell prints them
// (create_namespace.rb, drop_namespace.rb, list_namespace.rb,
// list_namespace_tables.rb, describe_namespace.rb):
//   create_namespace 'ns1'[, {'K' => 'V'}]   nothing but "Took"; the map's
//                                   properties are kept (admin.rb
//                                   create_namespace: values to_s)
//   alter_namespace 'ns1', {METHOD => 'set', 'K' => 'V'} |
//                          {METHOD => 'unset', NAME => 'K'}
//                                   nothing but "Took" (admin.rb
//                                   alter_namespace)
//   drop_namespace 'ns1'            refused while it holds tables
//   list_namespace ['REGEX']        NAMESPACE / default / hbase / ns1 /
//                                   3 row(s)
//   list_namespace_tables 'ns1'     TABLE / t1 / 1 row(s)
//   describe_namespace 'ns1'        DESCRIPTION / {NAME => 'ns1', K => 'V'}
//                                   (NamespaceDescriptor.toString: the
//                                   properties by key, values quoted)

#include <algorithm>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <utility>
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

// A property value as admin.rb keeps it (v.to_s): a string as it is, an
// integer or a word (true, a constant) as written.
Result<std::string> PropertyValue(const ShellCommand& c, const std::string& key,
                                  const ShellValue& v) {
  if (v.kind == ShellValue::Kind::kInteger) return std::to_string(v.integer);
  if (v.kind == ShellValue::Kind::kString ||
      v.kind == ShellValue::Kind::kWord) {
    return v.text;
  }
  return ShellError(c.name, "property " + key + ": " + v.Describe() +
                                " is not a string or an integer");
}

// The {KEY => value} map argument `v` (admin.rb: "X is not of Hash type").
Status RequireMap(const ShellCommand& c, const ShellValue& v) {
  if (v.kind == ShellValue::Kind::kMap) return Status::OK();
  return ShellError(c.name, v.Describe() + " is not of Hash type");
}

}  // namespace

Status ShellSession::CreateNamespace(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 1, SIZE_MAX, "'NAMESPACE'[, {'KEY' => 'VALUE', ...}]"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "NAMESPACE"));
  std::map<std::string, std::string> properties;
  for (size_t i = 1; i < c.args.size(); ++i) {
    OBKV_RETURN_IF_ERROR(RequireMap(c, c.args[i]));
    for (const auto& [key, value] : c.args[i].entries) {
      OBKV_ASSIGN_OR_RETURN(properties[key], PropertyValue(c, key, value));
    }
  }
  return store_->CreateNamespace(name, properties).WithPrefix(c.name);
}

Status ShellSession::AlterNamespace(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(
      c, 2, SIZE_MAX,
      "'NAMESPACE', {METHOD => 'set', 'KEY' => 'VALUE'} | {METHOD => "
      "'unset', NAME => 'KEY'}"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "NAMESPACE"));
  std::map<std::string, std::string> set;
  std::vector<std::string> unset;
  for (size_t i = 1; i < c.args.size(); ++i) {
    const ShellValue& arg = c.args[i];
    OBKV_RETURN_IF_ERROR(RequireMap(c, arg));
    std::string method;
    const ShellValue* key = nullptr;
    for (const auto& [k, v] : arg.entries) {
      if (k == "METHOD") {
        OBKV_ASSIGN_OR_RETURN(method, ShellString(c.name, v, "METHOD"));
      } else if (k == "NAME") {
        key = &v;
      }
    }
    if (method == "unset") {
      if (key == nullptr) {
        return ShellError(c.name, "METHOD => 'unset' needs NAME => 'KEY'");
      }
      OBKV_ASSIGN_OR_RETURN(std::string k, ShellString(c.name, *key, "NAME"));
      set.erase(k);
      unset.push_back(std::move(k));
    } else if (method == "set") {
      // Every entry but METHOD is a property (NAME too, as admin.rb adds
      // it).
      for (const auto& [k, v] : arg.entries) {
        if (k == "METHOD") continue;
        OBKV_ASSIGN_OR_RETURN(set[k], PropertyValue(c, k, v));
        unset.erase(std::remove(unset.begin(), unset.end(), k), unset.end());
      }
    } else {
      return ShellError(c.name, "Unknown method " + method);
    }
  }
  return store_->AlterNamespace(name, set, unset).WithPrefix(c.name);
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
  Result<std::map<std::string, std::string>> properties =
      store_->GetNamespaceProperties(name);
  if (!properties.ok()) return properties.status().WithPrefix(c.name);
  *out_ << "DESCRIPTION\n{NAME => '" << name << "'";
  for (const auto& [key, value] : *properties) {
    *out_ << ", " << key << " => '" << value << "'";
  }
  *out_ << "}\n";
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
