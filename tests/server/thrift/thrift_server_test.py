# Copyright (c) obkvlite authors.
#
# `obkv thrift start` under its options and faults, each test starting its
# own gateway on a free loopback port (-p 0) with the store in WORK_DIR (or
# on the MariaDB URI given): --readonly, -f/-c enforcement,
# --max-frame-bytes, --scanner-idle-seconds, a clean SIGTERM while clients
# are connected, and the kill test (SIGKILL during mutateRows batches from
# two clients; after a restart every acknowledged batch is present and none
# is partial).
#
#   python3 thrift_server_test.py OBKV GEN_PY_DIR WORK_DIR [MYSQL_URI_PREFIX]
#
# Every socket has a timeout, every wait a deadline, and a watchdog dumps
# the stacks and exits if the whole run hangs.

import base64
import faulthandler
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest
import urllib.error
import urllib.request
import warnings

OBKV, GEN_PY, WORK_DIR = sys.argv[1:4]
MYSQL_PREFIX = sys.argv[4] if len(sys.argv) > 4 else ""
sys.path.insert(0, GEN_PY)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
del sys.argv[1:]

from thrift.Thrift import TApplicationException  # noqa: E402
from thrift.protocol import TBinaryProtocol  # noqa: E402
from thrift.transport import THttpClient, TTransport  # noqa: E402

import thrift_client  # noqa: E402
from hbase import Hbase  # noqa: E402
from hbase.ttypes import (BatchMutation, ColumnDescriptor, IllegalArgument,  # noqa: E402
                          IOError, Mutation, TAppend, TIncrement)

warnings.simplefilter("ignore", ResourceWarning)
faulthandler.dump_traceback_later(280, exit=True)


