# Copyright (c) obkvlite authors.
#
# Drives `obkv thrift2 start` (HBase's THBaseService, started by the CTest
# fixture scripts/thrift_server.sh start2 on the store of a Thrift1
# gateway) with Debian's python3-thrift and stubs generated from
# src/server/thrift2/hbase2.thrift at build time: every method, over the
# four transport x protocol pairs and HTTP (THttpClient), with exact
# results, each cross-checked
# against the Thrift1 gateway on the same store. A check value of None
# leaves the field unset on the wire: HBase's "the cell does not exist".
#
#   python3 hbase_thrift2_test.py THRIFT2_DIR THRIFT1_DIR GEN_PY_DIR
#
# Every socket has a timeout, and a watchdog dumps the stacks and exits
# if the whole run hangs.

import faulthandler
import os
import struct
import sys
import unittest
import warnings

THRIFT2_DIR = sys.argv[1]
THRIFT1_DIR = sys.argv[2]
sys.path.insert(0, sys.argv[3])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "thrift"))
del sys.argv[1:4]

from thrift.protocol import TBinaryProtocol  # noqa: E402
from thrift.transport import THttpClient  # noqa: E402

from hbase2 import THBaseService  # noqa: E402
from hbase2.ttypes import (TAppend, TColumn, TColumnFamilyDescriptor,  # noqa: E402
                           TColumnIncrement, TColumnValue, TCompareOperator,
                           TDelete, TDeleteType, TDurability, TGet,
                           TIllegalArgument, TIncrement, TIOError,
                           TMutation, TNamespaceDescriptor, TPut,
                           TRowMutations, TScan, TTableDescriptor,
                           TTableName, TThriftServerType, TTimeRange,
                           TCompressionAlgorithm,
                           TAccessControlEntity, TPermissionScope,
                           TLogQueryFilter)
import thrift_client  # noqa: E402  (Thrift1, tests/server/thrift/)

warnings.simplefilter("ignore", ResourceWarning)
faulthandler.dump_traceback_later(240, exit=True)
PORT2 = int(open(os.path.join(THRIFT2_DIR, "port")).read())
PORT1 = int(open(os.path.join(THRIFT1_DIR, "port")).read())
FOREVER = 2147483647


def connect2(framed=False, compact=False, http=False):
    if http:  # THttpClient: one POST per call, binary inside
        transport = THttpClient.THttpClient("http://127.0.0.1:%d/" % PORT2)
        transport.setTimeout(20000)
        transport.open()
        client = THBaseService.Client(TBinaryProtocol.TBinaryProtocol(transport))
        client.transport = transport
        return client
    protocol = thrift_client.open_protocol(PORT2, framed, compact)
    client = THBaseService.Client(protocol)
    client.transport = protocol.trans
    return client


def cv(family, qualifier, value, ts=None):
    return TColumnValue(family=family, qualifier=qualifier, value=value,
                        timestamp=ts)


def cells(result):
    """[(family, qualifier, timestamp, value)] of a TResult."""
    out = []
    for c in result.columnValues:
        assert c.type == 4, c
        out.append((c.family, c.qualifier, c.timestamp, c.value))
    return out


def long_bytes(n):
    return struct.pack(">q", n)


