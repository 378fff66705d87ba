# Copyright (c) obkvlite authors.
#
# Connections to a test gateway (`obkv thrift start` on the loopback) with
# Debian's python3-thrift and the stubs generated from hbase.thrift, in any
# of the four transport x protocol pairs. Sockets time out after 20 s, so a
# hung gateway fails the test instead of stalling it.

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
