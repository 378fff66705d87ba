// Copyright (c) obkvlite authors.
//
// Partition sizing (seed 003: 24T on 3 replicas -> 97, planned 50T -> 193)
// and HBase RegionSplitter's HexStringSplit, DecimalStringSplit and
// UniformSplit, plus `obkv advise`.

#include "obkvlite/advise.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "cli_test_support.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace {

using testing::CliRun;
using testing::RunCli;

constexpr uint64_t kT = 1000000000000ULL;

std::vector<std::string> Points(SplitAlgorithm algorithm, int regions,
                                std::optional<std::string> first = {},
                                std::optional<std::string> last = {}) {
  SplitOptions o;
  o.algorithm = algorithm;
  o.regions = regions;
  o.first_row = std::move(first);
  o.last_row = std::move(last);
  Result<std::vector<std::string>> points = ComputeSplitPoints(o);
  REQUIRE_MESSAGE(points.ok(), points.status().ToString());
  std::vector<std::string> out;
  for (const std::string& p : *points) out.push_back(ToStringBinary(p));
  return out;
}

std::string SplitError(SplitAlgorithm algorithm, int regions,
                       std::optional<std::string> first = {},
                       std::optional<std::string> last = {}) {
  SplitOptions o;
  o.algorithm = algorithm;
  o.regions = regions;
  o.first_row = std::move(first);
  o.last_row = std::move(last);
  Result<std::vector<std::string>> points = ComputeSplitPoints(o);
  REQUIRE(!points.ok());
  return points.status().message();
}

// ---- Sizes ----

TEST_CASE("size: decimal and binary units") {
  CHECK(*ParseDataSize("24T", "--data-size") == 24 * kT);
  CHECK(*ParseDataSize("24t", "--data-size") == 24 * kT);
  CHECK(*ParseDataSize("1.5TB", "--data-size") == 1500000000000ULL);
  CHECK(*ParseDataSize("500G", "--data-size") == 500000000000ULL);
  CHECK(*ParseDataSize("2TiB", "--data-size") == 2199023255552ULL);
  CHECK(*ParseDataSize("100", "--data-size") == 100);
  CHECK(*ParseDataSize("1P", "--data-size") == 1000 * kT);
  CHECK(ParseDataSize("24X", "--data-size").status().message() ==
        "--data-size: unknown unit; use B, K, M, G, T, P (powers of 1000) or "
        "KiB, MiB, GiB, TiB, PiB, got \"24X\"");
  CHECK(ParseDataSize("", "--data-size").status().message() ==
        "--data-size: expected a size such as 24T or 500GB, got \"\"");
  CHECK(ParseDataSize("0T", "--growth").status().message() ==
        "--growth: must be more than 0 bytes, got \"0T\"");
  CHECK(
      ParseDataSize("99999999999999999999", "--data-size").status().message() ==
      "--data-size: too large, got \"99999999999999999999\"");
  CHECK(FormatDataSize(8 * kT) == "8T");
  CHECK(FormatDataSize(16666666666667ULL) == "16.67T");
  CHECK(FormatDataSize(1500) == "1.5K");
  CHECK(FormatDataSize(999) == "999B");
}

// ---- Partition sizing ----

TEST_CASE("advise: seed 003's 24T on 3 replicas needs 80, so 97") {
  const PartitionAdvice a = *AdvisePartitions(24 * kT, 3, std::nullopt);
  CHECK(a.per_replica_bytes == 8 * kT);
  CHECK(a.needed == 80);
  CHECK(a.recommended == 97);
  CHECK(a.warnings.empty());
}

TEST_CASE("advise: seed 003's planned growth to 50T gives 193") {
  const PartitionAdvice a = *AdvisePartitions(24 * kT, 3, 50 * kT);
  CHECK(a.basis_bytes == 50 * kT);
  CHECK(a.per_replica_bytes == 16666666666667ULL);
  CHECK(a.needed == 167);
  CHECK(a.recommended == 193);
}