class Thrift2Case(unittest.TestCase):
    framed = False
    compact = False
    http = False

    @classmethod
    def setUpClass(cls):
        cls.c = connect2(cls.framed, cls.compact, cls.http)
        cls.c1 = thrift_client.connect(PORT1)
        cls.suffix = ("h" if cls.http else "f" if cls.framed else "b") + (
            "c" if cls.compact else "n")

    @classmethod
    def tearDownClass(cls):
        cls.c.transport.close()
        cls.c1.transport.close()

    def fresh(self, name, families=None):
        """A new table "py2_NAME_SUFFIX" created through Thrift2."""
        t = ("py2_%s_%s" % (name, self.suffix)).encode()
        tn = TTableName(qualifier=t)
        if self.c.tableExists(tn):
            if self.c.isTableEnabled(tn):
                self.c.disableTable(tn)
            self.c.deleteTable(tn)
        self.c.createTable(TTableDescriptor(
            tableName=tn,
            columns=families or [TColumnFamilyDescriptor(name=b"f", maxVersions=3),
                                 TColumnFamilyDescriptor(name=b"g")]), None)
        return t

    def row1(self, table, row):
        """{column: (value, timestamp)} of Thrift1's getRow."""
        rows = self.c1.getRow(table, row, {})
        if not rows:
            return {}
        return {k: (v.value, v.timestamp) for k, v in rows[0].columns.items()}

    def test_put_get(self):
        t = self.fresh("putget")
        c = self.c
        c.put(t, TPut(row=b"r", columnValues=[cv(b"f", b"a", b"v1", 5),
                                               cv(b"f", b"a", b"v2", 7),
                                               cv(b"g", b"b", b"x", 9)]))
        r = c.get(t, TGet(row=b"r", maxVersions=3))
        self.assertEqual(r.row, b"r")
        self.assertEqual(cells(r), [(b"f", b"a", 7, b"v2"), (b"f", b"a", 5, b"v1"),
                                    (b"g", b"b", 9, b"x")])
        self.assertEqual(self.row1(t, b"r"), {b"f:a": (b"v2", 7), b"g:b": (b"x", 9)})
        r = c.get(t, TGet(row=b"r", columns=[TColumn(family=b"f", qualifier=b"a")],
                          timeRange=TTimeRange(minStamp=0, maxStamp=6)))
        self.assertEqual(cells(r), [(b"f", b"a", 5, b"v1")])
        r = c.get(t, TGet(row=b"r", timestamp=9))
        self.assertEqual(cells(r), [(b"g", b"b", 9, b"x")])
        r = c.get(t, TGet(row=b"r", filterString=b"QualifierFilter(=,'binary:b')"))
        self.assertEqual(cells(r), [(b"g", b"b", 9, b"x")])
        r = c.get(t, TGet(row=b"none"))
        self.assertIsNone(r.row)
        self.assertEqual(r.columnValues, [])
        self.assertTrue(c.exists(t, TGet(row=b"r")))
        self.assertFalse(c.exists(t, TGet(row=b"none")))
        self.assertEqual(c.existsAll(t, [TGet(row=b"none"), TGet(row=b"r")]), [False, True])
        many = c.getMultiple(t, [TGet(row=b"r"), TGet(row=b"none")])
        self.assertEqual([m.row for m in many], [b"r", None])
        # A put without timestamps takes the put's, else the server's time.
        c.put(t, TPut(row=b"s", columnValues=[cv(b"f", b"a", b"p")], timestamp=42))
        self.assertEqual(self.row1(t, b"s"), {b"f:a": (b"p", 42)})
        c.putMultiple(t, [TPut(row=b"m1", columnValues=[cv(b"f", b"a", b"1")]),
                          TPut(row=b"m2", columnValues=[cv(b"f", b"a", b"2")])])
        # Thrift1's write, Thrift2's read.
        self.c1.mutateRow(t, b"w", [thrift_client_mutation(b"f:z", b"from1")], {})
        self.assertEqual(cells(c.get(t, TGet(row=b"w")))[0][3], b"from1")

    def test_deletes(self):
        t = self.fresh("deletes")
        c = self.c

        def fill(row):
            c.put(t, TPut(row=row, columnValues=[cv(b"f", b"a", b"a1", 1),
                                                  cv(b"f", b"a", b"a2", 2),
                                                  cv(b"f", b"b", b"b2", 2),
                                                  cv(b"g", b"c", b"c3", 3)]))

        def left(row):
            return [(f, q, ts) for f, q, ts, _ in
                    cells(c.get(t, TGet(row=row, maxVersions=5)))]

        fill(b"r")
        c.deleteSingle(t, TDelete(row=b"r", columns=[TColumn(family=b"f", qualifier=b"a")],
                                  deleteType=TDeleteType.DELETE_COLUMN))
        self.assertEqual(left(b"r"), [(b"f", b"a", 1), (b"f", b"b", 2), (b"g", b"c", 3)])
        fill(b"r")
        # deleteType defaults to DELETE_COLUMNS: every version.
        c.deleteSingle(t, TDelete(row=b"r", columns=[TColumn(family=b"f", qualifier=b"a")]))
        self.assertEqual(left(b"r"), [(b"f", b"b", 2), (b"g", b"c", 3)])
        fill(b"r")
        c.deleteSingle(t, TDelete(row=b"r", columns=[TColumn(family=b"f")],
                                  deleteType=TDeleteType.DELETE_FAMILY))
        self.assertEqual(left(b"r"), [(b"g", b"c", 3)])
        fill(b"r")
        c.deleteSingle(t, TDelete(row=b"r", columns=[TColumn(family=b"f", timestamp=2)],
                                  deleteType=TDeleteType.DELETE_FAMILY_VERSION))
        self.assertEqual(left(b"r"), [(b"f", b"a", 1), (b"g", b"c", 3)])
        fill(b"r")
        c.deleteSingle(t, TDelete(row=b"r", timestamp=2))
        self.assertEqual(left(b"r"), [(b"g", b"c", 3)])
        self.assertEqual(self.row1(t, b"r"), {b"g:c": (b"c3", 3)})
        fill(b"s")
        self.assertEqual(c.deleteMultiple(t, [TDelete(row=b"r"), TDelete(row=b"s")]), [])
        self.assertEqual(left(b"r") + left(b"s"), [])
        with self.assertRaises(TIOError) as e:
            c.deleteSingle(t, TDelete(row=b"r", columns=[TColumn(family=b"f")],
                                      deleteType=TDeleteType.DELETE_FAMILY_VERSION))
        self.assertEqual(e.exception.message, "deleteSingle: tdelete.columns[0].timestamp: "
                                              "required by DELETE_FAMILY_VERSION")

    def test_increment_append(self):
        t = self.fresh("counters")
        c = self.c
        r = c.increment(t, TIncrement(row=b"c", columns=[
            TColumnIncrement(family=b"f", qualifier=b"n", amount=5),
            TColumnIncrement(family=b"f", qualifier=b"m")]))
        self.assertEqual([(q, v) for _, q, _, v in cells(r)],
                         [(b"m", long_bytes(1)), (b"n", long_bytes(5))])
        self.assertEqual(self.c1.atomicIncrement(t, b"c", b"f:n", 1), 6)
        r = c.increment(t, TIncrement(row=b"c", returnResults=False, columns=[
            TColumnIncrement(family=b"f", qualifier=b"n", amount=-10)]))
        self.assertEqual(r.columnValues, [])
        self.assertEqual(self.c1.atomicIncrement(t, b"c", b"f:n", 0), -4)
        r = c.append(t, TAppend(row=b"s", columns=[cv(b"f", b"a", b"ab")]))
        self.assertEqual(cells(r)[0][3], b"ab")
        r = c.append(t, TAppend(row=b"s", columns=[cv(b"f", b"a", b"cd")]))
        self.assertEqual(cells(r)[0][3], b"abcd")
        self.assertEqual(self.row1(t, b"s")[b"f:a"][0], b"abcd")

    def test_check_and_mutate(self):
        t = self.fresh("cam")
        c = self.c
        put = TPut(row=b"r", columnValues=[cv(b"f", b"a", b"1")])
        # None: the value field is not sent, HBase's "does not exist".
        self.assertTrue(c.checkAndPut(t, b"r", b"f", b"a", None, put))
        self.assertFalse(c.checkAndPut(t, b"r", b"f", b"a", None, put))
        self.assertTrue(c.checkAndPut(t, b"r", b"f", b"a", b"1",
                                      TPut(row=b"r", columnValues=[cv(b"f", b"b", b"B")])))
        self.assertFalse(c.checkAndPut(t, b"r", b"f", b"a", b"2",
                                       TPut(row=b"r", columnValues=[cv(b"f", b"c", b"C")])))
        self.assertEqual(sorted(self.row1(t, b"r")), [b"f:a", b"f:b"])
        delete = TDelete(row=b"r", columns=[TColumn(family=b"f", qualifier=b"b")])
        self.assertFalse(c.checkAndDelete(t, b"r", b"f", b"a", b"x", delete))
        self.assertTrue(c.checkAndDelete(t, b"r", b"f", b"a", b"1", delete))
        self.assertFalse(c.checkAndDelete(t, b"r", b"f", b"zz", b"1", delete))
        self.assertTrue(c.checkAndDelete(t, b"r", b"f", b"zz", None, delete))
        self.assertEqual(sorted(self.row1(t, b"r")), [b"f:a"])
        rm = TRowMutations(row=b"r", mutations=[
            TMutation(put=TPut(row=b"r", columnValues=[cv(b"g", b"x", b"X")])),
            TMutation(deleteSingle=TDelete(row=b"r", columns=[TColumn(family=b"f", qualifier=b"a")]))])
        # The operand is on the left, as in HBase: "2" op "1".
        for op in (TCompareOperator.LESS, TCompareOperator.LESS_OR_EQUAL,
                   TCompareOperator.EQUAL):
            self.assertFalse(c.checkAndMutate(t, b"r", b"f", b"a", op, b"2", rm))
        self.assertEqual(sorted(self.row1(t, b"r")), [b"f:a"])
        self.assertTrue(c.checkAndMutate(t, b"r", b"f", b"a", TCompareOperator.GREATER, b"2", rm))
        self.assertEqual(sorted(self.row1(t, b"r")), [b"g:x"])
        # NOT_EQUAL with no value: the cell exists (and is not empty).
        self.assertTrue(c.checkAndMutate(t, b"r", b"g", b"x", TCompareOperator.NOT_EQUAL, None,
                                         TRowMutations(row=b"r", mutations=[TMutation(
                                             put=TPut(row=b"r", columnValues=[cv(b"g", b"y", b"Y")]))])))
        with self.assertRaises(TIOError) as e:
            c.checkAndMutate(t, b"r", b"g", b"x", TCompareOperator.NO_OP, b"X", rm)
        self.assertIn("NO_OP compares nothing", e.exception.message)
        # A number no enumerator has, even outside the enum's bit range.
        for op in (9, -1, 2**31 - 1):
            with self.assertRaises(TIOError) as e:
                c.checkAndMutate(t, b"r", b"g", b"x", op, b"X", rm)
            self.assertEqual(e.exception.message,
                             "checkAndMutate: compareOperator: must be LESS (0) to GREATER (5), "
                             "got %d (NO_OP compares nothing)" % op)

    def test_mutate_row(self):
        t = self.fresh("mutaterow")
        c = self.c
        c.put(t, TPut(row=b"r", columnValues=[cv(b"f", b"a", b"old", 1), cv(b"g", b"b", b"B", 1)]))
        c.mutateRow(t, TRowMutations(row=b"r", mutations=[
            TMutation(put=TPut(row=b"r", columnValues=[cv(b"f", b"c", b"new", 2)])),
            TMutation(deleteSingle=TDelete(row=b"r", columns=[TColumn(family=b"g")],
                                           deleteType=TDeleteType.DELETE_FAMILY))]))
        self.assertEqual(self.row1(t, b"r"), {b"f:a": (b"old", 1), b"f:c": (b"new", 2)})
        with self.assertRaises(TIOError) as e:
            c.mutateRow(t, TRowMutations(row=b"r", mutations=[
                TMutation(put=TPut(row=b"r", columnValues=[cv(b"f", b"d", b"D")])),
                TMutation(put=TPut(row=b"other", columnValues=[cv(b"f", b"d", b"D")]))]))
        self.assertEqual(e.exception.message,
                         "mutateRow: trowMutations.mutations[1]: the row 'other' differs "
                         "from the row 'r' of the row mutations")
        self.assertEqual(self.row1(t, b"r"), {b"f:a": (b"old", 1), b"f:c": (b"new", 2)})

    def test_scanners(self):
        t = self.fresh("scan")
        c = self.c
        for row in (b"a", b"b", b"c", b"d"):
            c.put(t, TPut(row=row, columnValues=[cv(b"f", b"1", b"x", 1), cv(b"f", b"2", b"y", 1),
                                                  cv(b"g", b"3", b"z", 1)]))
        sid = c.openScanner(t, TScan(startRow=b"b"))
        self.assertEqual([r.row for r in c.getScannerRows(sid, 2)], [b"b", b"c"])
        self.assertEqual([r.row for r in c.getScannerRows(sid, 2)], [b"d"])
        self.assertEqual(c.getScannerRows(sid, 2), [])
        c.closeScanner(sid)
        with self.assertRaises(TIllegalArgument):
            c.getScannerRows(sid, 1)
        c.closeScanner(sid)  # an unknown id: no error
        parts = c.getScannerResults(t, TScan(startRow=b"a", stopRow=b"b", batchSize=2), 10)
        self.assertEqual([(r.row, len(r.columnValues), r.partial) for r in parts],
                         [(b"a", 2, True), (b"a", 1, False)])
        rev = c.getScannerResults(t, TScan(startRow=b"c", reversed=True, limit=2), 10)
        self.assertEqual([r.row for r in rev], [b"c", b"b"])
        only = c.getScannerResults(t, TScan(columns=[TColumn(family=b"g")],
                                            filterString=b"PrefixFilter('d')"), 10)
        self.assertEqual([(r.row, cells(r)) for r in only], [(b"d", [(b"g", b"3", 1, b"z")])])
        # Thrift1's scanner returns the same rows.
        sid1 = self.c1.scannerOpen(t, b"", [], {})
        self.assertEqual([r.row for r in self.c1.scannerGetList(sid1, 10)],
                         [b"a", b"b", b"c", b"d"])
        self.c1.scannerClose(sid1)

    def test_regions(self):
        c = self.c
        locations = c.getAllRegionLocations(b"thrift_regions")
        self.assertEqual([(l.regionInfo.startKey, l.regionInfo.endKey) for l in locations],
                         [(b"", b"g"), (b"g", b"p"), (b"p", b"")])
        self.assertEqual(c.getRegionLocation(b"thrift_regions", b"h", False).regionInfo.regionId, 1)
        self.assertEqual(locations[0].serverName.port, PORT2)
        regions1 = self.c1.getTableRegions(b"thrift_regions")
        self.assertEqual([(r.startKey, r.endKey) for r in regions1],
                         [(l.regionInfo.startKey, l.regionInfo.endKey) for l in locations])

    def test_table_admin(self):
        c = self.c
        t = self.fresh("admin", [TColumnFamilyDescriptor(
            name=b"f", maxVersions=2, timeToLive=600,
            compressionType=TCompressionAlgorithm.SNAPPY)])
        tn = TTableName(qualifier=t)
        d = c.getTableDescriptor(tn)
        self.assertEqual((d.tableName.ns, d.tableName.qualifier), (b"default", t))
        f = d.columns[0]
        self.assertEqual((f.name, f.maxVersions, f.timeToLive, f.compressionType),
                         (b"f", 2, 600, TCompressionAlgorithm.SNAPPY))
        cols1 = self.c1.getColumnDescriptors(t)
        self.assertEqual((cols1[b"f:"].maxVersions, cols1[b"f:"].timeToLive), (2, 600))
        c.addColumnFamily(tn, TColumnFamilyDescriptor(name=b"h", maxVersions=FOREVER))
        c.modifyColumnFamily(tn, TColumnFamilyDescriptor(name=b"f", maxVersions=5))
        d = c.getTableDescriptor(tn)
        self.assertEqual([(x.name, x.maxVersions, x.timeToLive) for x in d.columns],
                         [(b"f", 5, FOREVER), (b"h", FOREVER, FOREVER)])
        c.deleteColumnFamily(tn, b"h")
        c.modifyTable(TTableDescriptor(tableName=tn, columns=[
            TColumnFamilyDescriptor(name=b"f"), TColumnFamilyDescriptor(name=b"k")],
            attributes={b"OWNER": b"bob"}))
        d = c.getTableDescriptor(tn)
        self.assertEqual([x.name for x in d.columns], [b"f", b"k"])
        self.assertEqual(d.attributes[b"OWNER"], b"bob")
        names = [n.qualifier for n in c.getTableNamesByPattern("py2_admin_.*", False)]
        self.assertIn(t, names)
        self.assertEqual([x.tableName.qualifier for x in
                          c.getTableDescriptorsByPattern(t.decode(), False)], [t])
        self.assertEqual([x.tableName.qualifier for x in c.getTableDescriptors([tn])], [t])
        self.assertIn(t, [x.qualifier for x in c.getTableNamesByNamespace("default")])
        self.assertIn(t, [x.tableName.qualifier for x in
                          c.getTableDescriptorsByNamespace("default")])
        c.put(t, TPut(row=b"r", columnValues=[cv(b"f", b"a", b"x")]))
        with self.assertRaises(TIOError):
            c.truncateTable(tn, True)  # enabled
        c.disableTable(tn)
        self.assertTrue(c.isTableDisabled(tn))
        self.assertFalse(c.isTableAvailable(tn))
        c.truncateTable(tn, False)
        self.assertTrue(c.isTableEnabled(tn))
        self.assertTrue(c.isTableAvailableWithSplit(tn, []))
        self.assertFalse(c.exists(t, TGet(row=b"r")))
        c.disableTable(tn)
        c.deleteTable(tn)
        self.assertFalse(c.tableExists(tn))
        # Pre-split.
        split = TTableName(qualifier=("py2_split_%s" % self.suffix).encode())
        if c.tableExists(split):
            c.disableTable(split)
            c.deleteTable(split)
        c.createTable(TTableDescriptor(tableName=split, columns=[
            TColumnFamilyDescriptor(name=b"f")]), [b"m", b"d"])
        self.assertEqual([l.regionInfo.startKey for l in
                          c.getAllRegionLocations(split.qualifier)], [b"", b"d", b"m"])
        self.assertTrue(c.isTableAvailableWithSplit(split, [b"d", b"m"]))
        c.disableTable(split)
        c.deleteTable(split)

    def test_namespaces(self):
        c = self.c
        ns = "py2ns_%s" % self.suffix
        if ns in c.listNamespaces():
            c.deleteNamespace(ns)
        c.createNamespace(TNamespaceDescriptor(name=ns, configuration={"k": "v"}))
        self.assertEqual(c.getNamespaceDescriptor(ns).configuration, {"k": "v"})
        c.modifyNamespace(TNamespaceDescriptor(name=ns, configuration={"k2": "v2"}))
        self.assertEqual(c.getNamespaceDescriptor(ns).configuration, {"k2": "v2"})
        self.assertIn(ns, c.listNamespaces())
        self.assertIn(ns, [d.name for d in c.listNamespaceDescriptors()])
        self.assertEqual(c.getTableNamesByNamespace(ns), [])
        c.deleteNamespace(ns)
        self.assertNotIn(ns, c.listNamespaces())
        with self.assertRaises(TIOError):
            c.getNamespaceDescriptor(ns)

    def test_server(self):
        c = self.c
        self.assertEqual(c.getThriftServerType(), TThriftServerType.TWO)
        self.assertEqual(c.getClusterId(), self.c1.getClusterId())
        self.assertEqual(c.getSlowLogResponses(set(), TLogQueryFilter()), [])
        # Python's generated structs are not hashable: an empty set, as
        # HBase's "every server".
        self.assertEqual(c.clearSlowLogResponses(set()), [True])
        with self.assertRaises(TIOError):
            c.grant(TAccessControlEntity(username="u", scope=TPermissionScope.TABLE,
                                         actions="R", tableName="t"))
        with self.assertRaises(TIOError):
            c.revoke(TAccessControlEntity(username="u", scope=TPermissionScope.TABLE,
                                          actions="R", tableName="t"))

    def test_bad_input(self):
        t = self.fresh("bad")
        c = self.c
        for put, message in (
                (TPut(row=b"", columnValues=[cv(b"f", b"a", b"x")]),
                 "put: tput.row: must not be empty"),
                (TPut(row=b"r" * 1025, columnValues=[cv(b"f", b"a", b"x")]),
                 "put: tput.row: 1025 bytes, limit 1024"),
                (TPut(row=b"r", columnValues=[cv(b"f", b"q" * 257, b"x")]),
                 "put: tput.columnValues[0].qualifier: 257 bytes, limit 256"),
                (TPut(row=b"r", columnValues=[cv(b"f", b"a", b"x")], durability=7),
                 "put: tput.durability: must be 0 (USE_DEFAULT) to 4 (FSYNC_WAL), got 7"),
                # Numbers outside every enumerator's bits: read as numbers.
                (TPut(row=b"r", columnValues=[cv(b"f", b"a", b"x")], durability=9),
                 "put: tput.durability: must be 0 (USE_DEFAULT) to 4 (FSYNC_WAL), got 9"),
                (TPut(row=b"r", columnValues=[cv(b"f", b"a", b"x")], durability=-5),
                 "put: tput.durability: must be 0 (USE_DEFAULT) to 4 (FSYNC_WAL), got -5"),
                (TPut(row=b"r", columnValues=[cv(b"nope", b"a", b"x")]),
                 "put: table '%s' has no column family 'nope'" % t.decode()),
                (TPut(row=b"r", columnValues=[cv(b"f", b"a", b"x")],
                      attributes={b"_ttl": b"\x01"}),
                 "put: tput.attributes[\"_ttl\"]: must be an 8-byte big-endian long, got 1 bytes")):
            with self.assertRaises(TIOError) as e:
                c.put(t, put)
            self.assertEqual(e.exception.message, message)
        self.assertFalse(c.exists(t, TGet(row=b"r")))
        with self.assertRaises(TIOError) as e:
            c.deleteSingle(t, TDelete(row=b"r", columns=[TColumn(family=b"f", qualifier=b"a")],
                                      deleteType=1000))
        self.assertEqual(e.exception.message,
                         "deleteSingle: tdelete.deleteType: must be 0 (DELETE_COLUMN) to 3 "
                         "(DELETE_FAMILY_VERSION), got 1000")
        # An unknown consistency reads as STRONG.
        self.assertEqual(c.get(t, TGet(row=b"r", consistency=77)).columnValues, [])
        with self.assertRaises(TIOError) as e:
            c.createTable(TTableDescriptor(
                tableName=TTableName(qualifier=t + b"_enum"),
                columns=[TColumnFamilyDescriptor(name=b"f", compressionType=99)]), None)
        self.assertIn("compressionType: no such value: 99", e.exception.message)
        for durability in (TDurability.USE_DEFAULT, TDurability.SKIP_WAL, TDurability.ASYNC_WAL,
                           TDurability.SYNC_WAL, TDurability.FSYNC_WAL):
            c.put(t, TPut(row=b"r", columnValues=[cv(b"f", b"a", b"x")], durability=durability))
        self.assertTrue(c.exists(t, TGet(row=b"r")))
        with self.assertRaises(TIOError) as e:
            c.get(b"missing_table", TGet(row=b"r"))
        self.assertTrue(e.exception.message.startswith("get: "))


