import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { closeHandshake } from './close-handshake.js';
import type { DirectModeInfo } from './direct-mode.js';
import { handleHttp, type DirectRoutes, type HealthReport } from './http-routes.js';
import { allowedOrigins, originAllowed } from './origin-policy.js';
import { loadStaticFiles } from './static-files.js';
import { ToolActivity } from './tools/tool-activity.js';
import { voiceTools } from './tools/voice-tools.js';
import { DEFAULT_LIMITS, DEFAULT_SYSTEM, type VoiceLimits, type VoiceServerOptions } from './voice-server-options.js';
import { VoiceSession, type VoiceSessionStats } from './voice-session.js';

/** What the server is doing: live conversations and tool calls. */
export interface VoiceServerStats {
  /** Conversations running now. */
  readonly sessions: number;
  readonly sessionsStarted: number;
  /** Tool calls running now, over all conversations. */
  readonly runningTools: number;
  readonly startedTools: number;
  /** Tool calls that ended because their signal aborted. */
  readonly abortedTools: number;
  /** The latest conversations (live ones included), oldest first. */
  readonly recent: readonly Readonly<VoiceSessionStats>[];
}

/** A running voice app server. */
export interface VoiceServer {
  /** `http://host:port/`, the page's address. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly limits: VoiceLimits;
  stats(): VoiceServerStats;
  /** Tells every page the server is going away, ends their conversations, and stops listening. */
  close(): Promise<void>;
}

const KEPT_SESSIONS = 20;
/** How long a shutdown waits for each page to answer the close frame before cutting the connection. */
const CLOSE_GRACE_MS = 1_000;
const WS_PATH = '/ws';

/**
 * Starts the voice app: the page over HTTP, `GET /healthz`, and conversations over a WebSocket at `/ws`
 * (one `BidiAgent` per connection). Upgrades from an origin that is not allowed get 403; beyond
 * `limits.maxSessions` conversations, 503.
 */
export async function startVoiceServer(options: VoiceServerOptions): Promise<VoiceServer> {
  const limits: VoiceLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const host = options.host ?? '127.0.0.1';
  const files = await loadStaticFiles(options.webRoot);
  const activity = new ToolActivity();
  const tools = voiceTools(activity, options.researchStepMs === undefined ? {} : { researchStepMs: options.researchStepMs });
  const sessions = new Set<VoiceSession>();
  const recent: VoiceSessionStats[] = [];
  let sessionsStarted = 0;
  let upgrading = 0;
  let origins: ReadonlySet<string> = new Set();
  const { direct } = options;
  const directInfo: DirectModeInfo | undefined =
    direct === undefined ? undefined : { modelId: direct.modelId, baseURL: direct.baseURL, system: options.system ?? DEFAULT_SYSTEM };
  const health = (): HealthReport => ({
    ok: true,
    sessions: sessions.size,
    maxSessions: limits.maxSessions,
    model: { id: options.model.id, label: options.model.label, offlineDemo: options.model.offlineDemo },
    mode: options.direct === undefined ? 'server' : 'direct',
    ...(directInfo === undefined ? {} : { direct: directInfo }),
  });
  const directRoutes: DirectRoutes | undefined =
    direct === undefined
      ? undefined
      : {
          info: directInfo as DirectModeInfo,
          originAllowed: (origin) => origin !== undefined && originAllowed(origin, origins),
          mint: () => direct.mint(),
        };

  const http = createServer((request, response) => handleHttp(request, response, files, health, directRoutes));
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes });
  const startSession = (socket: WebSocket): void => {
    const session = new VoiceSession(socket, {
      model: options.model,
      tools,
      system: options.system ?? (options.model.offlineDemo ? undefined : DEFAULT_SYSTEM),
      limits,
      agent: options.agent,
    });
    sessions.add(session);
    sessionsStarted += 1;
    recent.push(session.stats);
    if (recent.length > KEPT_SESSIONS) recent.shift();
    void session.done.then(() => sessions.delete(session));
  };
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname !== WS_PATH) return refuse(socket, 404, 'Not Found', `The WebSocket endpoint is ${WS_PATH}.`);
    if (!originAllowed(request.headers.origin, origins)) {
      return refuse(socket, 403, 'Forbidden', 'This page origin may not open a conversation (see VOICE_ALLOWED_ORIGINS).');
    }
    if (sessions.size + upgrading >= limits.maxSessions) {
      return refuse(socket, 503, 'Service Unavailable', `Already ${String(limits.maxSessions)} conversations (VOICE_MAX_SESSIONS); try again later.`);
    }
    // The slot is held until the handshake ends: with a conversation, or with the socket closing (a bad handshake).
    upgrading += 1;
    let held = true;
    const release = (): void => {
      if (held) upgrading -= 1;
      held = false;
    };
    socket.once('close', release);
    wss.handleUpgrade(request, socket, head, (ws) => {
      release();
      startSession(ws);
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 8787, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  origins = allowedOrigins(host, port, options.allowedOrigins);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${String(port)}/`,
    host,
    port,
    limits,
    stats: () => ({
      sessions: sessions.size,
      sessionsStarted,
      runningTools: activity.running,
      startedTools: activity.started,
      abortedTools: activity.aborted,
      recent: recent.map((entry) => ({ ...entry })),
    }),
    async close() {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.all([...sessions].map((session) => session.shutdown()));
      // Each page gets to answer the 1001 close frame (so it learns the server is going away), within a bound.
      await Promise.all([...wss.clients].map((client) => closeHandshake(client, CLOSE_GRACE_MS)));
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      await closed;
    },
  };
}

function refuse(socket: Duplex, status: number, statusText: string, message: string): void {
  socket.end(`HTTP/1.1 ${String(status)} ${statusText}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(message))}\r\n\r\n${message}`);
}
