"""A benchmark with the official MCP Python SDK's client, the baseline for genui's: starts an MCP server over stdio,
initializes, then times COUNT sequential tools/call round trips and prints one JSON line.

    .tools/mcp/bin/python client_roundtrip.py --count N [--tool echo --arguments '{"text": "hi"}'] -- SERVER ARGS...

startSeconds runs from before the server's start until initialize has finished. tools/list is called once after
that, outside both timings (the SDK client lists tools itself before a first call otherwise)."""

import argparse
import json
import os
import statistics
import sys
import time

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def run(command, count, tool, arguments):
    server = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    started = time.perf_counter()
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        start_seconds = time.perf_counter() - started
        await session.list_tools()
        round_trips = []
        for _ in range(count):
            before = time.perf_counter()
            result = await session.call_tool(tool, arguments)
            round_trips.append((time.perf_counter() - before) * 1e6)
            if result.is_error:
                sys.exit(f"client_roundtrip: {tool} failed: {result.content}")
    return {
        "startSeconds": round(start_seconds, 6),
        "roundTripMedianMicroseconds": round(statistics.median(round_trips), 1),
        "roundTripMeanMicroseconds": round(statistics.fmean(round_trips), 1),
        "count": count,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--tool", default="echo")
    parser.add_argument("--arguments", type=json.loads, default={"text": "hi"}, help="the tool's arguments, as JSON")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the server's command line")
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command or options.count < 1:
        parser.error("need --count of at least 1 and a server command after --")
    print(json.dumps(anyio.run(run, command, options.count, options.tool, options.arguments)))


if __name__ == "__main__":
    main()
