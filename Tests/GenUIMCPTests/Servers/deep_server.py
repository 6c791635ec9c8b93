"""A hostile MCP test server: lists one tool, `deep`, whose input schema nests 1,000 object schemas (each the
property `a` of the one above it), sent as JSON text built without recursion; a call answers the text "deep"."""

import json
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsonrpc_stub as rpc  # noqa: E402

LEVELS = 1000
SCHEMA = '{"type":"object","properties":{"a":' * (LEVELS - 1) + '{"type":"object","properties":{}}' + "}}" * (LEVELS - 1)


def tools_list(request):
    rpc.write_line('{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"deep","inputSchema":%s}]}}'
                   % (json.dumps(request["id"]), SCHEMA))


rpc.serve({
    "initialize": lambda request: rpc.initialize_result(request, "deep"),
    "tools/list": tools_list,
    "tools/call": lambda request: {"content": [{"type": "text", "text": "deep"}]},
})
