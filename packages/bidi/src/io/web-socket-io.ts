import type { BidiInput } from '@tandem/core/spec';
import type { BidiAgentHandle } from '../bidi-agent-handle.js';
import type { BidiAgentInput, BidiInputEnd } from '../bidi-agent-input.js';
import type { BidiAgentOutput } from '../bidi-agent-output.js';
import type { BidiEvent } from '../bidi-event.js';
import { Pcm16Resampler } from '../pcm/pcm16-resampler.js';
import { parseClientMessage, type ApprovalMessage } from './web-socket-client-message.js';
import { WebSocketInbox } from './web-socket-inbox.js';
import { toWireMessage } from './web-socket-wire.js';
import type { WebSocketLike } from './web-socket-like.js';

const OPEN = 1;
const utf8 = new TextEncoder();
/** WebSocket close codes: policy violation, message too big. */
const POLICY_VIOLATION = 1008;
const MESSAGE_TOO_BIG = 1009;

/**
 * Options of {@link webSocketIO}. @example `webSocketIO(socket, { inputSampleRate: 48_000, outputSampleRate: 48_000 })`
 *
 * @category Inputs and outputs
 */
export interface WebSocketIOOptions {
  /** Sample rate of the PCM16 binary frames the client sends (default 16 000). */
  readonly inputSampleRate?: number;
  /** Sample rate of the PCM16 binary frames sent to the client (default: the model's output rate). */
  readonly outputSampleRate?: number;
  /**
   * Client messages held while the agent is busy (a slow model, a reconnect), at most (default 500). Past
   * this or `maxBufferedBytes`, the oldest audio is dropped; a text, image or audio message that still
   * does not fit disconnects the client (close code 1008) — it sends more than the agent can take.
   */
  readonly maxBufferedInputs?: number;
  /** Bytes of client messages held, at most (default 8 MiB); see `maxBufferedInputs`. */
  readonly maxBufferedBytes?: number;
  /**
   * Largest client frame accepted, in bytes (default 1 MiB): a larger one disconnects the client (close
   * code 1009). Also set `maxPayload` on your `ws` server, so such frames are refused before they are
   * buffered.
   */
  readonly maxFrameBytes?: number;
  /** Close the socket (code 1000) after `connection-close` (default true). */
  readonly closeOnEnd?: boolean;
}

/**
 * Both sides of a browser bridge: pass it as an input and as an output. @example `const io: WebSocketIO = webSocketIO(socket); await agent.run({ inputs: [io], outputs: [io] });`
 *
 * @category Inputs and outputs
 */
export type WebSocketIO = BidiAgentInput & BidiAgentOutput;

/**
 * Bridges a browser (or any client) over one WebSocket — usable as both an input and an output of
 * `agent.run()`.
 *
 * Client → agent: binary frames are PCM16 mono microphone audio at `inputSampleRate`; text frames are
 * JSON `{ type: 'text', text }`, `{ type: 'image', mediaType, data }`, `{ type: 'audio', data, sampleRate }`
 * (`data` in base64), `{ type: 'played', responseId, ms }` (how much of a response the listener has heard,
 * in ms — report it as playback goes on; barge-in truncates the model's copy of the response there),
 * `{ type: 'approve', toolCallId }` / `{ type: 'deny', toolCallId, reason? }` (the user's answer to a
 * `tool-approval-request`; an id that is not waiting is answered with `{ type: 'error', code:
 * 'not-waiting-for-approval', toolCallId, message }`) or `{ type: 'end' }`. Anything else is answered with
 * `{ type: 'error', message }`.
 *
 * Agent → client: first `{ type: 'audio-format', encoding: 'pcm16le', sampleRate, channels: 1 }`, then
 * every `audio` event as a binary PCM16 frame (it belongs to the response of the last `response-start`)
 * and every other event as JSON (errors as `{ name, message }`) — `tool-approval-request { toolCallId,
 * toolName, input }` among them: show it to the user and send their answer. On barge-in the client first
 * gets `{ type: 'clear' }`: stop playback and drop queued audio at once.
 *
 * Limits: client messages wait in a bounded queue (`maxBufferedInputs`, `maxBufferedBytes`) and frames
 * are capped (`maxFrameBytes`); a client over a limit gets `{ type: 'error', code, message }` and is
 * disconnected (1008 or 1009). The socket closing ends the conversation (`client-disconnect`).
 *
 * @example
 * ```ts
 * import { WebSocketServer } from 'ws';
 * new WebSocketServer({ port: 8080, maxPayload: 1024 * 1024 }).on('connection', (socket) => {
 *   const io = webSocketIO(socket);
 *   void new BidiAgent({ model, tools }).run({ inputs: [io], outputs: [io] });
 * });
 * ```
 *
 * @category Inputs and outputs
 */
