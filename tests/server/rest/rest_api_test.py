#!/usr/bin/env python3
"""HBase's REST API on `obkv rest start`: every endpoint with HBase's status
codes and bodies (doc/rest.md), on one store kind.

    rest_api_test.py OBKV WORKDIR sqlite|shards3|mariadb
"""

import json
import os
import re
import select
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rest_harness import (Checks, Server, b64, obkv_create, reset_store,  # noqa
                          store_location, unb64, watchdog)

JSON = {"Accept": "application/json"}
XML = {"Accept": "text/xml"}
BIN = {"Accept": "application/octet-stream"}


def cells_of(doc):
    """[(row, column, ts, value)] of a CellSet JSON."""
    out = []
    for row in doc["Row"]:
        for c in row["Cell"]:
            out.append((unb64(row["key"]).decode(), unb64(c["column"]).decode(),
                        c["timestamp"], unb64(c["$"]).decode()))
    return out


def put_cells(s, table, rows, url_row="fakerow"):
    body = {"Row": [{"key": b64(k), "Cell": [
        {"column": b64(col), "timestamp": ts, "$": b64(v)}
        for col, ts, v in cells]} for k, cells in rows]}
    return s.request("PUT", "/%s/%s" % (table, url_row), json.dumps(body),
                     {"Content-Type": "application/json"})


def test_cluster(s, ck):
    st, h, body = s.request("GET", "/version")
    ck.eq("GET /version status", st, 200)
    ck.eq("GET /version type", h.get("content-type"), "text/plain")
    ck.true("GET /version text", body.startswith(b"rest 0.0.3 [JVM: "), body)
    st, doc = s.get_json("/version")
    ck.eq("version JSON keys", sorted(doc), ["JVM", "Jersey", "OS", "REST",
                                            "Server"])
    ck.eq("version REST", doc["REST"], "0.0.3")
    st, h, body = s.request("GET", "/version", headers=XML)
    ck.true("version XML", body.startswith(b'<?xml version="1.0"') and
            b'<Version ' in body and b'REST="0.0.3"' in body, body)
    st, doc = s.get_json("/version/cluster")
    ck.eq("cluster version", st, 200)
    # Text is the models' toString: StorageClusterVersionModel's is the
    # version alone, NamespacesInstanceModel's "{NAME => 'ns'}".
    st, _, body = s.request("GET", "/version/cluster")
    ck.eq("cluster version text", body, doc["Version"].encode())
    st, _, body = s.request("GET", "/namespaces/default")
    ck.eq("namespace text", body, b"{NAME => 'default'}")
    ck.true("cluster version value", doc["Version"].startswith("obkvlite-"),
            doc)
    st, doc = s.get_json("/status/cluster")
    ck.eq("cluster status", st, 200)
    ck.eq("status live nodes", len(doc["LiveNodes"]), 1)
    ck.eq("status dead nodes", doc["DeadNodes"], [])
    ck.eq("status node name", doc["LiveNodes"][0]["name"], s.address)
    ck.eq("status regions", doc["regions"],
          len(doc["LiveNodes"][0]["Region"]))
    st, h, _ = s.request("GET", "/version", headers={
        "Accept": "application/x-protobuf"})
    ck.eq("protobuf /version (rest_protobuf_test.py)", st, 200)


def test_schema(s, ck):
    schema = {"name": "rt", "ColumnSchema": [
        {"name": "f", "VERSIONS": "3"},
        {"name": "g", "TTL": "86400", "BLOOMFILTER": "ROWCOL"}]}
    st, _, _ = s.request("PUT", "/rt/schema", json.dumps(schema),
                         {"Content-Type": "application/json"})
    ck.eq("PUT schema creates: 201", st, 201)
    st, doc = s.get_json("/rt/schema")
    ck.eq("GET schema", st, 200)
    ck.eq("schema JSON", doc, {
        "name": "rt", "IS_META": "false", "ColumnSchema": [
            {"name": "f", "VERSIONS": "3", "TTL": "2147483647"},
            # HBase's default VERSIONS, 1, where the schema gives none.
            {"name": "g", "VERSIONS": "1", "TTL": "86400",
             "BLOOMFILTER": "ROWCOL"}]})
    st, _, body = s.request("GET", "/rt/schema", headers=XML)
    ck.true("schema XML", b'<TableSchema name="rt" IS_META="false">'
            b'<ColumnSchema name="f" TTL="2147483647" VERSIONS="3"/>' in body,
            body)
    st, _, body = s.request("GET", "/rt/schema")
    ck.true("schema text", body.startswith(
        b"{ NAME=> 'rt', IS_META => 'false', COLUMNS => [ { NAME => 'f'"),
        body)
    # POST updates the listed family and keeps the others.
    st, _, _ = s.request(
        "POST", "/rt/schema",
        '<TableSchema name="rt"><ColumnSchema name="g" VERSIONS="5"/>'
        '</TableSchema>', {"Content-Type": "text/xml"})
    ck.eq("POST schema on existing: 200", st, 200)
    st, doc = s.get_json("/rt/schema")
    ck.eq("POST kept f, changed g", [(c["name"], c["VERSIONS"], c["TTL"])
                                     for c in doc["ColumnSchema"]],
          [("f", "3", "2147483647"), ("g", "5", "2147483647")])
    # A POST with table attributes only changes them, no family.
    st, _, _ = s.request("POST", "/rt/schema", '{"name":"rt","OWNER":"ann"}',
                         {"Content-Type": "application/json"})
    ck.eq("POST of attributes only: 200", st, 200)
    st, doc = s.get_json("/rt/schema")
    ck.eq("POST set OWNER, kept the families",
          (doc.get("OWNER"), [c["name"] for c in doc["ColumnSchema"]]),
          ("ann", ["f", "g"]))
    # PUT replaces: h added, g dropped.
    st, _, _ = s.request("PUT", "/rt/schema", json.dumps(
        {"name": "rt", "ColumnSchema": [{"name": "f", "VERSIONS": "3"},
                                        {"name": "h"}]}),
        {"Content-Type": "application/json"})
    ck.eq("PUT schema on existing: 200", st, 200)
    st, doc = s.get_json("/rt/schema")
    ck.eq("PUT replaced the families", [c["name"] for c in doc["ColumnSchema"]],
          ["f", "h"])
    st, _, body = s.request("PUT", "/rt/schema", '{"name":"rt"}',
                            {"Content-Type": "application/json"})
    ck.eq("schema without ColumnSchema: 400", st, 400)
    ck.eq("schema 400 names it", body,
          b"Bad request: body: TableSchema.ColumnSchema: at least one column "
          b"family\r\n")
    st, _, body = s.request("PUT", "/rt/schema", '{"name":"rt","ColumnSchema":7}',
                            {"Content-Type": "application/json"})
    ck.eq("ColumnSchema not an array: 400", (st, body),
          (400, b"Bad request: body: TableSchema.ColumnSchema: must be an array\r\n"))
    st, _, body = s.request("PUT", "/rt/schema", json.dumps(
        {"ColumnSchema": [{"name": "f", "BLOOMFILTER": "BOGUS"}]}),
        {"Content-Type": "application/json"})
    ck.eq("bad attribute: 400", st, 400)
    ck.true("bad attribute named", b"BLOOMFILTER" in body, body)
    st, _, _ = s.request("GET", "/rt/exists")
    ck.eq("exists", st, 200)
    st, _, _ = s.request("GET", "/nosuch/exists")
    ck.eq("exists missing: 404", st, 404)
    st, _, _ = s.request("GET", "/nosuch/schema")
    ck.eq("schema missing: 404", st, 404)
    st, doc = s.get_json("/")
    ck.true("table list", {"name": "rt"} in doc["table"], doc)
    st, _, body = s.request("GET", "/")
    ck.true("table list text", b"rt\n" in body, body)
    st, _, body = s.request("GET", "/", headers=XML)
    ck.true("table list XML", b'<TableList><table name="' in body, body)
    # Delete a table.
    s.request("PUT", "/gone/schema", '{"ColumnSchema":[{"name":"f"}]}',
              {"Content-Type": "application/json"})
    st, _, _ = s.request("DELETE", "/gone/schema")
    ck.eq("DELETE schema", st, 200)
    st, _, _ = s.request("DELETE", "/gone/schema")
    ck.eq("DELETE schema again: 404", st, 404)


