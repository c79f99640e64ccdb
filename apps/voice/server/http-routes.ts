import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StaticFile } from './static-files.js';

/** What the HTTP side shows at `/healthz`. */
export interface HealthReport {
  readonly ok: true;
  readonly sessions: number;
  readonly maxSessions: number;
  readonly model: { readonly id: string; readonly label: string; readonly offlineDemo: boolean };
}

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Serves the page's files and `GET /healthz`; anything else is 404 (or 405 for other methods). */
export function handleHttp(request: IncomingMessage, response: ServerResponse, files: ReadonlyMap<string, StaticFile>, health: () => HealthReport): void {
  const method = request.method ?? 'GET';
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  if (method !== 'GET' && method !== 'HEAD') {
    reply(response, 405, 'text/plain; charset=utf-8', Buffer.from('Only GET and HEAD.\n'), { allow: 'GET, HEAD' });
    return;
  }
  if (pathname === '/healthz') {
    reply(response, 200, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(health())));
    return;
  }
  const file = files.get(pathname);
  if (file === undefined) {
    reply(response, 404, 'text/plain; charset=utf-8', Buffer.from('Not found.\n'));
    return;
  }
  reply(response, 200, file.contentType, method === 'HEAD' ? Buffer.alloc(0) : file.body, {}, file.body.byteLength);
}

function reply(response: ServerResponse, status: number, contentType: string, body: Buffer, headers: Record<string, string> = {}, length = body.byteLength): void {
  response.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-type': contentType, 'content-length': String(length) });
  response.end(body);
}
