// Copyright (c) obkvlite authors.
//
// `obkv shell`'s writes in-process: delete and deleteall (with
// ROWPREFIXFILTER), incr, get_counter and append, and the operation
// attributes that get, scan, count, put and delete take, with the output
// the HBase shell documents (src/tools/cli/shell/shell_mutate.cc,
// shell_counters.cc, shell_attributes.cc).

#include <doctest/doctest.h>

#include "shell_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: delete removes one version, deleteall every version") {
  // hbase-shell table.rb _createdelete_internal: delete uses
  // Delete.addColumn (the newest version, or exactly TS) and
  // Delete.addFamilyVersion; deleteall uses addColumns and addFamily.
  Shell sh;
  sh.Ok(
      "create 't', {NAME => 'f', VERSIONS => 5}, 'g'\n"
      "put 't','r','f:q','v1', 100\n"
      "put 't','r','f:q','v2', 200\n"
      "put 't','r','f:q','v3', 300\n"
      "put 't','r','f:p','p1', 200\n"
      "put 't','r','g:x','x1', 200\n");
  CHECK(sh.Ok("delete 't', 'r', 'f:q'\n").empty());
  CHECK(sh.Export() ==
        "r\tf:p\t200\tp1\nr\tf:q\t200\tv2\nr\tf:q\t100\tv1\nr\tg:x\t200\tx1\n");
  sh.Ok("delete 't', 'r', 'f:q', 100\n");  // exactly 100, 200 stays
  CHECK(sh.Export() == "r\tf:p\t200\tp1\nr\tf:q\t200\tv2\nr\tg:x\t200\tx1\n");
  sh.Ok("delete 't', 'r', 'f:q', 150\n");  // no version 150: nothing
  CHECK(sh.Export() == "r\tf:p\t200\tp1\nr\tf:q\t200\tv2\nr\tg:x\t200\tx1\n");
  sh.Ok("delete 't', 'r', 'f', 200\n");  // version 200 of every qualifier
  CHECK(sh.Export() == "r\tg:x\t200\tx1\n");
  sh.Ok(
      "put 't','r','f:q','v1', 100\nput 't','r','f:q','v2', 200\n"
      "deleteall 't', 'r', 'f:q', 150\n");  // versions <= 150
  CHECK(sh.Export() == "r\tf:q\t200\tv2\nr\tg:x\t200\tx1\n");
  sh.Ok("deleteall 't', 'r', 'g'\n");  // the family
  CHECK(sh.Export() == "r\tf:q\t200\tv2\n");
  sh.Ok("put 't','r2','f:q','w', 100\ndeleteall 't', 'r', '', 150\n");
  CHECK(sh.Export() == "r\tf:q\t200\tv2\nr2\tf:q\t100\tw\n");  // '' = row
  sh.Ok("deleteall 't', 'r'\n");
  CHECK(sh.Export() == "r2\tf:q\t100\tw\n");
  const CliRun bad = sh.Run("delete 't', 'r2', 'f'\n");
  CHECK(bad.code == 1);
  CHECK(bad.err ==
        "ERROR: line 1: delete: 'f' alone needs TS: it deletes version TS of "
        "every qualifier (deleteall 'TABLE', 'ROW', 'f' deletes the whole "
        "family)\n");
}

TEST_CASE("shell: deleteall with ROWPREFIXFILTER deletes every such row") {
  // hbase-shell table.rb _deleterows_internal (HBASE-16003): the rows of a
  // setRowPrefixFilter scan, deleted CACHE (100) at a time.
  Shell sh;
  sh.Ok(
      "create 't', 'f', 'g'\n"
      "put 't','a1','f:q','x', 1\nput 't','p1','f:q','x', 1\n"
      "put 't','p2','f:q','x', 1\nput 't','p2','g:q','y', 1\n"
      "put 't','p3','g:q','y', 1\nput 't','q1','f:q','x', 1\n");
  sh.Ok("deleteall 't', {ROWPREFIXFILTER => 'p', CACHE => 1}, 'g'\n");
  CHECK(sh.Export() ==
        "a1\tf:q\t1\tx\np1\tf:q\t1\tx\np2\tf:q\t1\tx\nq1\tf:q\t1\tx\n");
  sh.Ok("deleteall 't', {ROWPREFIXFILTER => 'p'}\n");
  CHECK(sh.Export() == "a1\tf:q\t1\tx\nq1\tf:q\t1\tx\n");
  const CliRun bad = sh.Run("deleteall 't', {CACHE => 5}\n");
  CHECK(bad.err ==
        "ERROR: line 1: deleteall: a row map needs ROWPREFIXFILTER => "
        "'prefix'\n");
}