def thrift_client_mutation(column, value):
    from hbase.ttypes import Mutation
    return Mutation(column=column, value=value)


class GarbageCase(unittest.TestCase):
    def send(self, data):
        return thrift_client.send_raw(PORT2, data)

    def test_garbage_then_served(self):
        self.assertEqual(self.send(b"\xff\xff\xff\xff\x80\x01"), b"")
        self.assertIn(b"max-frame-bytes", self.send(b"\x7f\xff\xff\xff\x80\x01\x00\x01"))
        self.assertEqual(self.send(b"\x80\x02\x00\x01"), b"")
        # A call whose arguments cannot be decoded is answered, naming it.
        got = self.send(b"\x80\x01\x00\x01\x00\x00\x00\x03get\x00\x00\x00\x01"
                        b"\x0b\x00\x01\xff\xff\xff\xf0")
        self.assertIn(b"get: cannot decode the arguments", got)
        # HTTP: another method than POST, a body over --max-frame-bytes,
        # and a body that is no call are each answered with a close.
        self.assertEqual(self.send(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), b"")
        self.assertEqual(self.send(b"POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n"
                                   + b"x" * 100), b"")
        self.assertEqual(self.send(b"POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcd"), b"")
        c = connect2()
        self.assertEqual(c.getThriftServerType(), TThriftServerType.TWO)
        c.transport.close()


def load_tests(loader, tests, pattern):
    suite = unittest.TestSuite()
    for framed in (False, True):
        for compact in (False, True):
            name = "%s_%s" % ("framed" if framed else "buffered",
                              "compact" if compact else "binary")
            case = type(name, (Thrift2Case,), {"framed": framed, "compact": compact})
            suite.addTests(loader.loadTestsFromTestCase(case))
    suite.addTests(loader.loadTestsFromTestCase(
        type("http_binary", (Thrift2Case,), {"http": True})))
    suite.addTests(loader.loadTestsFromTestCase(GarbageCase))
    return suite


if __name__ == "__main__":
    unittest.main(verbosity=1, warnings="ignore")
