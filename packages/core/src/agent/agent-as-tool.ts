import type { JsonSchema } from '../spec/shared/json.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { FunctionTool, ToolConfig } from '../tool-definition/tool.js';
import type { ToolContext } from '../tool-definition/tool-context.js';
import { TOOL_NAME_PATTERN } from '../tool-definition/tool-name.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';
import { nestedAgentTool, type SubAgent } from '../sub-agent/sub-agent-tool.js';
import { promptInput, type SubAgentPromptInput, type SubAgentToolInput } from '../sub-agent/sub-agent-input.js';
import type { SubAgentBundle } from '../sub-agent/sub-agent-bundle.js';
import type { AgentOptions } from './agent-types.js';
import { RunState } from './run-state.js';

/**
 * Options of `agent.asTool()`.
 *
 * @example
 * ```ts
 * const tool = researcher.asTool({ name: 'research', description: 'Research a question; answer in two lines.' });
 * ```
 *
 * @category Agent
 */
export interface AsToolOptions<Input = SubAgentPromptInput> {
  /** The tool name; default the agent's `name` in snake case (`'Research Team'` → `research_team`). */
  readonly name?: string;
  /** What the agent does, for the calling model; default the agent's `description`. */
  readonly description?: string;
  /**
   * A JSON Schema for the tool's input instead of the default `{ prompt: string }`; the arguments, as
   * JSON text, become the nested run's user message. For validation and your own messages pass `input`.
   */
  readonly inputSchema?: JsonSchema;
  /** A custom input: schema, `validate` and `toMessages` (see `SubAgentToolInput`). */
  readonly input?: SubAgentToolInput<Input>;
  /** Execution settings of the tool (`timeoutMs` bounds the whole nested run, `retry` starts a fresh one per attempt). */
  readonly config?: ToolConfig;
  /** The nested run's model; default the agent's own `model`, else the calling run's model. */
  readonly model?: ModelReference;
}

/** `agent.asTool()`: {@link nestedAgentTool} with the agent's name, description and model. @internal */
export function agentAsTool<Input = SubAgentPromptInput>(
  agent: SubAgent & { readonly name: string; readonly options: AgentOptions },
  options: AsToolOptions<Input> = {},
): FunctionTool<Input, SubAgentBundle> {
  const name = options.name ?? defaultToolName(agent.name);
  const description = options.description ?? agent.options.description;
  if (description === undefined || description.trim() === '') {
    throw new TypeError(`${agent.name}.asTool(): give the agent a description (new Agent({ description })) or pass asTool({ description }) — the calling model reads it.`);
  }
  const input = (options.input ??
    (options.inputSchema === undefined ? promptInput : { inputSchema: options.inputSchema })) as SubAgentToolInput<Input>;
  const own = options.model ?? agent.options.model;
  let resolved: LanguageModel | undefined;
  const modelFor = (context: ToolContext): LanguageModel => {
    if (own !== undefined) return (resolved ??= toLanguageModel(own));
    const caller = context.agent instanceof RunState ? context.agent.model : undefined;
    if (caller !== undefined) return caller;
    throw new TypeError(`${agent.name}.asTool(): no model — give the agent one (new Agent({ model })) or pass asTool({ model }); the calling run's model is used only when the tool runs inside an Agent run.`);
  };
  return nestedAgentTool(agent, modelFor, { name, description, input, ...(options.config === undefined ? {} : { config: options.config }) }, `${agent.name}.asTool()`);
}

function defaultToolName(name: string): string {
  if (TOOL_NAME_PATTERN.test(name)) return name;
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return snake === '' ? 'agent' : snake;
}
