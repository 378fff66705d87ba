#!/usr/bin/env python3
"""HBase's REST API in protobuf (application/x-protobuf, doc/rest.md) on
`obkv rest start`: every model HBase serves in protobuf, read and written
with messages generated from src/server/rest/rest_models.proto, and each
cross-checked against the JSON answer of the same request.

    rest_protobuf_test.py OBKV WORKDIR GENERATED_PY sqlite|shards3|mariadb
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rest_harness import (Checks, Server, b64, obkv_create, reset_store,  # noqa
                          store_location, unb64, watchdog)

PB = "application/x-protobuf"
ACCEPT_PB = {"Accept": PB}
SEND_PB = {"Content-Type": PB, "Accept": PB}


def get_pb(s, path, message, headers=ACCEPT_PB):
    st, h, body = s.request("GET", path, headers=headers)
    if st == 200:
        message.ParseFromString(body)
    return st, h.get("content-type"), message


def cells_of_json(doc):
    return [(unb64(r["key"]), unb64(c["column"]), c["timestamp"],
             unb64(c["$"])) for r in doc["Row"] for c in r["Cell"]]


def cells_of_pb(cell_set):
    return [(r.key, c.column, c.timestamp, c.data)
            for r in cell_set.rows for c in r.values]


def test_models(s, ck, pb):
    st, ctype, v = get_pb(s, "/version", pb.Version())
    ck.eq("version: 200", st, 200)
    ck.eq("version: content type", ctype, PB)
    _, doc = s.get_json("/version")
    ck.eq("version: as JSON",
          (v.restVersion, v.jvmVersion, v.osVersion, v.serverVersion,
           v.jerseyVersion),
          (doc["REST"], doc["JVM"], doc["OS"], doc["Server"], doc["Jersey"]))
    # IETF's name is accepted too; /version/cluster has no protobuf form in
    # HBase (StorageClusterVersionModel).
    st, _, _ = get_pb(s, "/version", pb.Version(),
                      {"Accept": "application/protobuf"})
    ck.eq("application/protobuf: 200", st, 200)
    st, _, body = s.request("GET", "/version/cluster", headers=ACCEPT_PB)
    ck.eq("cluster version: 406", st, 406)
    ck.eq("406 names the types", body,
          b"Not acceptable: this resource produces text/plain, text/xml, "
          b"application/json\r\n")

    st, _, tables = get_pb(s, "/", pb.TableList())
    ck.eq("table list: 200", st, 200)
    _, doc = s.get_json("/")
    ck.eq("table list: as JSON", list(tables.name),
          [t["name"] for t in doc["table"]])

    st, _, status = get_pb(s, "/status/cluster", pb.StorageClusterStatus())
    _, doc = s.get_json("/status/cluster")
    ck.eq("status: 200", st, 200)
    ck.eq("status: regions", status.regions, doc["regions"])
    ck.eq("status: node", [n.name for n in status.liveNodes],
          [n["name"] for n in doc["LiveNodes"]])
    ck.eq("status: region names",
          [r.name for r in status.liveNodes[0].regions],
          [unb64(r["name"]) for r in doc["LiveNodes"][0]["Region"]])
    # HBase sets every Region field, cpRequestsCount (14) too.
    ck.eq("status: cpRequestsCount set",
          {r.HasField("cpRequestsCount") for r in status.liveNodes[0].regions},
          {True})

    st, _, nss = get_pb(s, "/namespaces", pb.Namespaces())
    _, doc = s.get_json("/namespaces")
    ck.eq("namespaces: as JSON", list(nss.namespace), doc["Namespace"])
    st, _, props = get_pb(s, "/namespaces/default", pb.NamespaceProperties())
    ck.eq("namespace properties: 200", st, 200)

    st, _, info = get_pb(s, "/pk/regions", pb.TableInfo())
    _, doc = s.get_json("/pk/regions")
    ck.eq("regions: 200", st, 200)
    ck.eq("regions: as JSON",
          [(r.name, r.startKey, r.endKey, r.id, r.location)
           for r in info.regions],
          [(r["name"], unb64(r["startKey"]), unb64(r["endKey"]), r["id"],
            r["location"]) for r in doc["Region"]])


def test_schema(s, ck, pb):
    schema = pb.TableSchema(name="ps")
    col = schema.columns.add(name="f", maxVersions=3)
    col.attrs.add(name="BLOOMFILTER", value="ROWCOL")
    schema.columns.add(name="g", ttl=86400)
    st, _, body = s.request("PUT", "/ps/schema", schema.SerializeToString(),
                            SEND_PB)
    ck.eq("protobuf schema PUT: 201", st, 201)
    _, doc = s.get_json("/ps/schema")
    ck.eq("created as the message says",
          [(c["name"], c["VERSIONS"], c["TTL"], c.get("BLOOMFILTER"))
           for c in doc["ColumnSchema"]],
          [("f", "3", "2147483647", "ROWCOL"), ("g", "1", "86400", None)])
    st, _, back = get_pb(s, "/ps/schema", pb.TableSchema())
    ck.eq("schema GET: 200", st, 200)
    ck.eq("schema: name", back.name, "ps")
    ck.eq("schema: columns, maxVersions and ttl",
          [(c.name, c.maxVersions, c.ttl) for c in back.columns],
          [("f", 3, 2147483647), ("g", 1, 86400)])
    ck.eq("schema: attrs as JSON's",
          {a.name: a.value for a in back.columns[0].attrs},
          {k: v for k, v in doc["ColumnSchema"][0].items() if k != "name"})
    st, _, body = s.request("PUT", "/ps/schema", b"\x0a\x05ps", SEND_PB)
    ck.eq("truncated message: 400", st, 400)
    ck.eq("400 names the message", body,
          b"Bad request: body: not a protobuf TableSchema message "
          b"(malformed, or a required field missing)\r\n")


def test_cells(s, ck, pb):
    cs = pb.CellSet()
    row = cs.rows.add(key=b"r\x00\xff")
    row.values.add(column=b"f:a", timestamp=5, data=b"v\x00")
    row.values.add(column=b"f:b", data=b"now")
    # HBase's LATEST_TIMESTAMP, which RemoteHTable sends for a Put without
    # a timestamp: the server's clock.
    row.values.add(column=b"f:c", timestamp=2**63 - 1, data=b"latest")
    cs.rows.add(key=b"r2").values.add(column=b"f:a", timestamp=7, data=b"x")
    st, _, body = s.request("PUT", "/pk/fakerow", cs.SerializeToString(),
                            SEND_PB)
    ck.eq("protobuf CellSet PUT: 200", st, 200)
    st, ctype, got = get_pb(s, "/pk/r%00%FF", pb.CellSet())
    ck.eq("row GET: 200", st, 200)
    ck.eq("row GET: content type", ctype, PB)
    _, doc = s.get_json("/pk/r%00%FF")
    ck.eq("row: protobuf as JSON", cells_of_pb(got), cells_of_json(doc))
    cells = cells_of_pb(got)
    ck.eq("row: cells", [(k, c, v) for k, c, _, v in cells],
          [(b"r\x00\xff", b"f:a", b"v\x00"), (b"r\x00\xff", b"f:b", b"now"),
           (b"r\x00\xff", b"f:c", b"latest")])
    ck.eq("row: timestamps", cells[0][2], 5)
    ck.true("server clock for none and LATEST_TIMESTAMP",
            cells[1][2] > 10**12 and cells[2][2] > 10**12, cells)
    st, _, got = get_pb(s, "/pk/multiget?row=r2&row=r%00%FF", pb.CellSet())
    ck.eq("multiget: rows", [r.key for r in got.rows], [b"r2", b"r\x00\xff"])
    # A missing required key is refused and writes nothing.
    st, _, body = s.request("PUT", "/pk/x", b"\x0a\x02\x12\x00", SEND_PB)
    ck.eq("Row without key: 400", st, 400)
    st, _, _ = s.request("GET", "/pk/x", headers=ACCEPT_PB)
    ck.eq("nothing written: 404", st, 404)


def test_table_scan(s, ck, pb):
    """GET /T/PREFIX* in protobuf: HBase's TableScanResource streams the
    rows as CellSets of at most hbase.rest.scan.fetchsize (10) rows, each
    after its size as a 2-byte big-endian short (ProtobufStreamingOutput)."""
    cs = pb.CellSet()
    for i in range(23):
        cs.rows.add(key=b"ts%02d" % i).values.add(column=b"f:q", timestamp=3,
                                                  data=b"v%d" % i)
    st, _, _ = s.request("PUT", "/pk/fakerow", cs.SerializeToString(), SEND_PB)
    ck.eq("table scan rows put", st, 200)
    st, h, body = s.request("GET", "/pk/ts*", headers=ACCEPT_PB)
    ck.eq("table scan: 200", (st, h.get("content-type")), (200, PB))
    sizes, keys = [], []
    while body:
        size = int.from_bytes(body[:2], "big")
        part = pb.CellSet()
        part.ParseFromString(body[2:2 + size])
        body = body[2 + size:]
        sizes.append(len(part.rows))
        keys += [r.key for r in part.rows]
    ck.eq("table scan: 10 rows a message", sizes, [10, 10, 3])
    ck.eq("table scan: every row once, in order", keys,
          [b"ts%02d" % i for i in range(23)])
    st, _, body = s.request("GET", "/pk/nosuchprefix*", headers=ACCEPT_PB)
    ck.eq("table scan, no row: 200 and no message", (st, body), (200, b""))


def test_scanner(s, ck, pb):
    cs = pb.CellSet()
    for i in range(5):
        cs.rows.add(key=b"s%d" % i).values.add(column=b"f:q", timestamp=1,
                                               data=b"v%d" % i)
    st, _, _ = s.request("PUT", "/pk/fakerow", cs.SerializeToString(), SEND_PB)
    ck.eq("scanner rows put", st, 200)
    model = pb.Scanner(startRow=b"s1", endRow=b"s9", batch=2,
                       columns=[b"f:q"], caching=10, cacheBlocks=True,
                       filter=json.dumps({"type": "PrefixFilter",
                                          "value": b64("s")}))
    st, h, _ = s.request("PUT", "/pk/scanner", model.SerializeToString(),
                         SEND_PB)
    ck.eq("protobuf scanner create: 201", st, 201)
    path = h.get("location", "").split(s.address, 1)[-1]
    rows = []
    for _ in range(4):
        st, _, got = get_pb(s, path, pb.CellSet())
        if st != 200:
            break
        ck.true("batch of at most 2", len(cells_of_pb(got)) <= 2, got)
        rows += [k for k, _, _, _ in cells_of_pb(got)]
    ck.eq("scanned rows", rows, [b"s1", b"s2", b"s3", b"s4"])
    ck.eq("exhausted: 204", st, 204)
    bad = pb.Scanner(batch=0)
    st, _, body = s.request("PUT", "/pk/scanner", bad.SerializeToString(),
                            SEND_PB)
    ck.eq("batch 0: 400", st, 400)
    ck.eq("400 names the field", body,
          b"Bad request: body: Scanner.batch: must be an integer in "
          b"[1, 1000000], got '0'\r\n")


def main():
    obkv, workdir, generated, kind = sys.argv[1:5]
    sys.path.insert(0, generated)
    import rest_models_pb2 as pb  # generated at build time

    os.makedirs(workdir, exist_ok=True)
    servers = []
    watchdog(120, lambda: [x.kill() for x in servers])
    store, extra = store_location(kind, workdir, "rest_pb_" + kind)
    reset_store(obkv, store)
    obkv_create(obkv, store, {"table": "pk", "families": [{"name": "f"}],
                              "partition": {"strategy": "key",
                                            "partitions": 3}}, extra, workdir)
    ck = Checks()
    s = Server(obkv, store, [], workdir)
    servers.append(s)
    for test in (test_models, test_schema, test_cells, test_table_scan,
                 test_scanner):
        test(s, ck, pb)
    ck.eq("server stops with 0", s.stop(), 0)
    sys.exit(ck.finish("rest_protobuf_" + kind))


if __name__ == "__main__":
    main()
