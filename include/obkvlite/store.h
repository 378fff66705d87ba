// Copyright (c) obkvlite authors.
//
// Store: one SQLite file holding HBase tables in OBKV-HBase's physical
// layout (DESIGN §2): a relation "t$f" per family, one WITHOUT ROWID table
// per partition, and a catalog of table specs, so reopening needs nothing
// but the path. The file is plain SQLite: every cell can be inspected with
// SQL, e.g. SELECT * FROM "t$f".
//
// REQUIRED: Tables returned by GetTable must not outlive the Store.
// Thread safety: a Store may be shared by several threads.

#ifndef OBKVLITE_STORE_H_
#define OBKVLITE_STORE_H_

#include <memory>
#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {

class Store {
 public:
  virtual ~Store() = default;

  // Opens (or, with create_if_missing, creates) the store at `path`.
  static Result<std::unique_ptr<Store>> Open(const StoreOptions& options,
                                             const std::string& path);

  // Creates the table's partition tables, views and catalog entry in one
  // transaction (the sqlite dialect of obkvlite/ddl.h). AlreadyExists if a
  // table of that name exists.
  virtual Status CreateTable(const TableSpec& spec) = 0;

  // Drops every relation of the table and its catalog entry.
  virtual Status DropTable(const std::string& name) = 0;

  // The table named `name`; NotFound if absent. The pointer stays valid
  // until the table is dropped or the Store is destroyed.
  virtual Result<Table*> GetTable(const std::string& name) = 0;

  // Names of all tables, ascending.
  virtual std::vector<std::string> ListTables() const = 0;

  // Path of the store file.
  virtual const std::string& path() const = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_STORE_H_
