// Copyright (c) obkvlite authors.
//
// Embedding obkvlite: open a store, create a table from a JSON spec, put a
// few cells, get a row and scan a key range. The same program runs on a
// SQLite file and on a MySQL-protocol server (OceanBase, MariaDB): only the
// store string differs.
//
//   example_embed /tmp/embed.obkv
//   example_embed 'mysql://app@db-host:2881/embed'

#include <obkvlite/spec.h>
#include <obkvlite/store.h>

#include <cstdio>
#include <memory>
#include <string>

#include "check.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s STORE_PATH_OR_URI\n", argv[0]);
    return 2;
  }

  // 1. Open (and create) the store: a SQLite file, or a database on a
  //    server for a mysql:// URI.
  obkvlite::StoreOptions options;
  auto store = obkvlite::Store::Open(options, argv[1]);
  if (Check(store.status(), "open")) return 1;
  (void)(*store)->DropTable("users");  // start from an empty table

  // 2. Create a table from a spec: family "f" keeps 3 versions and is KEY
  //    partitioned into 7 physical tables users$f$p0..p6, as on OceanBase.
  auto spec = obkvlite::ParseTableSpec(R"({
    "table": "users",
    "families": [{"name": "f", "max_versions": 3}],
    "partition": {"strategy": "key", "partitions": 7}
  })");
  if (Check(spec.status(), "spec")) return 1;
  if (Check((*store)->CreateTable(*spec), "create")) return 1;
  auto table = (*store)->GetTable("users");
  if (Check(table.status(), "table")) return 1;

  // 3. Put: one Put is one row; every write is atomic.
  for (const char* user : {"alice", "bob", "carol"}) {
    obkvlite::Put put(std::string("user:") + user);
    put.Add("f", "name", 100, user).Add("f", "city", 100, "Hangzhou");
    if (Check((*table)->Put(put), "put")) return 1;
  }
  obkvlite::Put move("user:bob");
  move.Add("f", "city", 200, "Beijing");  // a newer version
  if (Check((*table)->Put(move), "put")) return 1;

  // 4. Get: the newest version by default; ask for more with max_versions.
  obkvlite::Get get("user:bob");
  get.columns.push_back({"f", "city"});
  get.max_versions = 3;
  auto row = (*table)->Get(get);
  if (Check(row.status(), "get")) return 1;
  for (const obkvlite::Cell& c : row->cells) {
    std::printf("get  %s f:%s @%lld = %s\n", c.row.c_str(), c.qualifier.c_str(),
                static_cast<long long>(c.timestamp), c.value.c_str());
  }
  if (row->cells.size() != 2 || row->cells[0].value != "Beijing") return 1;

  // 5. Scan [user:a, user:c): rows come back in key order, merged across
  //    the 7 partitions. A Scanner streams; it never builds a vector.
  obkvlite::Scan scan;
  scan.start_row = "user:a";
  scan.stop_row = "user:c";
  auto scanner = (*table)->GetScanner(scan);
  if (Check(scanner.status(), "scan")) return 1;
  int rows = 0;
  obkvlite::RowResult result;
  while ((*scanner)->Next(&result)) {
    ++rows;
    std::printf("scan %s (%zu cells)\n", result.row.c_str(),
                result.cells.size());
  }
  if (Check((*scanner)->status(), "scan")) return 1;
  return rows == 2 ? 0 : 1;  // alice and bob
}
