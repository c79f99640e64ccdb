import type { AgentEvent } from '../events/agent-event.js';
import type { AgentRun, RunOptions } from '../agent/agent-types.js';
import type { FunctionTool, ToolConfig } from '../tool-definition/tool.js';
import type { JsonSchema } from '../spec/shared/json.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ToolContext } from '../tool-definition/tool-context.js';
import { userMessage } from '../messages/message-helpers.js';
import { SubAgentAggregator } from './sub-agent-aggregator.js';
import type { SubAgentBundle, SubAgentItem } from './sub-agent-bundle.js';
import { promptInput, type SubAgentPromptInput, type SubAgentToolInput } from './sub-agent-input.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * What {@link subAgentTool} needs of an agent: `run()`. Core's `Agent` fits.
 *
 * @example
 * ```ts
 * const researcher: SubAgent = new Agent({ tools: [search], system: 'You research.' });
 * ```
 *
 * @category Sub-agents
 */
export interface SubAgent {
  run(model: LanguageModel, messages: readonly Message[], options?: RunOptions): AgentRun;
}

/**
 * Options of {@link subAgentTool}.
 *
 * @example
 * ```ts
 * const options: SubAgentToolOptions<SubAgentPromptInput> = {
 *   name: 'research',
 *   description: 'Research a question and answer briefly.',
 *   config: { timeoutMs: 120_000 },
 * };
 * ```
 *
 * @category Sub-agents
 */
export interface SubAgentToolOptions<Input> {
  /** Tool name the model calls; must match `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  /** What the sub-agent does, for the model. */
  readonly description: string;
  /** A custom input; default {@link promptInput} (`{ prompt: string }`). */
  readonly input?: SubAgentToolInput<Input>;
  /**
   * Execution settings of the tool, as for any core tool. `timeoutMs` aborts the nested run (the call
   * becomes an error result); `retry` starts a fresh nested run per attempt.
   */
  readonly config?: ToolConfig;
}

/**
 * Wraps an agent as a tool: each call starts a nested run of `agent` on `model`, streams it, and returns
 * its outcome.
 *
 * - **Input**: by default `{ prompt: string }`, which becomes the nested run's user message; or a custom
 *   {@link SubAgentToolInput}.
 * - **Result**: the stored result is a {@link SubAgentBundle} (the messages the nested run added, its
 *   final text, stop reason, usage); the model sees only the nested final assistant text.
 * - **Events**: every event of the nested run — deltas included, and events of deeper sub-agents — is
 *   re-emitted in the outer run's stream unchanged but for `parentToolCallId`, which core sets to this
 *   call's id (and keeps when a deeper level already set it), so a UI can draw the tree. The same events
 *   are not also sent in full as `partial-tool-call-result`s: the tool yields to its
 *   {@link SubAgentAggregator} (and so to partials) only the nested run's own events that are not
 *   `*-delta` chunks — step, tool and stream milestones — and finally a {@link SubAgentResultItem}. This
 *   keeps a long nested text stream from appearing twice in the outer stream.
 * - **Cancellation**: the nested run follows the outer call's `signal` (run abort, `agent.cancel()`,
 *   the tool's timeout). A nested run that fails (its model call throws) makes this call an error result.
 *   A nested run that ends any other way (even `maxSteps` or `cancelled` from inside) is a success whose
 *   bundle carries the stop reason. `config.timeoutMs` bounds the whole nested run.
 * - **Approvals**: the nested run is started with `{ parent: ctx }`, so a nested call that needs approval
 *   is answered from the outer run — `run.approve(id)`/`run.deny(id)` with the id of the nested
 *   `tool-approval-request` event (it carries this call's id as `parentToolCallId`), or the outer
 *   agent's `approve` option. Under `approvals: 'interrupt'` a pause of the nested run pauses this call:
 *   the outer run ends `interrupted` with the nested requests in `result.interruptions`, and resuming the
 *   outer run with `approvalResponse()`s resumes the nested one from where it stopped.
 *
 * @throws TypeError when `name` is not a valid tool name or `description` is empty.
 *
 * @example
 * ```ts
 * import { Agent, userMessage } from '@tandem/core';
 * import { subAgentTool } from '@tandem/aggregators';
 *
 * const researcher = new Agent({ tools: [search], system: 'Research thoroughly, answer briefly.' });
 * const research = subAgentTool(researcher, model, {
 *   name: 'research',
 *   description: 'Research a question on the web and return a short answer.',
 * });
 * const lead = new Agent({ tools: [research] });
 * for await (const event of lead.run(model, [userMessage('Who maintains zod?')])) {
 *   if (event.type === 'text-delta') console.log(event.parentToolCallId ? '  (research)' : '', event.chunk);
 * }
 * ```
 *
 * @category Sub-agents
 */
