# Copyright (c) obkvlite authors.
#
# Drives `obkv thrift start` (started by the CTest fixture,
# scripts/thrift_server.sh) with Debian's python3-thrift and stubs generated
# from src/server/thrift/hbase.thrift at build time, over the four
# transport x protocol pairs, and checks HBase's documented results: exact
# cells and timestamps, version counts, TRowResult maps and sortedColumns,
# exception types and messages.
#
#   python3 hbase_thrift_test.py GATEWAY_DIR GEN_PY_DIR
#
# Every socket has a timeout, and a watchdog dumps the stacks and exits
# if the whole run hangs.

import faulthandler
import os
import struct
import sys
import time
import unittest
import warnings

GATEWAY_DIR = sys.argv[1]
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
del sys.argv[1:3]

from thrift.protocol import TBinaryProtocol, TCompactProtocol  # noqa: E402
from thrift.Thrift import TApplicationException, TMessageType, TType  # noqa: E402
from thrift.transport import THttpClient, TTransport  # noqa: E402

from hbase import Hbase  # noqa: E402
import thrift_client  # noqa: E402
from hbase.ttypes import (AlreadyExists, BatchMutation, ColumnDescriptor,  # noqa: E402
                          IllegalArgument, IOError, Mutation, TAppend,
                          TCell, TColumn, TIncrement, TRowResult, TScan,
                          TThriftServerType, TAccessControlEntity,
                          TPermissionScope)

warnings.simplefilter("ignore", ResourceWarning)
faulthandler.dump_traceback_later(240, exit=True)
PORT = int(open(os.path.join(GATEWAY_DIR, "port")).read())
FOREVER = 2147483647


def connect(framed, compact):
    client = thrift_client.connect(PORT, framed, compact)
    return client, client.transport


def long_bytes(n):
    return struct.pack(">q", n)