export function webSocketIO(socket: WebSocketLike, options: WebSocketIOOptions = {}): WebSocketIO {
  const inputRate = options.inputSampleRate ?? 16_000;
  const maxFrameBytes = options.maxFrameBytes ?? 1024 * 1024;
  const inbox = new WebSocketInbox(options.maxBufferedInputs ?? 500, options.maxBufferedBytes ?? 8 * 1024 * 1024);
  let agent: BidiAgentHandle | undefined;
  let outputRate: number | undefined;
  let ended = false;
  let refused = false;
  let pendingBlobs: Promise<void> = Promise.resolve();
  let blobsInFlight = 0;
  const resampler: { responseId?: string; instance?: Pcm16Resampler } = {};

  const reply = (message: unknown): void => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const deliver = (item: BidiInput | BidiInputEnd): void => {
    if (ended) return;
    if (item.type === 'end') ended = true;
    if (!inbox.push(item)) {
      refuse(POLICY_VIOLATION, 'input-overflow', 'Too many messages are waiting for the agent (limits: maxBufferedInputs messages, maxBufferedBytes bytes); slow down. Disconnecting.');
    }
  };
  /** Disconnects a client that broke a limit; what it had queued is dropped and the conversation ends. */
  const refuse = (code: number, errorCode: string, message: string): void => {
    if (refused) return;
    refused = true;
    reply({ type: 'error', code: errorCode, message });
    inbox.clear();
    deliver({ type: 'end', reason: 'client-disconnect' });
    socket.close(code, errorCode);
  };
  const handle = (data: Uint8Array | string): void => {
    if (refused) return;
    const size = typeof data === 'string' ? utf8.encode(data).byteLength : data.byteLength;
    if (size > maxFrameBytes) {
      refuse(MESSAGE_TOO_BIG, 'frame-too-large', `A frame of ${String(size)} bytes exceeds the limit of ${String(maxFrameBytes)} bytes (maxFrameBytes). Disconnecting.`);
      return;
    }
    if (typeof data !== 'string') {
      deliver({ type: 'audio', data, sampleRate: inputRate });
      return;
    }
    const parsed = parseClientMessage(data);
    if (typeof parsed === 'string') reply({ type: 'error', message: parsed });
    else if (parsed.type === 'played') agent?.reportPlayed(parsed.responseId, parsed.ms);
    else if (parsed.type === 'approve' || parsed.type === 'deny') answer(parsed);
    else deliver(parsed);
  };
  /** The client answers a `tool-approval-request`; an id that is not waiting gets an error reply. */
  const answer = (message: ApprovalMessage): void => {
    try {
      if (agent === undefined) throw new TypeError('No conversation is running yet.');
      if (message.type === 'approve') agent.approve(message.toolCallId);
      else agent.deny(message.toolCallId, message.reason);
    } catch (error) {
      reply({ type: 'error', code: 'not-waiting-for-approval', toolCallId: message.toolCallId, message: error instanceof Error ? error.message : String(error) });
    }
  };
  const onMessage = (event: object): void => {
    const data = 'data' in event ? event.data : undefined;
    if (typeof Blob !== 'undefined' && data instanceof Blob) {
      if (data.size > maxFrameBytes) {
        refuse(MESSAGE_TOO_BIG, 'frame-too-large', `A frame of ${String(data.size)} bytes exceeds the limit of ${String(maxFrameBytes)} bytes (maxFrameBytes). Disconnecting.`);
        return;
      }
      blobsInFlight++;
      pendingBlobs = pendingBlobs.then(async () => {
        try {
          handle(new Uint8Array(await data.arrayBuffer()));
        } catch {
          reply({ type: 'error', message: 'A binary frame could not be read.' });
        } finally {
          blobsInFlight--;
        }
      });
      return;
    }
    const value = toBytesOrText(data);
    // Keep the client's order behind a Blob still being read.
    if (blobsInFlight > 0) pendingBlobs = pendingBlobs.then(() => handle(value));
    else handle(value);
  };
  const onClose = (): void => deliver({ type: 'end', reason: 'client-disconnect' });

  if ('binaryType' in socket) socket.binaryType = 'arraybuffer';
  socket.addEventListener('message', onMessage);
  socket.addEventListener('close', onClose);
  if (socket.readyState > OPEN) onClose();

  const sendAudio = (event: Extract<BidiEvent, { type: 'audio' }>): void => {
    const rate = outputRate ?? event.sampleRate;
    if (rate === event.sampleRate) {
      socket.send(event.data);
      return;
    }
    // One stateful resampler per response, so its chunks join without clicks.
    if (resampler.responseId !== event.responseId || resampler.instance?.fromRate !== event.sampleRate) {
      resampler.responseId = event.responseId;
      resampler.instance = new Pcm16Resampler(event.sampleRate, rate);
    }
    const bytes = resampler.instance.processPcm16(event.data);
    if (bytes.byteLength > 0) socket.send(bytes);
  };

  return {
    start(started: BidiAgentHandle): void {
      if (outputRate !== undefined) return; // started once, whether used as input, output or both
      agent = started;
      outputRate = options.outputSampleRate ?? started.model.audio.outputRate;
      reply({ type: 'audio-format', encoding: 'pcm16le', sampleRate: outputRate, channels: 1 });
    },
    read(signal: AbortSignal): Promise<BidiInput | BidiInputEnd> {
      return inbox.shift(signal);
    },
    write(event: BidiEvent): void {
      if (socket.readyState !== OPEN) return;
      if (event.parentToolCallId === undefined) {
        if (event.type === 'audio') {
          sendAudio(event);
          return;
        }
        if (event.type === 'barge-in') {
          resampler.instance = undefined; // what it held is flushed with the rest
          resampler.responseId = undefined;
          socket.send(JSON.stringify({ type: 'clear' }));
        }
        if (event.type === 'response-complete' && resampler.responseId === event.responseId && resampler.instance !== undefined) {
          const tail = resampler.instance.flushPcm16();
          if (tail.byteLength > 0) socket.send(tail);
        }
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

function toBytesOrText(data: unknown): Uint8Array | string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (Array.isArray(data)) {
    const parts = data.filter((part): part is Uint8Array => part instanceof Uint8Array);
    const joined = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.byteLength;
    }
    return joined;
  }
  return String(data);
}
