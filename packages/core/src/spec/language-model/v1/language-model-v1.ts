import type { ModelCallOptions, ModelRequest } from './model-request.js';
import type { ModelStreamPart } from './model-stream-part.js';

/**
 * The provider contract for text models, version 1. A provider implements this and nothing else of core.
 *
 * Contract:
 * - `stream()` yields {@link ModelStreamPart}s and ends with exactly one `finish` part.
 * - HTTP failures throw `APICallError`; a stream cut off before `finish` throws `IncompleteResponseError`.
 * - Retryable errors (408, 409, 429, 5xx, network) are retried before the first part is yielded, never after.
 * - Aborting `options.signal` closes the request and makes the iterator throw the signal's reason.
 * - API keys never appear in errors or logs.
 *
 * @example
 * ```ts
 * const model: LanguageModelV1 = {
 *   specificationVersion: 'v1', provider: 'echo', modelId: 'echo-1',
 *   async *stream(request) {
 *     yield { type: 'text-start', blockId: 't' };
 *     yield { type: 'text-delta', blockId: 't', chunk: 'hello' };
 *     yield { type: 'text-end', blockId: 't' };
 *     yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
 *   },
 * };
 * ```
 *
 * @category Language model spec
 */
export interface LanguageModelV1 {
  readonly specificationVersion: 'v1';
  /** Provider name, e.g. `openai`. */
  readonly provider: string;
  /** Vendor model id, e.g. `gpt-5`. */
  readonly modelId: string;
  /**
   * The most input tokens the model accepts (its context window less what it reserves for output), where
   * the provider knows it. Optional: context managers (`slidingWindow()`) use it as their default budget.
   */
  readonly maxInputTokens?: number;
  /**
   * True when `stream()` begins with a `stream-start` part naming the model that answers (a router or a
   * fallback such as `fallbackModel()`): core then emits its `stream-start` event when that part arrives,
   * with that `provider` and `modelId`. Absent or false: the event is emitted at once with this model's.
   */
  readonly announcesModel?: boolean;
  stream(request: ModelRequest, options?: ModelCallOptions): AsyncIterable<ModelStreamPart>;
}

/**
 * The current text-model spec.
 *
 * @category Language model spec
 */
export type LanguageModel = LanguageModelV1;
