"""Test harness for `obkv rest start` (tests/server/rest/*_test.py).

Starts the server on a free loopback port (-p 0, the port read from the
one line it prints), talks to it with http.client, and stops it with
SIGTERM. A watchdog (SIGALRM) fails the test instead of letting it hang.

Stores: "sqlite" (one file), "shards3" (three files) and "mariadb" (the
tests' private server, OBKV_TEST_MYSQL_SOCKET), all under WORKDIR.
"""

import base64
import getpass
import http.client
import json
import os
import select
import signal
import subprocess
import sys
import time


def b64(data):
    if isinstance(data, str):
        data = data.encode()
    return base64.b64encode(data).decode()


def unb64(text):
    return base64.b64decode(text)


def watchdog(seconds, cleanup=None):
    """Fails the test after `seconds`, killing what `cleanup` kills."""

    def fire(_signum, _frame):
        sys.stderr.write("watchdog: test still running after %d s\n" % seconds)
        if cleanup:
            cleanup()
        os._exit(3)

    signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)


def store_location(kind, workdir, name):
    """The --store argument and the extra `create` flags for `kind`."""
    if kind == "sqlite":
        return os.path.join(workdir, name + ".db"), []
    if kind == "shards3":
        return os.path.join(workdir, name + "-shards.db"), ["--shards", "3"]
    if kind == "mariadb":
        sock = os.environ.get("OBKV_TEST_MYSQL_SOCKET")
        if not sock:
            raise SystemExit("mariadb: OBKV_TEST_MYSQL_SOCKET is not set")
        user = "root" if os.getuid() == 0 else getpass.getuser()
        return "mysql://%s@localhost/%s?socket=%s" % (user, name, sock), []
    raise SystemExit("unknown store kind " + kind)


def reset_store(obkv, store):
    """Removes a file store (and its shards) so each run starts empty."""
    if store.startswith("mysql://"):
        out = subprocess.run([obkv, "--store", store, "list"],
                             capture_output=True, text=True, timeout=60)
        for name in out.stdout.split():
            subprocess.run([obkv, "--store", store, "drop", name],
                           capture_output=True, timeout=60)
        return
    base = os.path.dirname(store)
    prefix = os.path.basename(store)
    for f in os.listdir(base):
        if f.startswith(prefix):
            os.remove(os.path.join(base, f))


def obkv_create(obkv, store, spec, extra, workdir):
    path = os.path.join(workdir, spec["table"].replace(":", "_") + ".json")
    with open(path, "w") as f:
        json.dump(spec, f)
    subprocess.run([obkv, "--store", store, "create"] + extra + [path],
                   check=True, capture_output=True, timeout=60)


class Server:
    """One `obkv rest start` process."""

    def __init__(self, obkv, store, args=(), workdir=".", log="rest-server.log"):
        self.log_path = os.path.join(workdir, log)
        self.log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [obkv, "--store", store, "rest", "start", "-p", "0"] + list(args),
            stdout=subprocess.PIPE, stderr=self.log)
        line = self._read_line(20)
        # "obkv rest: listening on http://127.0.0.1:PORT (store ..., ...)"
        if "listening on http://" not in line:
            self.kill()
            raise SystemExit("server did not start: %r" % line)
        self.address = line.split("http://")[1].split(" ")[0]
        self.host, port = self.address.rsplit(":", 1)
        self.port = int(port)
        self.first_line = line

    def _read_line(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            return ""
        return self.proc.stdout.readline().decode()

    def connection(self, timeout=30):
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, conn=None):
        """(status, headers dict, body bytes) of one request."""
        own = conn is None
        c = conn or self.connection()
        if isinstance(body, str):
            body = body.encode()
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        hdrs = {k.lower(): v for k, v in r.getheaders()}
        if own:
            c.close()
        return r.status, hdrs, data

    def get_json(self, path):
        status, _, data = self.request("GET", path,
                                       headers={"Accept": "application/json"})
        return status, (json.loads(data) if status == 200 and data else None)

    def stop(self, timeout=20):
        """SIGTERM; returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise SystemExit("server did not stop within %d s of SIGTERM" %
                             timeout)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


class Checks:
    """Collects failures so one run reports them all."""

    def __init__(self):
        self.failures = []
        self.count = 0

    def eq(self, what, got, want):
        self.count += 1
        if got != want:
            self.failures.append("%s: got %r, want %r" % (what, got, want))

    def true(self, what, cond, detail=""):
        self.count += 1
        if not cond:
            self.failures.append("%s %s" % (what, detail))

    def finish(self, name):
        for f in self.failures:
            print("FAIL " + f)
        print("%s: %d checks, %d failed" % (name, self.count,
                                            len(self.failures)))
        return 1 if self.failures else 0