def test_namespaces(s, ck):
    st, doc = s.get_json("/namespaces")
    ck.eq("namespaces", st, 200)
    ck.true("default and hbase", "default" in doc["Namespace"] and
            "hbase" in doc["Namespace"], doc)
    st, _, _ = s.request("POST", "/namespaces/restns")
    ck.eq("create namespace: 201", st, 201)
    st, _, _ = s.request("POST", "/namespaces/restns")
    ck.eq("create it again: 403", st, 403)
    # NamespacesInstanceResource: PUT alters an existing namespace, POST
    # creates one; PUT on a missing one is refused and creates nothing.
    st, _, _ = s.request("PUT", "/namespaces/restns")
    ck.eq("PUT an existing namespace: 200", st, 200)
    st, _, body = s.request("PUT", "/namespaces/putns")
    ck.eq("PUT a missing namespace: 403", (st, body),
          (403, b"Forbidden: namespace 'putns' does not exist; POST creates "
                b"it\r\n"))
    st, _, _ = s.request("GET", "/namespaces/putns")
    ck.eq("PUT created nothing: 404", st, 404)
    st, _, body = s.request("GET", "/namespaces/restns/tables", headers=XML)
    ck.eq("no tables in XML", body,
          b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
          b'<TableList/>')
    st, _, _ = s.request("GET", "/namespaces/restns")
    ck.eq("namespace GET", st, 200)
    st, doc = s.get_json("/namespaces/restns/tables")
    ck.eq("namespace tables", doc, {"table": []})
    st, _, _ = s.request("PUT", "/restns:nt/schema",
                         '{"ColumnSchema":[{"name":"f"}]}',
                         {"Content-Type": "application/json"})
    ck.eq("create a table in the namespace", st, 201)
    st, _, _ = put_cells(s, "restns:nt", [("k", [("f:a", 5, "in-ns")])])
    ck.eq("put into ns:table", st, 200)
    st, doc = s.get_json("/restns%3Ant/k")
    ck.eq("get from ns:table (encoded ':')", cells_of(doc),
          [("k", "f:a", 5, "in-ns")])
    st, doc = s.get_json("/namespaces/restns/tables")
    # NamespacesInstanceResource lists each table by its qualifier.
    ck.eq("namespace lists its table", doc, {"table": [{"name": "nt"}]})
    st, _, _ = s.request("DELETE", "/namespaces/restns")
    ck.eq("drop a namespace holding a table: 400", st, 400)
    st, _, _ = s.request("DELETE", "/restns:nt/schema")
    ck.eq("drop the ns table", st, 200)
    st, _, _ = s.request("GET", "/namespaces/nosuchns")
    ck.eq("missing namespace: 404", st, 404)
    st, _, _ = s.request("DELETE", "/namespaces/restns")
    ck.eq("drop namespace", st, 200)


def test_regions(s, ck):
    st, doc = s.get_json("/rp/regions")
    ck.eq("regions", st, 200)
    ck.eq("region bounds", [(unb64(r["startKey"]), unb64(r["endKey"]))
                            for r in doc["Region"]],
          [(b"", b"g"), (b"g", b"p"), (b"p", b"")])
    ck.eq("region names", [r["name"] for r in doc["Region"]],
          ["rp,,0.p0.", "rp,g,1.p1.", "rp,p,2.p2."])
    ck.eq("region location", {r["location"] for r in doc["Region"]},
          {s.address})
    st, doc = s.get_json("/rk/regions")
    ck.eq("KEY regions: one per partition", len(doc["Region"]), 7)
    st, _, _ = s.request("GET", "/nosuch/regions")
    ck.eq("regions missing table: 404", st, 404)


# Table "rs" (main() loads it): RANGE COLUMNS(K) [.., g), [g, p), [p, ..)
# and two families partitioned alike, so each region holds both. p0: three
# 400000-byte values in f (more than 1 MiB); p1: five small cells in f and
# two in g; p2: empty.
RS_SPEC = {"table": "rs", "families": [{"name": "f"}, {"name": "g"}],
           "partition": {"strategy": "range", "column": "K",
                         "bounds": ["g", "p", "MAXVALUE"]}}
RS_CELLS = (["a%d\tf:q\t100\t%s" % (i, "x" * 400000) for i in range(3)] +
            ["h%d\tf:q\t100\tsmall" % i for i in range(5)] +
            ["h%d\tg:q\t100\tsmall" % i for i in range(2)])
RS_REGION_CELLS = [3, 7, 0]


def mysql_rows(store, sql):
    """Rows of `sql` (tab-separated fields) on the database of a
    mysql:// store, through the mysql client."""
    user = store.split("//")[1].split("@")[0]
    db = store.split("/")[3].split("?")[0]
    sock = store.split("socket=")[1]
    out = subprocess.run(["mysql", "-S", sock, "-u", user, "-N", "-B", db,
                          "-e", sql], capture_output=True, text=True,
                         timeout=60, check=True)
    return [line.split("\t") for line in out.stdout.splitlines()]


def table_bytes(store, table):
    """Bytes of a SQLite table's b-trees, by dbstat on the store's file
    (store file or shard) that holds it, apart from the gateway."""
    files = [store] + ["%s.shard%d" % (store, k) for k in range(1, 11)
                       if os.path.exists("%s.shard%d" % (store, k))]
    for f in files:
        c = sqlite3.connect("file:%s?mode=ro" % f, uri=True)
        try:
            if c.execute("SELECT count(*) FROM sqlite_schema WHERE type = "
                         "'table' AND name = ?", (table,)).fetchone()[0]:
                return c.execute(
                    "SELECT sum(pgsize) FROM dbstat WHERE name IN (SELECT "
                    "name FROM sqlite_schema WHERE tbl_name = ?)",
                    (table,)).fetchone()[0]
        finally:
            c.close()
    raise SystemExit("no file of %s holds %s" % (store, table))


def rs_region_bytes(store):
    """Each region's bytes, counted apart from the gateway: the two
    families' partition tables (SQLite), or information_schema after
    ANALYZE TABLE (MariaDB)."""
    if store.startswith("mysql://"):
        db = store.split("/")[3].split("?")[0]
        out = [0, 0, 0]
        for fam in ("f", "g"):
            mysql_rows(store, "ANALYZE TABLE `rs$%s`" % fam)
            rows = mysql_rows(
                store, "SELECT PARTITION_NAME, DATA_LENGTH + INDEX_LENGTH "
                "FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = "
                "'%s' AND TABLE_NAME = 'rs$%s'" % (db, fam))
            for name, size in rows:
                out[int(name[1:])] += int(size)
        return out
    return [table_bytes(store, "rs$f$p%d" % i) +
            table_bytes(store, "rs$g$p%d" % i) for i in range(3)]


