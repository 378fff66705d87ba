// Copyright (c) obkvlite authors.
//
// Namespaced tables through every `obkv` command: `obkv namespace`, then a
// table "ns1:users" created from a spec, written, read, described,
// counted, partitioned, exported, copied, exec'd and dropped by its full
// name; and the errors for a missing or busy namespace.

#include <doctest/doctest.h>

#include <string>

#include "cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

CliRun MustRun(const CliSandbox& box, const std::vector<std::string>& args,
               const std::string& in = "") {
  CliRun run = box.Run(args, in);
  INFO(args[0], ": ", run.err);
  CHECK(run.code == 0);
  return run;
}

TEST_CASE("namespaces: ns:table through every command") {
  CliSandbox box;
  const std::string spec = box.WriteFile(
      "users.json",
      R"({"table": "ns1:users", "families": [{"name": "f"}],
          "partition": {"strategy": "range", "bounds": ["m", "MAXVALUE"]}})");
  // The namespace must exist first, as in HBase.
  CliRun missing = box.Run({"create", spec});
  CHECK(missing.code == 1);
  CHECK(missing.err ==
        "obkv: namespace 'ns1' does not exist (create it first: "
        "create_namespace 'ns1')\n");
  CHECK(MustRun(box, {"namespace", "create", "ns1"}).out ==
        "created ns1\n-- OceanBase: the same change on a cluster\n"
        "CREATE DATABASE IF NOT EXISTS `ns1`;\n");
  CHECK(MustRun(box, {"namespace", "list"}).out == "default\nhbase\nns1\n");
  MustRun(box, {"create", spec});
  MustRun(box, {"put", "ns1:users", "alice", "f:email", "a@x", "--ts", "100"});
  MustRun(box, {"put", "ns1:users", "zed", "f:email", "z@x", "--ts", "100"});
  CHECK(MustRun(box, {"get", "ns1:users", "alice"}).out ==
        "alice  f:email  @100  a@x\n");
  CHECK(MustRun(box, {"scan", "ns1:users"}).out ==
        "alice  f:email  @100  a@x\nzed  f:email  @100  z@x\n");
  CHECK(MustRun(box, {"count", "ns1:users"}).out ==
        "ns1:users: 2 rows, 2 cells\n");
  CHECK(MustRun(box, {"list"}).out == "ns1:users\n");
  CHECK(MustRun(box, {"exists", "ns1:users"}).out ==
        "Table ns1:users does exist\n");
  CHECK(MustRun(box, {"describe", "ns1:users"}).out.find("ns1:users$f") !=
        std::string::npos);
  CHECK(MustRun(box, {"sql", "SELECT K FROM \"ns1:users$f\" ORDER BY K"})
            .out == "K\n-----\nalice\nzed\n");
  CHECK(MustRun(box, {"exec"},
                "{\"op\":\"get\",\"table\":\"ns1:users\",\"row\":\"zed\"}\n")
            .out ==
        "{\"ok\":true,\"cells\":[{\"row\":\"zed\",\"family\":\"f\","
        "\"qualifier\":\"email\",\"ts\":100,\"value\":\"z@x\"}]}\n");
  CHECK(MustRun(box, {"partition", "split", "ns1:users", "p0", "d"}).out ==
        "split ns1:users: family f has 3 partitions, 1 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `ns1`.`ns1:users$f` REORGANIZE PARTITION `p0` INTO (\n"
        "  PARTITION `p2` VALUES LESS THAN ('d'),\n"
        "  PARTITION `p3` VALUES LESS THAN ('m')\n"
        ");\n");
  CHECK(MustRun(box, {"export", "ns1:users", "--dialect", "oceanbase"})
            .out.find("INSERT INTO `ns1`.`ns1:users$f`") != std::string::npos);
  const std::string spec_out = MustRun(box, {"spec", "ns1:users"}).out;
  CHECK(spec_out.find("\"table\": \"ns1:users\"") != std::string::npos);
  // Copied into another store, the namespace comes along.
  const std::string other = box.Path("other.obkv");
  CliRun copied =
      CliSandbox::RunBare({"copy", box.store(), other, "ns1:users"});
  INFO(copied.err);
  CHECK(copied.code == 0);
  CHECK(CliSandbox::RunBare({"--store", other, "namespace", "list"}).out ==
        "default\nhbase\nns1\n");
  // A namespace holding tables is not dropped.
  CliRun busy = box.Run({"namespace", "drop", "ns1"});
  CHECK(busy.code == 1);
  CHECK(busy.err ==
        "obkv: Only empty namespaces can be removed. Namespace ns1 has 1 "
        "tables\n");
  MustRun(box, {"drop", "ns1:users"});
  MustRun(box, {"namespace", "drop", "ns1"});
  CHECK(MustRun(box, {"namespace", "list"}).out == "default\nhbase\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
