import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { Clock } from '@tandem/core';

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
 * @example
 * ```ts
 * const model = bedrock.novaSonic('amazon.nova-sonic-v1:0', { voice: 'tiffany', inference: { temperature: 0.5 } });
 * ```
 *
 * @category Realtime
 */
export interface NovaSonicOptions {
  /** Output voice (`voiceId`), e.g. `matthew`, `tiffany`, `amy` (default `matthew`). */
  readonly voice?: string;
  /** `sessionStart.inferenceConfiguration` (defaults: `maxTokens` 1024, `topP` 0.9, `temperature` 0.7). */
  readonly inference?: { readonly maxTokens?: number; readonly topP?: number; readonly temperature?: number };
  /**
   * `sessionStart.turnDetectionConfiguration.endpointingSensitivity` — how quickly the model decides the user
   * has finished speaking. Nova 2 Sonic only; left out when not set.
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
  /** A `go-away` event is emitted this long before `maxConnectionMs` (default 60 000 ms). */
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
  /** Drives the go-away and close timers (default: real time). */
  readonly clock?: Clock;
}
