// Copyright (c) obkvlite authors.
//
// Opens the store named by --store for a command, the one place the CLI
// chooses store options. Only `create` may create a missing store file;
// reading commands open it read-only.
//
// Thread safety: as Store::Open.

#ifndef OBKVLITE_TOOLS_CLI_OPEN_STORE_H_
#define OBKVLITE_TOOLS_CLI_OPEN_STORE_H_

#include <memory>
#include <string_view>

#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace cli {

enum class StoreAccess {
  kRead,    // existing store, read-only
  kWrite,   // existing store, read-write
  kCreate,  // read-write, created when missing
};

// NotFound, telling how to make one ("obkv --store PATH <make_one>"),
// unless the store file exists.
Status CheckStoreExists(const CliContext& ctx,
                        std::string_view make_one = "create SPEC.json");

// REQUIRED: ctx.store_path is not empty (see CliContext::RequireStore).
// `shards` is StoreOptions::sqlite.shards (0: as the store was created).
Result<std::unique_ptr<Store>> OpenStore(const CliContext& ctx,
                                         StoreAccess access, int shards = 0);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_OPEN_STORE_H_
