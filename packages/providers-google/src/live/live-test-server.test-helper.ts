import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/** The Gemini Developer API's Live endpoint (the SDK opens it with `?key=…`). */
export const LIVE_PATH = '/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent';

/** A client message as received (parsed JSON): `setup`, `realtimeInput`, `clientContent` or `toolResponse`. */
export type LiveClientMessage = { readonly [field: string]: unknown };

/** How the server answers the next connection's `setup`. */
export type SetupBehaviour = 'complete' | 'hold' | { readonly close: number; readonly reason: string };

/** One WebSocket the client opened. */
export interface LiveTestConnection {
  readonly socket: WebSocket;
  readonly url: URL;
  readonly received: LiveClientMessage[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number): Promise<void>;
  /** Sends server messages as the Live API does: JSON in binary frames. */
  send(...messages: unknown[]): void;
  /** Sends one frame exactly as given. */
  sendRaw(data: string | Buffer): void;
  /** Answers a held `setup` with `setupComplete`. */
  completeSetup(): void;
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
}

/**
 * A loopback server speaking the Gemini Live WebSocket protocol: it accepts upgrades on the
 * `BidiGenerateContent` path only (404 otherwise), requires `setup` as the first client message (else it
 * closes with 1007, as the API does), answers it with `setupComplete`, and records every client message.
 */
export class LiveTestServer {
  private readonly connections: LiveTestConnection[] = [];
  private readonly waiters: (() => void)[] = [];
  private rejection: { readonly status: number; readonly body: string } | undefined;
  private setupBehaviour: SetupBehaviour = 'complete';

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    /** `http://127.0.0.1:<port>`: pass `${url}/v1beta` as the provider's baseURL. */
    readonly url: string,
  ) {}

  static async start(): Promise<LiveTestServer> {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const instance = new LiveTestServer(server, wss, `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => instance.upgrade(request, socket, head));
    return instance;
  }

  /** Refuses the next upgrade with this HTTP status. */
  reject(status: number, body: string): void {
    this.rejection = { status, body };
  }

  /** How the next connections answer `setup` (default: `complete`). */
  onSetup(behaviour: SetupBehaviour): void {
    this.setupBehaviour = behaviour;
  }

  /** The `index`-th connection (0-based), once it is open. */
  async connection(index: number): Promise<LiveTestConnection> {
    while (this.connections.length <= index) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.connections[index]!;
  }

  get connectionCount(): number {
    return this.connections.length;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const rejection = this.rejection;
    const url = new URL((request.url ?? '/').replace(/^\/+/, '/'), 'http://localhost');
    const refuse = (status: number, body: string): void => {
      socket.end(`HTTP/1.1 ${String(status)} Refused\r\ncontent-type: application/json\r\ncontent-length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`);
    };
    if (rejection !== undefined) {
      this.rejection = undefined;
      refuse(rejection.status, rejection.body);
      return;
    }
    if (url.pathname !== LIVE_PATH) {
      refuse(404, '{"error":{"code":404,"message":"Not found","status":"NOT_FOUND"}}');
      return;
    }
    const behaviour = this.setupBehaviour;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, url, behaviour));
  }

  private accept(ws: WebSocket, url: URL, behaviour: SetupBehaviour): void {
    const received: LiveClientMessage[] = [];
    const countWaiters: { readonly count: number; readonly resolve: () => void }[] = [];
    const send = (message: unknown): void => ws.send(Buffer.from(JSON.stringify(message)), { binary: true });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveClientMessage;
      received.push(message);
      if (received.length === 1) {
        if (!('setup' in message)) ws.close(1007, 'The first message must be setup.');
        else if (behaviour === 'complete') send({ setupComplete: {} });
        else if (behaviour !== 'hold') ws.close(behaviour.close, behaviour.reason);
      }
      for (const waiter of countWaiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.connections.push({
      socket: ws,
      url,
      received,
      closed,
      waitFor: (count) => (received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => countWaiters.push({ count, resolve }))),
      send: (...messages) => {
        for (const message of messages) send(message);
      },
      sendRaw: (data) => ws.send(data),
      completeSetup: () => send({ setupComplete: {} }),
    });
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
