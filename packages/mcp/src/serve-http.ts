import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ServeHttpOptions, ServedTools } from './serve-tools.js';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves MCP over Streamable HTTP on node:http: one SDK server + transport per session (made by
 * `makeServer`), sessions keyed by `mcp-session-id`.
 * @internal
 */
export async function serveHttp(
  makeServer: () => Server,
  options: ServeHttpOptions,
): Promise<ServedTools> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return reply(res, 404, `Not found; the MCP endpoint is ${path}.`);
    if (options.authorize !== undefined && !(await options.authorize(req))) {
      res.setHeader('www-authenticate', 'Bearer');
      return reply(res, 401, 'Unauthorized: send a valid Authorization header.');
    }
    const sessionId = headerValue(req.headers['mcp-session-id']);
    if (sessionId !== undefined) {
      const transport = sessions.get(sessionId);
      if (transport === undefined) return reply(res, 404, 'Unknown or expired session; initialize a new one.');
      return transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'Missing mcp-session-id header; POST an initialize request first.');
    const body = await readJson(req);
    if (body === undefined) return reply(res, 400, 'The request body is not valid JSON.');
    if (!isInitializeRequest(body)) return reply(res, 400, 'Missing mcp-session-id header; POST an initialize request first.');
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await makeServer().connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}${path}`);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(() => undefined)));
      sessions.clear();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    })();
    return closing;
  };
  return { url, close, [Symbol.asyncDispose]: close };
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