class GatewayCase(unittest.TestCase):
    framed = False
    compact = False

    @classmethod
    def setUpClass(cls):
        cls.client, cls.transport = connect(cls.framed, cls.compact)
        cls.suffix = ("f" if cls.framed else "b") + ("c" if cls.compact else "n")

    @classmethod
    def tearDownClass(cls):
        cls.transport.close()

    def table(self, name):
        return ("%s_%s" % (name, self.suffix)).encode()

    def fresh_table(self, name, families=None):
        t = self.table(name)
        c = self.client
        if t in c.getTableNames():
            if c.isTableEnabled(t):
                c.disableTable(t)
            c.deleteTable(t)
        c.createTable(t, families or [ColumnDescriptor(name=b"cf:", maxVersions=3),
                                      ColumnDescriptor(name=b"g")])
        return t

    def put(self, t, row, column, value, ts):
        self.client.mutateRowTs(t, row, [Mutation(column=column, value=value)], ts, {})

    # ---- admin --------------------------------------------------------
    def test_admin(self):
        c = self.client
        t = self.fresh_table("admin", [
            ColumnDescriptor(name=b"cf:", maxVersions=5),
            ColumnDescriptor(name=b"ttl", maxVersions=1, timeToLive=3600)])
        self.assertIn(t, c.getTableNames())
        self.assertEqual(c.getTableNames(), sorted(c.getTableNames()))
        with self.assertRaises(AlreadyExists) as e:
            c.createTable(t, [ColumnDescriptor(name=b"cf:")])
        self.assertIn(t.decode(), e.exception.message)
        with self.assertRaises(IllegalArgument) as e:
            c.createTable(self.table("nofam"), [])
        self.assertIn("columnFamilies", e.exception.message)
        with self.assertRaises(IllegalArgument) as e:
            c.createTable(self.table("badver"), [ColumnDescriptor(name=b"cf", maxVersions=0)])
        self.assertIn("columnFamilies[0].maxVersions", e.exception.message)
        self.assertNotIn(self.table("badver"), c.getTableNames())
        with self.assertRaises(IllegalArgument) as e:
            c.createTable(self.table("badname"), [ColumnDescriptor(name=b"bad$name")])
        self.assertTrue(e.exception.message.startswith("createTable: columnFamilies[0].name"),
                        e.exception.message)
        with self.assertRaises(IllegalArgument) as e:
            c.createTable(b"bad table", [ColumnDescriptor(name=b"cf")])
        self.assertTrue(e.exception.message.startswith("createTable: tableName"),
                        e.exception.message)
        descriptors = c.getColumnDescriptors(t)
        self.assertEqual(sorted(descriptors), [b"cf:", b"ttl:"])
        self.assertEqual(descriptors[b"cf:"], ColumnDescriptor(
            name=b"cf:", maxVersions=5, compression="NONE", inMemory=False,
            bloomFilterType="NONE", bloomFilterVectorSize=0,
            bloomFilterNbHashes=0, blockCacheEnabled=True, timeToLive=FOREVER))
        self.assertEqual(descriptors[b"ttl:"].maxVersions, 1)
        self.assertEqual(descriptors[b"ttl:"].timeToLive, 3600)
        self.assertTrue(c.isTableEnabled(t))
        self.assertTrue(c.getTableNamesWithIsTableEnabled()[t])
        with self.assertRaises(IOError) as e:
            c.deleteTable(t)
        self.assertIn("disable it first", e.exception.message)
        c.disableTable(t)
        self.assertFalse(c.isTableEnabled(t))
        self.assertFalse(c.getTableNamesWithIsTableEnabled()[t])
        with self.assertRaises(IOError) as e:
            c.getRow(t, b"r", {})
        self.assertIn("disabled", e.exception.message)
        with self.assertRaises(IOError):
            c.disableTable(t)
        c.enableTable(t)
        self.assertTrue(c.isTableEnabled(t))
        c.disableTable(t)
        c.deleteTable(t)
        self.assertNotIn(t, c.getTableNames())
        for call in (lambda: c.deleteTable(t), lambda: c.isTableEnabled(t),
                     lambda: c.getColumnDescriptors(t),
                     lambda: c.enableTable(t), lambda: c.getTableRegions(t)):
            with self.assertRaises(IOError) as e:
                call()
            self.assertIn("'%s'" % t.decode(), e.exception.message)

    def test_namespace_table(self):
        c = self.client
        t = ("thrift_ns:" + self.table("nst").decode()).encode()
        if t in c.getTableNames():
            c.disableTable(t)
            c.deleteTable(t)
        c.createTable(t, [ColumnDescriptor(name=b"cf")])
        self.assertIn(t, c.getTableNames())
        self.put(t, b"r", b"cf:q", b"v", 7)
        self.assertEqual(c.get(t, b"r", b"cf:q", {}), [TCell(value=b"v", timestamp=7)])
        with self.assertRaises(IOError) as e:
            c.createTable(b"nosuchns:t", [ColumnDescriptor(name=b"cf")])
        self.assertIn("nosuchns", e.exception.message)

    def test_regions(self):
        regions = self.client.getTableRegions(b"thrift_regions")
        self.assertEqual([(r.startKey, r.endKey, r.id) for r in regions],
                         [(b"", b"g", 0), (b"g", b"p", 1), (b"p", b"", 2)])
        # HBase's "table,start,id.encoded.", as REST names the region.
        self.assertEqual(regions[1].name, b"thrift_regions,g,1.p1.")
        self.assertEqual(regions[1].port, PORT)
        self.assertEqual(regions[1].serverName, b"127.0.0.1")
        info = self.client.getRegionInfo(b"thrift_regions,h,99")
        self.assertEqual(info.id, 1)
        # A region's own name finds it.
        self.assertEqual(self.client.getRegionInfo(regions[2].name).id, 2)
        t = self.fresh_table("plain")
        plain = self.client.getTableRegions(t)
        self.assertEqual([(r.startKey, r.endKey) for r in plain], [(b"", b"")])

    def test_compact(self):
        c = self.client
        t = self.fresh_table("compact", [ColumnDescriptor(name=b"cf", maxVersions=1)])
        for ts in (1, 2, 3):
            self.put(t, b"r", b"cf:q", b"v%d" % ts, ts)
        c.compact(t)
        c.majorCompact(t + b",,0")
        self.assertEqual(c.getVer(t, b"r", b"cf:q", 5, {}), [TCell(value=b"v3", timestamp=3)])
        with self.assertRaises(IOError):
            c.compact(b"no_such_table")

    def test_server(self):
        c = self.client
        self.assertEqual(c.getThriftServerType(), TThriftServerType.ONE)
        self.assertTrue(c.getClusterId().startswith("obkvlite:"))
        entity = TAccessControlEntity(username="u", scope=TPermissionScope.TABLE,
                                      actions="R", tableName=b"t")
        for call in (c.grant, c.revoke):
            with self.assertRaises(IOError) as e:
                call(entity)
            self.assertIn("not supported", e.exception.message)

    # ---- reads ----------------------------------------------------------
    def test_get_versions(self):
        c = self.client
        t = self.fresh_table("ver")
        for ts in (100, 200, 300):
            self.put(t, b"r1", b"cf:a", b"v%d" % ts, ts)
        self.put(t, b"r1", b"cf:b", b"b", 150)
        self.put(t, b"r1", b"g:x", b"gx", 50)
        self.assertEqual(c.get(t, b"r1", b"cf:a", {}), [TCell(b"v300", 300)])
        self.assertEqual(c.getVer(t, b"r1", b"cf:a", 2, {}),
                         [TCell(b"v300", 300), TCell(b"v200", 200)])
        self.assertEqual(len(c.getVer(t, b"r1", b"cf:a", 10, {})), 3)
        # Ts: strictly older than the timestamp, as HBase's handler.
        self.assertEqual(c.getVerTs(t, b"r1", b"cf:a", 300, 10, {}),
                         [TCell(b"v200", 200), TCell(b"v100", 100)])
        self.assertEqual(c.getVerTs(t, b"r1", b"cf:a", 100, 10, {}), [])
        # A family name returns each column's newest cell.
        self.assertEqual(c.get(t, b"r1", b"cf", {}), [TCell(b"v300", 300), TCell(b"b", 150)])
        self.assertEqual(c.get(t, b"r1", b"cf:", {}), [TCell(b"v300", 300), TCell(b"b", 150)])
        self.assertEqual(c.get(t, b"nope", b"cf:a", {}), [])
        with self.assertRaises(IOError) as e:
            c.getVer(t, b"r1", b"cf:a", 0, {})
        self.assertIn("numVersions", e.exception.message)
        with self.assertRaises(IOError) as e:
            c.get(t, b"r1", b"zz:a", {})
        self.assertIn("'zz'", e.exception.message)
        with self.assertRaises(IOError) as e:
            c.get(b"no_such_table", b"r1", b"cf:a", {})
        self.assertIn("'no_such_table'", e.exception.message)

    def test_get_rows(self):
        c = self.client
        t = self.fresh_table("rows")
        self.put(t, b"r1", b"cf:a", b"a1", 10)
        self.put(t, b"r1", b"cf:a", b"a2", 20)
        self.put(t, b"r1", b"g:x", b"x1", 15)
        self.put(t, b"r2", b"cf:b", b"b1", 30)
        row1 = TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a2", 20),
                                              b"g:x": TCell(b"x1", 15)})
        self.assertEqual(c.getRow(t, b"r1", {}), [row1])
        self.assertIsNone(c.getRow(t, b"r1", {})[0].sortedColumns)
        self.assertEqual(c.getRow(t, b"nope", {}), [])
        self.assertEqual(c.getRowTs(t, b"r1", 20, {}),
                         [TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a1", 10),
                                                         b"g:x": TCell(b"x1", 15)})])
        self.assertEqual(c.getRowWithColumns(t, b"r1", [b"g"], {}),
                         [TRowResult(row=b"r1", columns={b"g:x": TCell(b"x1", 15)})])
        self.assertEqual(c.getRowWithColumns(t, b"r1", [b"cf:a"], {}),
                         [TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a2", 20)})])
        self.assertEqual(c.getRowWithColumnsTs(t, b"r1", [b"cf:a"], 15, {}),
                         [TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a1", 10)})])
        row2 = TRowResult(row=b"r2", columns={b"cf:b": TCell(b"b1", 30)})
        self.assertEqual(c.getRows(t, [b"r2", b"nope", b"r1"], {}), [row2, row1])
        self.assertEqual(c.getRowsWithColumns(t, [b"r1", b"r2"], [b"cf"], {}),
                         [TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a2", 20)}), row2])
        self.assertEqual(c.getRowsTs(t, [b"r1", b"r2"], 30, {}),
                         [TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a2", 20),
                                                         b"g:x": TCell(b"x1", 15)})])
        self.assertEqual(c.getRowsWithColumnsTs(t, [b"r1", b"r2"], [b"cf:a"], 11, {}),
                         [TRowResult(row=b"r1", columns={b"cf:a": TCell(b"a1", 10)})])
        with self.assertRaises(IOError) as e:
            c.getRowWithColumns(t, b"r1", [b"nofam:a"], {})
        self.assertIn("'nofam'", e.exception.message)

    def test_get_row_or_before(self):
        c = self.client
        t = self.fresh_table("before")
        self.put(t, b"r1", b"cf:a", b"a", 5)
        self.put(t, b"r3", b"cf:a", b"c", 6)
        self.assertEqual(c.getRowOrBefore(t, b"r2", b"cf"), [TCell(b"a", 5)])
        self.assertEqual(c.getRowOrBefore(t, b"r3", b"cf"), [TCell(b"c", 6)])
        self.assertEqual(c.getRowOrBefore(t, b"r0", b"cf"), [])

    # ---- writes ---------------------------------------------------------
    def test_mutate_row(self):
        c = self.client
        t = self.fresh_table("mut")
        before = int(time.time() * 1000)
        c.mutateRow(t, b"r", [Mutation(column=b"cf:a", value=b"1"),
                              Mutation(column=b"cf:b", value=b"2"),
                              Mutation(column=b"g", value=b"empty-qualifier")], {})
        after = int(time.time() * 1000)
        row = c.getRow(t, b"r", {})[0]
        self.assertEqual(sorted(row.columns), [b"cf:a", b"cf:b", b"g:"])
        stamps = {cell.timestamp for cell in row.columns.values()}
        self.assertEqual(len(stamps), 1, "one mutateRow, one timestamp")
        # The server's clock: increments elsewhere in the store (the other
        # tests' counters) do not move this row's (row_clock.h).
        stamp = stamps.pop()
        self.assertTrue(before <= stamp <= after + 1, (before, stamp, after))
        # Deletes apply before the puts of the same call.
        c.mutateRowTs(t, b"r", [Mutation(column=b"cf:a", value=b"new"),
                                Mutation(isDelete=True, column=b"cf:a")], 10**13, {})
        self.assertEqual(c.get(t, b"r", b"cf:a", {}), [TCell(b"new", 10**13)])
        c.mutateRow(t, b"r", [Mutation(isDelete=True, column=b"cf:a")], {})
        self.assertEqual(c.get(t, b"r", b"cf:a", {}), [])
        # A bare family, or "family:", deletes the family.
        c.mutateRow(t, b"r", [Mutation(isDelete=True, column=b"cf:")], {})
        self.assertEqual(sorted(c.getRow(t, b"r", {})[0].columns), [b"g:"])
        c.mutateRow(t, b"r", [Mutation(isDelete=True, column=b"g")], {})
        self.assertEqual(c.getRow(t, b"r", {}), [])

    def test_mutate_ts_deletes(self):
        c = self.client
        t = self.fresh_table("mutts")
        for ts in (1, 2, 3):
            self.put(t, b"r", b"cf:a", b"v%d" % ts, ts)
        c.mutateRowTs(t, b"r", [Mutation(isDelete=True, column=b"cf:a")], 2, {})
        self.assertEqual(c.getVer(t, b"r", b"cf:a", 9, {}), [TCell(b"v3", 3)])
        with self.assertRaises(IllegalArgument) as e:
            c.mutateRowTs(t, b"r", [Mutation(column=b"cf:a", value=b"x")], -1, {})
        self.assertIn("timestamp", e.exception.message)

    def test_mutate_rows_atomic(self):
        c = self.client
        t = self.fresh_table("rowsmut")
        c.mutateRows(t, [BatchMutation(row=b"a", mutations=[Mutation(column=b"cf:q", value=b"1")]),
                         BatchMutation(row=b"b", mutations=[Mutation(column=b"cf:q", value=b"2")])], {})
        self.assertEqual([r.row for r in c.getRows(t, [b"a", b"b"], {})], [b"a", b"b"])
        c.mutateRowsTs(t, [BatchMutation(row=b"c", mutations=[Mutation(column=b"cf:q", value=b"3")])],
                       42, {})
        self.assertEqual(c.get(t, b"c", b"cf:q", {}), [TCell(b"3", 42)])
        # A bad family anywhere refuses the whole call: nothing lands.
        with self.assertRaises(IOError) as e:
            c.mutateRows(t, [BatchMutation(row=b"d", mutations=[Mutation(column=b"cf:q", value=b"4")]),
                             BatchMutation(row=b"e", mutations=[Mutation(column=b"nofam:q", value=b"5")])], {})
        self.assertIn("'nofam'", e.exception.message)
        self.assertEqual(c.getRows(t, [b"d", b"e"], {}), [])
        # So does a value over the family's limit (1 MiB).
        with self.assertRaises(IllegalArgument) as e:
            c.mutateRows(t, [BatchMutation(row=b"d", mutations=[Mutation(column=b"cf:q", value=b"4")]),
                             BatchMutation(row=b"e", mutations=[Mutation(column=b"cf:q",
                                                                         value=b"x" * (1048576 + 1))])], {})
        self.assertEqual(e.exception.message, "mutateRows: rowBatches[1].mutations[0].value: "
                                              "1048577 bytes, limit 1048576")
        self.assertEqual(c.getRows(t, [b"d", b"e"], {}), [])
        for row, column, message in [
                (b"", b"cf:q", "mutateRow: row: must not be empty"),
                (b"k" * 1025, b"cf:q", "mutateRow: row: 1025 bytes, limit 1024"),
                (b"r", b"cf:" + b"q" * 257,
                 "mutateRow: mutations[0].column's qualifier: 257 bytes, limit 256")]:
            with self.assertRaises(IllegalArgument) as e:
                c.mutateRow(t, row, [Mutation(column=column, value=b"v")], {})
            self.assertEqual(e.exception.message, message)
        with self.assertRaises(IOError):
            c.mutateRow(b"no_such_table", b"r", [Mutation(column=b"cf:q", value=b"1")], {})

    def test_delete_all(self):
        c = self.client
        t = self.fresh_table("delall")
        for ts in (1, 2, 3):
            self.put(t, b"r", b"cf:a", b"v%d" % ts, ts)
            self.put(t, b"r", b"cf:b", b"b%d" % ts, ts)
            self.put(t, b"r", b"g:c", b"c%d" % ts, ts)
        c.deleteAllTs(t, b"r", b"cf:a", 2, {})
        self.assertEqual(c.getVer(t, b"r", b"cf:a", 9, {}), [TCell(b"v3", 3)])
        c.deleteAll(t, b"r", b"cf:a", {})
        self.assertEqual(c.getVer(t, b"r", b"cf:a", 9, {}), [])
        c.deleteAllRowTs(t, b"r", 2, {})
        self.assertEqual(c.getVer(t, b"r", b"g:c", 9, {}), [TCell(b"c3", 3)])
        self.assertEqual(c.getVer(t, b"r", b"cf:b", 9, {}), [TCell(b"b3", 3)])
        c.deleteAll(t, b"r", b"g", {})
        self.assertEqual(sorted(c.getRow(t, b"r", {})[0].columns), [b"cf:b"])
        c.deleteAllRow(t, b"r", {})
        self.assertEqual(c.getRow(t, b"r", {}), [])
        with self.assertRaises(IOError) as e:
            c.deleteAll(t, b"r", b"nofam:a", {})
        self.assertIn("'nofam'", e.exception.message)

    def test_increment(self):
        c = self.client
        t = self.fresh_table("inc")
        self.assertEqual(c.atomicIncrement(t, b"r", b"cf:n", 5), 5)
        self.assertEqual(c.atomicIncrement(t, b"r", b"cf:n", -2), 3)
        c.increment(TIncrement(table=t, row=b"r", column=b"cf:n", ammount=10))
        c.incrementRows([TIncrement(table=t, row=b"r", column=b"cf:n", ammount=1),
                         TIncrement(table=t, row=b"s", column=b"cf:m", ammount=7)])
        self.assertEqual(c.get(t, b"r", b"cf:n", {})[0].value, long_bytes(14))
        self.assertEqual(c.get(t, b"s", b"cf:m", {})[0].value, long_bytes(7))
        self.put(t, b"r", b"cf:s", b"abc", 1)
        with self.assertRaises((IOError, IllegalArgument)) as e:
            c.atomicIncrement(t, b"r", b"cf:s", 1)
        self.assertIn("8-byte", e.exception.message)
        with self.assertRaises(IOError):
            c.increment(TIncrement(table=t, row=b"r", column=b"nofam:n", ammount=1))

    def test_append(self):
        c = self.client
        t = self.fresh_table("app")
        self.put(t, b"r", b"cf:a", b"x", 5)
        cells = c.append(TAppend(table=t, row=b"r", columns=[b"cf:a", b"cf:b"],
                                 values=[b"yz", b"new"]))
        self.assertEqual([cell.value for cell in cells], [b"xyz", b"new"])
        self.assertGreater(cells[0].timestamp, 5)
        self.assertEqual(c.get(t, b"r", b"cf:a", {})[0].value, b"xyz")
        with self.assertRaises(IOError) as e:
            c.append(TAppend(table=t, row=b"r", columns=[b"cf:a"], values=[]))
        self.assertIn("1 columns but 0 values", e.exception.message)

    def test_check_and_put(self):
        c = self.client
        t = self.fresh_table("cap")
        put = Mutation(column=b"cf:a", value=b"first")
        # No value: the check is that the cell does not exist.
        self.assertTrue(c.checkAndPut(t, b"r", b"cf:a", None, put, {}))
        self.assertFalse(c.checkAndPut(t, b"r", b"cf:a", None, put, {}))
        self.assertFalse(c.checkAndPut(t, b"r", b"cf:a", b"other",
                                       Mutation(column=b"cf:a", value=b"no"), {}))
        self.assertTrue(c.checkAndPut(t, b"r", b"cf:a", b"first",
                                      Mutation(column=b"cf:b", value=b"yes"), {}))
        self.assertEqual(c.get(t, b"r", b"cf:a", {})[0].value, b"first")
        self.assertEqual(c.get(t, b"r", b"cf:b", {})[0].value, b"yes")
        with self.assertRaises(IOError):
            c.checkAndPut(t, b"r", b"nofam:a", None, put, {})

    # ---- scanners -------------------------------------------------------
    def fill(self, t, n=20):
        batches = [BatchMutation(row=b"r%02d" % i, mutations=[
            Mutation(column=b"cf:a", value=b"a%d" % i),
            Mutation(column=b"cf:b", value=b"x" if i % 2 else b"y")]) for i in range(n)]
        self.client.mutateRowsTs(t, batches, 1000, {})
        for i in range(n):
            self.put(t, b"r%02d" % i, b"cf:a", b"old", 500)

    def drain(self, sid, n=7):
        rows = []
        while True:
            got = self.client.scannerGetList(sid, n)
            if not got:
                break
            self.assertLessEqual(len(got), n)
            rows.extend(got)
        self.client.scannerClose(sid)
        return rows

    def test_scanners(self):
        c = self.client
        t = self.fresh_table("scan")
        self.fill(t)
        rows = self.drain(c.scannerOpen(t, b"", [], {}))
        self.assertEqual([r.row for r in rows], [b"r%02d" % i for i in range(20)])
        self.assertEqual(rows[3], TRowResult(row=b"r03", columns={
            b"cf:a": TCell(b"a3", 1000), b"cf:b": TCell(b"x", 1000)}))
        sid = c.scannerOpen(t, b"r18", [b"cf:a"], {})
        self.assertEqual(c.scannerGet(sid), [TRowResult(row=b"r18", columns={
            b"cf:a": TCell(b"a18", 1000)})])
        self.assertEqual([r.row for r in c.scannerGet(sid)], [b"r19"])
        self.assertEqual(c.scannerGet(sid), [])
        c.scannerClose(sid)
        with self.assertRaises(IllegalArgument) as e:
            c.scannerClose(sid)
        self.assertIn("scanner id %d" % sid, e.exception.message)
        with self.assertRaises(IllegalArgument):
            c.scannerGetList(sid, 1)
        with self.assertRaises(IllegalArgument):
            c.scannerGet(987654321)
        self.assertEqual([r.row for r in self.drain(c.scannerOpenWithStop(t, b"r05", b"r08", [], {}))],
                         [b"r05", b"r06", b"r07"])
        self.assertEqual([r.row for r in self.drain(c.scannerOpenWithPrefix(t, b"r1", [], {}))],
                         [b"r%02d" % i for i in range(10, 20)])
        old = self.drain(c.scannerOpenTs(t, b"r17", [b"cf:a"], 1000, {}))
        self.assertEqual([(r.row, r.columns[b"cf:a"]) for r in old],
                         [(b"r%02d" % i, TCell(b"old", 500)) for i in (17, 18, 19)])
        old = self.drain(c.scannerOpenWithStopTs(t, b"r01", b"r03", [], 1000, {}))
        self.assertEqual([(r.row, sorted(r.columns)) for r in old],
                         [(b"r01", [b"cf:a"]), (b"r02", [b"cf:a"])])
        with self.assertRaises(IOError):
            c.scannerOpen(t, b"", [b"nofam"], {})
        with self.assertRaises(IOError):
            c.scannerOpen(b"no_such_table", b"", [], {})

    def test_scanner_with_scan(self):
        c = self.client
        t = self.fresh_table("tscan")
        self.fill(t)
        scan = TScan(startRow=b"r09", stopRow=b"r03", reversed=True, sortColumns=True,
                     filterString=b"ValueFilter(=,'binary:x')", caching=100)
        rows = self.drain(c.scannerOpenWithScan(t, scan, {}))
        self.assertEqual([r.row for r in rows], [b"r09", b"r07", b"r05"])
        self.assertIsNone(rows[0].columns)
        self.assertEqual(rows[0].sortedColumns, [TColumn(columnName=b"cf:b",
                                                         cell=TCell(b"x", 1000))])
        rows = self.drain(c.scannerOpenWithScan(t, TScan(startRow=b"r00", stopRow=b"r02",
                                                         batchSize=1, sortColumns=True), {}))
        self.assertEqual([(r.row, [col.columnName for col in r.sortedColumns]) for r in rows],
                         [(b"r00", [b"cf:a"]), (b"r00", [b"cf:b"]),
                          (b"r01", [b"cf:a"]), (b"r01", [b"cf:b"])])
        rows = self.drain(c.scannerOpenWithScan(t, TScan(columns=[b"cf:a"], timestamp=1000,
                                                         stopRow=b"r01"), {}))
        self.assertEqual(rows, [TRowResult(row=b"r00", columns={b"cf:a": TCell(b"old", 500)})])
        with self.assertRaises(IOError) as e:
            c.scannerOpenWithScan(t, TScan(filterString=b"NoSuchFilter()"), {})
        self.assertIn("NoSuchFilter", e.exception.message)
        # A set filterString is parsed even when empty (ParseFilter refuses
        # it): "" is not "no filter".
        with self.assertRaises(IOError) as e:
            c.scannerOpenWithScan(t, TScan(filterString=b""), {})
        self.assertIn("filter: position 0: expected a filter name",
                      e.exception.message)

    def test_scanner_large_and_small_reads(self):
        # Large and small scannerGetList calls and scannerGet interleaved
        # read every row once, in order.
        c = self.client
        t = self.fresh_table("ahead")
        c.mutateRowsTs(t, [BatchMutation(row=b"r%04d" % i, mutations=[
            Mutation(column=b"cf:a", value=b"%d" % i)]) for i in range(400)], 7, {})
        want = [b"r%04d" % i for i in range(400)]
        sid = c.scannerOpen(t, b"", [], {})
        got = [r.row for r in c.scannerGetList(sid, 150)]
        self.assertEqual(got, want[:150])
        one = c.scannerGet(sid)
        self.assertEqual(one, [TRowResult(row=b"r0150", columns={b"cf:a": TCell(b"150", 7)})])
        got += [r.row for r in one]
        got += [r.row for r in c.scannerGetList(sid, 20)]
        got += [r.row for r in self.drain(sid, 120)]
        self.assertEqual(got, want)
        sid = c.scannerOpenWithScan(t, TScan(batchSize=1, sortColumns=True), {})
        self.assertEqual([r.row for r in self.drain(sid, 300)], want)

    def test_scanner_across_connections(self):
        t = self.fresh_table("xconn")
        self.fill(t, 5)
        sid = self.client.scannerOpen(t, b"", [], {})
        self.assertEqual([r.row for r in self.client.scannerGetList(sid, 2)], [b"r00", b"r01"])
        other, transport = connect(not self.framed, not self.compact)
        try:
            self.assertEqual([r.row for r in other.scannerGetList(sid, 10)],
                             [b"r02", b"r03", b"r04"])
            other.scannerClose(sid)
        finally:
            transport.close()

    # ---- the wire -------------------------------------------------------
    def raw_protocol(self):
        protocol = thrift_client.open_protocol(PORT, self.framed, self.compact)
        return protocol, protocol.trans

    def read_reply_exception(self, protocol):
        name, mtype, seqid = protocol.readMessageBegin()
        self.assertEqual(mtype, TMessageType.EXCEPTION)
        x = TApplicationException()
        x.read(protocol)
        protocol.readMessageEnd()
        return x

    @staticmethod
    def send_call(protocol, transport, method, fields=()):
        """Sends a call of `method` whose arguments are `fields`, each
        (name, type, id, write function, value)."""
        protocol.writeMessageBegin(method, TMessageType.CALL, 1)
        protocol.writeStructBegin("args")
        for name, ttype, fid, write, value in fields:
            protocol.writeFieldBegin(name, ttype, fid)
            write(value)
            protocol.writeFieldEnd()
        protocol.writeFieldStop()
        protocol.writeStructEnd()
        protocol.writeMessageEnd()
        transport.flush()

    def test_unknown_method(self):
        protocol, transport = self.raw_protocol()
        try:
            self.send_call(protocol, transport, "noSuchMethod")
            x = self.read_reply_exception(protocol)
            self.assertEqual(x.type, TApplicationException.UNKNOWN_METHOD)
            self.assertIn("noSuchMethod", x.message)
            # The connection stays usable.
            self.assertEqual(Hbase.Client(protocol).getThriftServerType(), TThriftServerType.ONE)
        finally:
            transport.close()

    def test_wrong_field_type(self):
        protocol, transport = self.raw_protocol()
        try:
            # getRow whose tableName (field 1, binary) is sent as an i32: the
            # field is skipped, so the table name is empty.
            self.send_call(protocol, transport, "getRow",
                           [("tableName", TType.I32, 1, protocol.writeI32, 5)])
            result = Hbase.getRow_result()
            name, mtype, seqid = protocol.readMessageBegin()
            self.assertEqual(mtype, TMessageType.REPLY)
            result.read(protocol)
            self.assertIsNotNone(result.io)
            self.assertIn("tableName", result.io.message)
        finally:
            transport.close()

    def test_required_field_missing(self):
        protocol, transport = self.raw_protocol()
        try:
            # grant's info is required: an empty argument struct cannot be
            # decoded; the call gets PROTOCOL_ERROR naming the method.
            self.send_call(protocol, transport, "grant")
            x = self.read_reply_exception(protocol)
            self.assertEqual(x.type, TApplicationException.PROTOCOL_ERROR)
            self.assertIn("grant", x.message)
        finally:
            transport.close()
        self.assertEqual(self.client.getThriftServerType(), TThriftServerType.ONE)

    def test_over_long_string(self):
        protocol, transport = self.raw_protocol()
        try:
            protocol.writeMessageBegin("getRow", TMessageType.CALL, 1)
            protocol.writeStructBegin("args")
            protocol.writeFieldBegin("tableName", TType.STRING, 1)
            # Claims 64 MiB, past --max-frame-bytes (16 MiB), sends 10 bytes.
            if self.compact:
                protocol.trans.write(bytes([0x80, 0x80, 0x80, 0x20]))  # varint
            else:
                protocol.trans.write(struct.pack(">i", 64 << 20))
            protocol.trans.write(b"0123456789")
            transport.flush()
            try:
                reader = (TCompactProtocol.TCompactProtocol(transport) if self.compact
                          else TBinaryProtocol.TBinaryProtocol(transport))
                x = self.read_reply_exception(reader)
                self.assertIn(x.type, (TApplicationException.PROTOCOL_ERROR,
                                       TApplicationException.UNKNOWN))
            except (TTransport.TTransportException, EOFError, ConnectionError):
                pass  # the connection was closed
        finally:
            transport.close()
        self.assertEqual(self.client.getThriftServerType(), TThriftServerType.ONE)


def garbage_case():
    class Garbage(unittest.TestCase):
        def send(self, data, close_early=False):
            return thrift_client.send_raw(PORT, data, close_early)

        def test_http(self):
            # THttpClient: each call one POST, binary inside (HBase's -http).
            transport = THttpClient.THttpClient("http://127.0.0.1:%d/" % PORT)
            transport.setTimeout(20000)
            transport.open()
            client = Hbase.Client(TBinaryProtocol.TBinaryProtocol(transport))
            self.assertEqual(client.getThriftServerType(), TThriftServerType.ONE)
            self.assertIn(b"thrift_regions", client.getTableNames())
            self.assertEqual([r.endKey for r in client.getTableRegions(b"thrift_regions")],
                             [b"g", b"p", b""])
            transport.close()

        def test_malformed_and_disconnects(self):
            self.assertEqual(self.send(b"GET / HTTP/1.1\r\n\r\n"), b"")
            self.assertEqual(self.send(b"\xff\xff\xff\xff\x80\x01"), b"")  # negative length
            # A 2 GiB frame: answered with a TApplicationException naming
            # the limit, then closed.
            self.assertIn(b"max-frame-bytes", self.send(b"\x7f\xff\xff\xff\x80\x01\x00\x01"))
            self.assertEqual(self.send(b"\x80\x02\x00\x01"), b"")  # unknown version
            self.send(b"\x80\x01\x00\x01\x00\x00\x00\x06getRow", close_early=True)
            self.send(b"\x00\x00\x00\x10\x82", close_early=True)
            client, transport = connect(False, False)
            self.assertEqual(client.getThriftServerType(), TThriftServerType.ONE)
            transport.close()
    return Garbage


def load_tests(loader, tests, pattern):
    suite = unittest.TestSuite()
    for framed in (False, True):
        for compact in (False, True):
            name = "%s_%s" % ("framed" if framed else "buffered",
                              "compact" if compact else "binary")
            case = type(name, (GatewayCase,), {"framed": framed, "compact": compact})
            suite.addTests(loader.loadTestsFromTestCase(case))
    suite.addTests(loader.loadTestsFromTestCase(garbage_case()))
    return suite


if __name__ == "__main__":
    unittest.main(verbosity=1, warnings="ignore")
