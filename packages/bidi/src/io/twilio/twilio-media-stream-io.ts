import type { BidiInput } from '@tandem/core/spec';
import type { BidiAgentHandle } from '../../bidi-agent-handle.js';
import type { BidiAgentInput, BidiInputEnd } from '../../bidi-agent-input.js';
import type { BidiAgentOutput } from '../../bidi-agent-output.js';
import type { BidiEvent } from '../../bidi-event.js';
import { int16ToMulaw, mulawToInt16 } from '../../pcm/mulaw.js';
import { concatBytes } from '../../pcm/concat-bytes.js';
import { base64ToPcm16, pcm16ToBase64 } from '../../pcm/pcm16-base64.js';
import { Pcm16Resampler } from '../../pcm/pcm16-resampler.js';
import { int16ToPcm16, pcm16ToInt16 } from '../../pcm/pcm16-samples.js';
import { WebSocketInbox } from '../web-socket-inbox.js';
import type { WebSocketLike } from '../web-socket-like.js';
import { parseTwilioMessage, twilioOutbound, type TwilioStreamStart } from './twilio-messages.js';
import { TwilioPlayback } from './twilio-playback.js';

const OPEN = 1;
/** Twilio Media Streams audio: G.711 μ-law, 8 kHz, mono — 8 bytes per millisecond. */
const TWILIO_RATE = 8000;
const BYTES_PER_MS = TWILIO_RATE / 1000;
/** WebSocket close code for "the server hit an unexpected condition". */
const INTERNAL_ERROR = 1011;

/**
 * Options of {@link twilioMediaStreamIO}.
 *
 * @example
 * ```ts
 * const io = twilioMediaStreamIO(socket, {
 *   onStart: (start) => console.log(`call ${start.callSid} from ${start.customParameters['from'] ?? 'unknown'}`),
 *   onDtmf: (digit) => console.log(`pressed ${digit}`),
 * });
 * ```
 *
 * @category Inputs and outputs
 */
export interface TwilioMediaStreamIOOptions {
  /**
   * Called with the `start` message (stream and call ids, the TwiML's `<Parameter>`s, the media format) before any
   * of the caller's audio reaches the agent. If it throws or rejects, the call is refused: the socket is closed
   * (1011) and the conversation ends (`client-disconnect`).
   */
  readonly onStart?: (start: TwilioStreamStart) => void | Promise<void>;
  /** Called for each key the caller presses. Without it, a digit becomes a text turn `"[dtmf 5]"`. */
  readonly onDtmf?: (digit: string) => void;
  /** Caller messages held while the agent is busy, at most (default 500); past it the oldest audio is dropped. */
  readonly maxBufferedInputs?: number;
  /** Bytes of caller audio held, at most (default 2 MiB); see `maxBufferedInputs`. */
  readonly maxBufferedBytes?: number;
  /** Close the socket (code 1000) after `connection-close`, which ends the `<Connect>` verb (default true). */
  readonly closeOnEnd?: boolean;
}

/**
 * Both sides of a phone call: pass it as an input and as an output. `stream` is set once Twilio's `start` message
 * arrived.
 *
 * @example
 * ```ts
 * const io: TwilioMediaStreamIO = twilioMediaStreamIO(socket);
 * await agent.run({ inputs: [io], outputs: [io] });
 * console.log(io.stream?.callSid);
 * ```
 *
 * @category Inputs and outputs
 */
export type TwilioMediaStreamIO = BidiAgentInput & BidiAgentOutput & { readonly stream: TwilioStreamStart | undefined };

/**
 * Bridges a Twilio Media Streams WebSocket (a bidirectional `<Connect><Stream>`) to a `BidiAgent`, so a phone call
 * is a voice conversation: use the one object as an input and as an output of `agent.run()`.
 *
 * Caller → agent: `media` frames (base64 μ-law, 8 kHz) are decoded to PCM16 and handed to the agent, which resamples
 * them to the model's input rate; a `dtmf` digit becomes a text turn `"[dtmf 5]"` (or goes to `onDtmf`); `stop` or
 * a closed socket ends the conversation (`client-disconnect`) — every tool call still gets its result.
 *
 * Agent → caller: each chunk of assistant audio is resampled to 8 kHz (one windowed-sinc resampler per response),
 * encoded as μ-law and sent as a `media` message followed by a `mark`; Twilio echoes a mark once the audio before
 * it has played, and that is the played position the agent truncates at on barge-in. A barge-in sends `clear`
 * (Twilio drops what it had buffered); the marks it echoes because of the clear do not count as played. Audio the
 * agent produces before Twilio's `start` message is held and sent once the stream id is known.
 *
 * @example
 * ```ts
 * import { WebSocketServer } from 'ws';
 * new WebSocketServer({ port: 8080, path: '/media' }).on('connection', (socket) => {
 *   const io = twilioMediaStreamIO(socket);
 *   void new BidiAgent({ model, tools }).run({ inputs: [io], outputs: [io] });
 * });
 * ```
 *
 * @category Inputs and outputs
 */
