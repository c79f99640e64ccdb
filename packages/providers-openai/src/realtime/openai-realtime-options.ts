import { checkRealtimeSettings, isRealtimeTurnDetection, type RealtimeSettings, type RealtimeTurnDetection } from '@tandem/provider-utils';

/**
 * Server-side voice activity detection: speech starts and stops are detected from the audio level.
 *
 * @example
 * ```ts
 * const vad: OpenAIRealtimeServerVad = { type: 'server_vad', threshold: 0.6, silenceDurationMs: 400 };
 * ```
 *
 * @category Realtime
 */
export interface OpenAIRealtimeServerVad {
  readonly type: 'server_vad';
  /** Activation threshold, 0 … 1 (server default 0.5); higher needs louder speech. */
  readonly threshold?: number;
  /** Audio kept before detected speech, in ms (server default 300). */
  readonly prefixPaddingMs?: number;
  /** Silence that ends a turn, in ms (server default 500). */
  readonly silenceDurationMs?: number;
  /** After this long without speech (ms, after the last response was played), the model prompts the user. */
  readonly idleTimeoutMs?: number;
  /** The server starts a response when the user stops speaking (server default true). */
  readonly createResponse?: boolean;
  /** The server cancels the response in progress when the user starts speaking (server default true). */
  readonly interruptResponse?: boolean;
}

/**
 * Semantic turn detection: a model estimates whether the user has finished speaking.
 *
 * @example
 * ```ts
 * const vad: OpenAIRealtimeSemanticVad = { type: 'semantic_vad', eagerness: 'low' };
 * ```
 *
 * @category Realtime
 */
export interface OpenAIRealtimeSemanticVad {
  readonly type: 'semantic_vad';
  /** How soon the model answers: `low` waits longest (up to 8 s), `high` least (2 s); `auto` = `medium`. */
  readonly eagerness?: 'low' | 'medium' | 'high' | 'auto';
  /** The server starts a response when the user stops speaking (server default true). */
  readonly createResponse?: boolean;
  /** The server cancels the response in progress when the user starts speaking (server default true). */
  readonly interruptResponse?: boolean;
}

/**
 * Options of `openai.realtime(id, options)`.
 *
 * Turn detection (`turnDetection`, the shape every Tandem realtime adapter takes) decides who starts and
 * stops responses:
 * - `{ type: 'server-vad' }` (the default) — OpenAI's `server_vad`: the server answers when the user stops
 *   speaking (`silenceMs` of silence) and cancels its response when the user talks over it;
 * - `{ type: 'semantic', eagerness }` — OpenAI's `semantic_vad`;
 * - `{ type: 'manual' }` — detection off (`turn_detection: null`): typed turns are answered, and audio is
 *   committed and answered when the input ends (an empty audio chunk);
 * - `interruptResponse: false` — the provider cancels the response in progress itself (`response.cancel`)
 *   when the user starts speaking over it.
 *
 * OpenAI's own form (`{ type: 'server_vad', threshold, prefixPaddingMs, idleTimeoutMs, createResponse }`) is
 * still taken for its vendor-only fields.
 *
 * @example
 * ```ts
 * const model = openai.realtime('gpt-realtime', {
 *   voice: 'marin',
 *   transcriptionModel: 'gpt-4o-transcribe',
 *   turnDetection: { type: 'semantic', eagerness: 'high', interruptResponse: false },
 *   connectTimeoutMs: 10_000,
 * });
 * ```
 *
 * @category Realtime
 */
export interface OpenAIRealtimeOptions extends Omit<RealtimeSettings, 'turnDetection'> {
  /** Output voice, e.g. `marin` or `cedar` (default: the server's). */
  readonly voice?: string;
  /** Model transcribing the user's audio (default `gpt-4o-mini-transcribe`); `null` turns transcription off. */
  readonly transcriptionModel?: string | null;
  /**
   * Voice activity detection (default `{ type: 'server-vad' }`). `null` is the deprecated spelling of
   * `{ type: 'manual' }`.
   */
  readonly turnDetection?: RealtimeTurnDetection | OpenAIRealtimeServerVad | OpenAIRealtimeSemanticVad | null;
  /** @deprecated Use `connectTimeoutMs` (it bounds the WebSocket upgrade too). */
  readonly sessionTimeoutMs?: number;
  /**
   * A short-lived client secret (`ek_…`) that the app's server minted with `createRealtimeClientSecret()`,
   * or a function that fetches a fresh one for each connection (a reconnect needs a new one once the
   * first expired). With it the model connects over the runtime's own `WebSocket` (`globalThis.WebSocket`,
   * as in browsers, Deno and Bun) and authenticates with the subprotocols OpenAI documents for browsers
   * (`realtime`, `openai-insecure-api-key.<secret>`); no API key is read and the `ws` package is not loaded.
   * Never put a real API key here: it would reach the page.
   */
  readonly clientSecret?: string | (() => string | Promise<string>);
}

