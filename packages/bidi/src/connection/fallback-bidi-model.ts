import { defaultShouldFallback, type TracedModel } from '@tandem/core';
import type { BidiAudioConfig, BidiConnection, BidiConnectRequest, BidiModel, BidiModelCapabilities } from '@tandem/core/spec';
import { toBidiModel } from './to-bidi-model.js';

/**
 * Options of {@link fallbackBidiModel}.
 *
 * @example
 * ```ts
 * const options: FallbackBidiModelOptions = { onFallback: ({ from, to }) => console.warn(`${from.modelId} is down; connecting ${to.modelId}`) };
 * ```
 *
 * @category Bidi agent
 */
export interface FallbackBidiModelOptions {
  /** Whether a failed `connect()` moves on to the next model. Default `defaultShouldFallback` (a retryable `APICallError`, a connection failure). */
  readonly shouldFallback?: (error: unknown, failed: TracedModel) => boolean;
  /** Told each time a connect moves on. */
  readonly onFallback?: (event: { readonly error: unknown; readonly from: TracedModel; readonly to: TracedModel }) => void;
}

/**
 * A realtime model whose `connect()` tries `models` in order, moving to the next when one fails to
 * connect and `shouldFallback` says so (every reconnect starts again from the first). An abort never falls
 * back; when every model failed, the last error is thrown. `capabilities` and `audio` are those of the
 * model that connected last (the first model's before any connect) — give models with the same audio
 * rates, or resample per connection. Strings are `provider:model-id` ids resolved now.
 *
 * @throws `NoSuchProviderError` for a string whose provider is not registered; `TypeError` for an empty list.
 *
 * @example
 * ```ts
 * const agent = new BidiAgent({ model: fallbackBidiModel([openai.realtime('gpt-realtime'), 'openai:gpt-realtime-mini']) });
 * ```
 *
 * @category Bidi agent
 */
export function fallbackBidiModel(models: readonly (BidiModel | string)[], options: FallbackBidiModelOptions = {}): BidiModel {
  if (!Array.isArray(models) || models.length === 0) {
    throw new TypeError("fallbackBidiModel(models): pass a non-empty list, e.g. fallbackBidiModel([openai.realtime('gpt-realtime'), 'google:gemini-live-2.5-flash']).");
  }
  const resolved = models.map((model) => toBidiModel(model));
  let current = resolved[0] as BidiModel;
  const shouldFallback = options.shouldFallback ?? defaultShouldFallback;
  return {
    specificationVersion: 'v1',
    provider: current.provider,
    modelId: current.modelId,
    get capabilities(): BidiModelCapabilities {
      return current.capabilities;
    },
    get audio(): BidiAudioConfig {
      return current.audio;
    },
    async connect(request: BidiConnectRequest): Promise<BidiConnection> {
      for (let index = 0; ; index++) {
        const model = resolved[index] as BidiModel;
        try {
          const connection = await model.connect(request);
          current = model;
          return connection;
        } catch (error) {
          const next = resolved[index + 1];
          const failed = { provider: model.provider, modelId: model.modelId };
          if (next === undefined || request.signal?.aborted === true || !shouldFallback(error, failed)) throw error;
          options.onFallback?.({ error, from: failed, to: { provider: next.provider, modelId: next.modelId } });
        }
      }
    },
  };
}
