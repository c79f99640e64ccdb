import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  /** Open HTTP exchanges of the session (a POST awaiting its reply, a GET event stream). */
  open: number;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * The live sessions of a served endpoint: at most `maxSessions`, each closed after `idleTimeoutMs`
 * without an open request. Closing a session's transport aborts the tool calls still running in it.
 * @internal
 */
export class ServedSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleTimeoutMs: number;
  /** Sessions whose `initialize` is being handled (they count against the cap). */
  private starting = 0;

  constructor(options: { readonly maxSessions: number; readonly idleTimeoutMs: number }) {
    this.maxSessions = options.maxSessions;
    this.idleTimeoutMs = options.idleTimeoutMs;
  }

  /** Number of live sessions. */
  get size(): number {
    return this.sessions.size;
  }

  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.sessions.get(id)?.transport;
  }

  /** Reserves room for a new session; false when the cap is reached. Pair with {@link ServedSessions.started}. */
  reserve(): boolean {
    if (this.sessions.size + this.starting >= this.maxSessions) return false;
    this.starting += 1;
    return true;
  }

  /** Ends a reservation (the session was added, or its initialize failed). */
  started(): void {
    this.starting -= 1;
  }

  add(id: string, transport: StreamableHTTPServerTransport): void {
    const session: Session = { transport, open: 0, idleTimer: undefined };
    this.sessions.set(id, session);
    this.armIdleTimer(session);
  }

  delete(id: string): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    clearTimeout(session.idleTimer);
    this.sessions.delete(id);
  }

  /** Marks an HTTP exchange of the session as open until `done` fires; the idle clock runs only while none is. */
  track(id: string, done: (listener: () => void) => void): void {
    const session = this.sessions.get(id);
    if (session === undefined) return;
    session.open += 1;
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    done(() => {
      session.open -= 1;
      if (session.open === 0 && this.sessions.get(id) === session) this.armIdleTimer(session);
    });
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    const sessions = [...this.sessions.values()];
    for (const session of sessions) clearTimeout(session.idleTimer);
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.transport.close().catch(() => undefined)));
  }

  private armIdleTimer(session: Session): void {
    clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => {
      session.idleTimer = undefined;
      if (session.open === 0) void session.transport.close().catch(() => undefined);
    }, this.idleTimeoutMs);
    session.idleTimer.unref();
  }
}
