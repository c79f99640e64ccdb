import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { RealtimeSimulator, type Responder } from './realtime-simulator.test-helper.js';

/** One WebSocket a client opened, with everything it sent (parsed JSON). */
export interface RealtimeTestConnection {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
  readonly received: { type: string; [key: string]: unknown }[];
  /** Resolves once `count` messages have been received. */
  waitFor(count: number): Promise<void>;
  /** Resolves once `predicate` holds for what was received (checked after every message). */
  waitUntil(predicate: (received: RealtimeTestConnection['received']) => boolean): Promise<void>;
  send(...events: unknown[]): void;
  readonly closed: Promise<{ code: number }>;
  /** The simulated server side, when the server was started with a responder. */
  readonly simulator?: RealtimeSimulator;
}

/** Options of {@link RealtimeTestServer.start}. */
export interface RealtimeTestServerOptions {
  /** Simulate the server side of each session (responses from this responder); else the test scripts it. */
  readonly responder?: Responder;
  /** Without a responder: answer `session.update` with `session.updated` (default true). */
  readonly acknowledge?: boolean;
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
    private readonly options: RealtimeTestServerOptions,
  ) {}

  static async start(options: RealtimeTestServerOptions = {}): Promise<RealtimeTestServer> {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const instance = new RealtimeTestServer(server, wss, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => instance.upgrade(request, socket, head));
    return instance;
  }

  reject(status: number, body: string): void {
    this.rejection = { status, body };
  }

  /** The `index`-th connection (0-based), once it is open. */
  async connectionAt(index: number): Promise<RealtimeTestConnection> {
    while (this.connections.length <= index) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.connections[index]!;
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
      const predicateWaiters: { predicate: (all: typeof received) => boolean; resolve: () => void }[] = [];
      const { responder, acknowledge = true } = this.options;
      const simulator = responder === undefined ? undefined : new RealtimeSimulator(ws, responder);
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as RealtimeTestConnection['received'][number];
        received.push(event);
        if (simulator !== undefined) simulator.receive(event);
        else if (acknowledge && event.type === 'session.update') ws.send(JSON.stringify({ type: 'session.updated', event_id: 'event_ack', session: event.session }));
        for (const waiter of countWaiters.filter((w) => received.length >= w.count)) waiter.resolve();
        for (const waiter of predicateWaiters.filter((w) => w.predicate(received))) waiter.resolve();
      });
      const closed = new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));
      this.connections.push({
        socket: ws,
        request,
        received,
        closed,
        ...(simulator === undefined ? {} : { simulator }),
        waitFor: (count) =>
          received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => countWaiters.push({ count, resolve })),
        waitUntil: (predicate) =>
          predicate(received) ? Promise.resolve() : new Promise<void>((resolve) => predicateWaiters.push({ predicate, resolve })),
        send: (...events) => {
          for (const event of events) ws.send(JSON.stringify(event));
        },
      });
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  }
}
