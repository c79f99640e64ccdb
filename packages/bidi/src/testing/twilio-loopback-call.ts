import type { Clock, ClockTimer } from '@tandem/core';
import { concatBytes } from '../pcm/concat-bytes.js';
import { base64ToPcm16, pcm16ToBase64 } from '../pcm/pcm16-base64.js';
import type { WebSocketLike } from '../io/web-socket-like.js';

const OPEN = 1;

/**
 * A message a phone server sent to "Twilio" (what {@link TwilioLoopbackCall} received).
 *
 * @example
 * ```ts
 * const marks = call.received.filter((message: TwilioServerMessage) => message.event === 'mark');
 * ```
 *
 * @category Testing
 */
export type TwilioServerMessage =
  | { readonly event: 'media'; readonly streamSid: string; readonly media: { readonly payload: string } }
  | { readonly event: 'mark'; readonly streamSid: string; readonly mark: { readonly name: string } }
  | { readonly event: 'clear'; readonly streamSid: string };

/**
 * Options of {@link TwilioLoopbackCall.dial}.
 *
 * @example
 * ```ts
 * const options: TwilioLoopbackCallOptions = { clock: new ManualClock(), customParameters: { from: '+15550100' } };
 * ```
 *
 * @category Testing
 */
export interface TwilioLoopbackCallOptions {
  /** Plays the server's audio: a mark is echoed once the audio before it has played on this clock. */
  readonly clock: Clock;
  /** The WebSocket class to dial with (default the global `WebSocket`; on Node 20 pass `WebSocket` from `ws`). */
  readonly WebSocket?: new (url: string) => WebSocketLike & { addEventListener(type: 'open' | 'error', listener: (event: object) => void): void };
  readonly streamSid?: string;
  readonly callSid?: string;
  /** The `<Parameter>`s of the TwiML `<Stream>`, sent in `start.customParameters`. */
  readonly customParameters?: { readonly [name: string]: string };
  /** Send `start` right after `connected` (default true; false to send it later with `sendStart()`). */
  readonly start?: boolean;
}

/**
 * Twilio's side of a bidirectional Media Stream, on loopback, message for message as Twilio documents it — for testing
 * a phone agent without a phone. It sends `connected`, `start`, the caller's audio as 20 ms `media` frames (μ-law,
 * with sequence numbers and timestamps), `dtmf` and `stop`; it plays the server's `media` in real duration on its
 * clock and echoes each `mark` only once the audio sent before it has played; on `clear` it drops what it buffered and
 * echoes every mark still pending at once (as Twilio does).
 *
 * @example
 * ```ts
 * import { WebSocket } from 'ws';
 * import { ManualClock } from '@tandem/core/testing';
 * import { TwilioLoopbackCall } from '@tandem/bidi/testing';
 *
 * const clock = new ManualClock();
 * const call = await TwilioLoopbackCall.dial('ws://127.0.0.1:8788/media', { clock, WebSocket });
 * call.pressKey('1');
 * await clock.advance(1_000); // the caller listens for a second: marks are echoed as their audio plays
 * call.hangUp();
 * ```
 *
 * @category Testing
 */
export class TwilioLoopbackCall {
  /** Every message the server sent, in order. */
  readonly received: TwilioServerMessage[] = [];
  /** The marks echoed back, in order, and whether each was echoed because of a `clear` (so never played). */
  readonly echoed: { readonly name: string; readonly cleared: boolean }[] = [];
  /** The close code the server closed the socket with (undefined while open). */
  closedWith: number | undefined;
  /** Resolves when the socket has closed. */
  readonly closed: Promise<void>;
  readonly streamSid: string;
  private sequence = 0;
  private timestampMs = 0;
  private chunk = 0;
  /** When the audio queued so far has played, on the clock. */
  private queueEnd = 0;
  private readonly pending: { readonly name: string; readonly timer: ClockTimer }[] = [];

  private constructor(
    private readonly socket: WebSocketLike,
    private readonly options: TwilioLoopbackCallOptions,
  ) {
    this.streamSid = options.streamSid ?? 'MZ00000000000000000000000000000001';
    this.closed = new Promise((resolve) =>
      socket.addEventListener('close', (event) => {
        this.closedWith = 'code' in event && typeof event.code === 'number' ? event.code : undefined;
        resolve();
      }),
    );
    socket.addEventListener('message', (event) => {
      const data = 'data' in event ? event.data : undefined;
      if (typeof data !== 'string') throw new TypeError('Twilio Media Streams carry JSON text frames only; the server sent a binary frame.');
      this.onServerMessage(JSON.parse(data) as TwilioServerMessage);
    });
  }

