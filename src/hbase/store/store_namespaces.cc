// Copyright (c) obkvlite authors.
//
// StoreImpl's namespaces (obkvlite/store.h): the registry of
// storage/namespaces.h plus the two namespaces that always exist, default
// and hbase, with HBase's errors.

#include <algorithm>

#include "hbase/api_guard.h"
#include "hbase/store/store_impl.h"
#include "storage/catalog.h"
#include "storage/namespaces.h"

namespace obkvlite {
namespace {

bool IsBuiltIn(const std::string& ns) {
  return ns == kDefaultNamespace || ns == kSystemNamespace;
}

}  // namespace

Status StoreImpl::CreateNamespace(const std::string& name) {
  return GuardApi("create_namespace", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("create_namespace"));
    OBKV_RETURN_IF_ERROR(ValidateNamespaceName(name, "namespace"));
    if (IsBuiltIn(name)) {
      return Status::AlreadyExists("namespace '" + name + "' already exists");
    }
    StoreContext::AllShardsLock write_lock(ctx_.get());
    return ctx_->engine()->CreateNamespace(ctx_->writer(), name);
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
    return ctx_->engine()->DropNamespace(ctx_->writer(), name);
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
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> known,
                        storage::LoadNamespaces(ctx_->writer()));
  if (std::find(known.begin(), known.end(), ns) != known.end()) {
    return Status::OK();
  }
  return Status::NotFound("namespace '" + ns + "' does not exist (create it "
                          "first: create_namespace '" + ns + "')");
}

}  // namespace obkvlite
