// A loopback stand-in for Twilio's side of a bidirectional Media Stream, message for message as Twilio documents
// it: `connected`, `start`, 20 ms `media` frames of μ-law with sequence numbers and timestamps, `dtmf`, `stop`;
// it plays the server's `media` in real duration on its clock, echoes each `mark` only once the audio sent before
// it has played, and on `clear` drops what it buffered and echoes every mark still pending at once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { Clock, ClockTimer } from '@tandem/core';

/** A message the server sent to "Twilio". */
export type TwilioServerMessage =
  | { readonly event: 'media'; readonly streamSid: string; readonly media: { readonly payload: string } }
  | { readonly event: 'mark'; readonly streamSid: string; readonly mark: { readonly name: string } }
  | { readonly event: 'clear'; readonly streamSid: string };

export interface DialOptions {
  readonly clock: Clock;
  readonly streamSid?: string;
  readonly callSid?: string;
  readonly customParameters?: Record<string, string>;
  /** Send `start` at once after `connected` (default true). */
  readonly start?: boolean;
}

/** Speech from espeak-ng as 8 kHz μ-law bytes, encoded by SoX (not by the code under test). */
export function spokenMulaw(text: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-twilio-'));
  try {
    execFileSync('espeak-ng', ['-w', join(dir, 'speech.wav'), text]);
    execFileSync('sox', [join(dir, 'speech.wav'), '-D', '-t', 'raw', '-r', '8000', '-e', 'mu-law', '-c', '1', join(dir, 'speech.ul')]);
    return new Uint8Array(readFileSync(join(dir, 'speech.ul')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class TwilioLoopbackCall {
  /** Every message the server sent, in order. */
  readonly received: TwilioServerMessage[] = [];
  /** Names of the marks echoed back, in order, and whether each was echoed because of a `clear`. */
  readonly echoed: { readonly name: string; readonly cleared: boolean }[] = [];
  closedWith: number | undefined;
  private sequence = 0;
  private timestampMs = 0;
  private chunk = 0;
  /** When the audio queued so far ends, on `clock`. */
  private queueEnd = 0;
  private readonly pending: { readonly name: string; readonly timer: ClockTimer }[] = [];
  readonly closed: Promise<void>;

  private constructor(
    private readonly socket: WebSocket,
    private readonly clock: Clock,
    readonly streamSid: string,
    private readonly callSid: string,
    private readonly customParameters: Record<string, string>,
  ) {
    this.closed = new Promise((resolve) => socket.once('close', (code) => {
      this.closedWith = code;
      resolve();
    }));
    socket.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('Twilio Media Streams carry JSON text frames only; the server sent a binary frame.');
      this.onServerMessage(JSON.parse(String(data)) as TwilioServerMessage);
    });
  }

  /** Connects to the server's WebSocket endpoint as Twilio does after `<Connect><Stream url>`. */
  static async dial(url: string, options: DialOptions): Promise<TwilioLoopbackCall> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const call = new TwilioLoopbackCall(socket, options.clock, options.streamSid ?? 'MZ00000000000000000000000000000001', options.callSid ?? 'CA00000000000000000000000000000001', options.customParameters ?? {});
    call.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    if (options.start ?? true) call.sendStart();
    return call;
  }

  sendStart(): void {
    this.send({
      event: 'start',
      sequenceNumber: String(++this.sequence),
      start: {
        accountSid: 'AC00000000000000000000000000000001',
        streamSid: this.streamSid,
        callSid: this.callSid,
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters: this.customParameters,
      },
      streamSid: this.streamSid,
    });
  }

  /** Sends the caller's μ-law audio as 20 ms `media` frames (160 bytes each), as Twilio does. */
  sendAudio(mulaw: Uint8Array): void {
    for (let offset = 0; offset < mulaw.length; offset += 160) {
      const frame = mulaw.subarray(offset, offset + 160);
      this.send({
        event: 'media',
        sequenceNumber: String(++this.sequence),
        media: { track: 'inbound', chunk: String(++this.chunk), timestamp: String(this.timestampMs), payload: Buffer.from(frame).toString('base64') },
        streamSid: this.streamSid,
      });
      this.timestampMs += 20;
    }
  }

  pressKey(digit: string): void {
    this.send({ event: 'dtmf', streamSid: this.streamSid, sequenceNumber: String(++this.sequence), dtmf: { track: 'inbound_track', digit } });
  }

  /** The caller hangs up: Twilio sends `stop`, then closes the socket. */
  hangUp(): void {
    this.send({ event: 'stop', sequenceNumber: String(++this.sequence), streamSid: this.streamSid, stop: { accountSid: 'AC00000000000000000000000000000001', callSid: this.callSid } });
    this.socket.close(1000);
  }

  /** The μ-law bytes of every `media` message received, joined. */
  get audio(): Uint8Array {
    const parts = this.received.filter((m) => m.event === 'media').map((m) => Buffer.from(m.media.payload, 'base64'));
    return new Uint8Array(Buffer.concat(parts));
  }

  get clears(): number {
    return this.received.filter((m) => m.event === 'clear').length;
  }

  private send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  private onServerMessage(message: TwilioServerMessage): void {
    this.received.push(message);
    if (message.streamSid !== this.streamSid) throw new Error(`The server sent streamSid ${message.streamSid}, expected ${this.streamSid}.`);
    const now = this.clock.now();
    if (message.event === 'media') {
      // 8 kHz μ-law: 8 bytes per millisecond, played after what is already queued.
      this.queueEnd = Math.max(now, this.queueEnd) + Buffer.from(message.media.payload, 'base64').length / 8;
    } else if (message.event === 'mark') {
      const name = message.mark.name;
      const timer = this.clock.setTimeout(() => this.echo(name, false), Math.max(0, this.queueEnd - now));
      this.pending.push({ name, timer });
    } else {
      // clear: drop buffered audio, echo every pending mark now (Twilio's behaviour).
      this.queueEnd = now;
      for (const mark of [...this.pending]) {
        this.clock.clearTimeout(mark.timer);
        this.echo(mark.name, true);
      }
    }
  }

  private echo(name: string, cleared: boolean): void {
    const index = this.pending.findIndex((mark) => mark.name === name);
    if (index >= 0) this.pending.splice(index, 1);
    this.echoed.push({ name, cleared });
    if (this.socket.readyState === WebSocket.OPEN) {
      this.send({ event: 'mark', sequenceNumber: String(++this.sequence), streamSid: this.streamSid, mark: { name } });
    }
  }
}
