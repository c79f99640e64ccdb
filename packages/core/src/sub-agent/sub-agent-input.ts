import type { JsonSchema } from '../spec/shared/json.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ToolInputValidation } from '../tool-definition/tool.js';

/**
 * A custom input for {@link subAgentTool}: the same `inputSchema` (JSON Schema) and `validate` a core
 * `FunctionTool` has, plus how a validated input becomes the nested run's messages.
 *
 * - `inputSchema` — JSON Schema of the arguments, sent to the model as the tool's input schema. Required
 *   (`params` is its deprecated name, still accepted).
 * - `validate` — checks the parsed JSON arguments; return `{ success: false, error }` to give the model an
 *   error result instead of running the sub-agent. Without it, the parsed arguments are used as they are.
 * - `toMessages` — the nested run's input: a string (one user message) or a list of messages. Without
 *   it, the arguments as JSON text become one user message.
 *
 * A tool made with `@tandem/tools` can lend its pieces: `{ inputSchema: t.inputSchema, validate: t.validate }`.
 *
 * @typeParam Input - The validated input type.
 *
 * @example
 * ```ts
 * const input: SubAgentToolInput<{ ticket: number }> = {
 *   inputSchema: { type: 'object', properties: { ticket: { type: 'integer' } }, required: ['ticket'] },
 *   validate: (value) =>
 *     typeof (value as { ticket?: unknown })?.ticket === 'number'
 *       ? { success: true, value: value as { ticket: number } }
 *       : { success: false, error: 'ticket must be a number' },
 *   toMessages: ({ ticket }) => `Summarize ticket #${ticket}.`,
 * };
 * ```
 *
 * @category Sub-agents
 */
export type SubAgentToolInput<Input> = SubAgentToolInputCommon<Input> &
  (
    | { readonly inputSchema: JsonSchema; readonly params?: undefined }
    | {
        /** @deprecated Use `inputSchema`. */
        readonly params: JsonSchema;
        readonly inputSchema?: undefined;
      }
  );

/**
 * The parts of a {@link SubAgentToolInput} besides its schema.
 *
 * @example
 * ```ts
 * const common: SubAgentToolInputCommon<{ ticket: number }> = { toMessages: ({ ticket }) => `Ticket #${ticket}.` };
 * ```
 *
 * @category Sub-agents
 */
export interface SubAgentToolInputCommon<Input> {
  validate?(input: unknown): ToolInputValidation<Input> | PromiseLike<ToolInputValidation<Input>>;
  toMessages?(input: Input): string | readonly Message[];
}

/**
 * The default input of {@link subAgentTool}: `prompt` becomes the nested run's user message.
 *
 * @example
 * ```ts
 * const input: SubAgentPromptInput = { prompt: 'List the open incidents.' };
 * ```
 *
 * @category Sub-agents
 */
export interface SubAgentPromptInput {
  /** The task for the sub-agent, sent to it as a user message. */
  readonly prompt: string;
}

/**
 * The default {@link SubAgentToolInput}: `{ prompt: string }` (non-empty, no other properties).
 *
 * @example
 * ```ts
 * promptInput.validate?.({ prompt: 'Find the invoice.' }); // { success: true, value: { prompt: 'Find the invoice.' } }
 * ```
 *
 * @category Sub-agents
 */
export const promptInput: SubAgentToolInput<SubAgentPromptInput> = {
  inputSchema: {
    type: 'object',
    properties: {
      prompt: { type: 'string', minLength: 1, description: 'The task for the sub-agent, in plain language.' },
    },
    required: ['prompt'],
    additionalProperties: false,
  },
  validate(input: unknown): ToolInputValidation<SubAgentPromptInput> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { success: false, error: 'expected an object such as {"prompt": "…"}' };
    }
    const extra = Object.keys(input).filter((key) => key !== 'prompt');
    if (extra.length > 0) {
      return { success: false, error: `only "prompt" is accepted; remove ${extra.map((k) => JSON.stringify(k)).join(', ')}` };
    }
    const prompt: unknown = (input as { prompt?: unknown }).prompt;
    if (typeof prompt !== 'string' || prompt.trim() === '') {
      return { success: false, error: '"prompt" must be a non-empty string describing the task' };
    }
    return { success: true, value: { prompt } };
  },
  toMessages: (input) => input.prompt,
};
