#!/usr/bin/env python3
"""The web pages in a real browser: headless Chromium loads /ui/table/T of
a table whose first partition takes most of the traffic, the DOM it built
is checked for the partition rows, the HOT mark and both inline heatmaps,
and a screenshot is taken (SCREENSHOT, default WORKDIR/ui-table.png).

    rest_ui_browser_test.py OBKV WORKDIR [SCREENSHOT]
"""

import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rest_harness import (Checks, Server, b64, obkv_create, reset_store,  # noqa
                          store_location, watchdog)


def chromium(args, workdir, timeout=90):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        raise SystemExit("chromium is not installed (scripts/setup.sh)")
    base = [exe, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
            "--user-data-dir=" + os.path.join(workdir, "chromium-profile")]
    return subprocess.run(base + args, capture_output=True, timeout=timeout)


def main():
    obkv, workdir = sys.argv[1], sys.argv[2]
    os.makedirs(workdir, exist_ok=True)
    shot = sys.argv[3] if len(sys.argv) > 3 else os.path.join(workdir,
                                                                "ui-table.png")
    servers = []
    watchdog(240, lambda: [x.kill() for x in servers])
    store, extra = store_location("sqlite", workdir, "rest_ui")
    reset_store(obkv, store)
    obkv_create(obkv, store, {
        "table": "orders", "families": [{"name": "d", "max_versions": 3}],
        "partition": {"strategy": "range", "column": "K",
                      "bounds": ["b", "c", "d", "e", "MAXVALUE"]}},
        extra, workdir)
    s = Server(obkv, store, [], workdir)
    servers.append(s)
    ck = Checks()
    # 40 writes to partition p0 (rows "a..."), 2 to each other one, then
    # reads of them: p0 is far above 3x the average.
    rows = [("a%03d" % i) for i in range(40)] + ["b1", "b2", "c1", "c2",
                                                 "d1", "d2", "e1", "e2"]
    for r in rows:
        body = json.dumps({"Row": [{"key": b64(r), "Cell": [
            {"column": b64("d:amount"), "$": b64("12")}]}]})
        st, _, _ = s.request("PUT", "/orders/" + r, body,
                             {"Content-Type": "application/json"})
        ck.eq("put " + r, st, 200)
    # A second cell in one row: the key heatmap counts row keys, not cells.
    body = json.dumps({"Row": [{"key": b64("a000"), "Cell": [
        {"column": b64("d:note"), "$": b64("x")}]}]})
    st, _, _ = s.request("PUT", "/orders/a000", body,
                         {"Content-Type": "application/json"})
    ck.eq("put a000 d:note", st, 200)
    for r in rows[:20]:
        s.request("GET", "/orders/" + r, headers={"Accept": "application/json"})
    url = "http://%s/ui/table/orders" % s.address
    dom = chromium(["--dump-dom", url], workdir)
    ck.eq("chromium --dump-dom exit", dom.returncode, 0)
    html = dom.stdout.decode(errors="replace")
    partition_rows = re.findall(r'<tr class="partition( hot)?" '
                                r'data-partition="(\d)"', html)
    ck.eq("partition rows", [p for _, p in partition_rows],
          ["0", "1", "2", "3", "4"])
    ck.eq("HOT rows", [p for hot, p in partition_rows if hot], ["0"])
    ck.eq("HOT marks", html.count('<span class="hot">HOT</span>'), 1)
    ck.true("request heatmap inline",
            re.search(r'<figure class="heatmap requests">.*?<svg', html,
                      re.S) is not None)
    ck.true("key heatmap inline",
            re.search(r'<figure class="heatmap keys">.*?<svg', html,
                      re.S) is not None)
    ck.true("the key heatmap counts keys and cells apart",
            "each at the time of its newest cell (48 keys in 49 cells)" in html,
            re.findall(r'<figure class="heatmap keys"><figcaption>[^<]*', html))
    ck.true("the spec shown", '"table": "orders"' in html)
    ck.true("the OceanBase DDL shown", "PARTITION BY RANGE COLUMNS(`K`)" in html,
            html[-3000:])
    ck.true("reloads itself", 'http-equiv="refresh"' in html)
    for page in ("/ui", "/ui/status"):
        d = chromium(["--dump-dom", "http://%s%s" % (s.address, page)],
                     workdir)
        text = d.stdout.decode(errors="replace")
        if page == "/ui":
            ck.true("/ui lists the table", 'data-table="orders"' in text)
        else:
            ck.true("/ui/status kinds", 'data-kind="write"' in text)
    # From 600 px up (600 and 1400 measured) the page keeps its width (a
    # wide table or figure scrolls by itself) and the SVGs their size: a
    # copy of the page with a script that measures the layout and writes it
    # into the DOM.
    st, _, page = s.request("GET", "/ui/table/orders")
    ck.eq("table page", st, 200)
    probe = (b"<script>const svgs=[...document.querySelectorAll('figure svg')];"
             b"document.body.dataset.layout=JSON.stringify({page:"
             b"document.documentElement.scrollWidth,window:window.innerWidth,"
             b"scale:Math.min(...svgs.map(e=>e.getBoundingClientRect().width/"
             b"e.width.baseVal.value)),svgs:svgs.length});</script>")
    local = os.path.join(workdir, "ui-measured.html")
    with open(local, "wb") as f:
        f.write(page.replace(b"</body>", probe + b"</body>"))
    for width in (600, 1400):
        shown = chromium(["--window-size=%d,1000" % width, "--dump-dom",
                          "file://" + local], workdir)
        found = re.search(r'data-layout="([^"]*)"',
                          shown.stdout.decode(errors="replace"))
        layout = (json.loads(found.group(1).replace("&quot;", '"'))
                  if found else {})
        at = "%d px: " % width
        ck.eq(at + "both heatmaps measured", layout.get("svgs"), 2)
        ck.true(at + "the page is no wider than the window",
                layout and layout["page"] <= layout["window"], layout)
        ck.true(at + "the SVGs keep their size (no 5 px text)",
                layout and layout["scale"] >= 0.99, layout)
    if os.path.exists(shot):
        os.remove(shot)
    r = chromium(["--screenshot=" + os.path.abspath(shot),
                  "--window-size=1280,1700", url], workdir)
    ck.eq("chromium --screenshot exit", r.returncode, 0)
    ok = os.path.exists(shot) and os.path.getsize(shot) > 10000
    ck.true("screenshot written", ok, shot)
    if ok:
        with open(shot, "rb") as f:
            ck.eq("screenshot is a PNG", f.read(8), b"\x89PNG\r\n\x1a\n")
    ck.eq("server stops with 0", s.stop(), 0)
    return ck.finish("rest_ui_browser_test")


if __name__ == "__main__":
    sys.exit(main())
