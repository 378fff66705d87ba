// Copyright (c) obkvlite authors.
//
// StoreImpl: Store::Open's store (obkvlite/store.h). It owns the
// StoreContext (writer connection, read pool, clock) and one Table object
// per catalog entry, made by the layout seam (layout_dispatch.h). DDL runs
// through storage/catalog.h under the write mutex.
//
// Thread safety: safe from any thread. Lock order: the write mutex, then
// tables_mu_.

#ifndef OBKVLITE_HBASE_STORE_IMPL_H_
#define OBKVLITE_HBASE_STORE_IMPL_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "hbase/store_context.h"
#include "hbase/table_schema.h"
#include "obkvlite/store.h"

namespace obkvlite {

class StoreImpl final : public Store {
 public:
  static Result<std::unique_ptr<Store>> Open(const StoreOptions& options,
                                             const std::string& path);

  Status CreateTable(const TableSpec& spec) override;
  Status DropTable(const std::string& name) override;
  Result<Table*> GetTable(const std::string& name) override;
  std::vector<std::string> ListTables() const override;
  const std::string& path() const override { return ctx_->path(); }
  const StoreInfo& info() const override { return ctx_->engine()->info(); }
  // store_request_stats.cc
  Result<std::vector<RequestStatsBucket>> RequestStats(
      const std::string& name, const RequestStatsQuery& query) override;
  Status ResetRequestStats(const std::string& name,
                           const std::string& family) override;
  Status FlushRequestStats() override;
  Result<int64_t> CopyTableTo(const std::string& name, Store* dest,
                              const CopyOptions& options) override;
  Status ForEachStoredRow(
      const std::string& name, const std::string& family,
      const std::function<Status(const StoredRow&)>& fn) override;

 private:
  explicit StoreImpl(std::unique_ptr<StoreContext> ctx)
      : ctx_(std::move(ctx)) {}
  // Adds a Table for every spec not known yet. REQUIRED: hold tables_mu_.
  void AddTables(const std::vector<TableSpec>& specs);
  // The schema of `spec` on this store's engine.
  std::shared_ptr<const TableSchema> SchemaOf(const TableSpec& spec) const;
  // Reads the catalog on a pooled read connection.
  Result<std::vector<TableSpec>> ReadCatalog() const;

  std::unique_ptr<StoreContext> ctx_;
  mutable std::mutex tables_mu_;
  std::map<std::string, std::unique_ptr<Table>> tables_;  // by tables_mu_
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STORE_IMPL_H_