def test_region_sizes(s, ck, store):
    want = rs_region_bytes(store)
    if store.startswith("mysql://"):
        # InnoDB: an empty partition is one 16 KiB page; the 1.2 MB of p0
        # are more than a MiB.
        ck.eq("rs empty region: a page per family", want[2], 2 * 16384)
        ck.true("rs region 0 over a MiB", want[0] >= 1 << 20, want)
    else:
        # SQLite, 8 KiB pages: p2 and p1 are each family's root page; p0 is
        # f's leaf page and the overflow pages of three 400000-byte values
        # (49 each), and g's root.
        ck.eq("rs region bytes on SQLite", want,
              [8192 * (1 + 3 * 49) + 8192, 2 * 8192, 2 * 8192])
    st, doc = s.get_json("/rs/regions")
    ck.eq("rs regions", st, 200)
    ck.eq("rs regions JSON: cells and bytes",
          [(r["cells"], r["bytes"]) for r in doc["Region"]],
          list(zip(RS_REGION_CELLS, want)))
    st, _, body = s.request("GET", "/rs/regions", headers=XML)
    ck.true("rs regions XML: cells and bytes",
            all(b'cells="%d" bytes="%d"/>' % (c, b) in body
                for c, b in zip(RS_REGION_CELLS, want)), body)
    st, _, body = s.request("GET", "/rs/regions")
    ck.eq("rs regions text", body.decode(),
          "".join("rs,%s,%d.p%d. [%s, %s) %s cells=%d bytes=%d\n" %
                  (start, i, i, start, end, s.address, RS_REGION_CELLS[i],
                   want[i])
                  for i, (start, end) in enumerate(
                      [("", "g"), ("g", "p"), ("p", "")])))
    # /status/cluster: HBase's storefileSizeMB, whole MiB rounded down.
    mb = [b // (1 << 20) for b in want]
    ck.true("rs region 0 has a MiB", mb[0] >= 1, mb)
    names = ["rs,,0.p0.", "rs,g,1.p1.", "rs,p,2.p2."]
    st, doc = s.get_json("/status/cluster")
    regions = {unb64(r["name"]).decode(): r
               for r in doc["LiveNodes"][0]["Region"]}
    ck.eq("status storefileSizeMB",
          [regions[n]["storefileSizeMB"] for n in names], mb)
    ck.eq("status stores and storefiles",
          [(regions[n]["stores"], regions[n]["storefiles"]) for n in names],
          [(2, 2)] * 3)
    ck.eq("status memstore and index sizes",
          {(regions[n]["memStoreSizeMB"], regions[n]["storefileIndexSizeKB"])
           for n in names}, {(0, 0)})
    st, _, body = s.request("GET", "/status/cluster", headers=XML)
    for n, m in zip(names, mb):
        ck.true("status XML storefileSizeMB of " + n,
                ('<Region name="%s" stores="2" storefiles="2" '
                 'storefileSizeMB="%d" memStoreSizeMB="0" '
                 'storefileIndexSizeKB="0" ' % (b64(n), m)).encode() in body,
                body)
    st, _, body = s.request("GET", "/status/cluster")
    for n, m in zip(names, mb):
        ck.true("status text storefileSizeMB of " + n,
                ("        %s\n            stores=2\n            storefiless=2"
                 "\n            storefileSizeMB=%d\n            "
                 "memstoreSizeMB=0\n            storefileIndexSizeKB=0\n" %
                 (n, m)).encode() in body, body)


def test_cells(s, ck):
    st, _, _ = put_cells(s, "rt", [
        ("r1", [("f:a", 10, "v1"), ("f:b", 10, "w1")]),
        ("r2", [("f:a", 20, "v2")]),
        ("r/3", [("h:", 30, "empty-qualifier")])])
    ck.eq("multi-row PUT through a placeholder URL", st, 200)
    st, doc = s.get_json("/rt/r1")
    ck.eq("GET row", st, 200)
    ck.eq("row cells", cells_of(doc), [("r1", "f:a", 10, "v1"),
                                       ("r1", "f:b", 10, "w1")])
    st, _, body = s.request("GET", "/rt/r1/f:a", headers=XML)
    ck.eq("GET cell XML", body,
          ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><CellSet>'
           '<Row key="%s"><Cell column="%s" timestamp="10">%s</Cell></Row>'
           '</CellSet>' % (b64("r1"), b64("f:a"), b64("v1"))).encode())
    st, h, body = s.request("GET", "/rt/r1/f:b", headers=BIN)
    ck.eq("octet-stream value", (st, body, h.get("x-timestamp")),
          (200, b"w1", "10"))
    st, doc = s.get_json("/rt/r%2F3/h:")
    ck.eq("encoded '/' in the row, 'h:' the empty qualifier",
          cells_of(doc), [("r/3", "h:", 30, "empty-qualifier")])
    # Versions and timestamps.
    put_cells(s, "rt", [("r1", [("f:a", 11, "v1b"), ("f:a", 12, "v1c")])])
    st, doc = s.get_json("/rt/r1/f:a?v=2")
    ck.eq("v=2", [c[2:] for c in cells_of(doc)], [(12, "v1c"), (11, "v1b")])
    st, doc = s.get_json("/rt/r1/f:a/11")
    ck.eq("exact timestamp", [c[2:] for c in cells_of(doc)], [(11, "v1b")])
    st, doc = s.get_json("/rt/r1/f:a/10,12?v=5")
    ck.eq("time range [10,12)", [c[2:] for c in cells_of(doc)],
          [(11, "v1b"), (10, "v1")])
    st, doc = s.get_json("/rt/r1/f")
    ck.eq("bare family", [c[1] for c in cells_of(doc)], ["f:a", "f:b"])
    st, doc = s.get_json("/rt/r*")
    ck.eq("prefix glob", sorted({c[0] for c in cells_of(doc)}),
          ["r/3", "r1", "r2"])
    # A path ending in '*' is HBase's stateless table scan
    # (TableScanResource): no matching row is a 200 with no Row, it
    # produces no octet-stream, and it has no PUT or DELETE.
    st, _, body = s.request("GET", "/rt/nosuch*", headers=JSON)
    ck.eq("glob, no row: 200 JSON", (st, body), (200, b'{"Row":[]}'))
    st, _, body = s.request("GET", "/rt/nosuch*", headers=XML)
    ck.eq("glob, no row: 200 XML", (st, body),
          (200, b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                b'<CellSet/>'))
    st, _, body = s.request("GET", "/rt/r*", headers=BIN)
    ck.eq("glob as octet-stream: 406", (st, body),
          (406, b"Not acceptable: this resource produces text/xml, "
                b"application/json, application/x-protobuf\r\n"))
    st, h, _ = s.request("DELETE", "/rt/r*")
    ck.eq("DELETE on a glob: 405", (st, h.get("allow")), (405, "GET, HEAD"))
    st, h, _ = put_cells(s, "rt", [("r9", [("f:a", 1, "x")])], "r*")
    ck.eq("PUT on a glob: 405", (st, h.get("allow")), (405, "GET, HEAD"))
    # A glob row with columns after it is a row read (RowResource's suffix
    # globbing): 404 when nothing matches.
    st, doc = s.get_json("/rt/r*/f:b")
    ck.eq("suffix glob", cells_of(doc), [("r1", "f:b", 10, "w1")])
    st, _, _ = s.request("GET", "/rt/nosuch*/f:b", headers=JSON)
    ck.eq("suffix glob, no row: 404", st, 404)
    test_table_scan_parameters(s, ck)
    # Octet-stream PUT with X-Timestamp.
    st, _, _ = s.request("PUT", "/rt/r4/f:z", b"\x00raw\xff",
                         {"Content-Type": "application/octet-stream",
                          "X-Timestamp": "77"})
    ck.eq("octet-stream PUT", st, 200)
    st, h, body = s.request("GET", "/rt/r4/f:z", headers=BIN)
    ck.eq("octet-stream round trip", (body, h.get("x-timestamp")),
          (b"\x00raw\xff", "77"))
    # A put names family:qualifier: HBase's RowResource refuses a bare
    # family (CellUtil.parseColumn gives one part) with 400, in a CellSet
    # and in an octet-stream URL alike; "h:" is the empty qualifier.
    st, _, body = put_cells(s, "rt", [("r6", [("f", 1, "bare")])])
    ck.eq("CellSet put of a bare family: 400", (st, body),
          (400, b"Bad request: body: Row[0].Cell[0].column: 'f' is a family "
                b"without a qualifier; a put names family:qualifier ('f:' for "
                b"the empty qualifier)\r\n"))
    st, _, body = s.request("PUT", "/rt/r6/f", b"raw",
                            {"Content-Type": "application/octet-stream"})
    ck.eq("octet-stream put to a bare family: 400", st, 400)
    st, _, _ = s.request("GET", "/rt/r6", headers=JSON)
    ck.eq("nothing written: 404", st, 404)
    # Cells without a column take the URL's columns in order
    # (RowResource.update: rowspec.getColumns()[i++]).
    body = json.dumps({"Row": [{"key": b64("r7"), "Cell": [
        {"$": b64("one"), "timestamp": 3}, {"$": b64("two"), "timestamp": 3}]}]})
    st, _, _ = s.request("PUT", "/rt/r7/f:a,f:b", body,
                         {"Content-Type": "application/json"})
    ck.eq("cells take the URL's columns in order: 200", st, 200)
    st, doc = s.get_json("/rt/r7")
    ck.eq("one column each", cells_of(doc),
          [("r7", "f:a", 3, "one"), ("r7", "f:b", 3, "two")])
    st, _, body = s.request("PUT", "/rt/r7/f:a", body,
                            {"Content-Type": "application/json"})
    ck.eq("more cells than URL columns: 400", (st, body),
          (400, b"Bad request: body: Row[0].Cell[1].column: missing\r\n"))
    # POST is PUT; XML bodies.
    st, _, _ = s.request(
        "POST", "/rt/r5/f:x",
        '<CellSet><Row key="%s"><Cell column="%s">%s</Cell></Row></CellSet>' %
        (b64("r5"), b64("f:x"), b64("xml")), {"Content-Type": "text/xml"})
    ck.eq("POST XML CellSet", st, 200)
    st, doc = s.get_json("/rt/r5")
    ck.eq("XML put landed", [c[3] for c in cells_of(doc)], ["xml"])
    # Multiget.
    st, doc = s.get_json("/rt/multiget?row=r1&row=r2&row=nosuch")
    ck.eq("multiget", sorted({c[0] for c in cells_of(doc)}), ["r1", "r2"])
    st, doc = s.get_json("/rt/multiget?row=r1/f:b")
    ck.eq("multiget with a column", cells_of(doc), [("r1", "f:b", 10, "w1")])
    st, _, _ = s.request("GET", "/rt/multiget?row=nosuch", headers=JSON)
    ck.eq("multiget nothing: 404", st, 404)
    st, _, _ = s.request("GET", "/rt/multiget", headers=JSON)
    ck.eq("multiget without row: 400", st, 400)
    # Deletes.
    st, _, _ = s.request("DELETE", "/rt/r1/f:a/12")
    ck.eq("DELETE one version", st, 200)
    st, doc = s.get_json("/rt/r1/f:a?v=5")
    ck.eq("version 12 gone", [c[2] for c in cells_of(doc)], [11, 10])
    st, _, _ = s.request("DELETE", "/rt/r1/f:a")
    st, doc = s.get_json("/rt/r1")
    ck.eq("DELETE column: all versions", cells_of(doc),
          [("r1", "f:b", 10, "w1")])
    st, _, _ = s.request("DELETE", "/rt/r1")
    ck.eq("DELETE row", st, 200)
    st, _, body = s.request("GET", "/rt/r1", headers=JSON)
    ck.eq("deleted row: 404", (st, body), (404, b"Not found\r\n"))


