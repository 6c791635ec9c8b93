"""A hostile MCP test server: initializes and lists one tool, `flood`, whose call is answered by a single line of
100 MiB (a text result of that many 'a's; FLOOD_BYTES overrides the count), written in 1 MiB chunks."""

import json
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsonrpc_stub as rpc  # noqa: E402

SIZE = int(os.environ.get("FLOOD_BYTES", 100 * 1024 * 1024))
CHUNK = b"a" * (1024 * 1024)


def call(request):
    out = sys.stdout.buffer
    head = '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"' % json.dumps(request["id"])
    out.write(head.encode())
    left = SIZE
    while left > 0:
        out.write(CHUNK[: min(left, len(CHUNK))])
        left -= len(CHUNK)
    out.write(b'"}]}}\n')
    out.flush()


rpc.serve({
    "initialize": lambda request: rpc.initialize_result(request, "flood"),
    "tools/list": lambda request: {"tools": [rpc.tool("flood")]},
    "tools/call": call,
})