  /** Connects to a phone server's WebSocket endpoint as Twilio does after `<Connect><Stream url>`. */
  static async dial(url: string, options: TwilioLoopbackCallOptions): Promise<TwilioLoopbackCall> {
    const Socket = options.WebSocket ?? (globalThis as { WebSocket?: TwilioLoopbackCallOptions['WebSocket'] }).WebSocket;
    if (Socket === undefined) throw new TypeError('No global WebSocket here: pass `WebSocket` (e.g. from the ws package) in the options.');
    const socket = new Socket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new Error(`Could not connect to ${url}.`)));
    });
    const call = new TwilioLoopbackCall(socket, options);
    call.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    if (options.start ?? true) call.sendStart();
    return call;
  }

  /** Sends the `start` message (stream metadata, custom parameters, μ-law 8 kHz mono). */
  sendStart(): void {
    this.send({
      event: 'start',
      sequenceNumber: String(++this.sequence),
      start: {
        accountSid: 'AC00000000000000000000000000000001',
        streamSid: this.streamSid,
        callSid: this.options.callSid ?? 'CA00000000000000000000000000000001',
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters: this.options.customParameters ?? {},
      },
      streamSid: this.streamSid,
    });
  }

  /** Sends the caller's μ-law audio (8 kHz) as 20 ms `media` frames of 160 bytes, as Twilio does. */
  sendAudio(mulaw: Uint8Array): void {
    for (let offset = 0; offset < mulaw.length; offset += 160) {
      const payload = pcm16ToBase64(mulaw.subarray(offset, offset + 160));
      this.send({
        event: 'media',
        sequenceNumber: String(++this.sequence),
        media: { track: 'inbound', chunk: String(++this.chunk), timestamp: String(this.timestampMs), payload },
        streamSid: this.streamSid,
      });
      this.timestampMs += 20;
    }
  }

  /**
   * Sends `ms` of the caller's silence (μ-law 0xff). Twilio streams the inbound track continuously, silence included;
   * send some after speech so voice-activity detection hears the caller stop.
   */
  sendSilence(ms: number): void {
    this.sendAudio(new Uint8Array(Math.round(ms * 8)).fill(0xff));
  }

  /** The caller presses a key. */
  pressKey(digit: string): void {
    this.send({ event: 'dtmf', streamSid: this.streamSid, sequenceNumber: String(++this.sequence), dtmf: { track: 'inbound_track', digit } });
  }

  /** The caller hangs up: `stop`, then the socket closes. */
  hangUp(): void {
    this.send({
      event: 'stop',
      sequenceNumber: String(++this.sequence),
      streamSid: this.streamSid,
      stop: { accountSid: 'AC00000000000000000000000000000001', callSid: this.options.callSid ?? 'CA00000000000000000000000000000001' },
    });
    this.socket.close(1000);
  }

  /** The μ-law bytes of every `media` message received, joined. */
  get audio(): Uint8Array {
    return concatBytes(this.received.flatMap((m) => (m.event === 'media' ? [base64ToPcm16(m.media.payload)] : [])));
  }

  /** How many `clear` messages the server sent. */
  get clears(): number {
    return this.received.filter((m) => m.event === 'clear').length;
  }

  private send(message: unknown): void {
    if (this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private onServerMessage(message: TwilioServerMessage): void {
    this.received.push(message);
    if (message.streamSid !== this.streamSid) throw new Error(`The server sent streamSid ${message.streamSid}; this stream is ${this.streamSid}.`);
    const now = this.options.clock.now();
    if (message.event === 'media') {
      // 8 kHz μ-law: 8 bytes a millisecond, played after what is already queued.
      this.queueEnd = Math.max(now, this.queueEnd) + base64ToPcm16(message.media.payload).byteLength / 8;
    } else if (message.event === 'mark') {
      const name = message.mark.name;
      const timer = this.options.clock.setTimeout(() => this.echo(name, false), Math.max(0, this.queueEnd - now));
      this.pending.push({ name, timer });
    } else {
      // clear: drop what is buffered and echo every pending mark now.
      this.queueEnd = now;
      for (const mark of [...this.pending]) {
        this.options.clock.clearTimeout(mark.timer);
        this.echo(mark.name, true);
      }
    }
  }

  private echo(name: string, cleared: boolean): void {
    const index = this.pending.findIndex((mark) => mark.name === name);
    if (index >= 0) this.pending.splice(index, 1);
    this.echoed.push({ name, cleared });
    this.send({ event: 'mark', sequenceNumber: String(++this.sequence), streamSid: this.streamSid, mark: { name } });
  }
}
