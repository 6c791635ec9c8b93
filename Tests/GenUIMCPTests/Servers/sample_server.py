"""A well-behaved MCP server built on the official Python SDK (mcp 2.x MCPServer), stdio transport: the MCP client
tests call its tools. Run with the venv that scripts/mcp-servers installs: .tools/mcp/bin/python sample_server.py
(extra arguments, such as the tests' --tag, are ignored)."""

import base64
import os
from typing import Literal, TypedDict

import anyio
from mcp.server.mcpserver import Image, MCPServer
from mcp.types import CallToolResult, TextContent

# A valid 1x1 PNG (one opaque red pixel).
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)

server = MCPServer("genui-sample", version="1.0.0")


def note(line: str) -> None:
    """Appends `line` to the file named by MCP_CALL_LOG, when it is set."""
    path = os.environ.get("MCP_CALL_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(line + "\n")


class Weather(TypedDict):
    city: str
    temperature: int
    unit: str


@server.tool()
def echo(text: str) -> str:
    """Returns the text it is given."""
    return text


@server.tool()
def weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> Weather:
    """The (fixed) weather in a city, as structured content."""
    return {"city": city, "temperature": 21, "unit": unit}


@server.tool()
def fail(reason: str) -> CallToolResult:
    """Always fails: an isError result whose text is exactly the reason (a raised ToolError would prefix it)."""
    return CallToolResult(content=[TextContent(type="text", text=reason)], is_error=True)


@server.tool()
async def slow(seconds: float) -> str:
    """Sleeps, then answers "slept"; a cancellation ends the sleep (and is noted in MCP_CALL_LOG)."""
    try:
        await anyio.sleep(seconds)
    except anyio.get_cancelled_exc_class():
        note("cancelled slow")
        raise
    return "slept"


@server.tool()
def count_calls(tag: str) -> str:
    """Appends the tag as a line to the file named by MCP_CALL_LOG (when set), so a test can count the calls."""
    note(tag)
    return "counted"


@server.tool()
def picture() -> Image:
    """A 1x1 PNG image."""
    return Image(data=PNG_1X1, format="png")


def serve_http(port_file: str, token: str | None) -> None:
    """Streamable HTTP on a free loopback port, written to `port_file` once listening; with `token`, a request
    without `Authorization: Bearer <token>` is refused with 401."""
    import socket

    import uvicorn

    app = server.streamable_http_app()

    async def guarded(scope, receive, send):
        if token and scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            if headers.get(b"authorization") != f"Bearer {token}".encode():
                await send({"type": "http.response.start", "status": 401, "headers": [(b"content-length", b"0")]})
                await send({"type": "http.response.body", "body": b""})
                return
        await app(scope, receive, send)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    # Listening before the port is published: a client that connects while uvicorn starts waits in the backlog.
    listener.listen(128)
    with open(port_file + ".tmp", "w", encoding="utf-8") as out:
        out.write(str(listener.getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)
    config = uvicorn.Config(guarded if token else app, log_level="warning", lifespan="on")
    uvicorn.Server(config).run(sockets=[listener])


if __name__ == "__main__":
    import sys

    arguments = sys.argv[1:]
    if "--http" in arguments:
        token = arguments[arguments.index("--token") + 1] if "--token" in arguments else None
        serve_http(arguments[arguments.index("--http") + 1], token)
    else:
        server.run("stdio")
