#!/usr/bin/env python3
"""Every SVG the project writes keeps its text on the canvas.

The SVGs: the ones committed under doc/, and fresh ones from both writers
(`obkv analyze --svg`, the key heatmap; `obkv stats --svg`, the request
heatmap) in the shapes that used to overflow: one time bucket, long table
and family names, HOT labels at the right edge.

How: each SVG is rendered by rsvg-convert (librsvg2-bin) on a canvas grown
by MARGIN on every side, with everything inside the original canvas
clipped away. Whatever is left is drawn outside the picture; the test
fails naming the file and where the stray pixels are.

    svg_text_test.py OBKV SOURCE_DIR WORKDIR
"""

import glob
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

MARGIN = 200


def watchdog(seconds):
    import signal

    def fire(_s, _f):
        sys.stderr.write("watchdog: svg_text_test still running after %d s\n"
                         % seconds)
        os._exit(3)

    signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)


def number(text):
    return float(re.match(r"\s*([0-9.]+)", text).group(1))


def outside_only(svg):
    """`svg` on a canvas MARGIN larger, its own canvas clipped away."""
    m = re.search(r"<svg\b[^>]*>", svg)
    root = m.group(0)
    w = number(re.search(r'\bwidth="([^"]+)"', root).group(1))
    h = number(re.search(r'\bheight="([^"]+)"', root).group(1))
    W, H = w + 2 * MARGIN, h + 2 * MARGIN
    new_root = re.sub(r'\b(width|height|viewBox)="[^"]*"', "", root)
    new_root = new_root[:-1].rstrip("/") + (
        ' width="%g" height="%g" viewBox="%g %g %g %g">' %
        (W, H, -MARGIN, -MARGIN, W, H))
    clip = ('<defs><clipPath id="obkv-outside"><path clip-rule="evenodd" '
            'd="M%g,%g H%g V%g H%g Z M0,0 H%g V%g H0 Z"/></clipPath></defs>'
            % (-MARGIN, -MARGIN, w + MARGIN, h + MARGIN, -MARGIN, w, h))
    end = svg.rindex("</svg>")
    body = svg[m.end():end]
    return (svg[:m.start()] + new_root + clip +
            '<g clip-path="url(#obkv-outside)">' + body + "</g></svg>\n",
            (w, h))


def png_rows(path):
    """(width, height, channels, rows without their filter byte)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8, "8-bit PNG expected"
            channels = {6: 4, 2: 3, 0: 1, 4: 2}[colour]
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels + 1
    return width, height, channels, [raw[i * stride + 1:(i + 1) * stride]
                                     for i in range(height)]


def stray_pixels(svg_path, workdir):
    """None, or where pixels lie outside the canvas."""
    with open(svg_path, encoding="utf-8") as f:
        svg = f.read()
    padded, (w, h) = outside_only(svg)
    tmp_svg = os.path.join(workdir, "outside.svg")
    tmp_png = os.path.join(workdir, "outside.png")
    with open(tmp_svg, "w", encoding="utf-8") as f:
        f.write(padded)
    subprocess.run(["rsvg-convert", "-f", "png", "-o", tmp_png, tmp_svg],
                   check=True, timeout=60)
    width, height, channels, rows = png_rows(tmp_png)
    # A fully transparent row is all zero bytes whatever its filter.
    hits = [y for y, r in enumerate(rows) if r.count(0) != len(r)]
    if not hits:
        return None
    xs = []
    for y in hits[:50]:
        r = rows[y]
        nz = [i // channels for i, b in enumerate(r) if b]
        xs += [min(nz), max(nz)]
    return ("canvas %gx%g; pixels outside it at x %d..%d, y %d..%d "
            "(canvas coordinates)" % (w, h, min(xs) - MARGIN,
                                      max(xs) - MARGIN, hits[0] - MARGIN,
                                      hits[-1] - MARGIN))


def write_fresh_svgs(obkv, workdir):
    """Both writers' SVGs in their tightest shapes; returns the paths."""
    spec = {"table": "a_rather_long_table_name_for_the_heading",
            "families": [{"name": "family_with_a_long_name"}],
            "partition": {"strategy": "key", "partitions": 3}}
    spec_path = os.path.join(workdir, "svg_spec.json")
    with open(spec_path, "w") as f:
        json.dump(spec, f)
    keys = os.path.join(workdir, "keys.txt")
    with open(keys, "w") as f:
        # One key per ms: one time bucket wide; and one hot partition.
        for i in range(40):
            f.write("hot\t%d\n" % (1728950400000 + i))
        f.write("cold1\t1728950400000\ncold2\t1728950400000\n")
    out = []
    for buckets in ("1", "24"):
        path = os.path.join(workdir, "analyze-%s.svg" % buckets)
        subprocess.run([obkv, "analyze", spec_path, "--keys", keys,
                        "--time-buckets", buckets, "--svg", path],
                       check=True, capture_output=True, timeout=60)
        out.append(path)
    store = os.path.join(workdir, "svg_store.db")
    for f in glob.glob(store + "*"):
        os.remove(f)
    subprocess.run([obkv, "--store", store, "create", spec_path], check=True,
                   capture_output=True, timeout=60)
    ops = "".join(json.dumps({"op": "put", "table": spec["table"],
                              "row": "hot", "cells": [{
                                  "family": "family_with_a_long_name",
                                  "qualifier": "q", "value": "v"}]}) + "\n"
                  for _ in range(30))
    subprocess.run([obkv, "--store", store, "exec"], input=ops.encode(),
                   check=True, capture_output=True, timeout=60)
    path = os.path.join(workdir, "stats.svg")
    subprocess.run([obkv, "--store", store, "stats", spec["table"], "--svg",
                    path], check=True, capture_output=True, timeout=60)
    out.append(path)
    return out


def main():
    obkv, source, workdir = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(workdir, exist_ok=True)
    watchdog(180)
    if shutil.which("rsvg-convert") is None:
        print("FAIL rsvg-convert is not installed (librsvg2-bin)")
        return 1
    svgs = sorted(glob.glob(os.path.join(source, "doc", "*.svg")))
    svgs += write_fresh_svgs(obkv, workdir)
    failures = 0
    for path in svgs:
        stray = stray_pixels(path, workdir)
        if stray:
            failures += 1
            print("FAIL %s: %s" % (os.path.relpath(path, source), stray))
    print("svg_text_test: %d SVGs, %d with text outside the canvas" %
          (len(svgs), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
