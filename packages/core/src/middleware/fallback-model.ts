import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelCallOptions, ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';
import type { TracedModel } from '../telemetry/telemetry.js';
import { defaultShouldFallback } from './default-should-fallback.js';

/**
 * Options of {@link fallbackModel}.
 *
 * @example
 * ```ts
 * const options: FallbackModelOptions = { onFallback: ({ from, to }) => console.warn(`${from.modelId} failed; trying ${to.modelId}`) };
 * ```
 *
 * @category Model middleware
 */
export interface FallbackModelOptions {
  /**
   * Whether an error of a model that failed before its first part moves the call to the next model.
   * Default {@link defaultShouldFallback}: a retryable `APICallError` or a connection failure.
   */
  readonly shouldFallback?: (error: unknown, failed: TracedModel) => boolean;
  /** Told each time a call moves on (for logs and metrics). */
  readonly onFallback?: (event: { readonly error: unknown; readonly from: TracedModel; readonly to: TracedModel }) => void;
}

/**
 * A model that calls `models` in order, moving to the next when one fails before its first stream part
 * (a provider's own retries, e.g. `maxRetries`, happen first) and `shouldFallback` says so. A failure
 * after the first part is the call's failure (the response cannot be taken back), and so is an abort.
 * When every model failed, the last error is thrown.
 *
 * Which model answered is on the call's `stream-start` event (`provider`, `modelId`) and on the
 * `chat` span of `@tandem/otel`. The fallback model itself carries the first model's `provider` and
 * `modelId`, and the smallest `maxInputTokens` of its models. Strings are `provider:model-id` ids resolved
 * through the provider registry now.
 *
 * @throws `NoSuchProviderError` for a string whose provider is not registered; `TypeError` for an empty list.
 *
 * @example
 * ```ts
 * const model = fallbackModel(['openai:gpt-5', 'anthropic:claude-sonnet-4-5']);
 * for await (const event of new Agent().run(model, 'Hello')) {
 *   if (event.type === 'stream-start') console.log(`answered by ${event.provider}:${event.modelId}`);
 * }
 * ```
 *
 * @category Model middleware
 */
export function fallbackModel(models: readonly ModelReference[], options: FallbackModelOptions = {}): LanguageModelV1 {
  if (!Array.isArray(models) || models.length === 0) {
    throw new TypeError("fallbackModel(models): pass a non-empty list, e.g. fallbackModel(['openai:gpt-5', 'anthropic:claude-sonnet-4-5']).");
  }
  const resolved = models.map((model) => toLanguageModel(model));
  const primary = resolved[0] as LanguageModelV1;
  const limits = resolved.map((model) => model.maxInputTokens).filter((limit): limit is number => limit !== undefined);
  return {
    specificationVersion: 'v1',
    provider: primary.provider,
    modelId: primary.modelId,
    ...(limits.length === 0 ? {} : { maxInputTokens: Math.min(...limits) }),
    announcesModel: true,
    stream: (request, callOptions = {}) => streamWithFallback(resolved, request, callOptions, options),
  };
}

async function* streamWithFallback(
  models: readonly LanguageModelV1[],
  request: ModelRequest,
  callOptions: ModelCallOptions,
  options: FallbackModelOptions,
): AsyncGenerator<ModelStreamPart> {
  const shouldFallback = options.shouldFallback ?? defaultShouldFallback;
  for (let index = 0; index < models.length; index++) {
    const model = models[index] as LanguageModelV1;
    callOptions.signal?.throwIfAborted();
    const iterator = model.stream(request, callOptions)[Symbol.asyncIterator]();
    let first: IteratorResult<ModelStreamPart>;
    try {
      first = await iterator.next();
    } catch (error) {
      const next = models[index + 1];
      const failed = { provider: model.provider, modelId: model.modelId };
      if (next === undefined || callOptions.signal?.aborted === true || !shouldFallback(error, failed)) throw error;
      options.onFallback?.({ error, from: failed, to: { provider: next.provider, modelId: next.modelId } });
      continue;
    }
    try {
      // A nested router names the model that answered itself.
      const announced = model.announcesModel === true && first.done !== true && first.value.type === 'stream-start';
      if (!announced) yield { type: 'stream-start', provider: model.provider, modelId: model.modelId };
      for (let part = first; part.done !== true; part = await iterator.next()) yield part.value;
    } finally {
      await iterator.return?.();
    }
    return;
  }
}
