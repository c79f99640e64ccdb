import type { BidiAudioConfig } from './bidi-audio-config.js';
import type { BidiConnectRequest } from './bidi-connect-request.js';
import type { BidiConnection } from './bidi-connection.js';
import type { BidiModelCapabilities } from './bidi-model-capabilities.js';

/**
 * The provider contract for bidirectional (realtime, speech-to-speech) models, version 1.
 *
 * Contract:
 * - `connect()` opens one live session and resolves once it can take input; connection failures reject
 *   with `APICallError` (retryable ones may be retried by the caller).
 * - Audio is PCM16 little-endian mono at the rates of `audio`.
 * - Tools run on the caller's side: the model asks with `tool-group` events and gets results back
 *   through `sendToolResults()`, one call per group.
 *
 * @example
 * ```ts
 * const model: BidiModelV1 = {
 *   specificationVersion: 'v1', provider: 'acme', modelId: 'acme-voice',
 *   capabilities: { truncation: false, nativeAsyncTools: true, resumption: false },
 *   audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
 *   async connect(request) { return openAcmeSession(request); },
 * };
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiModelV1 {
  readonly specificationVersion: 'v1';
  /** Provider name, e.g. `openai`. */
  readonly provider: string;
  /** Vendor model id, e.g. `gpt-realtime`. */
  readonly modelId: string;
  readonly capabilities: BidiModelCapabilities;
  readonly audio: BidiAudioConfig;
  connect(request: BidiConnectRequest): Promise<BidiConnection>;
}

/**
 * The current bidi-model spec.
 *
 * @category Bidi model spec
 */
export type BidiModel = BidiModelV1;
