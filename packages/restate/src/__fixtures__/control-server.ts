// The test's side of the workers: a loopback HTTP server that counts tool and model executions (the counts live
// here, so they survive a worker that is killed) and holds gates a tool waits on until the test opens them.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Hit {
  readonly name: string;
  readonly body: string;
}

export class ControlServer {
  readonly hits: Hit[] = [];
  private server: Server | undefined;
  private readonly open = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly watchers = new Set<() => void>();
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  }

  /** How often `name` was hit. */
  count(name: string): number {
    return this.hits.filter((hit) => hit.name === name).length;
  }

  /** The bodies sent with the hits of `name`. */
  bodies(name: string): string[] {
    return this.hits.filter((hit) => hit.name === name).map((hit) => hit.body);
  }

  /** Resolves once `name` was hit `n` times; rejects after `timeoutMs` with the counts so far. */
  until(name: string, n: number, timeoutMs = 50_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (this.count(name) < n) return;
        clearTimeout(timer);
        this.watchers.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(new Error(`"${name}" was hit ${this.count(name)} times, expected ${n}. Hits: ${this.hits.map((hit) => hit.name).join(', ')}`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }

  /** Lets every tool waiting on gate `name` (now and later) go on. */
  openGate(name: string): void {
    this.open.add(name);
    for (const release of this.waiting.get(name) ?? []) release();
    this.waiting.delete(name);
  }

  async stop(): Promise<void> {
    for (const name of [...this.waiting.keys()]) this.openGate(name);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server === undefined ? resolve() : this.server.close(() => resolve())));
  }

  private async handle(request: IncomingMessage): Promise<unknown> {
    const [, kind, name = ''] = (request.url ?? '').split('/');
    let body = '';
    for await (const chunk of request) body += String(chunk);
    if (kind === 'hit') {
      this.hits.push({ name, body });
      for (const watcher of [...this.watchers]) watcher();
      return { count: this.count(name) };
    }
    if (kind === 'gate') {
      if (!this.open.has(name)) await new Promise<void>((resolve) => this.waiting.set(name, [...(this.waiting.get(name) ?? []), resolve]));
      return { open: true };
    }
    throw new Error(`unknown control request ${String(request.url)}`);
  }
}
