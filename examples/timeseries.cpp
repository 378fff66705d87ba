// Copyright (c) obkvlite authors.
//
// A metrics table in the timeseries layout (one JSON document per put,
// K/T/S/V), partitioned by day on G = |T| and then by KEY on the row: a
// time-range scan opens only the partitions of the days it covers.
//
//   example_timeseries /tmp/ts.obkv

#include <obkvlite/spec.h>
#include <obkvlite/store.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "check.h"

namespace {

constexpr int64_t kDay = 86400000;
constexpr int64_t kDay0 = 1764460800000;  // 2025-11-30 00:00 UTC

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s STORE_PATH\n", argv[0]);
    return 2;
  }
  std::remove(argv[1]);
  auto store = obkvlite::Store::Open(obkvlite::StoreOptions(), argv[1]);
  if (Check(store.status(), "open")) return 1;

  // Three daily range partitions on G, each split into 5 KEY subpartitions:
  // 15 physical tables metrics$m$p<day>s<k>.
  const std::string spec_json =
      R"({"table": "metrics", "layout": "timeseries",
          "families": [{"name": "m"}],
          "partition": {"strategy": "range_key", "subpartitions": 5,
                        "bounds": [)" +
      std::to_string(kDay0 + kDay) + ", " + std::to_string(kDay0 + 2 * kDay) +
      R"(, "MAXVALUE"]}})";
  auto spec = obkvlite::ParseTableSpec(spec_json);
  if (Check(spec.status(), "spec")) return 1;
  if (Check((*store)->CreateTable(*spec), "create")) return 1;
  auto table = (*store)->GetTable("metrics");
  if (Check(table.status(), "table")) return 1;

  // One reading per host every 6 hours for 3 days. All qualifiers of one
  // put at one timestamp become one JSON document {"cpu":..,"mem":..}.
  for (int64_t ts = kDay0; ts < kDay0 + 3 * kDay; ts += kDay / 4) {
    for (const char* host : {"host-a", "host-b"}) {
      obkvlite::Put put(host);
      put.Add("m", "cpu", ts, std::to_string(ts / 3600000 % 100))
          .Add("m", "mem", ts, "512");
      if (Check((*table)->Put(put), "put")) return 1;
    }
  }

  // The second day of host-a: time_range [day1, day2) prunes the scan to
  // day 1's range partition, i.e. its 5 KEY subpartitions out of 15.
  obkvlite::Scan scan;
  scan.start_row = "host-a";
  scan.stop_row = "host-a\x01";
  scan.max_versions = 100;
  scan.time_range.min_ms = kDay0 + kDay;
  scan.time_range.max_ms = kDay0 + 2 * kDay;
  auto scanner = (*table)->GetScanner(scan);
  if (Check(scanner.status(), "scan")) return 1;
  int cells = 0;
  obkvlite::RowResult row;
  while ((*scanner)->Next(&row)) {
    for (const obkvlite::Cell& c : row.cells) {
      std::printf("%s m:%s @%lld = %s\n", c.row.c_str(), c.qualifier.c_str(),
                  static_cast<long long>(c.timestamp), c.value.c_str());
      ++cells;
    }
  }
  if (Check((*scanner)->status(), "scan")) return 1;
  std::printf("%d cells from %d of 15 partition tables\n", cells,
              (*scanner)->partitions_opened());
  // 4 readings x (cpu, mem), read from one day's 5 subpartitions.
  return cells == 8 && (*scanner)->partitions_opened() == 5 ? 0 : 1;
}