export function twilioMediaStreamIO(socket: WebSocketLike, options: TwilioMediaStreamIOOptions = {}): TwilioMediaStreamIO {
  const inbox = new WebSocketInbox(options.maxBufferedInputs ?? 500, options.maxBufferedBytes ?? 2 * 1024 * 1024);
  const playback = new TwilioPlayback();
  const resampler: { responseId?: string; instance?: Pcm16Resampler } = {};
  /** Outbound frames waiting for the stream id (audio produced before Twilio's `start`). */
  let waiting: ((streamSid: string) => void)[] = [];
  /** Caller messages waiting for `onStart` to settle. */
  let starting: Promise<void> | undefined;
  let agent: BidiAgentHandle | undefined;
  let start: TwilioStreamStart | undefined;
  let ended = false;

  const deliver = (item: BidiInput | BidiInputEnd): void => {
    if (ended) return;
    if (item.type === 'end') ended = true;
    if (!inbox.push(item)) inbox.push({ type: 'end', reason: 'client-disconnect' });
  };
  const afterStart = (fn: () => void): void => {
    if (starting === undefined) fn();
    else starting = starting.then(fn);
  };
  const send = (frame: (streamSid: string) => string): void => {
    if (start === undefined) waiting.push((sid) => socket.send(frame(sid)));
    else if (socket.readyState === OPEN) socket.send(frame(start.streamSid));
  };
  const begin = (value: TwilioStreamStart): void => {
    start = value;
    const held = waiting;
    waiting = [];
    if (socket.readyState === OPEN) for (const frame of held) frame(value.streamSid);
    if (options.onStart === undefined) return;
    const refuse = (): void => {
      deliver({ type: 'end', reason: 'client-disconnect' });
      socket.close(INTERNAL_ERROR, 'onStart failed');
    };
    try {
      const pending = options.onStart(value);
      if (pending !== undefined) starting = Promise.resolve(pending).then(() => undefined, refuse);
    } catch {
      refuse();
    }
  };
  const handle = (frame: string): void => {
    const message = parseTwilioMessage(frame);
    if (typeof message === 'string') return; // Twilio adds events over time: ignore what this bridge does not know.
    switch (message.event) {
      case 'start':
        begin(message.start);
        return;
      case 'media':
        if (message.track === 'inbound') {
          const samples = mulawToInt16(base64ToPcm16(message.payload));
          afterStart(() => deliver({ type: 'audio', data: int16ToPcm16(samples), sampleRate: TWILIO_RATE }));
        }
        return;
      case 'mark': {
        const heard = playback.echoed(message.name);
        if (heard !== undefined) agent?.reportPlayed(heard.responseId, heard.endMs);
        return;
      }
      case 'dtmf':
        if (options.onDtmf !== undefined) options.onDtmf(message.digit);
        else afterStart(() => deliver({ type: 'text', text: `[dtmf ${message.digit}]` }));
        return;
      case 'stop':
        afterStart(() => deliver({ type: 'end', reason: 'client-disconnect' }));
        return;
      case 'connected':
        return;
    }
  };
  const onMessage = (event: object): void => {
    const data = 'data' in event ? event.data : undefined;
    handle(typeof data === 'string' ? data : new TextDecoder().decode(toBytes(data)));
  };
  const onClose = (): void => deliver({ type: 'end', reason: 'client-disconnect' });
  socket.addEventListener('message', onMessage);
  socket.addEventListener('close', onClose);
  if (socket.readyState > OPEN) onClose();

  /** Sends 8 kHz samples of `responseId` as one `media` message and the `mark` after it. */
  const sendAudio = (responseId: string, samples: Int16Array): void => {
    if (samples.length === 0) return;
    const payload = pcm16ToBase64(int16ToMulaw(samples));
    const mark = playback.sent(responseId, samples.length / BYTES_PER_MS);
    send((sid) => twilioOutbound.media(sid, payload));
    send((sid) => twilioOutbound.mark(sid, mark));
  };
  const toTwilioRate = (event: Extract<BidiEvent, { type: 'audio' }>): Int16Array => {
    // One stateful resampler per response, so its chunks join without clicks.
    if (resampler.responseId !== event.responseId || resampler.instance?.fromRate !== event.sampleRate) {
      resampler.responseId = event.responseId;
      resampler.instance = new Pcm16Resampler(event.sampleRate, TWILIO_RATE);
    }
    return resampler.instance.process(pcm16ToInt16(event.data));
  };

  return {
    get stream(): TwilioStreamStart | undefined {
      return start;
    },
    start(started: BidiAgentHandle): void {
      agent = started;
    },
    read(signal: AbortSignal): Promise<BidiInput | BidiInputEnd> {
      return inbox.shift(signal);
    },
    write(event: BidiEvent): void {
      if (event.parentToolCallId !== undefined) return;
      switch (event.type) {
        case 'audio':
          sendAudio(event.responseId, toTwilioRate(event));
          return;
        case 'response-complete':
          if (resampler.responseId === event.responseId && resampler.instance !== undefined) {
            sendAudio(event.responseId, resampler.instance.flush());
            resampler.instance = undefined;
            resampler.responseId = undefined;
          }
          return;
        case 'barge-in':
          resampler.instance = undefined; // what it held is dropped with the rest
          resampler.responseId = undefined;
          waiting = [];
          playback.clear();
          if (start !== undefined && socket.readyState === OPEN) socket.send(twilioOutbound.clear(start.streamSid));
          return;
        case 'connection-close':
          if ((options.closeOnEnd ?? true) && socket.readyState === OPEN) socket.close(1000, event.reason);
          return;
        default:
          return;
      }
    },
    stop(): void {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('close', onClose);
    },
  };
}

function toBytes(data: unknown): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (Array.isArray(data)) return concatBytes(data.filter((part): part is Uint8Array => part instanceof Uint8Array));
  return new TextEncoder().encode(String(data));
}
