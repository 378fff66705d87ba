// Copyright (c) obkvlite authors.
//
// Thrift2Handler's table and namespace admin, as HBase 2.x's Admin does it:
// deleteTable and truncateTable want a disabled table (truncate enables it
// again), createTable with split keys pre-splits the table into RANGE
// COLUMNS(K) partitions, a schema change is an AlterTable of the spec the
// descriptors make (thrift2_descriptors.h), modifyNamespace replaces the
// namespace's whole configuration. Pattern arguments are regular
// expressions matched against the whole "ns:table" name (HBase's
// Pattern.matches); an empty or unset one matches every table.

#include <algorithm>
#include <chrono>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "server/thrift2/thrift2_convert.h"
#include "server/thrift2/thrift2_descriptors.h"
#include "server/thrift2/thrift2_handler.h"

namespace obkvlite {
namespace server {
namespace {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The namespace of a store table name ("default" without one).
std::string NamespaceOf(const std::string& table) {
  const size_t colon = table.find(':');
  return colon == std::string::npos ? "default" : table.substr(0, colon);
}

}  // namespace

Thrift2Handler::Thrift2Handler(Store* store, ScannerRegistry* scanners,
                               Thrift2HandlerOptions options)
    : store_(store),
      scanners_(scanners),
      options_(std::move(options)),
      start_code_(NowMs()) {}

Table* Thrift2Handler::OpenTable(std::string_view method, const Text& name) {
  if (name.empty()) ThrowIOError2(method, "table: must not be empty");
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) ThrowStatus2(method, table.status());
  return *table;
}

void Thrift2Handler::CheckWritable(std::string_view method) const {
  if (options_.read_only) {
    ThrowIOError2(method,
                  "this gateway is read-only (--readonly): mutations and "
                  "admin changes are refused");
  }
}

void Thrift2Handler::CheckCompat(const char* method, const Text& table,
                                 const char* rule) {
  Status st = store_->CompatCheck(table, method, rule);
  if (!st.ok()) ThrowStatus2(method, st);
}

Status Thrift2Handler::Worded(std::string_view method, const Table* table,
                              const Status& status) const {
  return CompatWording(store_->compat_profile(), table->spec().name, method,
                       status);
}

gen2::TTableDescriptor Thrift2Handler::DescriptorOf(const char* method,
                                                    const std::string& name) {
  const TableSpec spec = OpenTable(method, name)->spec();
  return TableDescriptorOf(spec);
}

void Thrift2Handler::AlterSpec(const char* method,
                               const Result<std::string>& spec_json) {
  if (!spec_json.ok()) ThrowStatus2(method, spec_json.status());
  Result<TableSpec> spec = ParseTableSpec(*spec_json);
  if (!spec.ok()) ThrowStatus2(method, spec.status());
  Status st = store_->AlterTable(*spec, ChangeOptions());
  if (!st.ok()) ThrowStatus2(method, st);
}

std::vector<std::string> Thrift2Handler::TablesMatching(
    const char* method, const std::string& regex) {
  std::vector<std::string> out;
  std::regex pattern;
  if (!regex.empty()) {
    try {
      pattern = std::regex(regex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      ThrowIOError2(
          method, "regex: not a regular expression: " + std::string(e.what()));
    }
  }
  for (const std::string& name : store_->ListTables()) {
    if (regex.empty() || std::regex_match(name, pattern)) out.push_back(name);
  }
  return out;
}

std::vector<std::string> Thrift2Handler::TablesOfNamespace(
    const char* method, const std::string& ns) {
  CheckCompat(method, "", "C-50");
  Result<std::map<std::string, std::string>> props =
      store_->GetNamespaceProperties(ns);
  if (!props.ok()) ThrowStatus2(method, props.status());
  std::vector<std::string> out;
  for (const std::string& name : store_->ListTables()) {
    if (NamespaceOf(name) == ns) out.push_back(name);
  }
  return out;
}

void Thrift2Handler::getTableDescriptor(gen2::TTableDescriptor& _return,
                                        const gen2::TTableName& table) {
  _return = DescriptorOf("getTableDescriptor", TableNameOf(table));
}

void Thrift2Handler::getTableDescriptors(
    std::vector<gen2::TTableDescriptor>& _return,
    const std::vector<gen2::TTableName>& tables) {
  CheckCompat("getTableDescriptors", "", "C-51");
  // As HBase's listTableDescriptors(List): the tables that exist.
  for (const gen2::TTableName& t : tables) {
    Result<Table*> table = store_->GetTable(TableNameOf(t));
    if (table.ok()) _return.push_back(TableDescriptorOf((*table)->spec()));
  }
}

bool Thrift2Handler::tableExists(const gen2::TTableName& tableName) {
  Result<bool> exists = store_->TableExists(TableNameOf(tableName));
  if (!exists.ok()) {
    if (exists.status().IsNotFound() || exists.status().IsInvalidArgument()) {
      return false;
    }
    ThrowStatus2("tableExists", exists.status());
  }
  return *exists;
}

void Thrift2Handler::getTableDescriptorsByPattern(
    std::vector<gen2::TTableDescriptor>& _return, const std::string& regex,
    bool) {
  CheckCompat("getTableDescriptorsByPattern", "", "C-51");
  for (const std::string& name :
       TablesMatching("getTableDescriptorsByPattern", regex)) {
    Result<Table*> table = store_->GetTable(name);
    if (table.ok()) _return.push_back(TableDescriptorOf((*table)->spec()));
  }
}

void Thrift2Handler::getTableDescriptorsByNamespace(
    std::vector<gen2::TTableDescriptor>& _return, const std::string& name) {
  for (const std::string& table :
       TablesOfNamespace("getTableDescriptorsByNamespace", name)) {
    Result<Table*> t = store_->GetTable(table);
    if (t.ok()) _return.push_back(TableDescriptorOf((*t)->spec()));
  }
}

void Thrift2Handler::getTableNamesByPattern(
    std::vector<gen2::TTableName>& _return, const std::string& regex, bool) {
  CheckCompat("getTableNamesByPattern", "", "C-51");
  for (const std::string& name :
       TablesMatching("getTableNamesByPattern", regex)) {
    _return.push_back(ThriftTableName(name));
  }
}

void Thrift2Handler::getTableNamesByNamespace(
    std::vector<gen2::TTableName>& _return, const std::string& name) {
  for (const std::string& table :
       TablesOfNamespace("getTableNamesByNamespace", name)) {
    _return.push_back(ThriftTableName(table));
  }
}

void Thrift2Handler::createTable(const gen2::TTableDescriptor& desc,
                                 const std::vector<Text>& splitKeys) {
  CheckWritable("createTable");
  const std::string name = TableNameOf(desc.tableName);
  if (desc.tableName.qualifier.empty()) {
    ThrowIOError2("createTable", "desc.tableName.qualifier: must not be empty");
  }
  CheckCompat("createTable", name, "C-46");
  if (!splitKeys.empty()) CheckCompat("createTable", name, "C-48");
  Result<std::string> json = NewTableSpecJson(name, desc, splitKeys);
  if (!json.ok()) ThrowStatus2("createTable", json.status());
  Result<TableSpec> spec = ParseTableSpec(*json);
  if (!spec.ok()) ThrowStatus2("createTable", spec.status());
  Status st = store_->CreateTable(*spec);
  if (!st.ok()) ThrowStatus2("createTable", st);
}

void Thrift2Handler::deleteTable(const gen2::TTableName& tableName) {
  CheckWritable("deleteTable");
  const std::string name = TableNameOf(tableName);
  const bool disabled = OpenTable("deleteTable", name)->spec().disabled;
  CheckCompat("deleteTable", name, "C-46");
  if (!disabled) {
    ThrowIOError2("deleteTable", "table '" + name +
                                     "' is enabled: disable it first "
                                     "(HBase's TableNotDisabledException)");
  }
  Status st = store_->DropTable(name);
  if (!st.ok()) ThrowStatus2("deleteTable", st);
}

void Thrift2Handler::truncateTable(const gen2::TTableName& tableName, bool) {
  CheckWritable("truncateTable");
  const std::string name = TableNameOf(tableName);
  const bool disabled = OpenTable("truncateTable", name)->spec().disabled;
  CheckCompat("truncateTable", name, "C-52");
  if (!disabled) {
    ThrowIOError2("truncateTable", "table '" + name +
                                       "' is enabled: disable it first "
                                       "(HBase's TableNotDisabledException)");
  }
  // The partitions stay whether or not the client asks to keep the splits,
  // as OceanBase's TRUNCATE TABLE keeps them.
  Status st = store_->TruncateTable(name, ChangeOptions());
  if (st.ok()) st = store_->EnableTable(name, ChangeOptions());
  if (!st.ok()) ThrowStatus2("truncateTable", st);
}

void Thrift2Handler::enableTable(const gen2::TTableName& tableName) {
  CheckWritable("enableTable");
  const std::string name = TableNameOf(tableName);
  CheckCompat("enableTable", name, "C-46");
  Status st = store_->EnableTable(name, ChangeOptions());
  if (!st.ok()) ThrowStatus2("enableTable", st);
}

void Thrift2Handler::disableTable(const gen2::TTableName& tableName) {
  CheckWritable("disableTable");
  const std::string name = TableNameOf(tableName);
  CheckCompat("disableTable", name, "C-46");
  Status st = store_->DisableTable(name, ChangeOptions());
  if (!st.ok()) ThrowStatus2("disableTable", st);
}

bool Thrift2Handler::isTableEnabled(const gen2::TTableName& tableName) {
  return !OpenTable("isTableEnabled", TableNameOf(tableName))->spec().disabled;
}

bool Thrift2Handler::isTableDisabled(const gen2::TTableName& tableName) {
  return OpenTable("isTableDisabled", TableNameOf(tableName))->spec().disabled;
}

bool Thrift2Handler::isTableAvailable(const gen2::TTableName& tableName) {
  return !OpenTable("isTableAvailable", TableNameOf(tableName))
              ->spec()
              .disabled;
}

bool Thrift2Handler::isTableAvailableWithSplit(
    const gen2::TTableName& tableName, const std::vector<Text>& splitKeys) {
  const std::string name = TableNameOf(tableName);
  if (!isTableAvailable(tableName)) return false;
  if (splitKeys.empty()) return true;
  // Available with these splits: the regions start at exactly these keys.
  FamilySpec family;
  std::vector<std::string> starts;
  for (const Region& r : Regions("isTableAvailableWithSplit", name, &family)) {
    if (!r.keys.start.empty()) starts.push_back(r.keys.start);
  }
  std::vector<std::string> keys(splitKeys.begin(), splitKeys.end());
  std::sort(keys.begin(), keys.end());
  return keys == starts;
}

void Thrift2Handler::addColumnFamily(
    const gen2::TTableName& tableName,
    const gen2::TColumnFamilyDescriptor& column) {
  CheckWritable("addColumnFamily");
  const std::string name = TableNameOf(tableName);
  const TableSpec spec = OpenTable("addColumnFamily", name)->spec();
  CheckCompat("addColumnFamily", name, "C-52");
  AlterSpec("addColumnFamily",
            FamilyChangedSpecJson(spec, column, /*add=*/true));
}

void Thrift2Handler::deleteColumnFamily(const gen2::TTableName& tableName,
                                        const Text& column) {
  CheckWritable("deleteColumnFamily");
  const std::string name = TableNameOf(tableName);
  const TableSpec spec = OpenTable("deleteColumnFamily", name)->spec();
  CheckCompat("deleteColumnFamily", name, "C-52");
  AlterSpec("deleteColumnFamily", FamilyRemovedSpecJson(spec, column));
}

void Thrift2Handler::modifyColumnFamily(
    const gen2::TTableName& tableName,
    const gen2::TColumnFamilyDescriptor& column) {
  CheckWritable("modifyColumnFamily");
  const std::string name = TableNameOf(tableName);
  const TableSpec spec = OpenTable("modifyColumnFamily", name)->spec();
  CheckCompat("modifyColumnFamily", name, "C-52");
  AlterSpec("modifyColumnFamily",
            FamilyChangedSpecJson(spec, column, /*add=*/false));
}

void Thrift2Handler::modifyTable(const gen2::TTableDescriptor& desc) {
  CheckWritable("modifyTable");
  const std::string name = TableNameOf(desc.tableName);
  const TableSpec spec = OpenTable("modifyTable", name)->spec();
  CheckCompat("modifyTable", name, "C-52");
  AlterSpec("modifyTable", ModifiedTableSpecJson(spec, desc));
}

void Thrift2Handler::createNamespace(
    const gen2::TNamespaceDescriptor& namespaceDesc) {
  CheckWritable("createNamespace");
  CheckCompat("createNamespace", "", "C-50");
  Status st = store_->CreateNamespace(
      namespaceDesc.name,
      std::map<std::string, std::string>(namespaceDesc.configuration.begin(),
                                         namespaceDesc.configuration.end()));
  if (!st.ok()) ThrowStatus2("createNamespace", st);
}

void Thrift2Handler::modifyNamespace(
    const gen2::TNamespaceDescriptor& namespaceDesc) {
  CheckWritable("modifyNamespace");
  CheckCompat("modifyNamespace", "", "C-50");
  Result<std::map<std::string, std::string>> current =
      store_->GetNamespaceProperties(namespaceDesc.name);
  if (!current.ok()) ThrowStatus2("modifyNamespace", current.status());
  std::vector<std::string> unset;
  for (const auto& [k, v] : *current) {
    if (namespaceDesc.configuration.count(k) == 0) unset.push_back(k);
  }
  Status st = store_->AlterNamespace(
      namespaceDesc.name,
      std::map<std::string, std::string>(namespaceDesc.configuration.begin(),
                                         namespaceDesc.configuration.end()),
      unset);
  if (!st.ok()) ThrowStatus2("modifyNamespace", st);
}

void Thrift2Handler::deleteNamespace(const std::string& name) {
  CheckWritable("deleteNamespace");
  CheckCompat("deleteNamespace", "", "C-50");
  Status st = store_->DropNamespace(name);
  if (!st.ok()) ThrowStatus2("deleteNamespace", st);
}

void Thrift2Handler::getNamespaceDescriptor(gen2::TNamespaceDescriptor& _return,
                                            const std::string& name) {
  CheckCompat("getNamespaceDescriptor", "", "C-50");
  Result<std::map<std::string, std::string>> props =
      store_->GetNamespaceProperties(name);
  if (!props.ok()) ThrowStatus2("getNamespaceDescriptor", props.status());
  _return.name = name;
  _return.__set_configuration(
      std::map<std::string, std::string>(props->begin(), props->end()));
}

void Thrift2Handler::listNamespaceDescriptors(
    std::vector<gen2::TNamespaceDescriptor>& _return) {
  CheckCompat("listNamespaceDescriptors", "", "C-50");
  Result<std::vector<std::string>> names = store_->ListNamespaces();
  if (!names.ok()) ThrowStatus2("listNamespaceDescriptors", names.status());
  for (const std::string& name : *names) {
    Result<std::map<std::string, std::string>> props =
        store_->GetNamespaceProperties(name);
    if (!props.ok()) continue;  // dropped meanwhile
    gen2::TNamespaceDescriptor& d = _return.emplace_back();
    d.name = name;
    d.__set_configuration(
        std::map<std::string, std::string>(props->begin(), props->end()));
  }
}

void Thrift2Handler::listNamespaces(std::vector<std::string>& _return) {
  CheckCompat("listNamespaces", "", "C-50");
  Result<std::vector<std::string>> names = store_->ListNamespaces();
  if (!names.ok()) ThrowStatus2("listNamespaces", names.status());
  _return = std::move(names).value();
}

}  // namespace server
}  // namespace obkvlite
