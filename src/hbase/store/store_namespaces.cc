// Copyright (c) obkvlite authors.
//
// StoreImpl's namespaces (obkvlite/store.h): the registry of
// storage/namespaces.h plus the two namespaces that always exist, default
// and hbase, with HBase's errors.

#include <algorithm>
#include <functional>

#include "hbase/api_guard.h"
#include "hbase/store/store_impl.h"
#include "storage/catalog.h"
#include "storage/mysql/ddl_plan.h"
#include "storage/namespaces.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

bool IsBuiltIn(const std::string& ns) {
  return ns == kDefaultNamespace || ns == kSystemNamespace;
}

// `body` in one write transaction on `writer`, run again while the server
// rolls it back (a deadlock, a lock wait timeout).
Status InWriteTransaction(storage::Connection* writer,
                          const RetryOptions& retry,
                          const std::function<Status()>& body) {
  return storage::RetryAborted(writer, retry, [&]() -> Status {
    OBKV_ASSIGN_OR_RETURN(storage::Transaction txn,
                          storage::Transaction::Begin(
                              writer, storage::Transaction::Kind::kWrite));
    OBKV_RETURN_IF_ERROR(body());
    return txn.Commit();
  });
}

// NotFound unless namespace `ns` exists (built in or registered).
Status RequireNamespace(storage::Connection* conn, const std::string& ns) {
  if (IsBuiltIn(ns)) return Status::OK();
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> known,
                        storage::LoadNamespaces(conn));
  if (std::find(known.begin(), known.end(), ns) != known.end()) {
    return Status::OK();
  }
  return Status::NotFound("namespace '" + ns + "' does not exist");
}

}  // namespace

Status StoreImpl::CreateNamespace(
    const std::string& name,
    const std::map<std::string, std::string>& properties) {
  return GuardApi("create_namespace", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("create_namespace"));
    OBKV_RETURN_IF_ERROR(ValidateNamespaceName(name, "namespace"));
    if (IsBuiltIn(name)) {
      return Status::AlreadyExists("namespace '" + name + "' already exists");
    }
    for (const auto& [key, value] : properties) {
      OBKV_RETURN_IF_ERROR(storage::CheckNamespaceProperty(key, value));
    }
    StoreContext::AllShardsLock write_lock(ctx_.get());
    storage::Connection* writer = ctx_->writer();
    OBKV_RETURN_IF_ERROR(ctx_->engine()->CreateNamespace(writer, name));
    // Properties an earlier namespace of that name left (a drop that
    // stopped between its two steps) go first.
    Status kept = properties.empty()
                      ? Status::OK()
                      : storage::CreateNamespacePropertiesTable(writer);
    if (kept.ok()) {
      kept = InWriteTransaction(writer, ctx_->retry(), [&] {
        OBKV_RETURN_IF_ERROR(storage::RemoveNamespaceProperties(writer, name));
        return storage::WriteNamespaceProperties(writer, name, properties, {});
      });
    }
    if (!kept.ok()) {
      // Neither the namespace nor its properties: undo the create.
      Status undone = ctx_->engine()->DropNamespace(writer, name);
      (void)undone;  // the property error is the one to report
    }
    return kept;
  });
}

Status StoreImpl::WriteProperties(const std::string& name,
                                  const std::map<std::string, std::string>& set,
                                  const std::vector<std::string>& unset) {
  storage::Connection* writer = ctx_->writer();
  OBKV_RETURN_IF_ERROR(storage::CreateNamespacePropertiesTable(writer));
  return InWriteTransaction(writer, ctx_->retry(), [&] {
    return storage::WriteNamespaceProperties(writer, name, set, unset);
  });
}

Result<std::map<std::string, std::string>> StoreImpl::GetNamespaceProperties(
    const std::string& name) {
  using Properties = std::map<std::string, std::string>;
  return GuardApi("describe_namespace", [&]() -> Result<Properties> {
    OBKV_RETURN_IF_ERROR(ValidateNamespaceName(name, "namespace"));
    OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                          ctx_->readers().Acquire());
    OBKV_RETURN_IF_ERROR(RequireNamespace(lease.get(), name));
    return storage::LoadNamespaceProperties(lease.get(), name);
  });
}

Status StoreImpl::AlterNamespace(const std::string& name,
                                 const std::map<std::string, std::string>& set,
                                 const std::vector<std::string>& unset) {
  return GuardApi("alter_namespace", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("alter_namespace"));
    OBKV_RETURN_IF_ERROR(ValidateNamespaceName(name, "namespace"));
    for (const auto& [key, value] : set) {
      OBKV_RETURN_IF_ERROR(storage::CheckNamespaceProperty(key, value));
    }
    for (const std::string& key : unset) {
      OBKV_RETURN_IF_ERROR(storage::CheckNamespaceProperty(key, ""));
    }
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_RETURN_IF_ERROR(RequireNamespace(ctx_->writer(), name));
    if (set.empty() && unset.empty()) return Status::OK();
    return WriteProperties(name, set, unset);
  });
}

Status StoreImpl::DropNamespace(const std::string& name) {
  return GuardApi("drop_namespace", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("drop_namespace"));
    OBKV_RETURN_IF_ERROR(ValidateNamespaceName(name, "namespace"));
    if (IsBuiltIn(name)) {
      return Status::InvalidArgument("namespace: '" + name +
                                     "' is reserved and cannot be removed");
    }
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs,
                          storage::LoadCatalog(ctx_->writer()));
    const int64_t tables = std::count_if(
        specs.begin(), specs.end(),
        [&](const TableSpec& s) { return TableNamespace(s.name) == name; });
    if (tables > 0) {
      return Status::FailedPrecondition(
          "Only empty namespaces can be removed. Namespace " + name + " has " +
          std::to_string(tables) + " tables");
    }
    OBKV_RETURN_IF_ERROR(ctx_->engine()->DropNamespace(ctx_->writer(), name));
    storage::Connection* writer = ctx_->writer();
    return InWriteTransaction(writer, ctx_->retry(), [&] {
      return storage::RemoveNamespaceProperties(writer, name);
    });
  });
}

Result<std::vector<std::string>> StoreImpl::ListNamespaces() {
  return GuardApi("list_namespace", [&]() -> Result<std::vector<std::string>> {
    OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                          ctx_->readers().Acquire());
    OBKV_ASSIGN_OR_RETURN(std::vector<std::string> names,
                          storage::LoadNamespaces(lease.get()));
    names.emplace_back(kDefaultNamespace);
    names.emplace_back(kSystemNamespace);
    std::sort(names.begin(), names.end());
    return names;
  });
}

Status StoreImpl::CheckNamespaceOf(const std::string& table) {
  const std::string ns(TableNamespace(table));
  if (ns == kDefaultNamespace) return Status::OK();
  Status known = RequireNamespace(ctx_->writer(), ns);
  if (!known.IsNotFound()) return known;
  return Status::NotFound("namespace '" + ns + "' does not exist (create it "
                          "first: create_namespace '" + ns + "')");
}

}  // namespace obkvlite
