import type { StreamableRun } from '../internal/run-like.js';
import { describeFailure, runEventStream } from '../internal/run-event-stream.js';
import { newId } from '../internal/new-id.js';
import { UIChunkMapper } from './ui-chunk-mapper.js';
import type { UIMessageChunk } from './ui-message-chunk.js';
import type { UIMessageLike } from './ui-message.js';

/**
 * Options of {@link toUIMessageStream}.
 *
 * @example
 * ```ts
 * const options: UIMessageStreamOptions = { messageId: 'msg_1', onError: (error) => (error instanceof Error ? error.message : 'Failed') };
 * ```
 *
 * @category AI SDK UI
 */
export interface UIMessageStreamOptions {
  /** Id of the assistant UI message the stream builds (sent in `start`). Default: see `originalMessages`, else a random id. */
  readonly messageId?: string;
  /**
   * The UI messages the request carried. When the last is an assistant message — the request continues it after a
   * client-side tool output or an approval answer — the stream continues that message (its id), as `useChat` expects.
   */
  readonly originalMessages?: readonly UIMessageLike[];
  /**
   * The `errorText` the client sees when the run fails (`run.result` rejects). Default: `"An error occurred."`,
   * so provider details never reach a browser unless you choose to show them.
   */
  readonly onError?: (error: unknown) => string;
}

/**
 * Streams an agent run as AI SDK UI message chunks (the protocol of `useChat`): the whole run is one assistant
 * message — `start`; per model step `start-step`, `text-*`, `reasoning-*`, `tool-input-start`/`-delta`/`-available`,
 * `tool-approval-request`, `tool-output-available` (with `preliminary: true` for each partial result of a
 * streaming tool), `tool-output-error`, `tool-output-denied`, `finish-step`; then `finish` (or `error` when the
 * run fails). Calls of one tool group are all announced before their results, which arrive in completion order.
 *
 * Cancelling the stream (the client went away) cancels the run.
 *
 * @example
 * ```ts
 * const stream = toUIMessageStream(agent.run(model, fromUIMessages(messages)));
 * for await (const chunk of stream) console.log(chunk.type);
 * ```
 *
 * @category AI SDK UI
 */
export function toUIMessageStream(run: StreamableRun, options: UIMessageStreamOptions = {}): ReadableStream<UIMessageChunk> {
  let mapper: UIChunkMapper | undefined;
  const map = (): UIChunkMapper => mapper as UIChunkMapper;
  return runEventStream<UIMessageChunk>(run, {
    start(enqueue) {
      mapper = new UIChunkMapper(enqueue);
      mapper.start(responseMessageId(options));
    },
    event: (event) => map().event(event as Parameters<UIChunkMapper['event']>[0]),
    fail: (message) => map().fail(message),
    onError: options.onError,
    async settle(settled) {
      try {
        map().finish(await settled.result);
      } catch (error) {
        map().fail(describeFailure(error, options.onError));
      }
    },
  });
}

/** The id of the message a stream builds: the given one, else the last assistant message it continues, else a new one. @internal */
export function responseMessageId(options: UIMessageStreamOptions): string {
  if (options.messageId !== undefined) return options.messageId;
  const last = options.originalMessages?.at(-1);
  return last?.role === 'assistant' && typeof last.id === 'string' && last.id !== '' ? last.id : newId('msg');
}