class Gateway:
    """One `obkv thrift start` process."""

    def __init__(self, store, *args):
        self.store = store
        self.args = args
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            [OBKV, "--store", self.store, "thrift", "start", "-p", "0"] + list(self.args),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        line = b""
        deadline = time.time() + 20
        found = None
        while found is None:
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("gateway did not start: %r" % line)
            ready, _, _ = select.select([self.proc.stderr], [], [], 0.5)
            if ready:
                line += os.read(self.proc.stderr.fileno(), 4096)
            found = re.search(rb"serving HBase Thrift1 on \S*:(\d+) ", line)
        self.port = int(found.group(1))
        self.info_port = None
        if "--info-port" in self.args:
            # The info line follows the start line.
            while not re.search(rb"/metrics and /ui on http://\S*:(\d+)\n", line):
                if time.time() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("no info line: %r" % line)
                ready, _, _ = select.select([self.proc.stderr], [], [], 0.5)
                if ready:
                    line += os.read(self.proc.stderr.fileno(), 4096)
            self.info_port = int(re.search(
                rb"/metrics and /ui on http://\S*:(\d+)\n", line).group(1))

    def stop(self):
        """SIGTERM; returns the exit code (None if it did not exit in 20 s)."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def kill(self):
        self.proc.kill()
        self.proc.wait()

    def connect(self, framed=False, compact=False):
        return thrift_client.connect(self.port, framed, compact)


_stores = [0]


def fresh_store(name):
    _stores[0] += 1
    if MYSQL_PREFIX:
        # mysql://USER@localhost/?socket=... -> a database per test.
        head, _, query = MYSQL_PREFIX.partition("/?")
        return "%s/thrift_%s_%d?%s" % (head, name, _stores[0], query)
    path = os.path.join(WORK_DIR, "%s_%d" % (name, _stores[0]))
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return os.path.join(path, "store.db")


class ServerTest(unittest.TestCase):
    def tearDown(self):
        gw = getattr(self, "gw", None)
        if gw is not None and gw.proc.poll() is None:
            gw.kill()

    def test_readonly(self):
        store = fresh_store("ro")
        self.gw = Gateway(store)
        c = self.gw.connect()
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        c.mutateRowTs(b"t", b"r", [Mutation(column=b"cf:a", value=b"v")], 5, {})
        self.assertEqual(self.gw.stop(), 0)
        self.gw = Gateway(store, "--readonly")
        c = self.gw.connect(framed=True)
        refused = [
            lambda: c.mutateRow(b"t", b"r", [Mutation(column=b"cf:a", value=b"x")], {}),
            lambda: c.mutateRowTs(b"t", b"r", [Mutation(column=b"cf:a", value=b"x")], 9, {}),
            lambda: c.mutateRows(b"t", [BatchMutation(row=b"r", mutations=[
                Mutation(column=b"cf:a", value=b"x")])], {}),
            lambda: c.mutateRowsTs(b"t", [], 9, {}),
            lambda: c.atomicIncrement(b"t", b"r", b"cf:n", 1),
            lambda: c.increment(TIncrement(table=b"t", row=b"r", column=b"cf:n", ammount=1)),
            lambda: c.incrementRows([TIncrement(table=b"t", row=b"r", column=b"cf:n", ammount=1)]),
            lambda: c.append(TAppend(table=b"t", row=b"r", columns=[b"cf:a"], values=[b"x"])),
            lambda: c.checkAndPut(b"t", b"r", b"cf:a", b"v", Mutation(column=b"cf:a", value=b"x"), {}),
            lambda: c.deleteAll(b"t", b"r", b"cf:a", {}),
            lambda: c.deleteAllTs(b"t", b"r", b"cf:a", 9, {}),
            lambda: c.deleteAllRow(b"t", b"r", {}),
            lambda: c.deleteAllRowTs(b"t", b"r", 9, {}),
            lambda: c.createTable(b"t2", [ColumnDescriptor(name=b"cf")]),
            lambda: c.disableTable(b"t"),
            lambda: c.enableTable(b"t"),
            lambda: c.deleteTable(b"t"),
            lambda: c.compact(b"t"),
            lambda: c.majorCompact(b"t"),
        ]
        for call in refused:
            with self.assertRaises(IOError) as e:
                call()
            self.assertIn("read-only", e.exception.message)
        self.assertEqual(c.getTableNames(), [b"t"])
        self.assertEqual(c.getRow(b"t", b"r", {})[0].columns[b"cf:a"].value, b"v")
        self.assertEqual(c.getRow(b"t", b"r", {})[0].columns[b"cf:a"].timestamp, 5)
        self.assertEqual(self.gw.stop(), 0)

    def test_port_in_use_creates_nothing(self):
        # A gateway that cannot listen fails before it opens its store, so
        # a new store is never created (the Thrift1 and Thrift2 commands).
        self.gw = Gateway(fresh_store("inuse"))
        for command in ("thrift", "thrift2"):
            if MYSQL_PREFIX:
                missing = fresh_store("never_" + command)
            else:
                missing = os.path.join(WORK_DIR, "never_%s.db" % command)
                if os.path.exists(missing):
                    os.remove(missing)
            out = subprocess.run(
                [OBKV, "--store", missing, command, "start", "-p", str(self.gw.port)],
                capture_output=True, text=True, timeout=30)
            self.assertEqual(out.returncode, 1, out.stderr)
            self.assertIn("127.0.0.1:%d" % self.gw.port, out.stderr)
            self.assertNotIn("serving", out.stderr)
            if MYSQL_PREFIX:
                probe = subprocess.run([OBKV, "--store", missing, "list"],
                                       capture_output=True, text=True, timeout=30)
                self.assertNotEqual(probe.returncode, 0, probe.stdout)
            else:
                self.assertFalse(os.path.exists(missing), os.listdir(WORK_DIR))
            # Beyond the loopback: refused before anything, without --insecure.
            out = subprocess.run(
                [OBKV, "--store", missing, command, "start", "-p", "0", "-b",
                 "0.0.0.0"], capture_output=True, text=True, timeout=30)
            self.assertEqual(out.returncode, 1, out.stderr)
            self.assertIn("--bind 0.0.0.0: not the loopback", out.stderr)
            self.assertIn("--insecure", out.stderr)
            if not MYSQL_PREFIX:
                self.assertFalse(os.path.exists(missing))
        self.assertEqual(self.gw.stop(), 0)

    def test_info_port(self):
        # --info-port serves /metrics and /ui, as HBase's Thrift info server:
        # each call counted by method and code, the connections, the pages.
        self.gw = Gateway(fresh_store("info"), "--info-port", "0")
        c = self.gw.connect()
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        c.mutateRow(b"t", b"r", [Mutation(column=b"cf:a", value=b"v")], {})
        self.assertEqual(len(c.getRow(b"t", b"r", {})), 1)
        self.assertEqual(len(c.getRow(b"t", b"r", {})), 1)
        with self.assertRaises(IOError):
            c.getRow(b"nosuch", b"r", {})
        base = "http://127.0.0.1:%d" % self.gw.info_port
        text = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode()
        for line in ('obkv_thrift_requests_total{operation="getRow",code="200"} 2',
                     'obkv_thrift_requests_total{operation="getRow",code="503"} 1',
                     'obkv_thrift_requests_total{operation="mutateRow",code="200"} 1',
                     'obkv_thrift_requests_total{operation="createTable",code="200"} 1',
                     "obkv_thrift_connections 1",
                     'obkv_thrift_request_duration_seconds_count{operation="getRow"} 3'):
            self.assertIn(line + "\n", text)
        self.assertNotIn("obkv_rest_", text)
        promtool = shutil.which("promtool")
        self.assertIsNotNone(promtool, "promtool (the prometheus package)")
        out = subprocess.run([promtool, "check", "metrics"], input=text.encode(),
                             capture_output=True, timeout=60)
        self.assertEqual((out.returncode, out.stdout + out.stderr), (0, b""))
        index = urllib.request.urlopen(base + "/ui", timeout=10).read().decode()
        self.assertIn("<th>Listening</th><td>127.0.0.1:%d</td>" % self.gw.port, index)
        status = urllib.request.urlopen(base + "/ui/status", timeout=10).read().decode()
        self.assertIn('<tr><td>getRow</td><td class="n">3</td><td class="n">1</td>', status)
        with self.assertRaises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(base + "/t/r", timeout=10)
        self.assertEqual(e.exception.code, 404)
        c.transport.close()
        self.assertEqual(self.gw.stop(), 0)
        # An info port in use: nothing served, no store created.
        busy = socket.socket()
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        missing = os.path.join(WORK_DIR, "never_info.db")
        if os.path.exists(missing):
            os.remove(missing)
        out = subprocess.run(
            [OBKV, "--store", missing, "thrift", "start", "-p", "0",
             "--info-port", str(busy.getsockname()[1])],
            capture_output=True, text=True, timeout=30)
        busy.close()
        self.assertEqual(out.returncode, 1, out.stderr)
        self.assertIn("--info-port", out.stderr)
        self.assertFalse(os.path.exists(missing))

    def test_http_credentials(self):
        # --auth-env: only Thrift over HTTP with accepted credentials.
        os.environ["OBKV_TEST_THRIFT_AUTH"] = "basic ann:pw1\ntoken t0k\n"
        try:
            self.gw = Gateway(fresh_store("auth"), "--auth-env",
                              "OBKV_TEST_THRIFT_AUTH")
        finally:
            del os.environ["OBKV_TEST_THRIFT_AUTH"]
        url = "http://127.0.0.1:%d/" % self.gw.port

        def http_client(authorization):
            t = THttpClient.THttpClient(url)
            t.setCustomHeaders({"Authorization": authorization})
            client = Hbase.Client(TBinaryProtocol.TBinaryProtocol(t))
            client.transport = t
            return client

        basic = "Basic " + base64.b64encode(b"ann:pw1").decode()
        c = http_client(basic)
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        self.assertEqual(c.getTableNames(), [b"t"])
        self.assertEqual(http_client("Bearer t0k").getTableNames(), [b"t"])
        # Refused: no header, a wrong password, a wrong token; answered 401
        # with a challenge, and nothing of the call runs.
        for authorization, text in [
                (None, b"Unauthorized: send HTTP basic credentials or a bearer token"),
                ("Basic " + base64.b64encode(b"ann:nope").decode(),
                 b"Unauthorized: wrong credentials for user 'ann'"),
                ("Bearer t0kk", b"Unauthorized: send HTTP basic credentials "
                 b"or a bearer token")]:
            conn = http.client.HTTPConnection("127.0.0.1", self.gw.port, timeout=20)
            headers = {"Content-Type": "application/x-thrift"}
            if authorization:
                headers["Authorization"] = authorization
            conn.request("POST", "/", body=b"\x80\x01\x00\x01", headers=headers)
            r = conn.getresponse()
            self.assertEqual(r.status, 401)
            self.assertEqual(r.getheader("WWW-Authenticate"),
                             'Basic realm="obkvlite", charset="UTF-8"')
            self.assertEqual(r.read(), text + b"\r\n")
            conn.close()
        # A binary client cannot carry credentials: refused.
        self.refused(self.gw, False, False)
        self.assertEqual(http_client(basic).getTableNames(), [b"t"])
        self.assertEqual(self.gw.stop(), 0)
        log = self.gw.proc.stderr.read().decode()
        self.assertIn("WARN unauthorized client=127.0.0.1:", log)
        self.assertIn("wrong credentials for user 'ann'", log)
        self.assertIn("only Thrift over HTTP", log)
        for secret in ("pw1", "nope", "t0k"):
            self.assertNotIn(secret, log)

    def refused(self, gw, framed, compact):
        c = gw.connect(framed, compact)
        with self.assertRaises((TTransport.TTransportException, EOFError, ConnectionError)):
            c.getTableNames()
        c.transport.close()

    def test_forced_framed_compact(self):
        self.gw = Gateway(fresh_store("fc"), "-f", "-c")
        c = self.gw.connect(framed=True, compact=True)
        self.assertEqual(c.getTableNames(), [])
        self.refused(self.gw, False, False)
        self.refused(self.gw, False, True)
        self.refused(self.gw, True, False)
        self.assertEqual(c.getTableNames(), [])
        self.assertEqual(self.gw.stop(), 0)
        self.gw = Gateway(fresh_store("f"), "--framed")
        self.gw.connect(framed=True, compact=False).getTableNames()
        self.gw.connect(framed=True, compact=True).getTableNames()
        self.refused(self.gw, False, False)
        self.assertEqual(self.gw.stop(), 0)

    def test_max_frame_bytes(self):
        self.gw = Gateway(fresh_store("frame"), "--max-frame-bytes", "4096")
        c = self.gw.connect()
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        for framed in (False, True):
            for compact in (False, True):
                big = self.gw.connect(framed, compact)
                with self.assertRaises((TApplicationException, TTransport.TTransportException,
                                        EOFError, ConnectionError)) as e:
                    big.mutateRow(b"t", b"big", [Mutation(column=b"cf:a", value=b"x" * 8192)], {})
                if isinstance(e.exception, TApplicationException):
                    self.assertIn("4096", e.exception.message)
                big.transport.close()
        self.assertEqual(c.getRow(b"t", b"big", {}), [])
        c.mutateRow(b"t", b"small", [Mutation(column=b"cf:a", value=b"x" * 1000)], {})
        self.assertEqual(len(c.getRow(b"t", b"small", {})), 1)
        self.assertEqual(self.gw.stop(), 0)

    def test_scanner_idle_expiry(self):
        self.gw = Gateway(fresh_store("idle"), "--scanner-idle-seconds", "1")
        c = self.gw.connect()
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        c.mutateRow(b"t", b"r", [Mutation(column=b"cf:a", value=b"v")], {})
        kept = c.scannerOpen(b"t", b"", [], {})
        idle = c.scannerOpen(b"t", b"", [], {})
        for _ in range(5):  # used every 0.5 s: stays open
            time.sleep(0.5)
            c.scannerGetList(kept, 0)
        with self.assertRaises(IllegalArgument) as e:
            c.scannerGet(idle)
        self.assertIn("expired", e.exception.message)
        self.assertEqual(len(c.scannerGet(kept)), 1)
        c.scannerClose(kept)
        self.assertEqual(self.gw.stop(), 0)

    def test_sigterm_with_clients(self):
        self.gw = Gateway(fresh_store("term"))
        c = self.gw.connect()
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        c.scannerOpen(b"t", b"", [], {})  # left open: closed at shutdown
        idle = self.gw.connect(framed=True)  # connected, idle
        idle.getTableNames()
        started = time.time()
        self.assertEqual(self.gw.stop(), 0)
        self.assertLess(time.time() - started, 10)
        with self.assertRaises((TTransport.TTransportException, EOFError, ConnectionError)):
            c.getTableNames()

    def test_sigint_flushes_request_stats(self):
        store = fresh_store("int")
        self.gw = Gateway(store)
        c = self.gw.connect(compact=True)
        c.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        c.mutateRow(b"t", b"r", [Mutation(column=b"cf:a", value=b"v")], {})
        for _ in range(5):
            c.getRow(b"t", b"r", {})
        self.gw.proc.send_signal(signal.SIGINT)
        self.assertEqual(self.gw.proc.wait(timeout=20), 0)
        stats = json.loads(subprocess.run(
            [OBKV, "--store", store, "stats", "t", "--json"], check=True,
            capture_output=True, timeout=30).stdout)
        self.assertEqual((stats["total"]["reads"], stats["total"]["writes"]), (5, 1))

    def test_kill_during_mutate_rows(self):
        store = fresh_store("kill")
        self.gw = Gateway(store)
        setup = self.gw.connect()
        setup.createTable(b"t", [ColumnDescriptor(name=b"cf")])
        rows_per_batch = 40
        acked = {0: [], 1: []}
        for round_ in range(3):
            stop = threading.Event()

            def writer(k):
                try:
                    c = self.gw.connect(framed=bool(k), compact=bool(k))
                    n = 100000 * round_
                    while not stop.is_set():
                        n += 1
                        batch = [BatchMutation(row=b"w%d_%06d_%03d" % (k, n, i), mutations=[
                            Mutation(column=b"cf:b", value=b"%d" % n)])
                            for i in range(rows_per_batch)]
                        c.mutateRows(b"t", batch, {})
                        acked[k].append(n)
                except Exception:
                    pass  # the gateway was killed

            threads = [threading.Thread(target=writer, args=(k,)) for k in (0, 1)]
            for t in threads:
                t.start()
            time.sleep(0.8)
            self.gw.kill()
            stop.set()
            for t in threads:
                t.join(30)
                self.assertFalse(t.is_alive())
            self.gw.start()
        c = self.gw.connect()
        batches = {}
        sid = c.scannerOpen(b"t", b"", [], {})
        while True:
            rows = c.scannerGetList(sid, 500)
            if not rows:
                break
            for r in rows:
                k, n, _ = r.row.split(b"_")
                self.assertEqual(r.columns[b"cf:b"].value, n.lstrip(b"0") or b"0")
                batches.setdefault((k, int(n)), 0)
                batches[(k, int(n))] += 1
        c.scannerClose(sid)
        partial = {b: n for b, n in batches.items() if n != rows_per_batch}
        self.assertEqual(partial, {}, "no batch is partial")
        for k in (0, 1):
            self.assertGreater(len(acked[k]), 0)
            missing = [n for n in acked[k] if (b"w%d" % k, n) not in batches]
            self.assertEqual(missing, [], "every acknowledged batch is present")
        self.assertEqual(self.gw.stop(), 0)


if __name__ == "__main__":
    unittest.main(verbosity=2, warnings="ignore")
