import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapturedRequest } from './captured-request.js';
import { encodeSseEvents } from './sse-fixture.js';
import type { RawResponse, StreamEnding, TestServerResponse } from './test-server-response.js';

/**
 * A loopback HTTP server (127.0.0.1, a free port) that replays scripted vendor responses and captures
 * every request — the fixture server provider tests run against.
 *
 * Responses are used one per request in the order given to {@link ProviderTestServer.enqueue}; when the
 * queue is empty the fallback set with {@link ProviderTestServer.setFallback} answers, and without one the
 * server answers 500 with a message naming the request (so a test that makes an unexpected call fails).
 *
 * @example
 * ```ts
 * await using server = await ProviderTestServer.start();
 * server.enqueue(
 *   { type: 'json', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } },
 *   { type: 'sse', events: loadSseFixture(fixtures, 'text') },
 * );
 * const model = createOpenAI({ apiKey: 'sk-test', baseURL: server.baseURL('/v1') })('gpt-5');
 * // … consume model.stream(request) …
 * expect(server.requests).toHaveLength(2);
 * ```
 *
 * @category Provider contract kit
 */
export class ProviderTestServer implements AsyncDisposable {
  /** Every request received, in order. */
  readonly requests: CapturedRequest[] = [];
  /** Origin of the server, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  private readonly server: Server;
  private readonly queue: TestServerResponse[] = [];
  private fallback: TestServerResponse | undefined;

  private constructor(server: Server, url: string) {
    this.server = server;
    this.url = url;
  }

  /** Starts a server on 127.0.0.1 and a free port. */
  static async start(): Promise<ProviderTestServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const instance = new ProviderTestServer(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => {
      // A client that goes away mid-request must not become an unhandled rejection in the test run.
      instance.handle(req, res).catch(() => {
        res.destroy();
      });
    });
    return instance;
  }

  /** `url` + `path`, e.g. `server.baseURL('/v1')` → `http://127.0.0.1:43121/v1`. */
  baseURL(path = ''): string {
    return `${this.url}${path}`;
  }

  /** Queues responses, one per upcoming request. */
  enqueue(...responses: TestServerResponse[]): this {
    this.queue.push(...responses);
    return this;
  }

  /** Answers every request for which no queued response is left. */
  setFallback(response: TestServerResponse | undefined): this {
    this.fallback = response;
    return this;
  }

  /** Responses still queued. */
  get pending(): number {
    return this.queue.length;
  }

  /** Closes the server and destroys every open connection (including stalled streams). */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const socket = req.socket;
    const socketClosed = socket.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let markStalled: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => {
      markStalled = resolve;
    });
    const request: CapturedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: flattenHeaders(req),
      bodyText,
      body: parseJson(bodyText),
      socketClosed,
      stalled,
    };
    this.requests.push(request);
    const scripted = this.queue.shift() ?? this.fallback;
    if (scripted === undefined) {
      sendJson(res, 500, {
        error: { message: `ProviderTestServer: no scripted response for request #${this.requests.length} (${request.method} ${request.path}).` },
      });
      return;
    }
    const response = typeof scripted === 'function' ? scripted(request) : scripted;
    if (response.type === 'json') {
      sendJson(res, response.status ?? 200, response.body, response.headers);
      return;
    }
    const raw: RawResponse =
      response.type === 'raw'
        ? response
        : {
            type: 'raw',
            status: response.status,
            headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...response.headers },
            chunks: splitChunks(response.events.map((e) => encodeSseEvents([e])), response.writeChunkSize),
            ending: response.ending,
          };
    await writeStream(res, raw, socketClosed, markStalled);
  }
}

async function writeStream(
  res: ServerResponse,
  response: RawResponse,
  socketClosed: Promise<void>,
  markStalled: () => void,
): Promise<void> {
  let closed = false;
  void socketClosed.then(() => {
    closed = true;
  });
  res.writeHead(response.status ?? 200, { 'content-type': 'application/octet-stream', ...response.headers });
  res.flushHeaders();
  for (const chunk of response.chunks) {
    if (closed) return;
    await new Promise<void>((resolve) => res.write(chunk, () => resolve()));
    // Let the chunk leave as its own packet so the client sees the split.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const ending: StreamEnding = response.ending ?? 'end';
  if (ending === 'end') res.end();
  else if (ending === 'destroy') res.socket?.destroy();
  else markStalled();
}

function splitChunks(encoded: readonly string[], size: number | undefined): (string | Uint8Array)[] {
  if (size === undefined || size <= 0) return [...encoded];
  const bytes = Buffer.from(encoded.join(''), 'utf8');
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers?: { readonly [name: string]: string }): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

function flattenHeaders(req: IncomingMessage): { [name: string]: string } {
  const headers: { [name: string]: string } = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
