import type { ModelRequest, ToolChoice } from '@tandem/core/spec';
import { emitProviderWarning, parseProviderOptions } from '@tandem/provider-utils';
import { openaiJsonSchemaFormat } from '../openai-json-schema-format.js';
import { OpenAIProviderOptions } from '../openai-provider-options.js';
import { convertToResponsesInput } from './convert-to-responses-input.js';

/**
 * Builds the JSON body of `POST /responses` (streaming) from a Tandem request. `responseFormat` becomes
 * `text.format: { type: 'json_schema', … }`; the API takes no `seed` or stop sequences, so those are
 * ignored with a warning.
 * @internal
 */
export function buildResponsesRequestBody(modelId: string, request: ModelRequest, providerOptionsKey: string): { [key: string]: unknown } {
  const options = parseProviderOptions(request.providerOptions, providerOptionsKey, OpenAIProviderOptions);
  const tools: unknown[] = [];
  for (const tool of request.tools) {
    if (tool.kind === 'function') {
      tools.push({
        type: 'function',
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
        strict: options.strictJsonSchema ?? false,
      });
    } else if (tool.id === 'openai.web_search') {
      const args = tool.args as { searchContextSize?: string; userLocation?: unknown; allowedDomains?: readonly string[] };
      tools.push({
        type: 'web_search',
        ...(args.searchContextSize === undefined ? {} : { search_context_size: args.searchContextSize }),
        ...(args.userLocation === undefined ? {} : { user_location: args.userLocation }),
        ...(args.allowedDomains === undefined ? {} : { filters: { allowed_domains: args.allowedDomains } }),
      });
    } else {
      emitProviderWarning(`OpenAI Responses: provider tool ${tool.id} is not an OpenAI tool and was left out.`);
    }
  }
  if (request.stopSequences !== undefined && request.stopSequences.length > 0) {
    emitProviderWarning('OpenAI Responses does not support stopSequences; they were ignored.');
  }
  if (request.seed !== undefined) emitProviderWarning('OpenAI Responses does not support seed; it was ignored.');
  const format =
    request.responseFormat === undefined ? undefined : { type: 'json_schema', ...openaiJsonSchemaFormat(request.responseFormat, options.strictJsonSchema) };
  const text =
    format === undefined && options.textVerbosity === undefined
      ? undefined
      : { ...(format === undefined ? {} : { format }), ...(options.textVerbosity === undefined ? {} : { verbosity: options.textVerbosity }) };
  const reasoning =
    options.reasoningEffort === undefined && options.reasoningSummary === undefined
      ? undefined
      : {
          ...(options.reasoningEffort === undefined ? {} : { effort: options.reasoningEffort }),
          ...(options.reasoningSummary === undefined ? {} : { summary: options.reasoningSummary }),
        };
  return strip({
    model: modelId,
    input: convertToResponsesInput(request.messages, { providerOptionsKey, store: options.store }),
    instructions: request.system,
    tools: tools.length > 0 ? tools : undefined,
    tool_choice: tools.length > 0 ? toolChoice(request.toolChoice) : undefined,
    max_output_tokens: request.maxOutputTokens,
    temperature: request.temperature,
    top_p: request.topP,
    reasoning,
    store: options.store,
    include: options.store === false ? ['reasoning.encrypted_content'] : undefined,
    parallel_tool_calls: options.parallelToolCalls,
    user: options.user,
    service_tier: options.serviceTier,
    previous_response_id: options.previousResponseId,
    metadata: options.metadata,
    text,
    stream: true,
  });
}

function toolChoice(choice: ToolChoice | undefined): unknown {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'function', name: choice.toolName };
}

function strip(body: { [key: string]: unknown }): { [key: string]: unknown } {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
