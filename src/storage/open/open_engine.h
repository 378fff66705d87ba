// Copyright (c) obkvlite authors.
//
// The engine factory: the one place that chooses an engine by a store's
// location. A "mysql://..." URI (storage/mysql/mysql_uri.h) opens the
// MySQL-protocol engine, its retry_* parameters overriding
// StoreOptions::retry; anything else is a SQLite file path (a malformed
// URI is refused rather than taken for a file name). The engines never
// include this room.
//
// Thread safety: a pure function; the engine it returns is as described in
// storage/engine.h.

#ifndef OBKVLITE_STORAGE_OPEN_OPEN_ENGINE_H_
#define OBKVLITE_STORAGE_OPEN_OPEN_ENGINE_H_

#include <string>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/engine.h"

namespace obkvlite {
namespace storage {

// Opens the engine `location` names: "mysql://..." (storage/mysql/mysql_uri.h)
// or a SQLite file path. InvalidArgument for retry options out of range.
Result<OpenedEngine> OpenEngine(const StoreOptions& options,
                                const std::string& location);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_OPEN_OPEN_ENGINE_H_
