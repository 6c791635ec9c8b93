"""A hostile MCP test server: initializes, then answers tools/list only with lines that are not JSON-RPC (not JSON,
broken JSON, a JSON object of another kind), never with a valid response."""

import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsonrpc_stub as rpc  # noqa: E402


def garbage(request):
    rpc.write_line("this is not json")
    rpc.write_line('{"jsonrpc":"2.0","id":')
    rpc.write_line('{"hello":"world"}')


rpc.serve({
    "initialize": lambda request: rpc.initialize_result(request, "garbage"),
    "tools/list": garbage,
})