const EAGERNESS = new Set(['low', 'medium', 'high', 'auto']);

/** OpenAI's wire form of a turn detection option (`null`: off). @internal */
export type OpenAITurnDetection = OpenAIRealtimeServerVad | OpenAIRealtimeSemanticVad | null;

/** Maps the shared turn detection to OpenAI's own form (`undefined` stays the server default). @internal */
export function openAITurnDetection(option: OpenAIRealtimeOptions['turnDetection']): OpenAITurnDetection | undefined {
  if (option === undefined || option === null) return option;
  if (!isShared(option)) return option;
  const interrupt = option.interruptResponse === undefined ? {} : { interruptResponse: option.interruptResponse };
  if (option.type === 'manual') return null;
  if (option.type === 'semantic') return { type: 'semantic_vad', ...(option.eagerness === undefined ? {} : { eagerness: option.eagerness }), ...interrupt };
  return { type: 'server_vad', ...(option.silenceMs === undefined ? {} : { silenceDurationMs: option.silenceMs }), ...interrupt };
}

function isShared(option: NonNullable<OpenAIRealtimeOptions['turnDetection']>): option is RealtimeTurnDetection {
  return option.type === 'server-vad' || option.type === 'semantic' || option.type === 'manual';
}

/**
 * Checks options once, when the model is created, with errors that say what to pass.
 * @throws TypeError or RangeError for invalid options.
 * @internal
 */
export function validateRealtimeOptions(options: OpenAIRealtimeOptions): void {
  checkRealtimeSettings('openai.realtime()', options);
  const where = 'openai.realtime(): turnDetection';
  if (isRealtimeTurnDetection('openai.realtime()', options.turnDetection)) {
    const shared = options.turnDetection;
    if (shared.type !== 'semantic' && shared.eagerness !== undefined) throw new TypeError(`${where}.eagerness applies to { type: 'semantic' } only.`);
    if (shared.type !== 'server-vad' && shared.silenceMs !== undefined) {
      throw new TypeError(`${where}.silenceMs applies to { type: 'server-vad' } only (semantic detection decides by meaning, not silence).`);
    }
    return checkTimeouts(options);
  }
  const detection = openAITurnDetection(options.turnDetection);
  if (detection !== undefined && detection !== null) {
    if (detection.type !== 'server_vad' && detection.type !== 'semantic_vad') {
      throw new TypeError(`${where}.type must be 'server-vad', 'semantic' or 'manual' (got ${JSON.stringify((detection as { type?: unknown }).type)}).`);
    }
    for (const key of ['createResponse', 'interruptResponse'] as const) {
      if (detection[key] !== undefined && typeof detection[key] !== 'boolean') throw new TypeError(`${where}.${key} must be a boolean.`);
    }
    if (detection.type === 'server_vad') {
      const { threshold } = detection;
      if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) throw new RangeError(`${where}.threshold must be between 0 and 1 (got ${String(threshold)}).`);
      for (const key of ['prefixPaddingMs', 'silenceDurationMs', 'idleTimeoutMs'] as const) {
        const value = detection[key];
        if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new RangeError(`${where}.${key} must be a whole number of milliseconds ≥ 0 (got ${String(value)}).`);
      }
    } else if (detection.eagerness !== undefined && !EAGERNESS.has(detection.eagerness)) {
      throw new RangeError(`${where}.eagerness must be 'low', 'medium', 'high' or 'auto' (got ${JSON.stringify(detection.eagerness)}).`);
    }
  }
  checkTimeouts(options);
}

function checkTimeouts(options: OpenAIRealtimeOptions): void {
  const { sessionTimeoutMs } = options;
  if (sessionTimeoutMs !== undefined && !(sessionTimeoutMs > 0)) {
    throw new RangeError(`openai.realtime(): sessionTimeoutMs must be a positive number of milliseconds (got ${String(sessionTimeoutMs)}).`);
  }
}
