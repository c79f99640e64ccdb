// An MCP server over stdio that will not go: it ignores SIGTERM and the end of its stdin, and its tool
// `hang_forever` never returns. It writes its pid to the file named by its argument, and `called` when the tool runs.
// Usage: node stubborn-mcp-server.mjs <pid file> (an MCP client passes the server no environment of its own).
import { appendFileSync, writeFileSync } from 'node:fs';
import { serveTools } from '@tandem/mcp/server';
import { tool } from '@tandem/tools';
import { z } from 'zod';

const pidFile = process.argv[2];

process.on('SIGTERM', () => appendFileSync(pidFile, ' sigterm-ignored'));
process.stdin.on('end', () => undefined);
setInterval(() => undefined, 60_000);
writeFileSync(pidFile, String(process.pid));

const hang = tool({
  name: 'hang_forever',
  description: 'Never returns, and ignores its abort.',
  input: z.object({}),
  execute: () => {
    appendFileSync(pidFile, ' called');
    return new Promise(() => {});
  },
});

await serveTools([hang], { transport: 'stdio', serverInfo: { name: 'stubborn', version: '1.0.0' } });
