// A minimal MCP server over stdio, written by hand (no SDK) so a test controls every byte it sends.
// Tools: echo {text} → text; big {bytes} → a text result of that many bytes; garbage {bytes} → writes one
// line of that many non-JSON bytes and never answers; shout {bytes} → a log notification of that many
// bytes, then the result "done". argv[2] === 'hang' → never answers anything (a hung handshake).
import { createInterface } from 'node:readline';

const mode = process.argv[2];
process.stderr.write(`raw-stdio-server pid ${process.pid} ready\n`);
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const text = (id, value) => send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: value }] } });
const tools = ['echo', 'big', 'garbage', 'shout'].map((name) => ({ name, inputSchema: { type: 'object' } }));

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  if (mode === 'hang') return;
  const request = JSON.parse(line);
  const { id, method, params } = request;
  if (id === undefined) return; // a notification
  if (method === 'initialize') {
    send({ jsonrpc: '2.0', id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'raw', version: '1.0.0' } } });
  } else if (method === 'tools/list') {
    send({ jsonrpc: '2.0', id, result: { tools } });
  } else if (method === 'ping') {
    send({ jsonrpc: '2.0', id, result: {} });
  } else if (method === 'tools/call') {
    const args = params.arguments ?? {};
    if (params.name === 'echo') text(id, `pid ${process.pid}: ${args.text}`);
    else if (params.name === 'big') text(id, 'x'.repeat(args.bytes));
    else if (params.name === 'garbage') process.stdout.write(`${'#'.repeat(args.bytes)}\n`);
    else if (params.name === 'shout') {
      send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'y'.repeat(args.bytes) } });
      text(id, 'done');
    }
  } else {
    send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Unknown method ${method}` } });
  }
});