def test_table_scan_parameters(s, ck):
    """TableResource's query parameters of /T/PREFIX*, on test_cells' rows:
    r1 f:a@10,11,12 f:b@10, r2 f:a@20, r/3 h:@30."""
    def scan(query):
        st, doc = s.get_json("/rt/r*?" + query)
        return (st, cells_of(doc) if doc is not None else None)

    def rows(query):
        st, doc = s.get_json("/rt/r*?" + query)
        return [unb64(r["key"]).decode() for r in doc["Row"]]

    ck.eq("limit: rows at most", rows("limit=2"), ["r/3", "r1"])
    st, _, body = s.request("GET", "/rt/r*?limit=0", headers=JSON)
    ck.eq("limit=0: no row", (st, body), (200, b'{"Row":[]}'))
    ck.eq("startrow and endrow", rows("startrow=r1&endrow=r2"), ["r1"])
    ck.eq("column and maxversions", scan("column=f:a&maxversions=3"),
          (200, [("r1", "f:a", 12, "v1c"), ("r1", "f:a", 11, "v1b"),
                 ("r1", "f:a", 10, "v1"), ("r2", "f:a", 20, "v2")]))
    ck.eq("two columns, 'h:' the empty qualifier",
          scan("column=f:b&column=%20h:%20"),
          (200, [("r/3", "h:", 30, "empty-qualifier"),
                 ("r1", "f:b", 10, "w1")]))
    ck.eq("starttime and endtime: [11, 21)",
          scan("column=f&starttime=11&endtime=21"),
          (200, [("r1", "f:a", 12, "v1c"), ("r2", "f:a", 20, "v2")]))
    ck.eq("reversed (Boolean.valueOf: any case)", scan("column=f&reversed=TRUE"),
          (200, [("r2", "f:a", 20, "v2"), ("r1", "f:a", 12, "v1c"),
                 ("r1", "f:b", 10, "w1")]))
    st, doc = s.get_json("/rt/r*?column=f&batchsize=1&limit=2")
    # Two parts of r1 (HBase writes them as two Rows; here they merge).
    ck.eq("batchsize: a row in parts, each one result of the limit",
          (len(doc["Row"]), cells_of(doc)),
          (1, [("r1", "f:a", 12, "v1c"), ("r1", "f:b", 10, "w1")]))
    ck.eq("filter", scan("filter=ValueFilter(%3D%2C'binary:w1')"),
          (200, [("r1", "f:b", 10, "w1")]))
    ck.eq("cacheblocks changes nothing", rows("cacheblocks=false"),
          ["r/3", "r1", "r2"])
    for query, status, text in [
            ("limit=x", 400, "Bad request: limit: must be an integer in "
             "[-2147483648, 2147483647], got 'x'"),
            ("maxversions=0", 400, "Bad request: maxversions: must be an "
             "integer in [1, 2147483647], got '0'"),
            ("starttime=6&endtime=5", 400, "Bad request: endtime: must be at "
             "least starttime (6), got 5"),
            ("filter=Bogus()", 400, "Bad request: filter: position 0: "
             "unknown filter 'Bogus'")]:
        st, _, body = s.request("GET", "/rt/r*?" + query, headers=JSON)
        ck.eq("refused: " + query, (st, body.decode()[:len(text)]),
              (status, text))


