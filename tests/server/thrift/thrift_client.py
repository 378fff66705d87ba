# Copyright (c) obkvlite authors.
#
# Connections to a test gateway (`obkv thrift start` on the loopback) with
# Debian's python3-thrift and the stubs generated from hbase.thrift, in any
# of the four transport x protocol pairs. Sockets time out after 20 s, so a
# hung gateway fails the test instead of stalling it.

import socket

from thrift.protocol import TBinaryProtocol, TCompactProtocol
from thrift.transport import TSocket, TTransport

from hbase import Hbase


def open_protocol(port, framed, compact):
    """An open protocol (its transport in .trans) to 127.0.0.1:port."""
    sock = TSocket.TSocket("127.0.0.1", port)
    sock.setTimeout(20000)
    transport = (TTransport.TFramedTransport(sock) if framed
                 else TTransport.TBufferedTransport(sock))
    protocol = (TCompactProtocol.TCompactProtocol(transport) if compact
                else TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    return protocol


def connect(port, framed=False, compact=False):
    """An Hbase client; its transport is client.transport."""
    protocol = open_protocol(port, framed, compact)
    client = Hbase.Client(protocol)
    client.transport = protocol.trans
    return client


def send_raw(port, data, close_early=False):
    """Sends raw `data` on a new connection to 127.0.0.1:port; returns what
    the server answered before it closed the connection (nothing read with
    close_early). A reset counts as closed."""
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    got = b""
    try:
        s.sendall(data)
        if close_early:
            return got
        try:
            s.shutdown(socket.SHUT_WR)
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
        except OSError:
            pass  # closed before we were done: as good
    finally:
        s.close()
    return got
