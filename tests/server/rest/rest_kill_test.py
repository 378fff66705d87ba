#!/usr/bin/env python3
"""SIGKILL `obkv rest start` during multi-row puts: afterwards every put
the server acknowledged (200) is present whole, and no put is partial
(each lands with all its rows or with none). ROUNDS rounds (default 5),
two writer threads each.

    rest_kill_test.py OBKV WORKDIR sqlite|mariadb [ROUNDS]
"""

import json
import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rest_harness import (Checks, Server, b64, reset_store,  # noqa
                          store_location, unb64, watchdog)

ROWS_PER_PUT = 10


def writer(s, first_batch, stride, acked, attempted, stop):
    batch = first_batch
    while not stop.is_set():
        rows = [{"key": b64("b%05d-r%02d" % (batch, i)), "Cell": [
            {"column": b64("f:v"), "$": b64("batch %d" % batch)}]}
            for i in range(ROWS_PER_PUT)]
        attempted.add(batch)
        try:
            st, _, _ = s.request("PUT", "/kill/placeholder",
                                 json.dumps({"Row": rows}),
                                 {"Content-Type": "application/json"})
            if st == 200:
                acked.add(batch)
        except OSError:
            return  # the server is gone
        batch += stride


def scan_all(s):
    st, h, _ = s.request("PUT", "/kill/scanner", '{"batch":5000}',
                         {"Content-Type": "application/json"})
    assert st == 201, st
    path = h["location"].split(s.address, 1)[1]
    rows = {}
    while True:
        st, _, body = s.request("GET", path,
                                headers={"Accept": "application/json"})
        if st == 204:
            break
        assert st == 200, st
        for row in json.loads(body)["Row"]:
            key = unb64(row["key"]).decode()
            rows[key] = unb64(row["Cell"][0]["$"]).decode()
    s.request("DELETE", path)
    return rows


def main():
    obkv, workdir, kind = sys.argv[1], sys.argv[2], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    os.makedirs(workdir, exist_ok=True)
    servers = []
    watchdog(240, lambda: [x.kill() for x in servers])
    store, _ = store_location(kind, workdir, "rest_kill_" + kind)
    reset_store(obkv, store)
    ck = Checks()
    rng = random.Random(7)
    s = Server(obkv, store, [], workdir)
    servers.append(s)
    st, _, _ = s.request("PUT", "/kill/schema",
                         '{"ColumnSchema":[{"name":"f"}]}',
                         {"Content-Type": "application/json"})
    ck.eq("create table", st, 201)
    s.stop()
    acked, attempted = set(), set()
    next_batch = 0
    for r in range(rounds):
        s = Server(obkv, store, ["--threads", "4"], workdir)
        servers.append(s)
        stop = threading.Event()
        threads = [threading.Thread(target=writer, args=(
            s, next_batch + t, 2, acked, attempted, stop)) for t in range(2)]
        for t in threads:
            t.start()
        time.sleep(rng.uniform(0.3, 0.8))
        s.kill()  # SIGKILL mid-put
        stop.set()
        for t in threads:
            t.join(30)
        next_batch = max(attempted) + 1 if attempted else 0
    s = Server(obkv, store, [], workdir)
    servers.append(s)
    rows = scan_all(s)
    by_batch = {}
    for key, value in rows.items():
        batch = int(key[1:6])
        by_batch.setdefault(batch, []).append(key)
        ck.eq("value of " + key, value, "batch %d" % batch)
    missing = sorted(b for b in acked if len(by_batch.get(b, [])) !=
                     ROWS_PER_PUT)
    partial = sorted(b for b, keys in by_batch.items() if len(keys) !=
                     ROWS_PER_PUT)
    ck.true("some puts acknowledged", len(acked) > rounds, len(acked))
    ck.eq("acknowledged puts missing or short", missing, [])
    ck.eq("partial puts", partial, [])
    ck.true("no put from nowhere", set(by_batch) <= attempted)
    print("rest_kill_test %s: %d rounds, %d puts acknowledged, %d present" %
          (kind, rounds, len(acked), len(by_batch)))
    ck.eq("server stops with 0", s.stop(), 0)
    return ck.finish("rest_kill_test " + kind)


if __name__ == "__main__":
    sys.exit(main())