def test_check_and_mutate(s, ck):
    """?check=put and ?check=delete: 200 applied, 304 check failed."""
    put_cells(s, "rt", [("cam", [("f:state", 1, "open")])])

    def check(kind, url, cells):
        body = json.dumps({"Row": [{"key": b64("cam"), "Cell": [
            {"column": b64(c), "$": b64(v)} for c, v in cells]}]})
        return s.request("PUT", url + "?check=" + kind, body,
                         {"Content-Type": "application/json"})[0]

    ck.eq("checkAndPut, check fails: 304",
          check("put", "/rt/cam", [("f:state", "closed"), ("f:state", "x")]),
          304)
    ck.eq("checkAndPut applies: 200",
          check("put", "/rt/cam", [("f:state", "closed"), ("f:state", "open")]),
          200)
    st, doc = s.get_json("/rt/cam/f:state")
    ck.eq("checkAndPut wrote", [c[3] for c in cells_of(doc)], ["closed"])
    ck.eq("checkAndPut of another column: 400",
          check("put", "/rt/cam", [("f:other", "v"), ("f:state", "closed")]),
          400)
    ck.eq("checkAndDelete, check fails: 304",
          check("delete", "/rt/cam/f:state", [("f:state", "open")]), 304)
    ck.eq("checkAndDelete applies: 200",
          check("delete", "/rt/cam/f:state", [("f:state", "closed")]), 200)
    st, _, _ = s.request("GET", "/rt/cam", headers=JSON)
    ck.eq("checkAndDelete deleted", st, 404)
    ck.eq("check=bogus: 400", check("bogus", "/rt/cam", [("f:a", "v")]), 400)
    # RowResource.checkAndDelete deletes what the body names, not the URL:
    # the cells before the check (a column's latest version, or at the
    # cell's timestamp; a bare family all of it), or, for the check cell
    # alone, every version of the checked column.
    put_cells(s, "rt", [("cam", [("f:state", 1, "open"), ("f:a", 1, "a1"),
                                 ("f:a", 2, "a2"), ("f:b", 1, "b1"),
                                 ("h:x", 1, "x1")])])
    ck.eq("checkAndDelete of the check column alone: 200",
          check("delete", "/rt/cam", [("f:a", "a2")]), 200)
    st, doc = s.get_json("/rt/cam?v=5")
    ck.eq("every version of f:a went, nothing else",
          [(c[1], c[2]) for c in cells_of(doc)],
          [("f:b", 1), ("f:state", 1), ("h:x", 1)])
    put_cells(s, "rt", [("cam", [("f:a", 1, "a1"), ("f:a", 2, "a2")])])
    ck.eq("checkAndDelete of listed cells: 200",
          check("delete", "/rt/cam/f:state", [("f:a", "x"), ("h", "x"),
                                              ("f:state", "open")]), 200)
    st, doc = s.get_json("/rt/cam?v=5")
    ck.eq("f:a's latest version and family h went, f:state stayed",
          [(c[1], c[2]) for c in cells_of(doc)],
          [("f:a", 1), ("f:b", 1), ("f:state", 1)])
    ck.eq("checkAndDelete, check column a bare family: 400",
          check("delete", "/rt/cam", [("f", "open")]), 400)
    # ?check is read ignoring case (equalsIgnoreCase).
    ck.eq("check=PUT", check("PUT", "/rt/cam", [("f:state", "shut"),
                                                 ("f:state", "open")]), 200)

    # ?check=append and ?check=increment (RowResource.append, increment):
    # each cell's column, else the URL's next one; an increment's value is
    # the decimal amount. 200 with no body.
    def mutate(kind, url, cells):
        body = json.dumps({"Row": [{"key": b64("ctr"), "Cell": [
            dict({"$": b64(v)}, **({"column": b64(c)} if c else {}))
            for c, v in cells]}]})
        return s.request("PUT", url + "?check=" + kind, body,
                         {"Content-Type": "application/json"})

    put_cells(s, "rt", [("ctr", [("f:s", 1, "ab")])])
    st, _, body = mutate("append", "/rt/ctr", [("f:s", "cd"), ("f:t", "x")])
    ck.eq("check=append: 200", (st, body), (200, b""))
    st, doc = s.get_json("/rt/ctr")
    ck.eq("appended", [(c[1], c[3]) for c in cells_of(doc)],
          [("f:s", "abcd"), ("f:t", "x")])
    st, _, _ = mutate("increment", "/rt/ctr", [("f:n", "5")])
    ck.eq("check=increment: 200", st, 200)
    st, _, _ = mutate("increment", "/rt/ctr/f:n", [(None, "-2")])
    ck.eq("check=increment, the URL's column: 200", st, 200)
    st, _, body = s.request("GET", "/rt/ctr/f:n", headers=BIN)
    ck.eq("counter", body, (3).to_bytes(8, "big"))
    st, _, body = mutate("increment", "/rt/ctr", [("f:n", "x")])
    ck.eq("increment by no number: 400", (st, body),
          (400, b"Bad request: body: Row[0].Cell[0].$: must be an integer in "
                b"[-9223372036854775807, 9223372036854775807], got 'x'\r\n"))
    st, _, _ = mutate("append", "/rt/ctr", [(None, "v")])
    ck.eq("append without a column: 400", st, 400)


def test_scanners(s, ck):
    put_cells(s, "rt", [("s%02d" % i, [("f:q", 1, "v%d" % i)])
                        for i in range(5)])
    model = {"startRow": b64("s01"), "endRow": b64("s04"), "batch": 2,
             "column": [b64("f:q")]}
    st, h, _ = s.request("PUT", "/rt/scanner", json.dumps(model),
                         {"Content-Type": "application/json"})
    ck.eq("scanner create: 201", st, 201)
    loc = h.get("location", "")
    ck.true("Location", loc.startswith("http://%s/rt/scanner/" % s.address),
            loc)
    path = loc.split(s.address, 1)[1]
    rows = []
    for _ in range(3):
        st, doc = s.get_json(path)
        if st != 200:
            break
        ck.true("batch of at most 2", len(cells_of(doc)) <= 2, doc)
        rows += [c[0] for c in cells_of(doc)]
    ck.eq("scanned rows", rows, ["s01", "s02", "s03"])
    ck.eq("exhausted: 204", st, 204)
    st, _, _ = s.request("DELETE", path)
    ck.eq("scanner delete", st, 200)
    st, _, _ = s.request("GET", path, headers=JSON)
    ck.eq("deleted scanner: 404", st, 404)
    # XML model with a filter (HBase's JSON filter model inside).
    filt = json.dumps({"type": "PrefixFilter", "value": b64("s0")})
    xml = ('<Scanner batch="10"><column>%s</column><filter>%s</filter>'
           '</Scanner>' % (b64("f"), filt.replace("&", "&amp;")
                            .replace("<", "&lt;")))
    st, h, _ = s.request("POST", "/rt/scanner", xml,
                         {"Content-Type": "text/xml"})
    ck.eq("XML scanner with filter", st, 201)
    path = h["location"].split(s.address, 1)[1]
    st, _, body = s.request("GET", path, headers=XML)
    ck.eq("XML scanner batch", body.count(b"<Cell "), 5)
    st, h, body = s.request("GET", path, headers=BIN)
    ck.eq("after the last cell: 204", st, 204)
    st, _, body = s.request("PUT", "/rt/scanner",
                            '{"filter":"{\\"type\\":\\"BogusFilter\\"}"}',
                            {"Content-Type": "application/json"})
    ck.eq("bad filter: 400", st, 400)
    ck.eq("bad filter named", body, b"Bad request: body: Scanner: filter.type:"
          b" unsupported filter 'BogusFilter'\r\n")
    st, _, _ = s.request("PUT", "/nosuch/scanner", "{}",
                         {"Content-Type": "application/json"})
    ck.eq("scanner on a missing table: 404", st, 404)


def test_timeseries(s, ck):
    """A timeseries-layout table through the same API."""
    st, _, _ = put_cells(s, "rts", [("sensor1", [("m:temp", 1000, "20"),
                                                 ("m:hum", 1000, "55")]),
                                    ("sensor1", [("m:temp", 2000, "21")])])
    ck.eq("timeseries put", st, 200)
    st, doc = s.get_json("/rts/sensor1?v=5")
    ck.eq("timeseries get", cells_of(doc),
          [("sensor1", "m:hum", 1000, "55"), ("sensor1", "m:temp", 2000, "21"),
           ("sensor1", "m:temp", 1000, "20")])
    st, _, body = s.request("PUT", "/rts/scanner", '{"filter":"{\\"type\\":'
                            '\\"KeyOnlyFilter\\"}"}',
                            {"Content-Type": "application/json"})
    ck.eq("timeseries refuses filters: 400", st, 400)
    ck.true("the refusal says why", b"Bad request: " in body, body)


def resident_kib(pid):
    """The resident memory of process `pid`, in KiB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def read_answer(raw):
    """One HTTP answer off a raw socket: its head and Content-Length bytes."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += raw.recv(4096)
    head, body = data.split(b"\r\n\r\n", 1)
    length = re.search(rb"\r\nContent-Length: (\d+)", head)
    while length and len(body) < int(length.group(1)):
        body += raw.recv(4096)
    return head + b"\r\n\r\n" + body


