import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { readJsonBody } from './read-json-body.js';
import { RequestOriginGuard } from './request-origin-guard.js';
import { ServedSessions } from './served-sessions.js';
import type { ServeHttpOptions, ServedTools } from './serve-tools-options.js';

/**
 * Default `maxBodyBytes` of `serveTools` over HTTP: 4 MiB.
 *
 * @example
 * ```ts
 * await serveTools(tools, { transport: { port: 3001, maxBodyBytes: 4 * DEFAULT_MAX_BODY_BYTES } });
 * ```
 *
 * @category Server
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Default `maxSessions` of `serveTools` over HTTP: 100 live sessions.
 *
 * @example
 * ```ts
 * await serveTools(tools, { transport: { port: 3001, maxSessions: 10 * DEFAULT_MAX_SESSIONS } });
 * ```
 *
 * @category Server
 */
export const DEFAULT_MAX_SESSIONS = 100;
/**
 * Default `sessionIdleTimeoutMs` of `serveTools` over HTTP: 10 minutes.
 *
 * @example
 * ```ts
 * await serveTools(tools, { transport: { port: 3001, sessionIdleTimeoutMs: 6 * DEFAULT_SESSION_IDLE_TIMEOUT_MS } });
 * ```
 *
 * @category Server
 */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 10 * 60_000;

/**
 * Serves MCP over Streamable HTTP on node:http: one SDK server + transport per session (made by
 * `makeServer`), sessions keyed by `mcp-session-id`. Every request passes the Host/Origin allow-list,
 * then `authorize`; POST bodies are read here, bounded by `maxBodyBytes`.
 * @internal
 */
export async function serveHttp(makeServer: () => Server, options: ServeHttpOptions): Promise<ServedTools> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const maxSessions = positive('maxSessions', options.maxSessions ?? DEFAULT_MAX_SESSIONS);
  const sessions = new ServedSessions({
    maxSessions,
    idleTimeoutMs: positive('sessionIdleTimeoutMs', options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS),
  });
  /** Set once the port is known (before the first request can arrive). */
  const checks: { guard?: RequestOriginGuard } = {};

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = checks.guard === undefined ? 'the server is still starting' : checks.guard.check(req);
    if (refusal !== undefined) return reply(res, 403, `Forbidden: ${refusal}`);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return reply(res, 404, `Not found; the MCP endpoint is ${path}.`);
    if (options.authorize !== undefined && !(await options.authorize(req))) {
      res.setHeader('www-authenticate', 'Bearer');
      return reply(res, 401, 'Unauthorized: send a valid Authorization header.');
    }
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, maxBodyBytes);
      if (read.kind === 'too-large') {
        res.setHeader('connection', 'close');
        return reply(res, 413, `Payload too large: the request body exceeds ${maxBodyBytes} bytes (maxBodyBytes).`);
      }
      if (read.kind === 'invalid') return reply(res, 400, `The request body is not valid JSON (${read.reason}).`, -32700);
      body = read.value;
    }
    const sessionId = headerValue(req.headers['mcp-session-id']);
    if (sessionId !== undefined) {
      const transport = sessions.get(sessionId);
      if (transport === undefined) return reply(res, 404, 'Unknown or expired session; initialize a new one.');
      sessions.track(sessionId, (done) => res.once('close', done));
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return reply(res, 400, 'Missing mcp-session-id header; POST an initialize request first.');
    }
    if (!sessions.reserve()) {
      return reply(res, 503, `Too many open sessions (maxSessions ${maxSessions}); end unused sessions (DELETE) or retry later.`);
    }
    try {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.add(id, transport);
          sessions.track(id, (done) => res.once('close', done));
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      await makeServer().connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      sessions.started();
    }
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
  checks.guard = new RequestOriginGuard({ boundHost: host, port: address.port, extraHosts: options.allowedHosts, extraOrigins: options.allowedOrigins });
  const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}${path}`);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    })();
    return closing;
  };
  return { url, close, [Symbol.asyncDispose]: close };
}

function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`serveTools: ${name} must be a positive number, not ${String(value)}.`);
  return value;
}
