// Copyright (c) obkvlite authors.
//
// The operation statistics as a Prometheus histogram
// (server/metrics/operation_metrics.h): the cumulative counts at each
// power-of-two bound for injected bucket counts, _sum and _count, labels
// escaped, "all" lines and empty lines left out, and the whole text
// accepted by `promtool check metrics` (Debian's prometheus package).

#include "server/metrics/operation_metrics.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "obkvlite/operation_stats.h"

namespace obkvlite {
namespace testing {
namespace {

// promtool check metrics on `text`: its exit code and output.
std::pair<int, std::string> Promtool(const std::string& text) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string in = (dir / "obkv_promtool_in.txt").string();
  const std::string out = (dir / "obkv_promtool_out.txt").string();
  std::ofstream(in) << text;
  const int status = std::system(
      ("promtool check metrics < '" + in + "' > '" + out + "' 2>&1").c_str());
  std::stringstream got;
  got << std::ifstream(out).rdbuf();
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  return {WEXITSTATUS(status), got.str()};
}

TEST_CASE("the histogram's buckets, sum and count for injected counts") {
  OperationStatsLine get;
  get.surface = "library";
  get.operation = "get";
  get.buckets[0] = 2;                                            // < 1.024 us
  get.buckets[static_cast<size_t>(LatencyBucketOf(1500))] = 3;   // < 2.048 us
  get.buckets[static_cast<size_t>(LatencyBucketOf(10000))] = 4;  // < 16.384
  get.buckets[kLatencyBuckets - 1] = 1;                          // > 68.7 s
  get.count = 10;
  get.sum_ns = 2500000000;
  OperationStatsLine empty;
  empty.surface = "rest";
  empty.operation = "put";
  OperationStatsLine all = get;
  all.operation = "all";
  std::string text;
  metrics::AppendOperationHistograms({get, empty, all}, "engine=\"sqlite\"",
                                     &text);
  const std::string l = "engine=\"sqlite\",surface=\"library\",op=\"get\"";
  const std::string b = "obkv_operation_duration_seconds_bucket{" + l;
  for (const std::string& line : {
           b + ",le=\"1.024e-06\"} 2\n",
           b + ",le=\"2.048e-06\"} 5\n",
           b + ",le=\"4.096e-06\"} 5\n",
           b + ",le=\"8.192e-06\"} 5\n",
           b + ",le=\"1.6384e-05\"} 9\n",
           b + ",le=\"34.359738368\"} 9\n",
           b + ",le=\"68.719476736\"} 9\n",
           b + ",le=\"+Inf\"} 10\n",
           "obkv_operation_duration_seconds_sum{" + l + "} 2.5\n",
           "obkv_operation_duration_seconds_count{" + l + "} 10\n",
           std::string("# TYPE obkv_operation_duration_seconds histogram\n"),
       }) {
    CAPTURE(line);
    CHECK(text.find(line) != std::string::npos);
  }
  // 27 bounds (2^10 ... 2^36 ns) and +Inf, for the one series.
  size_t bucket_lines = 0;
  for (size_t pos = text.find("_bucket{"); pos != std::string::npos;
       pos = text.find("_bucket{", pos + 1)) {
    ++bucket_lines;
  }
  CHECK(bucket_lines == 28);
  CHECK(text.find("op=\"put\"") == std::string::npos);
  CHECK(text.find("op=\"all\"") == std::string::npos);

  const auto [code, out] = Promtool(text);
  CHECK_MESSAGE(code == 0, out);
}

TEST_CASE("label values are escaped and promtool accepts every series") {
  std::vector<OperationStatsLine> lines;
  for (int s = 0; s < kOperationSurfaces; ++s) {
    for (int op = 0; op < kOperations; ++op) {
      OperationStatsLine line;
      line.surface = OperationSurfaceName(s);
      line.operation = OperationName(static_cast<Operation>(op));
      line.buckets[static_cast<size_t>(10 + s + op)] = 1 + op;
      line.count = 1 + op;
      line.sum_ns = 1500 * (1 + op);
      lines.push_back(line);
    }
  }
  std::string text;
  metrics::AppendOperationHistograms(lines, "engine=\"my\\\"sql\"", &text);
  CHECK(text.find("obkv_operation_duration_seconds_count{engine=\"my\\\"sql\","
                  "surface=\"thrift\",op=\"checkAndDelete\"} 8\n") !=
        std::string::npos);
  const auto [code, out] = Promtool(text);
  CHECK_MESSAGE(code == 0, out);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