TEST_CASE("advise: the smallest, the largest, and beyond 997") {
  CHECK(AdvisePartitions(1000000000ULL, 3, std::nullopt)->recommended == 23);
  CHECK(AdvisePartitions(2300 * 1000000000ULL, 1, std::nullopt)->recommended ==
        23);
  CHECK(AdvisePartitions(2301 * 1000000000ULL, 1, std::nullopt)->recommended ==
        59);
  CHECK(AdvisePartitions(297 * kT, 3, std::nullopt)->recommended == 997);
  const PartitionAdvice big = *AdvisePartitions(300 * kT, 3, std::nullopt);
  CHECK(big.needed == 1000);
  CHECK(big.recommended == 1009);
  REQUIRE(big.warnings.size() == 1);
  CHECK(big.warnings[0] ==
        "1000 partitions are needed, more than 997, OBKV's recommended maximum "
        "(seed 003: do not exceed 997); use larger partitions or spread the "
        "data over several tables");
  const PartitionAdvice huge = *AdvisePartitions(1000 * kT, 1, std::nullopt);
  CHECK(huge.recommended == 10007);
  REQUIRE(huge.warnings.size() == 2);
  CHECK(huge.warnings[1] ==
        "10007 partitions exceed 8192, the most a table spec allows");
}

TEST_CASE("advise: errors") {
  CHECK(AdvisePartitions(24 * kT, 0, std::nullopt).status().message() ==
        "replicas: must be between 1 and 16, got 0");
  CHECK(AdvisePartitions(24 * kT, 3, 10 * kT).status().message() ==
        "growth: the planned size 10T is smaller than the data size 24T");
  CHECK(!AdvisePartitions(0, 3, std::nullopt).ok());
}

// ---- RegionSplitter ----

TEST_CASE("split: HexStringSplit as HBase computes it") {
  // HBase's well-known 10-region output.
  CHECK(Points(SplitAlgorithm::kHexString, 10) ==
        std::vector<std::string>{"19999999", "33333332", "4ccccccb", "66666664",
                                 "7ffffffd", "99999996", "b333332f", "ccccccc8",
                                 "e6666661"});
  const std::vector<std::string> sixteen =
      Points(SplitAlgorithm::kHexString, 16);
  REQUIRE(sixteen.size() == 15);
  CHECK(sixteen.front() == "10000000");
  CHECK(sixteen.back() == "f0000000");
  CHECK(Points(SplitAlgorithm::kHexString, 4, "00", "ff") ==
        std::vector<std::string>{"40", "80", "c0"});
  // The first row shifts the points; the last row sets the width.
  CHECK(Points(SplitAlgorithm::kHexString, 2, "80", "FF") ==
        std::vector<std::string>{"c0"});
  CHECK(Points(SplitAlgorithm::kHexString, 3, std::nullopt, "FFF") ==
        std::vector<std::string>{"555", "aaa"});
}

TEST_CASE("split: DecimalStringSplit as HBase computes it") {
  CHECK(Points(SplitAlgorithm::kDecimalString, 4) ==
        std::vector<std::string>{"25000000", "50000000", "75000000"});
  CHECK(Points(SplitAlgorithm::kDecimalString, 3, std::nullopt, "999") ==
        std::vector<std::string>{"333", "666"});
  CHECK(Points(SplitAlgorithm::kDecimalString, 3, "100", "999") ==
        std::vector<std::string>{"400", "700"});
}

TEST_CASE("split: UniformSplit as Bytes.split computes it") {
  CHECK(Points(SplitAlgorithm::kUniform, 4) ==
        std::vector<std::string>{"@\\x00\\x00\\x00\\x00\\x00\\x00\\x00",
                                 "\\x80\\x00\\x00\\x00\\x00\\x00\\x00\\x00",
                                 "\\xC0\\x00\\x00\\x00\\x00\\x00\\x00\\x00"});
  const std::vector<std::string> ten = Points(SplitAlgorithm::kUniform, 10);
  REQUIRE(ten.size() == 9);
  CHECK(ten[0] == "\\x19\\x99\\x99\\x99\\x99\\x99\\x99\\x99");
  CHECK(ten[1] == "33333332");
  // A range too narrow for the regions gains a zero byte, as in HBase.
  CHECK(Points(SplitAlgorithm::kUniform, 4, "a", "b") ==
        std::vector<std::string>{"a@", "a\\x80", "a\\xC0"});
}

