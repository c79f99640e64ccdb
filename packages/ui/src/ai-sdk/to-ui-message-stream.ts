import { disposeRun, type StreamableRun } from '../internal/run-like.js';
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
  const iterator = run[Symbol.asyncIterator]();
  let mapper: UIChunkMapper | undefined;
  let done = false;
  return new ReadableStream<UIMessageChunk>(
    {
      start(controller) {
        mapper = new UIChunkMapper((chunk) => controller.enqueue(chunk));
        mapper.start(responseMessageId(options));
      },
      async pull(controller) {
        const map = mapper as UIChunkMapper;
        // Read until at least one chunk is queued, so a pull never resolves empty-handed mid-run.
        const before = controller.desiredSize ?? 0;
        while (!done && (controller.desiredSize ?? 0) >= before) {
          let next: IteratorResult<unknown>;
          try {
            next = await iterator.next();
          } catch (error) {
            done = true;
            map.fail(describe(error, options));
            controller.close();
            return;
          }
          if (next.done === true) {
            done = true;
            await settle(run, map, options);
            controller.close();
            return;
          }
          map.event(next.value as Parameters<UIChunkMapper['event']>[0]);
        }
      },
      async cancel() {
        done = true;
        await disposeRun(run);
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

async function settle(run: StreamableRun, mapper: UIChunkMapper, options: UIMessageStreamOptions): Promise<void> {
  try {
    mapper.finish(await run.result);
  } catch (error) {
    mapper.fail(describe(error, options));
  }
}

function describe(error: unknown, options: UIMessageStreamOptions): string {
  if (options.onError === undefined) return 'An error occurred.';
  try {
    return options.onError(error);
  } catch {
    return 'An error occurred.';
  }
}

/** The id of the message a stream builds: the given one, else the last assistant message it continues, else a new one. @internal */
export function responseMessageId(options: UIMessageStreamOptions): string {
  if (options.messageId !== undefined) return options.messageId;
  const last = options.originalMessages?.at(-1);
  return last?.role === 'assistant' && typeof last.id === 'string' && last.id !== '' ? last.id : newId('msg');
}
