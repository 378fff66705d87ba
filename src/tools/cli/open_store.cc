// Copyright (c) obkvlite authors.
#include "tools/cli/open_store.h"

#include <sys/stat.h>

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
  if (ctx.stats_bucket_ms > 0) {
    options.request_stats_bucket_ms = ctx.stats_bucket_ms;
  }
  return Store::Open(options, ctx.store_path);
}

}  // namespace cli
}  // namespace obkvlite
