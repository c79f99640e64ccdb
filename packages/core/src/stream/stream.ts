import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ToolChoice } from '../spec/language-model/v1/tool-definition.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { AgentEvent, ModelEvent, ToolCall } from '../events/agent-event.js';
import type { Tool } from '../tool-definition/tool.js';
import { EventQueue, UNREAD_EVENT_LIMIT } from '../util/event-queue.js';
import { linkedAbort } from '../util/linked-abort.js';
import { newId } from '../util/new-id.js';
import { toToolDefinitions } from '../tool-definition/tool-definitions.js';
import { messageText, userMessage } from '../messages/message-helpers.js';
import { callModel } from '../model-call/call-model.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';

/**
 * Options of {@link stream}.
 *
 * @category Streaming
 */
export interface StreamOptions {
  /** Tools the model may call. `stream()` never executes them: read `tool-end` events or `result.toolCalls`. */
  readonly tools?: readonly Tool[];
  readonly toolChoice?: ToolChoice;
  readonly system?: string;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly stopSequences?: readonly string[];
  readonly seed?: number;
  /** Ask for a final answer in a given shape (the model's native JSON-schema mode); `stream()` does not validate it. */
  readonly responseFormat?: ModelRequest['responseFormat'];
  readonly providerOptions?: ModelRequest['providerOptions'];
  readonly signal?: AbortSignal;
}

/**
 * The outcome of one {@link stream} call.
 *
 * @category Streaming
 */
export interface StreamResult {
  /** The assistant message. */
  readonly message: Message;
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly usage: Usage;
  readonly finishReason: FinishReason;
}

/**
 * One model response as events; `result` resolves when it is complete (and rejects if the call fails or
 * is aborted). Events are buffered until you iterate, up to 10,000: a stream nobody reads stops keeping
 * them (a later iteration throws `EventsNotKeptError`), so awaiting only `result` costs no memory per
 * delta. `await using` aborts an unfinished stream on scope exit.
 *
 * @example
 * ```ts
 * await using response = stream('openai:gpt-5', 'Hi!');
 * for await (const event of response) if (event.type === 'text-delta') process.stdout.write(event.chunk);
 * const { usage } = await response.result;
 * ```
 *
 * @category Streaming
 */
export interface ModelStream extends AsyncIterable<ModelEvent>, AsyncDisposable {
  readonly result: Promise<StreamResult>;
}

/**
 * Streams one model response without running tools. Function tools (including schema-only ones) are sent
 * as definitions, provider tools as they are; the model's calls arrive as `tool-end` events.
 *
 * @example
 * ```ts
 * await using response = stream(model, [userMessage('Hi!')], { tools: [contactMothership] });
 * for await (const event of response) {
 *   if (event.type === 'text-delta') process.stdout.write(event.chunk);
 *   if (event.type === 'tool-end') console.log(event.toolCall.toolArgs);
 * }
 * ```
 *
 * @category Streaming
 */
export function stream(modelReference: ModelReference, messages: string | readonly Message[], options: StreamOptions = {}): ModelStream {
  const model = toLanguageModel(modelReference);
  const runId = newId('stream');
  const { tools, signal, ...settings } = options;
  const request: ModelRequest = {
    ...settings,
    messages: typeof messages === 'string' ? [userMessage(messages)] : messages.slice(),
    tools: toToolDefinitions(tools ?? []),
  };
  const abort = linkedAbort(signal);
  const queue = new EventQueue<AgentEvent>(UNREAD_EVENT_LIMIT);
  const result = callModel(model, request, abort.signal, { runId, step: 1, emit: (event) => queue.push(event) }).then((outcome): StreamResult => {
    abort.dispose();
    if (outcome.type !== 'complete') {
      const error = outcome.type === 'failed' ? outcome.error : (abort.signal.reason as unknown);
      queue.end({ error });
      throw error;
    }
    queue.end();
    const message: Message = { role: 'assistant', parts: outcome.parts };
    return { message, text: messageText(message), toolCalls: outcome.calls, usage: outcome.usage, finishReason: outcome.finishReason };
  });
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  return {
    result,
    [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator]() as AsyncIterator<ModelEvent>,
    async [Symbol.asyncDispose]() {
      abort.controller.abort(new Error('The stream was disposed before it finished.'));
      await settled;
    },
  };
}