def test_bad_input(s, ck):
    before = s.get_json("/rt/r2")
    cases = [
        ("PUT", "/rt/x", '{"Row":[{"key":"!!","Cell":[]}]}',
         "application/json", 400,
         b"Bad request: body: Row[0].key: not base64 (character '!' at offset"
         b" 0)\r\n"),
        ("PUT", "/rt/x", '{"Row":[', "application/json", 400,
         b"Bad request: body: malformed JSON at byte 9\r\n"),
        ("PUT", "/rt/x", "<CellSet><Row>", "text/xml", 400, None),
        ("PUT", "/rt/x", '<!DOCTYPE x [<!ENTITY a "aaaa">]><CellSet/>',
         "text/xml", 400, b"Bad request: body: DOCTYPE is not allowed\r\n"),
        ("PUT", "/rt/x", "{}", "application/x-www-form-urlencoded", 415, None),
        ("PUT", "/rt/x/f:a", json.dumps({"Row": [{"key": b64("x"), "Cell": [
            {"column": b64("nofam:a"), "$": b64("v")}]}]}),
         "application/json", 404,
         b"Not found: table 'rt' has no column family 'nofam'\r\n"),
        ("PUT", "/rt/x", json.dumps({"Row": [
            {"key": b64("ok"), "Cell": [{"column": b64("f:a"), "$": b64("v")}]},
            {"key": b64("x" * 2000), "Cell": [{"column": b64("f:a"),
                                               "$": b64("v")}]}]}),
         "application/json", 400, None),
        ("GET", "/rt/%zz", None, None, 400,
         b"Bad request: row: bad percent-encoding at offset 0\r\n"),
        ("GET", "/rt/r1/f:a/notatime", None, None, 400, None),
        ("GET", "/rt/r1/f:a/1/extra", None, None, 400, None),
        ("GET", "/rt/r1?v=0", None, None, 400, None),
        ("GET", "/rt", None, None, 405, None),
        ("DELETE", "/version", None, None, 405, None),
        ("GET", "/rt/r1/f:a,f:b", None, "accept-binary", 400, None),
    ]
    for method, path, body, ctype, want, want_body in cases:
        headers = {}
        if ctype == "accept-binary":
            headers["Accept"] = "application/octet-stream"
        elif ctype:
            headers["Content-Type"] = ctype
        st, _, got = s.request(method, path, body, headers)
        ck.eq("%s %s (%s)" % (method, path, (body or "")[:30]), st, want)
        if want_body is not None:
            ck.eq("%s %s body" % (method, path), got, want_body)
    ck.eq("store unchanged by bad input", s.get_json("/rt/r2"), before)
    st, _, _ = s.request("GET", "/rt/ok", headers=JSON)
    ck.eq("half of a bad multi-row put not written", st, 404)
    # A body over --max-body-bytes (4096 here): 413, nothing written.
    big = json.dumps({"Row": [{"key": b64("big"), "Cell": [
        {"column": b64("f:a"), "$": b64("x" * 8000)}]}]})
    st, _, _ = s.request("PUT", "/rt/big", big,
                         {"Content-Type": "application/json"})
    ck.eq("body past --max-body-bytes: 413", st, 413)
    st, _, _ = s.request("GET", "/rt/big", headers=JSON)
    ck.eq("413 wrote nothing", st, 404)
    # Endless bodies: a chunked one that never ends and a Content-Length
    # of a terabyte are cut off at the limit, answered 413 at once.
    for label, head, chunk in [
            ("endless chunked body", b"Transfer-Encoding: chunked\r\n",
             b"4000\r\n" + b"a" * 16384 + b"\r\n"),
            ("terabyte Content-Length", b"Content-Length: 1099511627776\r\n",
             b"a" * 65536)]:
        raw = socket.create_connection((s.host, s.port), timeout=10)
        raw.sendall(b"PUT /rt/endless HTTP/1.1\r\nHost: x\r\nContent-Type: "
                    b"application/json\r\n" + head + b"\r\n")
        answer, start = b"", time.time()
        try:
            while time.time() - start < 20 and not answer:
                ready, _, _ = select.select([raw], [], [], 0)
                if ready:
                    answer = raw.recv(200)
                else:
                    raw.sendall(chunk)
        except OSError:
            answer = answer or raw.recv(200)
        raw.close()
        ck.true(label + ": 413 at once",
                answer.startswith(b"HTTP/1.1 413 Payload Too Large\r\n"
                                  b"Connection: close\r\n"), answer)
    # Keep-alive: an error answer leaves the connection usable.
    c = s.connection()
    st1, _, _ = s.request("PUT", "/rt/x", '{"Row":[', {
        "Content-Type": "application/json"}, conn=c)
    st2, _, _ = s.request("GET", "/rt/r2", headers=JSON, conn=c)
    c.close()
    ck.eq("keep-alive after a 400", (st1, st2), (400, 200))
    # A client that disconnects mid-body, and one that stalls: the server
    # goes on serving others.
    raw = socket.create_connection((s.host, s.port), timeout=10)
    raw.sendall(b"PUT /rt/cut HTTP/1.1\r\nHost: x\r\nContent-Type: "
                b"application/json\r\nContent-Length: 1000\r\n\r\n{\"Row\"")
    raw.close()
    slow = socket.create_connection((s.host, s.port), timeout=10)
    slow.sendall(b"PUT /rt/slow HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n"
                 b"\r\n{")
    st, _, _ = s.request("GET", "/rt/r2", headers=JSON)
    ck.eq("served while a client stalls", st, 200)
    slow.close()
    st, _, _ = s.request("GET", "/rt/cut", headers=JSON)
    ck.eq("cut-off body wrote nothing", st, 404)
    # A long URL, and garbage that is not HTTP.
    st, _, body = s.request("GET", "/rt/" + "a" * 7000, headers=JSON)
    ck.eq("row key over 1024 bytes: 400", st, 400)
    ck.true("the limit named", b"1024" in body, body)
    raw = socket.create_connection((s.host, s.port), timeout=10)
    raw.sendall(b"\x00\xff garbage\r\n\r\n")
    answer = read_answer(raw)
    raw.close()
    ck.true("garbage gets 400", answer.startswith(b"HTTP/1.1 400"), answer)
    ck.true("garbage's 400 has a text body",
            answer.endswith(b"\r\n\r\nBad request: not an HTTP/1.1 request "
                            b"this server can read\r\n"), answer)
    # Methods: one the resource lacks, one the server does not know.
    st, hdrs, body = s.request("PATCH", "/version/cluster", "{}",
                               {"Content-Type": "application/json"})
    ck.eq("PATCH: 405 with Allow", (st, hdrs.get("allow"), body),
          (405, "GET, HEAD",
           b"Method not allowed: PATCH (allowed: GET, HEAD)\r\n"))
    for method in ("TRACE", "FOO"):
        raw = socket.create_connection((s.host, s.port), timeout=10)
        raw.sendall(method.encode() + b" /version/cluster HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = read_answer(raw)
        raw.close()
        ck.true(method + ": 405 with Allow",
                answer.startswith(b"HTTP/1.1 405 Method Not Allowed\r\n"
                                  b"Allow: GET, HEAD, PUT, POST, DELETE, OPTIONS\r\n")
                and answer.endswith(b"Method not allowed: " + method.encode() +
                                    b"\r\n"), answer)
    # A Content-Length that is no number: 400 at once, not after a timeout.
    raw = socket.create_connection((s.host, s.port), timeout=10)
    began = time.time()
    raw.sendall(b"PUT /rt/neg HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n")
    answer = read_answer(raw)
    took = time.time() - began
    raw.close()
    ck.true("Content-Length -1: 400 at once",
            answer.startswith(b"HTTP/1.1 400") and took < 2 and
            b"Content-Length must be a number of bytes, got '-1'" in answer,
            answer)
    # A header flood (200 MB of header lines, the size that took the
    # httplib server from 16 MB to 437 MB): 431 at the 8 KiB cap, and the
    # gateway's memory stays flat (the bound leaves room for the
    # sanitizers' bookkeeping in the ASan+UBSan run).
    rss_before = resident_kib(s.proc.pid)
    raw = socket.create_connection((s.host, s.port), timeout=10)
    raw.sendall(b"GET /rt/r2 HTTP/1.1\r\nHost: x\r\n")
    block = (b"X-Flood: " + b"a" * 1000 + b"\r\n") * 64
    sent = 0
    try:
        while sent < 200 << 20:
            raw.sendall(block)
            sent += len(block)
    except OSError:
        pass
    rss_after = resident_kib(s.proc.pid)
    try:
        answer = read_answer(raw)
    except OSError:
        answer = b""
    raw.close()
    ck.true("header flood: 431",
            answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large"
                              b"\r\nConnection: close\r\n") and
            answer.endswith(b"Request header fields too large: the request "
                            b"line and header fields are past 8192 bytes\r\n"),
            answer)
    ck.true("header flood: memory flat (%d -> %d KiB, %d MB sent)" %
            (rss_before, rss_after, sent >> 20),
            sent > 8 << 20 and rss_after - rss_before < 32768)
    # Keep-alive as Jetty's: an idle connection is still open after the
    # 2 s that closed httplib's (http.client's RemoteDisconnected).
    c = s.connection()
    st1, _, _ = s.request("GET", "/rt/r2", headers=JSON, conn=c)
    time.sleep(2.5)
    st2, _, _ = s.request("GET", "/rt/r2", headers=JSON, conn=c)
    c.close()
    ck.eq("keep-alive past 2 s idle", (st1, st2), (200, 200))
    # An answer to a request whose body was not read says Connection:
    # close, without Keep-Alive, and closes: the unread bytes, here a
    # request of their own, are never served.
    smuggled = b"GET /version HTTP/1.1\r\nHost: x\r\n\r\n"
    for label, head, status in [
            ("Content-Length no number", b"Content-Length: abc\r\n", 400),
            ("multipart body", b"Content-Type: multipart/form-data\r\n"
             b"Content-Length: %d\r\n" % len(smuggled), 415),
            ("Content-Length past the limit",
             b"Content-Length: 99999999999\r\n", 413)]:
        raw = socket.create_connection((s.host, s.port), timeout=10)
        raw.sendall(b"PUT /rt/smuggle HTTP/1.1\r\nHost: x\r\n" + head +
                    b"\r\n" + smuggled)
        answer = b""
        while True:
            got = raw.recv(4096)
            if not got:
                break
            answer += got
        raw.close()
        head_text = answer.split(b"\r\n\r\n", 1)[0]
        ck.true(label + ": answered once, then closed",
                answer.startswith(b"HTTP/1.1 %d" % status) and
                answer.count(b"HTTP/1.1 ") == 1 and
                b"\r\nConnection: close" in head_text and
                b"Keep-Alive" not in head_text, answer)
    # No Content-Length and no Transfer-Encoding: an empty body (RFC 9112
    # 6.3), as the HBase guide's `curl -X POST .../namespaces/special_ns`.
    raw = socket.create_connection((s.host, s.port), timeout=10)
    raw.sendall(b"POST /namespaces/empty_body_ns HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = read_answer(raw)
    raw.close()
    ck.true("POST without a body: 201", answer.startswith(b"HTTP/1.1 201"),
            answer)
    st, _, _ = s.request("GET", "/namespaces/empty_body_ns", headers=JSON)
    ck.eq("the namespace exists", st, 200)
    st, _, _ = s.request("DELETE", "/namespaces/empty_body_ns")
    ck.eq("DELETE without a body", st, 200)


def test_metrics(s, ck):
    st, h, body = s.request("GET", "/metrics")
    ck.eq("metrics", st, 200)
    text = body.decode()
    ck.true("partition counters", 'obkv_partition_requests_total{engine="' in
            text and 'table="rt",family="f",partition="0",kind="write"}' in
            text, text[:2000])
    ck.true("latency histogram",
            'obkv_rest_request_duration_seconds_bucket{operation="row_get",'
            'le="+Inf"}' in text)
    ck.true("open scanners", "obkv_rest_open_scanners{engine=" in text)
    promtool = shutil.which("promtool")
    if promtool:
        out = subprocess.run([promtool, "check", "metrics"], input=body,
                             capture_output=True, timeout=60)
        ck.eq("promtool check metrics", (out.returncode, out.stdout + out.stderr),
              (0, b""))
    else:
        ck.true("promtool installed (prometheus package)", False)
    for page in ("/ui", "/ui/status", "/ui/table/rt"):
        st, h, body = s.request("GET", page)
        ck.eq("page " + page, (st, h.get("content-type")),
              (200, "text/html; charset=utf-8"))
    st, _, body = s.request("GET", "/ui")
    ck.true("no password on /ui", b"password" not in body.lower() and
            b"OBKV_MYSQL_PASSWORD" not in body)
    st, _, _ = s.request("GET", "/ui/table/nosuch")
    ck.eq("page of a missing table: 404", st, 404)


def test_concurrency(s, ck):
    """16 clients at once on a 4-thread server: every answer right."""
    import threading
    results = []

    def client(n):
        for i in range(20):
            try:
                st, doc = s.get_json("/rt/r2")
                results.append(st == 200 and cells_of(doc) ==
                               [("r2", "f:a", 20, "v2")])
            except OSError as e:
                results.append(repr(e))

    threads = [threading.Thread(target=client, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    ck.eq("16 x 20 concurrent GETs", (len(results), results.count(True)),
          (320, 320))


def test_listen_errors(obkv, store, s, ck, workdir):
    out = subprocess.run([obkv, "--store", store, "rest", "start", "-p",
                          str(s.port)], capture_output=True, text=True,
                         timeout=30)
    ck.eq("port in use: exit 1", out.returncode, 1)
    ck.eq("port in use: message", out.stderr,
          "obkv: cannot listen on 127.0.0.1:%d (address in use, or not an "
          "address here)\n" % s.port)
    # A gateway that cannot listen creates no store.
    missing = os.path.join(workdir, "never_created.db")
    if os.path.exists(missing):
        os.remove(missing)
    out = subprocess.run([obkv, "--store", missing, "rest", "start", "-p",
                          str(s.port)], capture_output=True, text=True,
                         timeout=30)
    ck.eq("port in use, new store: exit 1", out.returncode, 1)
    ck.true("port in use: no store file created", not os.path.exists(missing),
            os.listdir(workdir))
    # TLS options in pairs, and files that exist: refused before anything.
    for extra, message in [
            (["--tls-cert", "c.pem"], "obkv: --tls-cert and --tls-key: give "
             "both (a certificate and its key) or neither\n"),
            (["--tls-client-ca", "ca.pem"], "obkv: --tls-client-ca: needs "
             "--tls-cert and --tls-key (client certificates are asked for "
             "over TLS)\n"),
            (["--tls-cert", "/nonexistent.pem", "--tls-key", "k.pem"],
             "obkv: --tls-cert /nonexistent.pem: cannot read a PEM "
             "certificate (chain) from it\n"),
            # Beyond the loopback only secured, or with --insecure.
            (["-b", "0.0.0.0"], "obkv: --bind 0.0.0.0: not the loopback, and "
             "the gateway would serve anyone who can reach it in the clear; "
             "secure it (--tls-cert and --tls-key, or --auth-file or "
             "--auth-env), or pass --insecure to do so anyway\n"),
            (["--auth-env", "OBKV_TEST_NO_SUCH_VARIABLE"],
             "obkv: --auth-env OBKV_TEST_NO_SUCH_VARIABLE: the variable is "
             "not set\n"),
            (["--auth-file", "/nonexistent.auth"],
             "obkv: --auth-file /nonexistent.auth: cannot be read\n")]:
        out = subprocess.run([obkv, "--store", missing, "rest", "start", "-p",
                              "0"] + extra, capture_output=True, text=True,
                             timeout=30)
        ck.eq("TLS options %s: exit 1, named" % extra[0],
              (out.returncode, out.stderr), (1, message))
        ck.true("TLS options %s: no store file" % extra[0],
                not os.path.exists(missing))
    out = subprocess.run([obkv, "rest", "start"], capture_output=True,
                         text=True, timeout=30)
    ck.eq("no --store: usage", (out.returncode, out.stderr),
          (2, "obkv: rest start: --store PATH is required\n"))


def test_scanner_expiry(ro, ck):
    st, h, _ = ro.request("PUT", "/rt/scanner", '{"batch":1}',
                          {"Content-Type": "application/json"})
    ck.eq("scanner on a read-only server", st, 201)
    path = h["location"].split(ro.address, 1)[1]
    time.sleep(2.6)  # --scanner-idle-seconds 1, swept every 250 ms
    st, _, _ = ro.request("GET", path, headers=JSON)
    ck.eq("idle scanner expired: 404", st, 404)
    st, _, body = ro.request("GET", "/metrics")
    ck.true("expiry counted", b"obkv_rest_expired_scanners_total 1\n" in body)


def test_unavailable(s, ck):
    """MariaDB killed under the server: 503, then 200 once it is back."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                          "..", "..", "scripts", "mariadb_server.sh")
    mdir = os.path.dirname(os.environ["OBKV_TEST_MYSQL_SOCKET"])
    subprocess.run([script, "kill", mdir], check=True, capture_output=True,
                   timeout=60)
    try:
        st, _, body = s.request("GET", "/rt/r2", headers=JSON)
        ck.eq("store down: 503", st, 503)
        ck.true("503 says why", body.startswith(b"Service unavailable: "),
                body)
        st, _, _ = put_cells(s, "rt", [("down", [("f:a", 1, "x")])])
        ck.eq("write while the store is down: 503", st, 503)
    finally:
        subprocess.run([script, "restart", mdir], check=True,
                       capture_output=True, timeout=120)
    st, _, _ = s.request("GET", "/rt/r2", headers=JSON)
    ck.eq("store back: 200", st, 200)
    st, _, _ = s.request("GET", "/rt/down", headers=JSON)
    ck.eq("the refused write is absent", st, 404)


def test_log(obkv, store, ck, workdir, servers):
    """The gateway's log: one line per event, the client named."""
    log = os.path.join(workdir, "rest-log-test.log")
    if os.path.exists(log):
        os.remove(log)
    s = Server(obkv, store, ["--log-level", "debug", "--max-body-bytes", "100"],
               workdir, log="rest-log-test.log")
    servers.append(s)
    st, _, body = s.request("GET", "/version/cluster")
    ck.eq("log: a request", st, 200)
    st, _, _ = s.request("PUT", "/rt/big", "x" * 200,
                         {"Content-Type": "application/json"})
    ck.eq("log: a body past the limit", st, 413)
    raw = socket.create_connection((s.host, s.port), timeout=10)
    raw.sendall(b"\x00\xff garbage\r\n\r\n")
    raw.recv(100)
    raw.close()
    ck.eq("log: stops with 0", s.stop(), 0)
    with open(log) as f:
        lines = f.read().splitlines()
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z obkv rest "
    client = r"client=127\.0\.0\.1:\d+: "
    for what, pattern in [
            ("start", stamp + r"INFO start: serving HBase REST on 127\.0\.0\.1:%d "
             r"\(8 workers, store .*\)$" % s.port),
            ("request", stamp + r"DEBUG request " + client +
             r"GET /version/cluster 200 %d bytes$" % len(body)),
            ("limit", stamp + r"WARN limit " + client + r"PUT /rt/big 413 \d+ "
             r"bytes: Payload too large: the limit is 100 bytes$"),
            ("refused", stamp + r"WARN refused " + client + r"Bad request: not an HTTP/1\.1 "
             r"request this server can read \(answered 400\)$"),
            ("stop", stamp + r"INFO stop: stopped \(SIGTERM\); every request "
             r"answered was committed$")]:
        ck.true("log: a %s line" % what,
                any(re.match(pattern, line) for line in lines), lines)
    # warn: neither start nor the requests.
    os.remove(log)
    s = Server(obkv, store, ["--log-level", "warn"], workdir,
               log="rest-log-test.log")
    servers.append(s)
    s.request("GET", "/version/cluster")
    ck.eq("log warn: stops with 0", s.stop(), 0)
    with open(log) as f:
        ck.eq("log warn: nothing below WARN", f.read(), "")
    bad = subprocess.run([obkv, "--store", store, "rest", "start", "-p", "0",
                          "--log-level", "loud"],
                         capture_output=True, text=True, timeout=60)
    ck.eq("--log-level loud", (bad.returncode, bad.stderr),
          (1, "obkv: --log-level: must be error, warn, info or debug, got 'loud'\n"))


def main():
    obkv, workdir, kind = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(workdir, exist_ok=True)
    servers = []
    watchdog(240, lambda: [x.kill() for x in servers])
    store, extra = store_location(kind, workdir, "rest_api_" + kind)
    reset_store(obkv, store)
    obkv_create(obkv, store, {"table": "rp", "families": [{"name": "f"}],
                              "partition": {"strategy": "range", "column": "K",
                                            "bounds": ["g", "p", "MAXVALUE"]}},
                extra, workdir)
    obkv_create(obkv, store, {"table": "rk", "families": [{"name": "f"}],
                              "partition": {"strategy": "key",
                                            "partitions": 7}}, extra, workdir)
    obkv_create(obkv, store, {"table": "rts", "layout": "timeseries",
                              "families": [{"name": "m"}]}, extra, workdir)
    obkv_create(obkv, store, RS_SPEC, extra, workdir)
    rs_cells = os.path.join(workdir, "rs.tsv")
    with open(rs_cells, "w") as f:
        f.write("\n".join(RS_CELLS) + "\n")
    subprocess.run([obkv, "--store", store, "load", "rs", rs_cells],
                   check=True, capture_output=True, timeout=60)
    ck = Checks()
    s = Server(obkv, store, ["--max-body-bytes", "4096", "--threads", "4"],
               workdir)
    servers.append(s)
    ck.true("listening line names loopback", s.host == "127.0.0.1",
            s.first_line)
    for test in (test_cluster, test_schema, test_namespaces, test_regions,
                 test_cells, test_check_and_mutate, test_scanners,
                 test_timeseries, test_bad_input,
                 test_metrics):
        test(s, ck)
    test_region_sizes(s, ck, store)
    test_concurrency(s, ck)
    test_listen_errors(obkv, store, s, ck, workdir)
    test_log(obkv, store, ck, workdir, servers)
    if kind == "mariadb":
        test_unavailable(s, ck)
    # A second, read-only server on the same store.
    ro = Server(obkv, store, ["--readonly", "--scanner-idle-seconds", "1"],
                workdir)
    servers.append(ro)
    test_scanner_expiry(ro, ck)
    st, _, _ = put_cells(ro, "rt", [("ro", [("f:a", 1, "x")])])
    ck.eq("read-only PUT: 403", st, 403)
    st, _, _ = ro.request("DELETE", "/rt/r2")
    ck.eq("read-only DELETE: 403", st, 403)
    st, _, _ = ro.request("PUT", "/ro/schema", '{"ColumnSchema":[]}',
                          {"Content-Type": "application/json"})
    ck.eq("read-only schema PUT: 403", st, 403)
    st, _ = ro.get_json("/rt/r2")
    ck.eq("read-only GET", st, 200)
    ck.eq("read-only server stops with 0", ro.stop(), 0)
    # SIGTERM while a PUT is in flight: it is answered 200 and lands, then
    # the server exits 0.
    body = json.dumps({"Row": [{"key": b64("inflight"), "Cell": [
        {"column": b64("f:a"), "$": b64("landed")}]}]}).encode()
    raw = socket.create_connection((s.host, s.port), timeout=20)
    raw.sendall(b"PUT /rt/x HTTP/1.1\r\nHost: x\r\nContent-Type: "
                b"application/json\r\nContent-Length: %d\r\n\r\n" %
                len(body) + body[:10])
    time.sleep(0.3)
    s.proc.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    raw.sendall(body[10:])
    answer = raw.recv(100)
    raw.close()
    ck.true("in-flight PUT answered after SIGTERM",
            answer.startswith(b"HTTP/1.1 200 OK"), answer)
    ck.eq("SIGTERM stops with exit 0", s.stop(), 0)
    out = subprocess.run([obkv, "--store", store, "get", "rt", "inflight"],
                         capture_output=True, text=True, timeout=60)
    ck.true("the in-flight PUT landed", "landed" in out.stdout,
            out.stdout + out.stderr)
    return ck.finish("rest_api_test " + kind)


if __name__ == "__main__":
    sys.exit(main())
