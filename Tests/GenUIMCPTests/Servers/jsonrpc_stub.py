"""Bare newline-delimited JSON-RPC over stdio (stdlib only), shared by the hostile MCP test servers in this folder,
which misbehave in ways the official SDK would not let them."""

import json
import os
import sys

SUPPORTED_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
FALLBACK_VERSION = "2025-06-18"


def write_line(text):
    """Writes one line of raw text to stdout and flushes it."""
    sys.stdout.buffer.write(text.encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


def send(message):
    write_line(json.dumps(message, separators=(",", ":")))


def result(request, value):
    send({"jsonrpc": "2.0", "id": request["id"], "result": value})


def initialize_result(request, name, version=None):
    """An initialize result: the client's protocol version when it is one we know (else FALLBACK_VERSION), or the
    given `version`; tools capability only."""
    if version is None:
        asked = (request.get("params") or {}).get("protocolVersion")
        version = asked if asked in SUPPORTED_VERSIONS else FALLBACK_VERSION
    return {"protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": {"name": name, "version": "1.0.0"}}


def tool(name, input_schema=None):
    return {"name": name, "inputSchema": input_schema or {"type": "object", "properties": {}}}


def messages():
    """The JSON objects read from stdin, one a line, until end of file; lines that are not JSON objects are skipped."""
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            return
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if isinstance(message, dict):
            yield message


def serve(handlers):
    """Answers requests until stdin ends. `handlers` maps a method to a function of the request that returns its
    result (sent as the answer) or None (it answered itself, or answers nothing). Notifications and responses are
    ignored; ping is answered; other methods get method-not-found. A client that stops reading ends the server."""
    try:
        for message in messages():
            method = message.get("method")
            if "id" not in message or not isinstance(method, str):
                continue
            handler = handlers.get(method)
            if handler is None:
                if method == "ping":
                    result(message, {})
                else:
                    send({"jsonrpc": "2.0", "id": message["id"],
                          "error": {"code": -32601, "message": "Method not found: " + method}})
                continue
            value = handler(message)
            if value is not None:
                result(message, value)
    except BrokenPipeError:
        # The client closed our stdout; point it at /dev/null so the exit's flush does not complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
