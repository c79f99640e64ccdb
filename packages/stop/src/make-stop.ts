import type { FunctionTool, ToolContext, ToolInputValidation } from '@tandem/core';
import { DEFAULT_MAX_MESSAGE_LENGTH, DEFAULT_STOP_DESCRIPTION, DEFAULT_STOP_MESSAGE } from './stop-constants.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The model-facing input of a stop tool.
 *
 * @example
 * ```ts
 * const input: StopInput = { message: 'Closed 3 tickets; 1 needs a human.' };
 * ```
 *
 * @category Stop tool
 */
export interface StopInput {
  /** A final answer or summary for the user; absent, `null`, empty or blank means {@link DEFAULT_STOP_MESSAGE}. */
  readonly message?: string | null;
}

/**
 * Options of {@link makeStop}.
 *
 * @example
 * ```ts
 * const options: MakeStopOptions = { name: 'finish', maxMessageLength: 1000 };
 * ```
 *
 * @category Stop tool
 */
export interface MakeStopOptions {
  /** Tool name the model calls. Default `'stop'`. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name?: string;
  /** Description the model sees. Default {@link DEFAULT_STOP_DESCRIPTION}. */
  readonly description?: string;
  /**
   * Longest accepted `message`, in characters (Unicode code points). A positive integer; default
   * {@link DEFAULT_MAX_MESSAGE_LENGTH} (4096). A longer message is rejected with an error result that
   * the model sees, and the loop goes on so the model can retry with a shorter one.
   */
  readonly maxMessageLength?: number;
}

/**
 * Makes a tool the model calls to end the agent loop gracefully.
 *
 * When the call succeeds, the tool's result is the message (or {@link DEFAULT_STOP_MESSAGE}) and it calls
 * `ctx.agent.cancel({ afterCurrentTools: true, message })`. The `Agent` then:
 * 1. lets every other call of the same tool group finish, and records all their results (history never
 *    holds a tool call without a result);
 * 2. appends a synthesized assistant message whose text is the stop message, so `result.text` is the
 *    model's final words;
 * 3. ends the run with `stopReason: 'endTurn'` without calling the model again.
 *
 * **Differences from a hard `agent.cancel()`.** A plain `cancel()` (or aborting the run's `signal`) is
 * immediate: running tools get their `signal` aborted and `cancelled` results, and the run ends with
 * `stopReason: 'cancelled'`. The stop tool is cooperative: nothing is aborted, and the run ends as a normal
 * turn (`'endTurn'`).
 *
 * **Differences from Python Strands' `stop` tool.** Strands sets `request_state["stop_event_loop"]`; its
 * loop ends with `stop_reason == "tool_use"`, the final message is the assistant message that requested
 * the tools, and the stop text lives only in the tool result. Tandem ends with `'endTurn'` and appends
 * the stop text as a new final assistant message.
 *
 * In a `BidiAgent` the same tool ends the conversation once its tool group is done.
 *
 * Validation: the input must be an object whose `message` is a string, `null` or absent. A message longer
 * than `maxMessageLength` is an error result (the model sees why) and the loop continues.
 *
 * @throws RangeError when `maxMessageLength` is not a positive integer (`0`, `-1`, `1.5`, `NaN`, `'10'`).
 * @throws TypeError when `name` is not a valid tool name.
 *
 * @example
 * ```ts
 * import { Agent, userMessage } from '@tandem/core';
 * import { makeStop } from '@tandem/stop';
 *
 * const finish = makeStop({ name: 'finish', maxMessageLength: 500 });
 * const agent = new Agent({ tools: [search, finish] });
 * const { stopReason, text } = await agent.run(model, [userMessage('Find the bug, then finish.')]).result;
 * // stopReason === 'endTurn', text === the message the model passed to `finish`
 * ```
 *
 * @category Stop tool
 */
export function makeStop(options: MakeStopOptions = {}): FunctionTool<StopInput, string> {
  const name = options.name ?? 'stop';
  const description = options.description ?? DEFAULT_STOP_DESCRIPTION;
  const maxMessageLength: unknown = options.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
  if (typeof maxMessageLength !== 'number' || !Number.isInteger(maxMessageLength) || maxMessageLength <= 0) {
    throw new RangeError(
      `makeStop(): maxMessageLength must be a positive integer (a number such as ${String(DEFAULT_MAX_MESSAGE_LENGTH)}); got ${describe(maxMessageLength)}.`,
    );
  }
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new TypeError(`makeStop(): name must match ${String(TOOL_NAME)}; got ${describe(name)}.`);
  }
  const cap = maxMessageLength;

  return {
    kind: 'function',
    name,
    description,
    inputSchema: {
      type: 'object',
      properties: {
        message: {
          type: ['string', 'null'],
          maxLength: cap,
          description: `Optional final answer or summary for the user, at most ${String(cap)} characters.`,
        },
      },
      additionalProperties: false,
    },
    validate(input: unknown): ToolInputValidation<StopInput> {
      return validateStopInput(input, cap);
    },
    execute(input: StopInput, context: ToolContext): string {
      const text = input.message;
      const message = typeof text === 'string' && text.trim() !== '' ? text : DEFAULT_STOP_MESSAGE;
      context.agent.cancel({ afterCurrentTools: true, message });
      return message;
    },
  };
}

function validateStopInput(input: unknown, cap: number): ToolInputValidation<StopInput> {
  if (input === undefined || input === null) return { success: true, value: {} };
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { success: false, error: `expected an object such as {"message": "Done."}, got ${describe(input)}` };
  }
  const extra = Object.keys(input).filter((key) => key !== 'message');
  if (extra.length > 0) {
    return { success: false, error: `only "message" is accepted; remove ${extra.map((k) => JSON.stringify(k)).join(', ')}` };
  }
  const message: unknown = (input as { message?: unknown }).message;
  if (message === undefined || message === null) return { success: true, value: { message: null } };
  if (typeof message !== 'string') {
    return { success: false, error: `"message" must be a string or null, got ${describe(message)}` };
  }
  const length = codePointLength(message);
  if (length > cap) {
    return {
      success: false,
      error: `"message" is ${String(length)} characters long; the limit is ${String(cap)} (shorten it, e.g. to a summary)`,
    };
  }
  return { success: true, value: { message } };
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
