import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelCallOptions, ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';
import type { Middleware } from './middleware.js';

/**
 * A model that runs every call through `middleware`: the first one given is the outermost — its
 * `transformRequest` sees the request first, and its `wrapStream`'s `next` calls the second one (the last
 * one's calls the model). The wrapped model keeps the model's `provider`, `modelId` and
 * `maxInputTokens`. `model` may be a `provider:model-id` string (resolved through the provider registry
 * now).
 *
 * @throws `NoSuchProviderError` for a model string whose provider is not registered; `TypeError` for a
 * value that is not a model or a middleware that is not an object.
 *
 * @example
 * ```ts
 * const model = wrapModel('openai:gpt-5', defaultSettings({ temperature: 0.2, maxOutputTokens: 800 }));
 * const result = await new Agent().run(model, 'Name three fjords.').result;
 * ```
 *
 * @category Model middleware
 */
export function wrapModel(model: ModelReference, ...middleware: readonly Middleware[]): LanguageModelV1 {
  const inner = toLanguageModel(model);
  middleware.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null) {
      throw new TypeError(`wrapModel(model, ...middleware): middleware ${index} must be an object with transformRequest and/or wrapStream.`);
    }
  });
  const chain = middleware.slice();
  const call = (index: number, request: ModelRequest, options: ModelCallOptions): AsyncIterable<ModelStreamPart> => {
    const entry = chain[index];
    return entry === undefined ? inner.stream(request, options) : through(entry, request, options, (next, o) => call(index + 1, next, o));
  };
  return {
    specificationVersion: 'v1',
    provider: inner.provider,
    modelId: inner.modelId,
    ...(inner.maxInputTokens === undefined ? {} : { maxInputTokens: inner.maxInputTokens }),
    // A fallback inside the chain still names the model that answered.
    ...(inner.announcesModel === true ? { announcesModel: true } : {}),
    stream: (request, options = {}) => call(0, request, options),
  };
}

async function* through(
  entry: Middleware,
  request: ModelRequest,
  options: ModelCallOptions,
  next: (request: ModelRequest, options: ModelCallOptions) => AsyncIterable<ModelStreamPart>,
): AsyncGenerator<ModelStreamPart> {
  const transformed = entry.transformRequest === undefined ? request : await entry.transformRequest(request);
  yield* entry.wrapStream === undefined ? next(transformed, options) : entry.wrapStream(next, transformed, options);
}
