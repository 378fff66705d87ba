// Copyright (c) obkvlite authors.
//
// BackOff: the wait before attempt `attempt` + 1 of a transaction the
// server rolled back (a deadlock, a lock wait timeout, a certification
// failure): b = min(initial_backoff_ms * 2^(attempt-1), max_backoff_ms),
// and a uniform wait in [b/2, b] ms, so that two writers that conflicted
// do not meet again in step. The one backoff of every retry: the store's
// writes (hbase/context/store_context.h) and DDL plan steps
// (storage/mysql/ddl_plan.h).
//
// Thread safety: safe from any thread (a thread-local generator).

#ifndef OBKVLITE_STORAGE_RETRY_BACKOFF_H_
#define OBKVLITE_STORAGE_RETRY_BACKOFF_H_

#include "obkvlite/options.h"

namespace obkvlite {
namespace storage {

// Sleeps before the next attempt; `attempt` >= 1 is the one that failed.
void BackOff(const RetryOptions& retry, int attempt);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_RETRY_BACKOFF_H_
