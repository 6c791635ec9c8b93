"""A hostile MCP test server: initializes and lists one tool, `die`; a call to it writes "about to exit" to stderr
and exits with status 3 without answering."""

import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsonrpc_stub as rpc  # noqa: E402


def die(request):
    sys.stderr.write("about to exit\n")
    sys.stderr.flush()
    os._exit(3)


rpc.serve({
    "initialize": lambda request: rpc.initialize_result(request, "dying"),
    "tools/list": lambda request: {"tools": [rpc.tool("die")]},
    "tools/call": die,
})
