import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelCallOptions, ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import { raceAbort } from '../util/linked-abort.js';
import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/system-clock.js';
import { sleep } from '../util/sleep.js';

/**
 * One scripted response: stream parts (an array or any iterable/async iterable), or an error to throw.
 *
 * @category Scripted models
 */
export type ScriptedResponse = Iterable<ModelStreamPart> | AsyncIterable<ModelStreamPart> | { readonly error: unknown };

/**
 * A response, or a function computing one from the request (called once per model call).
 *
 * @category Scripted models
 */
export type ScriptedResponseSource =
  | ScriptedResponse
  | ((request: ModelRequest, callIndex: number) => ScriptedResponse | Promise<ScriptedResponse>);

/**
 * Options of {@link ScriptedModel}.
 *
 * @category Scripted models
 */
export interface ScriptedModelOptions {
  /** One entry per model call, in order. A single function answers every call. */
  readonly responses: readonly ScriptedResponseSource[] | ((request: ModelRequest, callIndex: number) => ScriptedResponse | Promise<ScriptedResponse>);
  /** Wait this long before each part (on `clock`). Default 0: parts are yielded without timers. */
  readonly partDelayMs?: number;
  /** Drives `partDelayMs`; default the system clock (which follows fake timers). */
  readonly clock?: Clock;
  readonly provider?: string;
  readonly modelId?: string;
}

/**
 * An offline {@link LanguageModelV1} that plays scripted responses and records every request —
 * for testing agents deterministically, without a network.
 *
 * - Responses are consumed one per call; running out throws an error naming the call.
 * - `{ error }` as a response makes that call throw `error`.
 * - `requests` holds each request as received (a snapshot of its messages), `calls` the call options.
 * - Aborting the call's `signal` stops the stream at once with the signal's reason.
 *
 * @example
 * ```ts
 * import { Agent, userMessage } from '@tandem/core';
 * import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
 *
 * const model = new ScriptedModel({
 *   responses: [toolCallResponse([{ name: 'weather', input: { city: 'Oslo' } }]), textResponse('Sunny.')],
 * });
 * const run = new Agent({ tools: [weather] }).run(model, [userMessage('Weather in Oslo?')]);
 * expect((await run.result).text).toBe('Sunny.');
 * expect(model.requests[1]?.messages.at(-1)?.role).toBe('tool');
 * ```
 *
 * @category Scripted models
 */
export class ScriptedModel implements LanguageModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  /** Every request received, in order. */
  readonly requests: ModelRequest[] = [];
  /** The options of every call, in order. */
  readonly calls: ModelCallOptions[] = [];
  private readonly options: ScriptedModelOptions;
  private readonly clock: Clock;

  constructor(options: ScriptedModelOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.provider = options.provider ?? 'scripted';
    this.modelId = options.modelId ?? 'scripted-model';
  }

  async *stream(request: ModelRequest, options: ModelCallOptions = {}): AsyncIterable<ModelStreamPart> {
    const callIndex = this.requests.length;
    this.requests.push({ ...request, messages: [...request.messages] });
    this.calls.push(options);
    const response = await this.resolve(request, callIndex);
    if ('error' in response) throw response.error;
    const { signal } = options;
    const delay = this.options.partDelayMs ?? 0;
    if (delay === 0 && !(Symbol.asyncIterator in response)) {
      // Plain arrays (the common case) skip `for await`'s extra promise per part.
      for (const part of response as Iterable<ModelStreamPart>) {
        signal?.throwIfAborted();
        yield part;
      }
      signal?.throwIfAborted();
      return;
    }
    const parts = Symbol.asyncIterator in response && signal !== undefined ? abortable(response, signal) : response;
    for await (const part of parts) {
      signal?.throwIfAborted();
      if (delay > 0) await sleep(delay, signal, this.clock);
      yield part;
    }
    signal?.throwIfAborted();
  }

  private async resolve(request: ModelRequest, callIndex: number): Promise<ScriptedResponse> {
    const { responses } = this.options;
    const source = typeof responses === 'function' ? responses : responses[callIndex];
    if (source === undefined) {
      throw new Error(
        `ScriptedModel: no scripted response for model call #${callIndex + 1} (${String(Array.isArray(responses) ? responses.length : 0)} scripted). Add a response for it.`,
      );
    }
    return typeof source === 'function' ? source(request, callIndex) : source;
  }
}

/** Yields `source`'s parts, but rejects with the abort reason at once even while `source` is stuck awaiting. */
async function* abortable(source: AsyncIterable<ModelStreamPart>, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done === true) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Stop a scripted generator left mid-await (its `finally` runs once it resumes); don't wait for it.
    if (!finished) void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}
