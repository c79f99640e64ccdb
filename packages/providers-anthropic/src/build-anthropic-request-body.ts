import type { ModelRequest, ToolChoice } from '@tandem/core/spec';
import {
  emitProviderWarning,
  InvalidRequestError,
  jsonResponseTool,
  jsonResponseToolChoice,
  parseProviderOptions,
  toClaudeOutputSchema,
} from '@tandem/provider-utils';
import type { AnthropicMessagesRequestBody, AnthropicToolChoice, AnthropicToolParam } from './anthropic-request.js';
import { AnthropicProviderOptions } from './anthropic-provider-options.js';
import { toAnthropicProviderTool } from './anthropic-tools.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';

/**
 * `max_tokens` when the request sets no `maxOutputTokens` (the API requires the field); the thinking budget is
 * added on top when extended thinking is on.
 *
 * @example
 * ```ts
 * new Agent({ maxOutputTokens: ANTHROPIC_DEFAULT_MAX_TOKENS * 4 });
 * ```
 */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/**
 * Builds the JSON body of a streaming Messages API call from a Tandem `ModelRequest`.
 * Provider tools that are not Anthropic's are left out and reported through `warn` (default: a process warning).
 * Invalid `providerOptions.anthropic` throw `InvalidProviderOptionsError`.
 *
 * `responseFormat` becomes `output_config.format: { type: 'json_schema', schema }` (the schema fitted by
 * `toClaudeOutputSchema`); with `structuredOutputMode: 'jsonTool'` it becomes a tool Claude must call
 * instead (see `jsonResponseTool`). The Messages API has no seed: a `seed` is ignored with a warning.
 *
 * @example
 * ```ts
 * const body = buildAnthropicRequestBody('claude-sonnet-4-5', { messages: [userMessage('Hi')], tools: [] });
 * ```
 */
export function buildAnthropicRequestBody(
  modelId: string,
  request: ModelRequest,
  warn: (message: string) => void = emitProviderWarning,
): AnthropicMessagesRequestBody {
  const options = parseProviderOptions(request.providerOptions, 'anthropic', AnthropicProviderOptions);
  const { system, messages } = convertToAnthropicMessages(request.messages, { system: request.system });

  const tools: AnthropicToolParam[] = [];
  for (const tool of request.tools) {
    if (tool.kind === 'function') {
      tools.push({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
      continue;
    }
    const providerTool = toAnthropicProviderTool(tool);
    if (providerTool === undefined) warn(`Anthropic does not support the provider tool '${tool.id}'; it was not sent.`);
    else tools.push(providerTool);
  }

  const thinking = options.thinking;
  const budget = thinking?.type === 'enabled' ? thinking.budgetTokens : 0;
  if (request.seed !== undefined) warn('Anthropic does not support seed; it was ignored.');
  const format = request.responseFormat;
  const answerTool =
    format !== undefined && options.structuredOutputMode === 'jsonTool' ? jsonResponseTool(request, format, { provider: 'anthropic', label: 'Anthropic' }) : undefined;
  if (answerTool !== undefined && thinking?.type === 'enabled') {
    throw new InvalidRequestError({
      provider: 'anthropic',
      message: "Anthropic structuredOutputMode 'jsonTool' forces a tool call, which extended thinking does not allow. Turn thinking off, or use structuredOutputMode 'outputFormat' on a model that supports structured outputs.",
    });
  }
  let toolChoice: AnthropicToolChoice | undefined;
  if (answerTool !== undefined) {
    toolChoice = mapToolChoice(jsonResponseToolChoice(request.toolChoice, tools.length, answerTool.name), options.disableParallelToolUse);
    tools.push({ name: answerTool.name, description: answerTool.description, input_schema: answerTool.inputSchema });
  } else if (tools.length > 0) {
    toolChoice = mapToolChoice(request.toolChoice, options.disableParallelToolUse);
  }
  return {
    model: modelId,
    max_tokens: request.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS + budget,
    messages,
    ...(system === undefined ? {} : { system }),
    ...(tools.length > 0 ? { tools } : {}),
    ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { top_p: request.topP }),
    ...(options.topK === undefined ? {} : { top_k: options.topK }),
    ...(request.stopSequences === undefined ? {} : { stop_sequences: [...request.stopSequences] }),
    ...(thinking === undefined
      ? {}
      : { thinking: thinking.type === 'enabled' ? { type: 'enabled', budget_tokens: thinking.budgetTokens } : { type: 'disabled' } }),
    ...(options.userId === undefined ? {} : { metadata: { user_id: options.userId } }),
    ...(format === undefined || answerTool !== undefined ? {} : { output_config: { format: { type: 'json_schema', schema: toClaudeOutputSchema(format.schema) } } }),
    stream: true,
  };
}

function mapToolChoice(choice: ToolChoice | undefined, disableParallel: boolean | undefined): AnthropicToolChoice | undefined {
  const parallel = disableParallel === undefined ? {} : { disable_parallel_tool_use: disableParallel };
  if (choice === undefined) return disableParallel === undefined ? undefined : { type: 'auto', ...parallel };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...parallel };
  if (choice === 'required') return { type: 'any', ...parallel };
  return { type: 'tool', name: choice.toolName, ...parallel };
}
