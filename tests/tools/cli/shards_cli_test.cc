// Copyright (c) obkvlite authors.
//
// A sharded store through the `obkv` CLI (doc/shards.md): `create
// --shards`, `load`, and `obkv sql` over the family views, which refuses
// writes into a partition table and ATTACH.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

// Table "t": 7 KEY partitions, families f and g.
constexpr const char* kShardedSpec =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g"}],
        "partition": {"strategy": "key", "partitions": 7}})";

TEST_CASE("obkv create --shards and obkv sql over the family views") {
  CliSandbox box;
  const std::string spec = box.WriteFile("t.json", kShardedSpec);
  CliRun run = box.Run({"create", "--shards", "3", spec});
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(std::filesystem::exists(box.store() + ".shard2"));
  std::string input;
  for (int i = 0; i < 20; ++i) {
    input += "row" + std::to_string(1000 + i) + "\tf:q\t100\tv\n";
  }
  run = box.Run({"load", "--quiet", "t", box.WriteFile("d.tsv", input)});
  INFO(run.err);
  REQUIRE(run.code == 0);
  run = box.Run({"sql", "SELECT count(*) FROM \"t$f\""});
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(run.out.find("20") != std::string::npos);
  run = box.Run(
      {"sql", "INSERT INTO \"t$f$p1\" VALUES (x'00', x'00', 1, x'00')"});
  CHECK(run.code != 0);
  CHECK(run.err.find("not allowed: INSERT into") != std::string::npos);
  run = box.Run({"sql", "ATTACH DATABASE 'x.db' AS x"});
  CHECK(run.code != 0);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
