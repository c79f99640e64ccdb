import type { BidiInput } from '@tandem/core/spec';
import type { BidiAgent } from '../bidi-agent.js';
import type { BidiAgentInput, BidiInputEnd } from '../bidi-agent-input.js';
import type { BidiAgentOutput } from '../bidi-agent-output.js';
import type { BidiEvent } from '../bidi-event.js';
import { base64ToPcm16 } from '../pcm/pcm16-base64.js';
import { resamplePcm16 } from '../pcm/resample-pcm16.js';
import { toWireMessage } from './web-socket-wire.js';
import type { WebSocketLike } from './web-socket-like.js';

const OPEN = 1;

/** Options of {@link webSocketIO}. @example `webSocketIO(socket, { inputSampleRate: 48_000, outputSampleRate: 48_000 })` */
export interface WebSocketIOOptions {
  /** Sample rate of the PCM16 binary frames the client sends (default 16 000). */
  readonly inputSampleRate?: number;
  /** Sample rate of the PCM16 binary frames sent to the client (default: the model's output rate). */
  readonly outputSampleRate?: number;
  /** Client messages kept while the agent is busy (e.g. reconnecting); the oldest audio goes first (default 500). */
  readonly maxBufferedInputs?: number;
  /** Close the socket (code 1000) after `connection-close` (default true). */
  readonly closeOnEnd?: boolean;
}

/** Both sides of a browser bridge: pass it as an input and as an output. @example `const io: WebSocketIO = webSocketIO(socket); await agent.run({ inputs: [io], outputs: [io] });` */
export type WebSocketIO = BidiAgentInput & BidiAgentOutput;

/**
 * Bridges a browser (or any client) over one WebSocket — usable as both an input and an output of
 * `agent.run()`.
 *
 * Client → agent: binary frames are PCM16 mono microphone audio at `inputSampleRate`; text frames are
 * JSON `{ type: 'text', text }`, `{ type: 'image', mediaType, data }`, `{ type: 'audio', data, sampleRate }`
 * (`data` in base64) or `{ type: 'end' }`. Anything else is answered
 * with `{ type: 'error', message }`. The socket closing ends the conversation (`client-disconnect`).
 *
 * Agent → client: first `{ type: 'audio-format', encoding: 'pcm16le', sampleRate, channels: 1 }`, then
 * every `audio` event as a binary PCM16 frame and every other event as JSON (errors as
 * `{ name, message }`). On `barge-in` the client should stop playback at once.
 *
 * @example
 * ```ts
 * import { WebSocketServer } from 'ws';
 * new WebSocketServer({ port: 8080 }).on('connection', (socket) => {
 *   const io = webSocketIO(socket);
 *   void new BidiAgent({ model, tools }).run({ inputs: [io], outputs: [io] });
 * });
 * ```
 */
export function webSocketIO(socket: WebSocketLike, options: WebSocketIOOptions = {}): WebSocketIO {
  const inputRate = options.inputSampleRate ?? 16_000;
  const maxBuffered = options.maxBufferedInputs ?? 500;
  const inbox: (BidiInput | BidiInputEnd)[] = [];
  let wake: (() => void) | undefined;
  let outputRate: number | undefined;
  let ended = false;

  const deliver = (item: BidiInput | BidiInputEnd): void => {
    if (ended) return;
    if (item.type === 'end') ended = true;
    if (inbox.length >= maxBuffered) {
      const oldestAudio = inbox.findIndex((queued) => queued.type === 'audio');
      if (oldestAudio >= 0) inbox.splice(oldestAudio, 1);
    }
    inbox.push(item);
    wake?.();
    wake = undefined;
  };
  const reply = (message: unknown): void => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const onMessage = (event: object): void => {
    void toBytesOrText('data' in event ? event.data : undefined).then((data) => {
      if (typeof data !== 'string') {
        deliver({ type: 'audio', data, sampleRate: inputRate });
        return;
      }
      const parsed = parseClientMessage(data);
      if (typeof parsed === 'string') reply({ type: 'error', message: parsed });
      else deliver(parsed);
    });
  };
  const onClose = (): void => deliver({ type: 'end', reason: 'client-disconnect' });

  if ('binaryType' in socket) socket.binaryType = 'arraybuffer';
  socket.addEventListener('message', onMessage);
  socket.addEventListener('close', onClose);
  if (socket.readyState > OPEN) onClose();

  return {
    start(agent: BidiAgent): void {
      if (outputRate !== undefined) return; // started once, whether used as input, output or both
      outputRate = options.outputSampleRate ?? agent.model.audio.outputRate;
      reply({ type: 'audio-format', encoding: 'pcm16le', sampleRate: outputRate, channels: 1 });
    },
    async read(signal: AbortSignal): Promise<BidiInput | BidiInputEnd> {
      for (;;) {
        const item = inbox.shift();
        if (item !== undefined) return item;
        signal.throwIfAborted();
        await new Promise<void>((resolve, reject) => {
          const onAbort = (): void => reject(signal.reason);
          signal.addEventListener('abort', onAbort, { once: true });
          wake = () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
        });
      }
    },
    write(event: BidiEvent): void {
      if (socket.readyState !== OPEN) return;
      if (event.type === 'audio') {
        socket.send(resamplePcm16(event.data, event.sampleRate, outputRate ?? event.sampleRate));
        return;
      }
      socket.send(JSON.stringify(toWireMessage(event)));
      if (event.type === 'connection-close' && (options.closeOnEnd ?? true)) socket.close(1000, event.reason);
    },
    stop(): void {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('close', onClose);
    },
  };
}

async function toBytesOrText(data: unknown): Promise<Uint8Array | string> {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data.filter((part): part is Uint8Array => part instanceof Uint8Array)));
  if (typeof Blob !== 'undefined' && data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  return String(data);
}

/** Parses a client JSON message; returns an error text for anything it does not understand. */
function parseClientMessage(text: string): BidiInput | BidiInputEnd | string {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return 'Send JSON text frames ({"type":"text","text":"…"}) or binary PCM16 audio frames.';
  }
  if (typeof message !== 'object' || message === null) return 'A message must be a JSON object with a "type".';
  const fields = message as { [key: string]: unknown };
  switch (fields.type) {
    case 'text':
      return typeof fields.text === 'string' ? { type: 'text', text: fields.text } : '"text" messages need a string "text".';
    case 'image':
      return typeof fields.mediaType === 'string' && typeof fields.data === 'string'
        ? { type: 'image', mediaType: fields.mediaType, data: base64ToPcm16(fields.data) }
        : '"image" messages need "mediaType" and base64 "data".';
    case 'audio':
      return typeof fields.data === 'string' && typeof fields.sampleRate === 'number' && fields.sampleRate > 0
        ? { type: 'audio', data: base64ToPcm16(fields.data), sampleRate: fields.sampleRate }
        : '"audio" messages need base64 "data" and a positive "sampleRate".';
    case 'end':
      return { type: 'end', reason: 'complete' };
    default:
      return `Unknown message type ${JSON.stringify(fields.type) ?? 'undefined'}; use text, image, audio or end.`;
  }
}