export function subAgentTool<Input = SubAgentPromptInput>(
  agent: SubAgent,
  model: LanguageModel,
  options: SubAgentToolOptions<Input>,
): FunctionTool<Input, SubAgentBundle> {
  return nestedAgentTool(agent, () => model, options, 'subAgentTool()');
}

/**
 * The one implementation of an agent as a tool, behind `subAgentTool()` and `agent.asTool()`: `modelFor`
 * picks the nested run's model when a call starts (it may throw: the call becomes an error result).
 * @internal
 */
export function nestedAgentTool<Input>(
  agent: SubAgent,
  modelFor: (context: ToolContext) => LanguageModel,
  options: SubAgentToolOptions<Input>,
  caller: string,
): FunctionTool<Input, SubAgentBundle> {
  const { name, description } = options;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new TypeError(`${caller}: name must match ${String(TOOL_NAME)}; got ${JSON.stringify(name)}.`);
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw new TypeError(`${caller}: give "${name}" a description that tells the model what the sub-agent does.`);
  }
  const input = (options.input ?? promptInput) as SubAgentToolInput<Input>;
  const toMessages = input.toMessages ?? ((value: Input) => JSON.stringify(value));
  const tool: FunctionTool<Input, SubAgentBundle> = {
    kind: 'function',
    name,
    description,
    inputSchema: inputSchemaOf(name, input),
    aggregator: SubAgentAggregator,
    ...(options.config === undefined ? {} : { config: options.config }),
    execute(value: Input, context: ToolContext): AsyncIterable<SubAgentItem> {
      const built = toMessages(value);
      const messages = typeof built === 'string' ? [userMessage(built)] : built;
      return runNested(() => agent.run(modelFor(context), messages, { signal: context.signal, parent: context }), messages.length, context);
    },
  };
  if (input.validate !== undefined) {
    const validate = input.validate.bind(input);
    return { ...tool, validate };
  }
  return tool;
}

function inputSchemaOf(name: string, input: SubAgentToolInput<unknown>): JsonSchema {
  const schema = input.inputSchema ?? input.params;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new TypeError(`subAgentTool("${name}"): \`input.inputSchema\` must be a JSON Schema object such as { type: 'object', properties: { … } }.`);
  }
  return schema;
}

/** Starts the nested run on first iteration, so a run is never started that nothing consumes or disposes. */
async function* runNested(start: () => AgentRun, inputCount: number, context: ToolContext): AsyncGenerator<SubAgentItem> {
  const run = start();
  try {
    for await (const event of run) {
      context.emit(event);
      if (isMilestone(event)) yield event;
    }
    const result = await run.result;
    yield {
      type: 'sub-agent-result',
      runId: run.runId,
      messages: result.messages.slice(inputCount),
      text: result.text,
      stopReason: result.stopReason,
      usage: result.usage,
    };
  } finally {
    await run[Symbol.asyncDispose]();
  }
}

function isMilestone(event: AgentEvent): boolean {
  return event.parentToolCallId === undefined && !event.type.endsWith('-delta');
}
