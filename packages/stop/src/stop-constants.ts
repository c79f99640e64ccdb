/**
 * Default description of the stop tool, as the model sees it.
 *
 * @example
 * ```ts
 * const stop = makeStop({ description: `${DEFAULT_STOP_DESCRIPTION} Call it once the ticket is resolved.` });
 * ```
 *
 * @category Stop tool
 */
export const DEFAULT_STOP_DESCRIPTION =
  'End the agent loop. Call this when the task is complete or cannot be continued, instead of replying ' +
  'again. Optionally pass `message`: a short final answer or summary for the user. The tool calls you made ' +
  'together with this one still finish and are recorded; no further model turn follows.';

/**
 * Default cap on the stop message, in characters (Unicode code points, like JSON Schema `maxLength`).
 * The cap stops a runaway model from flooding the conversation in one call; raise it with
 * `makeStop({ maxMessageLength })` when a longer final summary is legitimate.
 *
 * @example
 * ```ts
 * const roomy = makeStop({ maxMessageLength: DEFAULT_MAX_MESSAGE_LENGTH * 4 });
 * ```
 *
 * @category Stop tool
 */
export const DEFAULT_MAX_MESSAGE_LENGTH = 4096;

/**
 * The text used when the model calls the stop tool without a message (absent, `null`, empty or only
 * whitespace).
 *
 * @example
 * ```ts
 * expect(result.text).toBe(DEFAULT_STOP_MESSAGE);
 * ```
 *
 * @category Stop tool
 */
export const DEFAULT_STOP_MESSAGE = 'Agent loop stopped.';
