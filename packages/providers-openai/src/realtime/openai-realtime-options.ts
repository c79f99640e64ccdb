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
 * Turn detection decides who starts and stops responses:
 * - by default (`server_vad`, server defaults) the server answers when the user stops speaking and
 *   cancels its response when the user talks over it;
 * - with `createResponse: false` the provider asks for the response itself once the user's audio is
 *   committed — through its response sequencer, so it never collides with another response;
 * - with `interruptResponse: false` the provider cancels the response in progress itself
 *   (`response.cancel`) when the user starts speaking;
 * - `turnDetection: null` turns detection off: audio is never committed nor answered by itself, so use
 *   text turns (or your own `input_audio_buffer.commit` flow).
 *
 * @example
 * ```ts
 * const model = openai.realtime('gpt-realtime', {
 *   voice: 'marin',
 *   transcriptionModel: 'gpt-4o-transcribe',
 *   turnDetection: { type: 'semantic_vad', eagerness: 'high', interruptResponse: false },
 * });
 * ```
 *
 * @category Realtime
 */
export interface OpenAIRealtimeOptions {
  /** Output voice, e.g. `marin` or `cedar` (default: the server's). */
  readonly voice?: string;
  /** Model transcribing the user's audio (default `gpt-4o-mini-transcribe`); `null` turns transcription off. */
  readonly transcriptionModel?: string | null;
  /** Voice activity detection (default `{ type: 'server_vad' }`); `null` turns it off. */
  readonly turnDetection?: OpenAIRealtimeServerVad | OpenAIRealtimeSemanticVad | null;
  /** How long `connect()` waits for the server to acknowledge the session (`session.updated`), in ms (default 15 000). */
  readonly sessionTimeoutMs?: number;
}

const EAGERNESS = new Set(['low', 'medium', 'high', 'auto']);

/**
 * Checks options once, when the model is created, with errors that say what to pass.
 * @throws TypeError or RangeError for invalid options.
 * @internal
 */
export function validateRealtimeOptions(options: OpenAIRealtimeOptions): void {
  const detection = options.turnDetection;
  const where = 'openai.realtime(): turnDetection';
  if (detection !== undefined && detection !== null) {
    if (detection.type !== 'server_vad' && detection.type !== 'semantic_vad') {
      throw new TypeError(`${where}.type must be 'server_vad' or 'semantic_vad' (got ${JSON.stringify((detection as { type?: unknown }).type)}); pass null to turn detection off.`);
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
  const { sessionTimeoutMs } = options;
  if (sessionTimeoutMs !== undefined && !(sessionTimeoutMs > 0)) {
    throw new RangeError(`openai.realtime(): sessionTimeoutMs must be a positive number of milliseconds (got ${String(sessionTimeoutMs)}).`);
  }
}
