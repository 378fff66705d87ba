// Copyright (c) obkvlite authors.
//
// The operator's web pages, HTML rendered here with no framework, no
// script and no external asset (HBase's info pages, Bigtable's Key
// Visualizer):
//   /ui            the store's engine, versions and location (never a
//                  password), and its tables: family, partitioning,
//                  partitions, cells and stored bytes ("?" where the
//                  engine cannot tell);
//   /ui/table/T    the spec, the OceanBase DDL, and per family its
//                  partitions (<tr class="partition" data-partition="i">)
//                  with bounds, stored cells and bytes (one-level
//                  partitioning; Store::ListPartitions' sizes) and
//                  request counters (reads,
//                  writes, deletes, cells read and written), HOT marked as
//                  `obkv stats` marks it (<span class="hot">HOT</span>, at
//                  >= 3x the average), and the request and key heatmaps
//                  inline from the one heatmap renderer;
//   /ui/status     uptime, requests per second by kind, open scanners and
//                  connections, and per operation counts and latency.
// Each page reloads itself every `refresh_seconds` while it is open.
//
// Thread safety: as the Store; the functions keep no state.

#ifndef OBKVLITE_SERVER_WEB_UI_PAGES_H_
#define OBKVLITE_SERVER_WEB_UI_PAGES_H_

#include <string>

#include "obkvlite/store.h"
#include "server/common/http_message.h"
#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace web {

struct UiContext {
  Store* store = nullptr;
  const metrics::RequestMetrics* metrics = nullptr;
  int open_scanners = 0;
  int64_t expired_scanners = 0;
  std::string listen;  // "host:port"
  bool read_only = false;
  int refresh_seconds = 10;
  // Stored cells the key heatmap reads at most per family.
  int64_t key_heatmap_max_cells = 200000;
};

// True when `path` (the target without its query) is a page of /ui.
bool IsUiPath(const std::string& path);

// The page for `path`; 404 for an unknown page or table, 405 for a method
// other than GET.
server::HttpResponse RenderUiPage(const UiContext& ctx,
                                  const std::string& method,
                                  const std::string& path);

}  // namespace web
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_WEB_UI_PAGES_H_
