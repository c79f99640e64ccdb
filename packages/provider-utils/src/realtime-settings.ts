import type { Clock } from '@tandem/core';

/**
 * Turn detection as every Tandem realtime adapter takes it (one shape, mapped to each vendor's settings):
 *
 * - `server-vad` — the server detects speech from the audio level and answers when the user stops;
 * - `semantic` — a model judges whether the user has finished (`eagerness` says how soon it answers);
 * - `manual` — no detection: the app decides when a turn ends (typed turns, or audio committed by the adapter
 *   when the input ends).
 *
 * `silenceMs` is the silence that ends a turn; `interruptResponse: false` keeps user speech from cutting the
 * model off. A vendor without an equivalent for a field refuses it with a `RealtimeUnsupportedError`.
 *
 * @example
 * ```ts
 * const detection: RealtimeTurnDetection = { type: 'server-vad', silenceMs: 600, interruptResponse: true };
 * ```
 *
 * @category Realtime
 */
export interface RealtimeTurnDetection {
  readonly type: 'server-vad' | 'semantic' | 'manual';
  /** Silence that ends the user's turn, in ms. */
  readonly silenceMs?: number;
  /** How readily the model takes the turn: `low` waits longest, `high` least; `auto` is the vendor's default. */
  readonly eagerness?: 'low' | 'medium' | 'high' | 'auto';
  /** User speech cuts the model's response off (default true). */
  readonly interruptResponse?: boolean;
}

/**
 * The settings every realtime adapter (`openai.realtime`, `google.live`, `bedrock.novaSonic`) takes under the
 * same names.
 *
 * @example
 * ```ts
 * const settings: RealtimeSettings = { connectTimeoutMs: 10_000, reconnect: { marginMs: 45_000 }, turnDetection: { type: 'semantic' } };
 * ```
 *
 * @category Realtime
 */
export interface RealtimeSettings {
  /** How long `connect()` waits for the connection and the session setup, without a caller's signal (default 15 000 ms). */
  readonly connectTimeoutMs?: number;
  /**
   * The adapter announces the vendor's connection limit with a `go-away` event `marginMs` before it (one timer
   * per connection), so the agent restarts at a turn boundary in time.
   */
  readonly reconnect?: { readonly marginMs?: number };
  readonly turnDetection?: RealtimeTurnDetection;
  /** Drives the connect and connection-limit timers (default: real time). */
  readonly clock?: Clock;
}

const TYPES = new Set(['server-vad', 'semantic', 'manual']);
const EAGERNESS = new Set(['low', 'medium', 'high', 'auto']);

/**
 * Checks the shared realtime settings once, when the model is created.
 * @throws TypeError or RangeError naming the setting and what to pass.
 *
 * @example
 * ```ts
 * checkRealtimeSettings('openai.realtime()', { connectTimeoutMs: 10_000 });
 * ```
 *
 * @category Realtime
 * @internal
 */
export function checkRealtimeSettings(where: string, settings: Omit<RealtimeSettings, 'turnDetection'> & { readonly turnDetection?: unknown }): void {
  const { connectTimeoutMs, reconnect } = settings;
  if (connectTimeoutMs !== undefined && !(Number.isFinite(connectTimeoutMs) && connectTimeoutMs > 0)) {
    throw new RangeError(`${where}: connectTimeoutMs must be a positive number of milliseconds (got ${String(connectTimeoutMs)}).`);
  }
  const margin = reconnect?.marginMs;
  if (margin !== undefined && !(Number.isFinite(margin) && margin >= 0)) {
    throw new RangeError(`${where}: reconnect.marginMs must be a number of milliseconds ≥ 0 (got ${String(margin)}).`);
  }
}

/**
 * True when `value` is the shared {@link RealtimeTurnDetection} shape (not a vendor's own form); checks its fields.
 * @throws TypeError or RangeError for a bad field.
 *
 * @example
 * ```ts
 * if (isRealtimeTurnDetection('google.live()', options.turnDetection)) useShared(options.turnDetection);
 * ```
 *
 * @category Realtime
 * @internal
 */
export function isRealtimeTurnDetection(where: string, value: unknown): value is RealtimeTurnDetection {
  if (typeof value !== 'object' || value === null) return false;
  const { type, silenceMs, eagerness, interruptResponse } = value as { [key: string]: unknown };
  if (typeof type !== 'string' || !TYPES.has(type)) return false;
  if (silenceMs !== undefined && !(typeof silenceMs === 'number' && Number.isInteger(silenceMs) && silenceMs >= 0)) {
    throw new RangeError(`${where}: turnDetection.silenceMs must be a whole number of milliseconds ≥ 0 (got ${String(silenceMs)}).`);
  }
  if (eagerness !== undefined && !(typeof eagerness === 'string' && EAGERNESS.has(eagerness))) {
    throw new RangeError(`${where}: turnDetection.eagerness must be 'low', 'medium', 'high' or 'auto' (got ${JSON.stringify(eagerness)}).`);
  }
  if (interruptResponse !== undefined && typeof interruptResponse !== 'boolean') {
    throw new TypeError(`${where}: turnDetection.interruptResponse must be a boolean.`);
  }
  return true;
}
