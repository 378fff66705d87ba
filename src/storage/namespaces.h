// Copyright (c) obkvlite authors.
//
// The namespace registry: table "obkv_namespaces" (obkvlite/ddl.h) lists
// the namespaces a store has besides "default" and "hbase", which always
// exist. The table is made with the first namespace, so a store that has
// none has no such table. Each function runs in the connection's dialect.
//
// REQUIRED: write functions get the writer under the store's write mutex,
// inside a write transaction where the engine has one.
// Thread safety: see REQUIRED.

#ifndef OBKVLITE_STORAGE_NAMESPACES_H_
#define OBKVLITE_STORAGE_NAMESPACES_H_

#include <string>
#include <vector>

#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// The registered namespaces, ascending.
Result<std::vector<std::string>> LoadNamespaces(Connection* conn);

// On a server, where namespace ns is database `ns` shared by every store
// of the server: records in `ns`.obkv_namespace_owner that the store of
// database `store` owns it, unless it is owned already.
// FailedPrecondition naming the owner when another store owns it.
Status ClaimServerNamespace(Connection* writer, const std::string& ns,
                            const std::string& store);
// The owner table of ClaimServerNamespace.
inline constexpr const char* kNamespaceOwnerTable = "obkv_namespace_owner";

// Makes the registry table when missing and adds `ns`; AlreadyExists
// when it is there.
Status AddNamespace(Connection* writer, const std::string& ns);

// Removes `ns`; NotFound when it is not registered.
Status RemoveNamespace(Connection* writer, const std::string& ns);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_NAMESPACES_H_