TEST_CASE("split: HBase's preconditions") {
  CHECK(SplitError(SplitAlgorithm::kHexString, 1) ==
        "regions: must be between 2 and 65536 (one region needs no split "
        "points), got 1");
  CHECK(SplitError(SplitAlgorithm::kHexString, 4, std::nullopt, "zz") ==
        "--last-row: \"zz\" is not a hexadecimal number");
  CHECK(SplitError(SplitAlgorithm::kDecimalString, 4, "5", "3") ==
        "split: last row (3) is configured less than first row (5)");
  CHECK(SplitError(SplitAlgorithm::kHexString, 4, "0", "2") ==
        "split: split granularity (4) is greater than the range (3)");
  CHECK(SplitError(SplitAlgorithm::kUniform, 4, "b", "a") ==
        "split: last row (a) is configured less than first row (b)");
  CHECK(SplitError(SplitAlgorithm::kUniform, 4, "a", "a\\x00") ==
        "split: the padded last row must sort after the padded first row "
        "(Bytes.split: b <= a)");
  CHECK(ParseSplitAlgorithm("HexStringSplit", "--split").value() ==
        SplitAlgorithm::kHexString);
  CHECK(ParseSplitAlgorithm("md5", "--split").status().message() ==
        "--split: must be hex (HexStringSplit), decimal (DecimalStringSplit) "
        "or uniform (UniformSplit), got \"md5\"");
}

// ---- obkv advise ----

TEST_CASE("cli: obkv advise --data-size 24T --replicas 3") {
  CliRun run = RunCli({"advise", "--data-size", "24T", "--replicas", "3"});
  CHECK(run.code == 0);
  CHECK(run.out ==
        "data: 24T on 3 replicas = 8T per replica\n"
        "partitions needed: 80 (at most 100G per partition per replica, seed "
        "003)\n"
        "recommended: 97 partitions (the nearest of 23, 59, 97, 193, 389, 997 "
        "at or above the need)\n");
  run = RunCli({"advise", "--data-size", "24T", "--replicas", "3", "--growth",
                "50T", "--nodes", "3"});
  CHECK(run.out ==
        "data: 24T now, 50T planned on 3 replicas = 16.67T per replica (sized "
        "for the planned size)\n"
        "partitions needed: 167 (at most 100G per partition per replica, seed "
        "003)\n"
        "recommended: 193 partitions (the nearest of 23, 59, 97, 193, 389, "
        "997 at or above the need)\n"
        "nodes: 3 -> partitions <65,64,64>, imbalance 1.5% (seed 003: node "
        "partition counts differ by at most 1)\n");
}

TEST_CASE("cli: obkv advise --split prints a SPLITS_FILE") {
  CliRun run = RunCli({"advise", "--split", "hex", "--regions", "4"});
  CHECK(run.code == 0);
  CHECK(run.out == "40000000\n80000000\nc0000000\n");
  run =
      RunCli({"advise", "--data-size", "24T", "--split", "decimal", "--json"});
  const nlohmann::json j = nlohmann::json::parse(run.out);
  CHECK(j["recommended"] == 97);
  CHECK(j["split"]["algorithm"] == "DecimalStringSplit");
  CHECK(j["split"]["regions"] == 97);
  CHECK(j["split"]["points"].size() == 96);
  CHECK(j["split"]["points"][0] == "01030927");
}

TEST_CASE("cli: obkv advise errors") {
  CliRun run = RunCli({"advise"});
  CHECK(run.code == 2);
  CHECK(run.err ==
        "obkv: advise: --data-size SIZE or --split ALGORITHM is required\n");
  run = RunCli({"advise", "--split", "hex"});
  CHECK(run.code == 2);
  CHECK(run.err ==
        "obkv: advise: --split needs --regions N (or --data-size)\n");
  run = RunCli({"advise", "--data-size", "24Q"});
  CHECK(run.code == 1);
  CHECK(run.err.rfind("obkv: --data-size: unknown unit", 0) == 0);
  run = RunCli({"advise", "--split", "md5", "--regions", "4"});
  CHECK(run.code == 2);
}

}  // namespace
}  // namespace obkvlite
