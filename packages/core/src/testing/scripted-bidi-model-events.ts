import type { BidiModelEvent, BidiResponseStopReason } from '../spec/bidi-model/v1/bidi-model-event.js';
import type { BidiToolCall } from '../spec/bidi-model/v1/bidi-tool-call.js';

/**
 * Options of {@link bidiResponseEvents}. @example `bidiResponseEvents('Hi', { responseId: 'r1', audioChunks: 3, open: true })`
 *
 * @category Scripted bidi models
 */
export interface BidiResponseEventsOptions {
  /** Default: a fresh `resp_<n>`. */
  readonly responseId?: string;
  /** Number of audio chunks to emit before the transcript (default 0: a text-only response). */
  readonly audioChunks?: number;
  /** Length of each audio chunk in milliseconds (default 20). */
  readonly chunkMs?: number;
  /** Sample rate of the audio (default 24 000). */
  readonly sampleRate?: number;
  /** Default `'complete'`. */
  readonly stopReason?: BidiResponseStopReason;
  /** Leave out the final `response-end` (to end the response later, e.g. after a barge-in). */
  readonly open?: boolean;
}

let nextResponse = 0;
let nextCall = 0;

/**
 * The events of one spoken model response: `response-start`, audio chunks (silence of the right length),
 * the assistant transcript (one delta, then `final`), `response-end`.
 *
 * @example
 * ```ts
 * model.connection.emit(...bidiResponseEvents('Timer set.', { audioChunks: 3 }));
 * ```
 *
 * @category Scripted bidi models
 */
export function bidiResponseEvents(text: string, options: BidiResponseEventsOptions = {}): BidiModelEvent[] {
  const responseId = options.responseId ?? `resp_${++nextResponse}`;
  const sampleRate = options.sampleRate ?? 24_000;
  const events: BidiModelEvent[] = [{ type: 'response-start', responseId }];
  for (let i = 0; i < (options.audioChunks ?? 0); i++) {
    events.push({ type: 'audio', responseId, data: pcm16Silence(options.chunkMs ?? 20, sampleRate), sampleRate });
  }
  if (text.length > 0) events.push({ type: 'transcript', role: 'assistant', delta: text, final: false, responseId });
  events.push({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId });
  if (options.open !== true) events.push({ type: 'response-end', responseId, stopReason: options.stopReason ?? 'complete' });
  return events;
}

/**
 * A scripted tool call: `input` is JSON-encoded unless `toolArgs` gives the raw text. @example `{ name: 'set_timer', input: { seconds: 5 }, id: 'timer' }`
 *
 * @category Scripted bidi models
 */
export interface ScriptedBidiToolCall {
  readonly name: string;
  readonly input?: unknown;
  /** Raw argument text (e.g. invalid JSON); wins over `input`. */
  readonly toolArgs?: string;
  /** Default: a fresh `call_<n>`. */
  readonly id?: string;
}

/**
 * A `tool-group` event: calls the model requests together.
 *
 * @example
 * ```ts
 * model.connection.emit(bidiToolGroup([{ name: 'set_timer', input: { seconds: 5 }, id: 'timer' }]));
 * ```
 *
 * @category Scripted bidi models
 */
export function bidiToolGroup(calls: readonly ScriptedBidiToolCall[]): BidiModelEvent & { readonly type: 'tool-group' } {
  const group: BidiToolCall[] = calls.map((call) => ({
    toolCallId: call.id ?? `call_${++nextCall}`,
    toolName: call.name,
    toolArgs: call.toolArgs ?? JSON.stringify(call.input ?? {}),
  }));
  return { type: 'tool-group', calls: group };
}

/**
 * `ms` milliseconds of PCM16 mono silence at `sampleRate`.
 *
 * @example
 * ```ts
 * pcm16Silence(20, 16_000).byteLength; // 640
 * ```
 *
 * @category Scripted bidi models
 */
export function pcm16Silence(ms: number, sampleRate: number): Uint8Array {
  return new Uint8Array(Math.round((sampleRate * ms) / 1000) * 2);
}
