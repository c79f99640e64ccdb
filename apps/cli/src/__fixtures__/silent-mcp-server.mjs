// A "server" that starts and never answers the MCP handshake (it reads its stdin and says nothing).
process.stdin.resume();
setInterval(() => undefined, 60_000);
