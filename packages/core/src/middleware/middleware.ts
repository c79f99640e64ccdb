import type { ModelCallOptions, ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';

/**
 * Calls the rest of the chain (the next middleware, and finally the wrapped model).
 *
 * @example
 * ```ts
 * const retryOnce: Middleware = { wrapStream: (next: StreamNext, request, options) => next(request, options) };
 * ```
 *
 * @category Model middleware
 */
export type StreamNext = (request: ModelRequest, options: ModelCallOptions) => AsyncIterable<ModelStreamPart>;

/**
 * Changes what a model is sent or what it answers, for every call — see {@link wrapModel}.
 *
 * - `transformRequest(request)` returns the request to send instead (it may be async).
 * - `wrapStream(next, request, options)` produces the call's stream parts: call `next(request, options)`
 *   (with a changed request or options if you like) and yield its parts — changed, filtered, or from
 *   another source. It runs after this middleware's `transformRequest`.
 *
 * @example
 * ```ts
 * const logging: Middleware = {
 *   async *wrapStream(next, request, options) {
 *     console.log('model call with', request.messages.length, 'messages');
 *     yield* next(request, options);
 *   },
 * };
 * const model = wrapModel(openai('gpt-5'), logging, defaultSettings({ temperature: 0 }));
 * ```
 *
 * @category Model middleware
 */
export interface Middleware {
  transformRequest?(request: ModelRequest): ModelRequest | PromiseLike<ModelRequest>;
  wrapStream?(next: StreamNext, request: ModelRequest, options: ModelCallOptions): AsyncIterable<ModelStreamPart>;
}
