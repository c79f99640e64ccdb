import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { Clock } from '@tandem/core';
import { checkRealtimeSettings, isRealtimeTurnDetection, RealtimeUnsupportedError, type RealtimeSettings, type RealtimeTurnDetection } from '@tandem/provider-utils';

/**
 * @deprecated Use `Clock` from `@tandem/core` (`now`, `setTimeout`, `clearTimeout`); a `ManualClock` from
 * `@tandem/core/testing` fits it.
 *
 * @category Realtime
 */
export type NovaSonicClock = Clock;

/**
 * Options of `bedrock.novaSonic(modelId, options)`.
 *
 * `turnDetection` (the shape every Tandem realtime adapter takes): Nova Sonic always detects turns on the
 * server (`server-vad`) and always lets the user cut it off; what it can tune is how soon it takes the turn —
 * `eagerness` maps to `turnDetectionConfiguration.endpointingSensitivity` (`high` → `HIGH`, `medium` →
 * `MEDIUM`, `low` → `LOW`; Nova 2 Sonic). `semantic`, `manual`, `silenceMs` and `interruptResponse: false`
 * have no Nova equivalent and are refused with a `RealtimeUnsupportedError`.
 *
 * @example
 * ```ts
 * const model = bedrock.novaSonic('amazon.nova-sonic-v1:0', { voice: 'tiffany', inference: { temperature: 0.5 } });
 * ```
 *
 * @category Realtime
 */
export interface NovaSonicOptions extends Omit<RealtimeSettings, 'turnDetection'> {
  readonly turnDetection?: RealtimeTurnDetection;
  /** Output voice (`voiceId`), e.g. `matthew`, `tiffany`, `amy` (default `matthew`). */
  readonly voice?: string;
  /** `sessionStart.inferenceConfiguration` (defaults: `maxTokens` 1024, `topP` 0.9, `temperature` 0.7). */
  readonly inference?: { readonly maxTokens?: number; readonly topP?: number; readonly temperature?: number };
  /**
   * `sessionStart.turnDetectionConfiguration.endpointingSensitivity` — how quickly the model decides the user
   * has finished speaking. Nova 2 Sonic only; left out when not set.
   * @deprecated Use `turnDetection: { type: 'server-vad', eagerness }` (`high` / `medium` / `low`).
   */
  readonly endpointingSensitivity?: 'HIGH' | 'MEDIUM' | 'LOW';
  /**
   * The replayed history on a (re)connect is cut to at most this many bytes of text, dropping the oldest
   * messages first (default 40 960: the 40 KB Bedrock documents for Nova Sonic chat history).
   */
  readonly maxHistoryBytes?: number;
  /** …and to at most this many text blocks (consecutive messages of one role form one block; default 40). */
  readonly maxHistoryMessages?: number;
  /** How long Bedrock keeps one bidirectional stream open (default 480 000 ms: the documented 8 minutes). */
  readonly maxConnectionMs?: number;
  /** @deprecated Use `reconnect: { marginMs }` (the same: the `go-away` comes this long before `maxConnectionMs`). */
  readonly goAwayBeforeMs?: number;
  /** `close()` waits this long for Bedrock to end the stream after `sessionEnd`, then drops it (default 2 000 ms). */
  readonly closeTimeoutMs?: number;
  /**
   * Whether tool results may be sent while the model is speaking (`capabilities.nativeAsyncTools`).
   * Default: true for Nova 2 Sonic (`amazon.nova-2-sonic…`, documented asynchronous tool calling), false
   * otherwise (results are held until the response ends).
   */
  readonly nativeAsyncTools?: boolean;
  /**
   * A client to use instead of the provider's. It must use an HTTP/2 request handler (`NodeHttp2Handler`,
   * the SDK's default) — bidirectional streams do not work over HTTP/1.1 — and `maxAttempts: 1`.
   */
  readonly client?: BedrockRuntimeClient;
  /** Drives the connect, go-away and close timers (default: real time). */
  readonly clock?: Clock;
}

const SENSITIVITY = { high: 'HIGH', medium: 'MEDIUM', low: 'LOW' } as const;

/**
 * Checks the options once, when the model is made, and returns Nova's endpointing sensitivity.
 * @throws RangeError for bad numbers; `RealtimeUnsupportedError` for turn detection Nova Sonic does not have.
 * @internal
 */
export function novaEndpointing(options: NovaSonicOptions): 'HIGH' | 'MEDIUM' | 'LOW' | undefined {
  checkRealtimeSettings('bedrock.novaSonic()', options);
  const detection = options.turnDetection;
  if (detection === undefined) return options.endpointingSensitivity;
  const unsupported = (what: string): RealtimeUnsupportedError =>
    new RealtimeUnsupportedError({
      provider: 'bedrock.nova-sonic',
      feature: 'turn-detection',
      message: `bedrock.novaSonic(): Nova Sonic has no ${what}; it always detects turns on the server and lets the user interrupt. Use { type: 'server-vad', eagerness: 'low' | 'medium' | 'high' }.`,
    });
  if (!isRealtimeTurnDetection('bedrock.novaSonic()', detection)) throw new TypeError(`bedrock.novaSonic(): turnDetection.type must be 'server-vad' (got ${JSON.stringify((detection as { type?: unknown }).type)}).`);
  if (detection.type === 'semantic') throw unsupported('semantic turn detection');
  if (detection.type === 'manual') throw unsupported('manual turn-taking (turn detection cannot be turned off)');
  if (detection.silenceMs !== undefined) throw unsupported('silence-length setting (silenceMs)');
  if (detection.interruptResponse === false) throw unsupported('way to keep user speech from interrupting (interruptResponse: false)');
  const { eagerness } = detection;
  return eagerness === undefined || eagerness === 'auto' ? options.endpointingSensitivity : SENSITIVITY[eagerness];
}
