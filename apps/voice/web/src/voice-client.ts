import { endReasonInWords } from './end-reason.js';
import { ReconnectBackoff } from './reconnect-backoff.js';
import { parseServerMessage, type ClientMessage, type ServerMessage } from './wire.js';

/** The connection's state, in the words the page shows. */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** What the client reports to the page. */
export interface VoiceClientEvents {
  state(state: ConnectionState): void;
  message(message: ServerMessage): void;
  /** A binary frame: PCM16 audio of the current response. */
  audio(pcm: ArrayBuffer): void;
  /** Something the user should read: why the connection ended, when it retries. */
  notice(text: string, kind: 'info' | 'error'): void;
}

/** What the page drives: the server's WebSocket ({@link VoiceClient}) or, in direct mode, an agent in the page. */
export interface VoiceConnection {
  readonly state: ConnectionState;
  connect(): void;
  disconnect(): void;
  /** Sends a JSON message; false when not connected. */
  send(message: ClientMessage): boolean;
  /** Sends a PCM16 microphone frame; false when not connected. */
  sendAudio(frame: ArrayBuffer): boolean;
}

/** Close codes after which retrying would only repeat the problem. */
const NO_RETRY = new Set([1008, 1009]);

/**
 * The page's WebSocket to the server. It reconnects with backoff when the server goes away, and stays
 * disconnected after the user disconnects, after the conversation ended, or after the server refused
 * the page for breaking a limit.
 */
export class VoiceClient implements VoiceConnection {
  private readonly url: string;
  private readonly events: VoiceClientEvents;
  private readonly backoff = new ReconnectBackoff();
  private socket: WebSocket | undefined;
  private wanted = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private current: ConnectionState = 'disconnected';
  private ended: string | undefined;
  private lastError: string | undefined;

  constructor(url: string, events: VoiceClientEvents) {
    this.url = url;
    this.events = events;
  }

  get state(): ConnectionState {
    return this.current;
  }

  connect(): void {
    this.wanted = true;
    clearTimeout(this.retry);
    if (this.socket === undefined) this.open();
  }

  disconnect(): void {
    this.wanted = false;
    clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'disconnected by the user');
    this.setState('disconnected');
  }

  /** Sends a JSON message; false when not connected. */
  send(message: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Sends a PCM16 microphone frame; false when not connected. */
  sendAudio(frame: ArrayBuffer): boolean {
    if (this.current !== 'connected' || this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(frame);
    return true;
  }

  private open(): void {
    this.ended = undefined;
    this.lastError = undefined;
    this.setState('connecting');
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
    };
    socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
      if (socket !== this.socket) return;
      if (typeof event.data !== 'string') {
        this.events.audio(event.data);
        return;
      }
      const message = parseServerMessage(event.data);
      if (message === undefined) return;
      if (message.type === 'connection-start') {
        this.backoff.reset();
        this.setState('connected');
      } else if (message.type === 'connection-close') {
        this.ended = message.reason;
      } else if (message.type === 'error' && message.code !== undefined) {
        this.lastError = message.message;
      }
      this.events.message(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (socket !== this.socket) return;
      this.socket = undefined;
      if (!this.wanted) {
        this.setState('disconnected');
        return;
      }
      if (this.ended !== undefined || NO_RETRY.has(event.code)) {
        this.wanted = false;
        this.setState('disconnected');
        if (this.ended !== undefined) this.events.notice(`${endReasonInWords(this.ended)} Connect to start a new one.`, this.ended === 'error' ? 'error' : 'info');
        else this.events.notice(`The server closed the connection: ${this.lastError ?? (event.reason || `code ${String(event.code)}`)}`, 'error');
        return;
      }
      const delay = this.backoff.next();
      const retry = `Reconnecting in ${(delay / 1000).toFixed(1)} s…`;
      if (!opened) {
        this.events.notice(`Could not connect: the server is not running, or it refused (too many conversations, or this page's origin is not allowed). ${retry}`, 'error');
      } else {
        const why = this.lastError ?? (event.code === 1001 ? 'it is shutting down' : `connection lost, code ${String(event.code)}`);
        this.events.notice(`The server went away (${why}). ${retry}`, 'error');
      }
      this.setState('reconnecting');
      this.retry = setTimeout(() => {
        if (this.wanted) this.open();
      }, delay);
    };
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    this.events.state(state);
  }
}
