// Copyright (c) obkvlite authors.
#include "tools/cli/open_store.h"

#include <sys/stat.h>

#include <string>

#include "obkvlite/options.h"
#include "obkvlite/store.h"

namespace obkvlite {
namespace cli {

Status CheckStoreExists(const CliContext& ctx, std::string_view make_one) {
  // A server store's database is looked for by Store::Open itself.
  if (IsServerLocation(ctx.store_path)) return Status::OK();
  OBKV_RETURN_IF_ERROR(CheckStoreLocation(ctx.store_path));
  struct stat st;
  if (::stat(ctx.store_path.c_str(), &st) == 0) return Status::OK();
  return Status::NotFound("no store at '" + ctx.store_path +
                          "' (make one with: obkv --store " + ctx.store_path +
                          " " + std::string(make_one) + ")");
}

Result<std::unique_ptr<Store>> OpenStore(const CliContext& ctx,
                                         StoreAccess access, int shards) {
  if (access != StoreAccess::kCreate) {
    OBKV_RETURN_IF_ERROR(CheckStoreExists(ctx));
  }
  StoreOptions options;
  options.create_if_missing = access == StoreAccess::kCreate;
  options.read_only = access == StoreAccess::kRead;
  options.sqlite.shards = shards;
  options.compat = ctx.compat;
  options.obkv_admin_ddl = ctx.obkv_admin_ddl;
  if (ctx.stats_bucket_ms > 0) {
    options.request_stats_bucket_ms = ctx.stats_bucket_ms;
  }
  Result<std::unique_ptr<Store>> store = Store::Open(options, ctx.store_path);
  // The library names StoreOptions::create_if_missing, which the CLI does
  // not have: say which command makes the database.
  if (!store.ok() && store.status().IsNotFound() && !options.read_only &&
      !options.create_if_missing && IsServerLocation(ctx.store_path)) {
    const std::string& message = store.status().message();
    const std::string cause = "(create_if_missing is false)";
    if (message.size() > cause.size() &&
        message.compare(message.size() - cause.size(), cause.size(), cause) ==
            0) {
      return Status::NotFound(
          message.substr(0, message.size() - cause.size()) +
          "(only obkv create makes a missing database: obkv --store URI "
          "create SPEC.json)");
    }
  }
  return store;
}

}  // namespace cli
}  // namespace obkvlite
