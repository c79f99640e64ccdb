import type { ModelRequest, ProviderToolDefinition, ToolChoice } from '@tandem/core/spec';
import { emitProviderWarning, parseProviderOptions } from '@tandem/provider-utils';
import { openaiJsonSchemaFormat } from '../openai-json-schema-format.js';
import { OpenAIProviderOptions } from '../openai-provider-options.js';
import { convertToChatMessages } from './convert-to-chat-messages.js';
import type { ChatMessage } from './chat-message.js';
import type { ChatProviderToolMapping, OpenAIChatConfig } from './openai-chat-config.js';

/**
 * The OpenAI mapping of provider tools on Chat Completions: `openai.web_search` → `web_search_options`
 * (search models such as `gpt-4o-search-preview`).
 * @internal
 */
export function openaiChatProviderTool(tool: ProviderToolDefinition): ChatProviderToolMapping | undefined {
  if (tool.id !== 'openai.web_search') return undefined;
  const args = tool.args as { searchContextSize?: string; userLocation?: unknown };
  return {
    body: {
      web_search_options: {
        ...(args.searchContextSize === undefined ? {} : { search_context_size: args.searchContextSize }),
        ...(args.userLocation === undefined ? {} : { user_location: args.userLocation }),
      },
    },
  };
}

/**
 * Builds the JSON body of `POST /chat/completions` (streaming, with `stream_options.include_usage`).
 * `responseFormat` becomes `response_format: { type: 'json_schema', json_schema }`, `seed` is sent as is.
 * @internal
 */
export function buildChatRequestBody(modelId: string, request: ModelRequest, config: OpenAIChatConfig): { [key: string]: unknown } {
  const options = parseProviderOptions(request.providerOptions, config.providerOptionsKey, OpenAIProviderOptions);
  const tools: unknown[] = [];
  let extra: { [key: string]: unknown } = {};
  for (const tool of request.tools) {
    if (tool.kind === 'function') {
      tools.push({
        type: 'function',
        function: {
          name: tool.name,
          description: tool.description,
          parameters: tool.inputSchema,
          ...(options.strictJsonSchema === undefined ? {} : { strict: options.strictJsonSchema }),
        },
      });
      continue;
    }
    const mapping = (config.providerTool ?? openaiChatProviderTool)(tool);
    if (mapping === undefined) {
      emitProviderWarning(`${config.label} Chat Completions: provider tool ${tool.id} is not supported here and was left out.`);
      continue;
    }
    if (mapping.tool !== undefined) tools.push(mapping.tool);
    if (mapping.body !== undefined) extra = { ...extra, ...mapping.body };
  }
  const messages: ChatMessage[] = convertToChatMessages(request.messages, { sendReasoning: config.sendReasoning });
  if (request.system !== undefined) messages.unshift({ role: 'system', content: request.system });
  const body: { [key: string]: unknown } = {
    model: modelId,
    messages,
    tools: tools.length > 0 ? tools : undefined,
    tool_choice: tools.length > 0 ? toolChoice(request.toolChoice) : undefined,
    [config.maxTokensField ?? 'max_completion_tokens']: request.maxOutputTokens,
    temperature: request.temperature,
    top_p: request.topP,
    stop: request.stopSequences !== undefined && request.stopSequences.length > 0 ? request.stopSequences : undefined,
    seed: request.seed,
    response_format:
      request.responseFormat === undefined
        ? undefined
        : { type: 'json_schema', json_schema: openaiJsonSchemaFormat(request.responseFormat, options.strictJsonSchema) },
    reasoning_effort: options.reasoningEffort,
    parallel_tool_calls: tools.length > 0 ? options.parallelToolCalls : undefined,
    user: options.user,
    service_tier: options.serviceTier,
    store: options.store,
    metadata: options.metadata,
    verbosity: options.textVerbosity,
    ...extra,
    stream: true,
    stream_options: { include_usage: true },
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

function toolChoice(choice: ToolChoice | undefined): unknown {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.toolName } };
}
