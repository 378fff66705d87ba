// Copyright (c) obkvlite authors.
//
// The /ui pages' stored sizes (server/web/ui_pages.h): the tables list's
// cells and bytes per family, and each partition row's cells and bytes on
// /ui/table/T, exactly, on a SQLite store (8 KiB pages); "?" where the
// engine cannot tell is the server's case (doc/engines.md).

#include <doctest/doctest.h>

#include <string>

#include "server/metrics/request_metrics.h"
#include "server/web/ui_pages.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kSpec =
    R"({"table": "t", "families": [{"name": "f"}],
        "partition": {"strategy": "range", "column": "K",
                      "bounds": ["g", "p", "MAXVALUE"]}})";

constexpr int64_t kPage = 8192;

std::string Page(StoreFixture& fx, const std::string& path) {
  metrics::RequestMetrics metrics;
  web::UiContext ctx;
  ctx.store = fx.store();
  ctx.metrics = &metrics;
  ctx.listen = "127.0.0.1:8080";
  const server::HttpResponse page = web::RenderUiPage(ctx, "GET", path);
  REQUIRE(page.status == 200);
  return page.body;
}

}  // namespace

TEST_CASE("ui: partition rows show stored cells and bytes") {
  StoreFixture fx(kSpec);
  // p0: three 400000-byte values (the leaf page and 49 overflow pages
  // each); p1: two small cells in the root page; p2: empty.
  for (int i = 0; i < 3; ++i) {
    fx.MustPut(Put("a" + std::to_string(i))
                   .Add("f", "q", 100, std::string(400000, 'x')));
  }
  fx.MustPut(Put("h1").Add("f", "q", 100, "v").Add("f", "r", 100, "w"));
  const int64_t p0 = kPage * (1 + 3 * 49);

  const std::string table = Page(fx, "/ui/table/t");
  CHECK(table.find("<th>Cells stored</th><th>Bytes stored</th>") !=
        std::string::npos);
  CHECK(table.find("<td>p0</td><td>t$f$p0</td><td>[MINVALUE, g)</td>"
                   "<td class=\"n\">3</td><td class=\"n\">" +
                   std::to_string(p0) + "</td>") != std::string::npos);
  CHECK(table.find("<td>p1</td><td>t$f$p1</td><td>[g, p)</td>"
                   "<td class=\"n\">2</td><td class=\"n\">8192</td>") !=
        std::string::npos);
  CHECK(table.find("<td>p2</td><td>t$f$p2</td><td>[p, MAXVALUE)</td>"
                   "<td class=\"n\">0</td><td class=\"n\">8192</td>") !=
        std::string::npos);

  const std::string index = Page(fx, "/ui");
  CHECK(index.find("<th>Partitions</th><th>Cells</th><th>Bytes</th>") !=
        std::string::npos);
  CHECK(index.find("<td class=\"n\">3</td><td class=\"n\">5</td>"
                   "<td class=\"n\">" +
                   std::to_string(p0 + 2 * kPage) + "</td></tr>") !=
        std::string::npos);
}

}  // namespace testing
}  // namespace obkvlite
