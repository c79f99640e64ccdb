import type { Usage } from '../../language-model/v1/usage.js';
import type { BidiToolCall } from './bidi-tool-call.js';

/**
 * Why a bidi model response ended. @example `{ type: 'response-end', responseId: 'r1', stopReason: 'interrupted' }`
 *
 * @category Bidi model spec
 */
export type BidiResponseStopReason = 'complete' | 'interrupted' | 'tool-use' | 'error';

/**
 * What a live connection yields, in the order the provider produced it.
 *
 * - `response-start` / `response-end` bracket one model response (spoken and/or transcribed).
 * - `audio` — PCM16 little-endian mono output audio of a response.
 * - `transcript` — text of what the user or the assistant said: `delta` is new text, `final: true`
 *   marks the end of that utterance (its `delta` is the last piece and may be empty).
 * - `tool-group` — calls the model requested together; they run concurrently and their results go
 *   back in one {@link BidiConnection.sendToolResults} call. A group boundary, not a turn boundary:
 *   the conversation continues while they run.
 * - `tool-cancel` (optional: only providers that can withdraw calls emit it, e.g. Gemini Live's
 *   `toolCallCancellation`) — the model no longer wants these calls: agents abort those still running
 *   and record them `cancelled`. Each call still gets exactly one result, and its group still goes back
 *   in one `sendToolResults` call; the connection decides what of it reaches the wire.
 * - `barge-in` — the user started speaking over the model; output audio should stop at once.
 * - `usage` — token counts, per response or cumulative as the provider reports them.
 * - `error` — `fatal: true` means the connection is unusable and the conversation must end;
 *   non-fatal errors are reported and the conversation goes on.
 * - `go-away` — the provider will close this connection soon (after `timeLeftMs`): reconnect at the next
 *   turn boundary, passing `resumeToken` when the provider supports resumption.
 * - `timeout` — the provider closed this connection because it reached a time limit; the stream ends
 *   after this event and the agent reconnects.
 *
 * The stream ending after `close()` is normal; ending on its own (without `go-away`/`timeout`) means the
 * provider closed the session normally; throwing means the connection was lost (agents reconnect).
 *
 * @example
 * ```ts
 * for await (const event of connection.events()) {
 *   if (event.type === 'tool-group') runGroup(event.calls);
 * }
 * ```
 *
 * @category Bidi model spec
 */
export type BidiModelEvent =
  | { readonly type: 'response-start'; readonly responseId: string }
  | { readonly type: 'response-end'; readonly responseId: string; readonly stopReason: BidiResponseStopReason }
  | { readonly type: 'audio'; readonly responseId: string; readonly data: Uint8Array; readonly sampleRate: number }
  | {
      readonly type: 'transcript';
      readonly role: 'user' | 'assistant';
      readonly delta: string;
      readonly final: boolean;
      /** The response an assistant transcript belongs to, when the provider says. */
      readonly responseId?: string;
    }
  | { readonly type: 'tool-group'; readonly calls: readonly BidiToolCall[] }
  | { readonly type: 'tool-cancel'; readonly toolCallIds: readonly string[] }
  | { readonly type: 'barge-in'; readonly responseId?: string }
  | { readonly type: 'usage'; readonly usage: Usage; readonly responseId?: string }
  | { readonly type: 'error'; readonly error: unknown; readonly fatal: boolean }
  | { readonly type: 'go-away'; readonly resumeToken?: string; readonly timeLeftMs?: number }
  | { readonly type: 'timeout'; readonly resumeToken?: string };

/**
 * The `type` of every {@link BidiModelEvent}. @example `const handled: BidiModelEventType[] = ['audio', 'transcript'];`
 *
 * @category Bidi model spec
 */
export type BidiModelEventType = BidiModelEvent['type'];
