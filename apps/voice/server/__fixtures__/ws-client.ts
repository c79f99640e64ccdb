import WebSocket from 'ws';

/** A parsed server message. */
export type Message = { readonly type: string } & Record<string, unknown>;

/** A test client of the voice server: records every message and lets a test wait for one. */
export class TestClient {
  readonly messages: Message[] = [];
  audioFrames = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) this.audioFrames += 1;
      else this.messages.push(JSON.parse(data.toString()) as Message);
      this.wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket to `url` (an http URL of the server) sending `origin`. */
  static async open(url: string, origin: string | undefined): Promise<TestClient> {
    const socket = new WebSocket(new URL('ws', url.replace(/^http/, 'ws')), origin === undefined ? {} : { origin });
    const client = new TestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** The HTTP status a refused upgrade got. */
  static refusal(url: string, origin: string | undefined): Promise<number> {
    const socket = new WebSocket(new URL('ws', url.replace(/^http/, 'ws')), origin === undefined ? {} : { origin });
    return new Promise((resolve, reject) => {
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => reject(new Error('the upgrade was accepted')));
      socket.on('error', () => undefined);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Waits until a message satisfies `predicate`; returns it. */
  async next(predicate: (message: Message) => boolean): Promise<Message> {
    for (;;) {
      const found = this.messages.find(predicate);
      if (found !== undefined) return found;
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error(`closed before the message came; got: ${this.messages.map((message) => message.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        this.socket.once('close', resolve);
      });
    }
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
