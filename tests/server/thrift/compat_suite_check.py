# Copyright (c) obkvlite authors.
#
# Runs a unittest client suite against a gateway started with --compat obkv
# and checks that it fails only where OBKV-HBase refuses: every failing or
# erroring test must carry the profile's refusal ("OBKV-HBase refuses ...
# see doc/obkv-compat.md C-NN"), and the tests that use nothing refused
# must pass. Prints the refused rows with their test counts.
#
#   python3 compat_suite_check.py MIN_PASSED SUITE.py SUITE_ARGS...
#
# Exits 0 when the suite ran, at least MIN_PASSED tests passed and every
# failure is a refusal; 1 otherwise, naming the offending tests.

import collections
import re
import subprocess
import sys

REFUSAL = "OBKV-HBase refuses"


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    min_passed = int(sys.argv[1])
    cmd = [sys.executable] + sys.argv[2:]
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=280)
    except subprocess.TimeoutExpired:
        print("compat_suite_check: the suite hung (280 s)")
        return 1
    out = run.stderr + run.stdout
    ran = re.search(r"^Ran (\d+) tests?", out, re.M)
    if ran is None:
        print(out[-4000:])
        print("compat_suite_check: the suite did not finish")
        return 1
    total = int(ran.group(1))
    # unittest prints one block per failure, each opened by a line of '='
    # then "ERROR: name" or "FAIL: name".
    blocks = re.split(r"^={20,}\n", out, flags=re.M)[1:]
    failed, not_refused, rows = [], [], collections.Counter()
    for block in blocks:
        head = re.match(r"(ERROR|FAIL): (\S+ \([^)]*\))", block)
        if head is None:
            continue
        failed.append(head.group(2))
        if REFUSAL not in block:
            not_refused.append((head.group(2), block.strip()[-600:]))
            continue
        row = re.search(r"obkv-compat\.md (C-\d+)", block)
        rows[row.group(1) if row else "?"] += 1
    passed = total - len(failed)
    print("compat_suite_check: %d tests, %d passed, %d refused" %
          (total, passed, len(failed) - len(not_refused)))
    for row, n in sorted(rows.items()):
        print("  %s: %d tests" % (row, n))
    for name, tail in not_refused:
        print("NOT A REFUSAL: %s\n%s\n" % (name, tail))
    if not_refused:
        return 1
    if passed < min_passed:
        print("compat_suite_check: only %d passed, expected at least %d" %
              (passed, min_passed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
