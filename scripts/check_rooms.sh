#!/usr/bin/env bash
# Checks the rooms of src/ against doc/architecture.md's table "The rooms":
#   - every #include "..." of a file under src/ that names another room
#     must be one the table's "may include" column allows for the file's
#     room: a room named there in backticks, or one that room may include
#     (the column names what a room sits on; what that sits on follows);
#     the public API (include/obkvlite/) is open to every room;
#   - no two folders of src/ may include each other, directly or through
#     others (a cycle between rooms or sub-rooms);
#   - no folder of src/ may hold more than 45 files directly.
# A folder's room is the table's row naming that folder or, failing that,
# its nearest parent folder the table names; a folder no row covers fails.
# Prints each violation with the file and include that cause it; exits 1 on
# any. Runs in scripts/test.sh; takes well under a second.
#
#   scripts/check_rooms.sh [ROOT]
set -euo pipefail
ROOT="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
exec python3 - "$ROOT" <<'PY'
import collections
import os
import re
import sys

root = sys.argv[1]
src = os.path.join(root, "src")
MAX_FILES = 45
problems = []

# The table: rows "| `src/a/`, `src/b/` | what | `x`, `y` ... |" under the
# heading "## The rooms".
doc = open(os.path.join(root, "doc", "architecture.md"), encoding="utf-8").read()
section = doc.split("## The rooms", 1)[1].split("\n## ", 1)[0]
may = {}  # room folder (relative to src/) -> set of rooms it names
for line in section.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) < 3 or not cells[0].startswith("`"):
        continue
    folders = [f.strip("/") for f in re.findall(r"`src/([^`]*)`", cells[0])]
    names = set(re.findall(r"`([^`]+)`", cells[-1]))
    for folder in folders:
        may[folder] = {n.strip("/") for n in names}
if not may:
    sys.exit("check_rooms: no rows under '## The rooms' in doc/architecture.md")

def room_of(folder):
    while folder and folder not in may:
        folder = os.path.dirname(folder)
    return folder or None

for room, names in sorted(may.items()):
    if not os.path.isdir(os.path.join(src, room)):
        problems.append(f"doc/architecture.md names src/{room}/, which does not exist")
    for n in sorted(names):
        if n not in may and n != "everything":
            problems.append(f"doc/architecture.md: src/{room}/ may include `{n}`, which is no room of the table")

# What each room may include: its names, and theirs, transitively.
def closure(room):
    seen, todo = set(), [room]
    while todo:
        r = todo.pop()
        for n in may.get(r, ()):
            if n == "everything":
                return None  # anything
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen
allowed = {room: closure(room) for room in may}

# Every include between folders.
folder_edges = collections.defaultdict(dict)  # folder -> {folder: example}
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
for dirpath, _, files in os.walk(src):
    folder = os.path.relpath(dirpath, src)
    folder = "" if folder == "." else folder
    n_files = len(files)
    if n_files > MAX_FILES:
        problems.append(f"src/{folder}/ holds {n_files} files (at most {MAX_FILES}): give a concept a sub-folder")
    code = [f for f in files if f.endswith((".h", ".cc"))]
    if code and room_of(folder) is None:
        problems.append(f"src/{folder}/: no row of doc/architecture.md's rooms table covers it")
        continue
    for f in sorted(code):
        path = os.path.join(dirpath, f)
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                m = include_re.match(line)
                if not m:
                    continue
                inc = m.group(1)
                if inc.startswith("obkvlite/"):
                    continue  # the public API: open to every room
                if not os.path.isfile(os.path.join(src, inc)):
                    continue  # generated, or a system header in quotes
                target = os.path.dirname(inc)
                if target == folder:
                    continue
                where = f"src/{folder}/{f}: #include \"{inc}\""
                folder_edges[folder].setdefault(target, where)
                mine, theirs = room_of(folder), room_of(target)
                if mine == theirs:
                    continue  # sub-folders of one room
                ok = allowed[mine]
                if ok is not None and theirs not in ok:
                    problems.append(f"{where}: src/{mine}/ may not include src/{theirs}/")

# Cycles between folders (Tarjan's strongly connected components).
sys.setrecursionlimit(100000)
index, low, stack, on_stack, counter = {}, {}, [], set(), [0]
def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in folder_edges.get(v, {}):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            members = sorted(component)
            lines = [f"  {folder_edges[a][b]}" for a in members for b in members
                     if b in folder_edges.get(a, {})]
            problems.append("a cycle between " + ", ".join(f"src/{m}/" for m in members)
                            + ":\n" + "\n".join(lines))
for v in sorted(folder_edges):
    if v not in index:
        visit(v)

for p in problems:
    print(f"check_rooms: {p}")
if problems:
    sys.exit(1)
print(f"check_rooms: {len(may)} rooms, no cycle, every include allowed")
PY
