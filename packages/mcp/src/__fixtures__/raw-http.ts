// Plain node:http requests for the serveTools tests: full control over Host, Origin, body size and the
// keep-alive socket, which fetch does not give.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** An answer read to its end. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** Options of {@link rawRequest}. */
export interface RawRequestOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** Send the body without Content-Length (chunked). */
  readonly chunked?: boolean;
  readonly agent?: Agent;
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
});

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Sends one request to `url` and reads the whole answer. */
export function rawRequest(url: URL, options: RawRequestOptions = {}): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined && options.chunked !== true) headers['content-length'] = String(body.length);
    let answered = false;
    const req = request(url, { method: options.method ?? 'POST', headers, agent: options.agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer (413) and close before the whole body is sent: not a failure once answered.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}
