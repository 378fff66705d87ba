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

#include <cstddef>
#include <map>
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
// Its owner table is kNamespaceOwnerTable (ddl/namespace_sql.h).

// The store that owns namespace database `ns` (the owner table's row);
// empty when the database, its owner table or the row is missing. Reads
// only.
Result<std::string> ServerNamespaceOwner(Connection* conn,
                                         const std::string& ns);

// OK unless another store than `store` owns database `ns`: then the
// FailedPrecondition ClaimServerNamespace gives. Reads only.
Status CheckServerNamespaceOwner(Connection* conn, const std::string& ns,
                                 const std::string& store);

// DROP DATABASE `ns` when it holds no table besides its owner table and no
// other store than `store` owns it; otherwise nothing.
Status DropServerNamespaceDatabase(Connection* writer, const std::string& ns,
                                   const std::string& store);

// Makes the registry table when missing and adds `ns`; AlreadyExists
// when it is there.
Status AddNamespace(Connection* writer, const std::string& ns);

// Removes `ns`; NotFound when it is not registered.
Status RemoveNamespace(Connection* writer, const std::string& ns);

// Namespace properties (HBase's NamespaceDescriptor configuration, set by
// create_namespace 'ns', {'K' => 'V'} and alter_namespace): table
// "obkv_namespace_properties" (namespace, name, value), in the store's own
// file or database (kNamespacePropertiesTable, ddl/namespace_sql.h). It is
// made with the first property, so a store without it (every store made
// before properties existed) has none.
// Limits of a property, checked before anything is written.
inline constexpr size_t kMaxPropertyKeyBytes = 255;
inline constexpr size_t kMaxPropertyValueBytes = 65535;

// InvalidArgument naming the key and the limit unless 1 <= key bytes <= 255
// and value bytes <= 65535.
Status CheckNamespaceProperty(const std::string& key, const std::string& value);

// The properties of `ns`, by key; empty when it has none.
Result<std::map<std::string, std::string>> LoadNamespaceProperties(
    Connection* conn, const std::string& ns);

// Makes the properties table when missing. DDL: on a server, outside a
// transaction.
Status CreateNamespacePropertiesTable(Connection* writer);

// Sets `set` and removes `unset` (a key that is not set is no error) for
// `ns`. REQUIRED: the table exists (CreateNamespacePropertiesTable), and a
// write transaction is open.
Status WriteNamespaceProperties(Connection* writer, const std::string& ns,
                                const std::map<std::string, std::string>& set,
                                const std::vector<std::string>& unset);

// Removes every property of `ns` (drop_namespace), when the table exists.
// REQUIRED: a write transaction is open.
Status RemoveNamespaceProperties(Connection* writer, const std::string& ns);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_NAMESPACES_H_
