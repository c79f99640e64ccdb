import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/** One WebSocket a client opened, with everything it sent (parsed JSON). */
export interface RealtimeTestConnection {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
  readonly received: { type: string; [key: string]: unknown }[];
  /** Resolves once `count` messages have been received. */
  waitFor(count: number): Promise<void>;
  send(...events: unknown[]): void;
  readonly closed: Promise<{ code: number }>;
}

/** A loopback WebSocket server for realtime tests; `reject` answers the next upgrade with an HTTP error. */
export class RealtimeTestServer {
  readonly connections: RealtimeTestConnection[] = [];
  private rejection: { status: number; body: string } | undefined;
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly url: string,
  ) {}

  static async start(): Promise<RealtimeTestServer> {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const instance = new RealtimeTestServer(server, wss, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => instance.upgrade(request, socket, head));
    return instance;
  }

  reject(status: number, body: string): void {
    this.rejection = { status, body };
  }

  async nextConnection(): Promise<RealtimeTestConnection> {
    while (this.connections.length === 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.connections[this.connections.length - 1]!;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const rejection = this.rejection;
    if (rejection !== undefined) {
      this.rejection = undefined;
      socket.end(`HTTP/1.1 ${rejection.status} Refused\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(rejection.body)}\r\n\r\n${rejection.body}`);
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const received: RealtimeTestConnection['received'] = [];
      const countWaiters: { count: number; resolve: () => void }[] = [];
      ws.on('message', (data) => {
        received.push(JSON.parse(String(data)) as RealtimeTestConnection['received'][number]);
        for (const waiter of countWaiters.filter((w) => received.length >= w.count)) waiter.resolve();
      });
      const closed = new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));
      this.connections.push({
        socket: ws,
        request,
        received,
        closed,
        waitFor: (count) =>
          received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => countWaiters.push({ count, resolve })),
        send: (...events) => {
          for (const event of events) ws.send(JSON.stringify(event));
        },
      });
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  }
}
