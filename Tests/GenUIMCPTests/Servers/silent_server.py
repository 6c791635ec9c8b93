"""A hostile MCP test server: reads stdin until end of file and never answers anything, not even initialize."""

import sys

while sys.stdin.buffer.read(65536):
    pass
