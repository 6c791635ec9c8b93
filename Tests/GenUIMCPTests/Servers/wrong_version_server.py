"""A hostile MCP test server: answers initialize with protocol version "1999-01-01", which no client supports; it
lists no tools, so a client that went on anyway would see an empty list rather than an error."""

import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsonrpc_stub as rpc  # noqa: E402

rpc.serve({
    "initialize": lambda request: rpc.initialize_result(request, "wrong-version", version="1999-01-01"),
    "tools/list": lambda request: {"tools": []},
})