TEST_CASE("shell: incr, get_counter, append") {
  // hbase-shell incr.rb, get_counter.rb and append.rb: "COUNTER VALUE = N",
  // "No counter found at specified coordinates", "CURRENT VALUE = V".
  Shell sh;
  sh.Ok("create 't', 'f'\n");
  CHECK(sh.Ok("incr 't', 'r', 'f:c'\n"
              "incr 't', 'r', 'f:c', 10\n"
              "incr 't', 'r', 'f:c', -3\n"
              "get_counter 't', 'r', 'f:c'\n"
              "get_counter 't', 'r', 'f:none'\n"
              "append 't', 'r', 'f:s', 'ab'\n"
              "append 't', 'r', 'f:s', \"c\\x00\"\n") ==
        "COUNTER VALUE = 1\n"
        "COUNTER VALUE = 11\n"
        "COUNTER VALUE = 8\n"
        "COUNTER VALUE = 8\n"
        "No counter found at specified coordinates\n"
        "CURRENT VALUE = ab\n"
        "CURRENT VALUE = abc\\x00\n");
  CHECK(WithoutTimestamps(sh.Ok("get 't', 'r', 'f:c:toLong'\n")) ==
        "COLUMN                         CELL\n"
        " f:c                           timestamp=T, value=8\n"
        "1 row(s)\n");
  const CliRun bad =
      sh.Run("get_counter 't', 'r', 'f:s'\nincr 't', 'r', 'f:s'\n");
  CHECK(bad.err ==
        "ERROR: line 1: get_counter: f:s is not a counter: bytes: a "
        "big-endian long is 8 bytes, got 4\n"
        "ERROR: line 2: incr: f:s holds 4 bytes, increment needs an 8-byte "
        "big-endian long\n");
}

TEST_CASE("shell: operation attributes are noted, security labels refused") {
  // table.rb's get, scan, count, put and delete take ATTRIBUTES,
  // CONSISTENCY, REGION_REPLICA_ID and METRICS / ALL_METRICS (get.rb:
  // "get 't1', 'r1', {CONSISTENCY => 'TIMELINE'}", put.rb: "put 't1', 'r1',
  // 'c1', 'value', {ATTRIBUTES=>{'mykey'=>'myvalue'}}"); VISIBILITY and
  // AUTHORIZATIONS (put.rb, scan.rb) are refused. CONSISTENCY is the read's
  // (TIMELINE: weak, the same as strong on SQLite); another name is refused.
  Shell sh;
  sh.Ok("create 't', 'f'\n");
  CHECK(
      WithoutTimestamps(sh.Ok(
          "put 't', 'r', 'f:q', 'v', {ATTRIBUTES => {'mykey' => 'myvalue'}}\n"
          "get 't', 'r', {CONSISTENCY => 'TIMELINE', REGION_REPLICA_ID => 1}\n"
          "scan 't', {METRICS => ['RPC_RETRIES']}\n"
          "count 't', {ALL_METRICS => true}\n"
          "delete 't', 'r', 'f:q', {ATTRIBUTES => {'k' => 'v'}}\n"
          "count 't'\n")) ==
      "NOTE: ATTRIBUTES has no effect here: attributes are read by HBase's "
      "coprocessors, and there are none here\n"
      "NOTE: REGION_REPLICA_ID has no effect here: there are no region "
      "replicas here (CONSISTENCY => 'TIMELINE' reads weakly)\n"
      "COLUMN                         CELL\n"
      " f:q                           timestamp=T, value=v\n"
      "1 row(s)\n"
      "ROW                            COLUMN+CELL\n"
      " r                             column=f:q, timestamp=T, value=v\n"
      "1 row(s)\n"
      "\n"
      "METRIC                         VALUE\n"
      " RPC_RETRIES                   0\n"
      "NOTE: ALL_METRICS has no effect here: only a scan prints scan "
      "metrics\n"
      "1 row(s)\n"
      "NOTE: ATTRIBUTES has no effect here: attributes are read by HBase's "
      "coprocessors, and there are none here\n"
      "0 row(s)\n");
  const CliRun run = sh.Run(
      "put 't', 'r', 'f:q', 'v', {VISIBILITY => 'PRIVATE|SECRET'}\n"
      "scan 't', {AUTHORIZATIONS => ['PRIVATE']}\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: put: VISIBILITY is refused: obkvlite has no cell "
        "visibility labels, and accepting them without enforcing them would "
        "mislead\n"
        "ERROR: line 2: scan: AUTHORIZATIONS is refused: obkvlite has no cell "
        "visibility labels, and accepting them without enforcing them would "
        "mislead\n");
  const CliRun bad = sh.Run("scan 't', {CONSISTENCY => 'EVENTUAL'}\n");
  CHECK(bad.code == 1);
  CHECK(bad.err ==
        "ERROR: line 1: scan: CONSISTENCY must be 'STRONG' or 'TIMELINE', got "
        "'EVENTUAL'\n");
  CHECK(WithoutTimestamps(sh.Ok("scan 't', {CONSISTENCY => 'STRONG'}\n")) ==
        "ROW                            COLUMN+CELL\n0 row(s)\n");
}

TEST_CASE(
    "shell: a delete of the newest version shows the next until a purge") {
  // HBase's reference guide ("Delete" under Versions): deleting the newest
  // version of a VERSIONS => 1 column shows the older one that no flush or
  // compaction has dropped yet. After flush has purged it, nothing shows.
  Shell sh;
  CHECK(sh.Ok("create 't', {NAME => 'f', VERSIONS => 1}\n"
              "put 't', 'r', 'f:q', 'v1', 100\n"
              "put 't', 'r', 'f:q', 'v2', 200\n"
              "delete 't', 'r', 'f:q'\n"
              "get 't', 'r'\n"
              "put 't', 'r', 'f:q', 'v2', 200\n"
              "flush 't'\n"
              "delete 't', 'r', 'f:q'\n"
              "get 't', 'r'\n") ==
        "Created table t\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.100, "
        "value=v1\n"
        "1 row(s)\n"
        "purged t: 0 expired cells, 1 excess versions\n"
        "COLUMN                         CELL\n"
        "0 row(s)\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
