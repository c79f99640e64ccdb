import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DirectModeInfo } from './direct-mode.js';
import { directConnectOrigin } from './direct-mode.js';
import type { StaticFile } from './static-files.js';

/** What the HTTP side shows at `/healthz`. */
export interface HealthReport {
  readonly ok: true;
  readonly sessions: number;
  readonly maxSessions: number;
  readonly model: { readonly id: string; readonly label: string; readonly offlineDemo: boolean };
  /** `direct`: the page talks to the model itself with a client secret from `POST /realtime/client-secret`. */
  readonly mode: 'server' | 'direct';
  readonly direct?: DirectModeInfo;
}

/** The routes of direct mode: minting a client secret for a page of an allowed origin. */
export interface DirectRoutes {
  readonly info: DirectModeInfo;
  /** Whether a request's `Origin` may get a secret (a page of another site must not). */
  originAllowed(origin: string | undefined): boolean;
  mint(): Promise<string>;
}

function securityHeaders(connectSrc: string): Record<string, string> {
  return {
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${connectSrc}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/**
 * Serves the page's files and `GET /healthz` (and, in direct mode, `POST /realtime/client-secret`); anything
 * else is 404 (or 405 for other methods).
 */
export function handleHttp(
  request: IncomingMessage,
  response: ServerResponse,
  files: ReadonlyMap<string, StaticFile>,
  health: () => HealthReport,
  direct?: DirectRoutes,
): void {
  const method = request.method ?? 'GET';
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  // Direct mode: the page also connects to the model's WebSocket.
  const headers = securityHeaders(direct === undefined ? "'self'" : `'self' ${directConnectOrigin(direct.info)}`);
  const reply = (status: number, contentType: string, body: Buffer, extra: Record<string, string> = {}, length = body.byteLength): void => {
    response.writeHead(status, { ...headers, ...extra, 'content-type': contentType, 'content-length': String(length) });
    response.end(body);
  };
  if (direct !== undefined && pathname === '/realtime/client-secret' && method === 'POST') {
    request.resume();
    if (!direct.originAllowed(request.headers.origin)) {
      reply(403, 'text/plain; charset=utf-8', Buffer.from('Only the voice app page may ask for a client secret.\n'));
      return;
    }
    direct.mint().then(
      (value) => reply(200, 'application/json; charset=utf-8', Buffer.from(JSON.stringify({ value }))),
      (error: unknown) => reply(502, 'application/json; charset=utf-8', Buffer.from(JSON.stringify({ error: `OpenAI did not mint a client secret: ${error instanceof Error ? error.message : String(error)}` }))),
    );
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    reply(405, 'text/plain; charset=utf-8', Buffer.from('Only GET and HEAD.\n'), { allow: 'GET, HEAD' });
    return;
  }
  if (pathname === '/healthz') {
    reply(200, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(health())));
    return;
  }
  const file = files.get(pathname);
  if (file === undefined) {
    reply(404, 'text/plain; charset=utf-8', Buffer.from('Not found.\n'));
    return;
  }
  reply(200, file.contentType, method === 'HEAD' ? Buffer.alloc(0) : file.body, {}, file.body.byteLength);
}
