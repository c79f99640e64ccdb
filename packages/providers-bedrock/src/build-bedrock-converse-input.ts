import type { ConverseStreamCommandInput, Tool, ToolChoice as BedrockToolChoice } from '@aws-sdk/client-bedrock-runtime';
import type { FunctionToolDefinition, ModelRequest, ToolChoice } from '@tandem/core/spec';
import {
  emitProviderWarning,
  InvalidRequestError,
  jsonResponseTool,
  jsonResponseToolChoice,
  parseProviderOptions,
  toClaudeOutputSchema,
} from '@tandem/provider-utils';
import { BedrockProviderOptions } from './bedrock-provider-options.js';
import { convertToBedrockMessages } from './convert-to-bedrock-messages.js';

/**
 * Builds the input of a `ConverseStreamCommand` from a Tandem `ModelRequest`.
 *
 * Converse has no "none" tool choice: with `toolChoice: 'none'` the tools are left out — unless the history
 * holds tool calls, for which Converse requires a `toolConfig`; then the tools are sent and `warn` says the
 * model may still call them. Provider tools other than `bedrock.tools.systemTool()` are left out and reported
 * through `warn` (default: a process warning). Invalid `providerOptions.bedrock` throw `InvalidProviderOptionsError`.
 *
 * `responseFormat` becomes `outputConfig.textFormat` (`json_schema`, the schema fitted by `toClaudeOutputSchema`
 * and sent as a JSON string); with `structuredOutputMode: 'jsonTool'` it becomes a tool the model must call instead
 * (see `jsonResponseTool`). Converse has no seed field: a `seed` is ignored with a warning.
 *
 * @example
 * ```ts
 * const input = buildBedrockConverseInput('anthropic.claude-3-5-haiku-20241022-v1:0', { messages: [userMessage('Hi')], tools: [] });
 * ```
 */
export function buildBedrockConverseInput(
  modelId: string,
  request: ModelRequest,
  warn: (message: string) => void = emitProviderWarning,
): ConverseStreamCommandInput {
  const options = parseProviderOptions(request.providerOptions, 'bedrock', BedrockProviderOptions);
  const { system, messages, hasToolHistory } = convertToBedrockMessages(request.messages, { system: request.system });

  const tools: Tool[] = [];
  for (const tool of request.tools) {
    if (tool.kind === 'function') {
      tools.push(toBedrockTool(tool));
    } else if (tool.id === 'bedrock.system_tool' && typeof tool.args['name'] === 'string') {
      tools.push({ systemTool: { name: tool.args['name'] } });
    } else {
      warn(`Bedrock Converse does not support the provider tool '${tool.id}'; it was not sent.`);
    }
  }
  const format = request.responseFormat;
  const answerTool =
    format !== undefined && options.structuredOutputMode === 'jsonTool' ? jsonResponseTool(request, format, { provider: 'bedrock', label: 'Bedrock' }) : undefined;
  if (answerTool !== undefined && options.thinking !== undefined) {
    throw new InvalidRequestError({
      provider: 'bedrock',
      message: "Bedrock structuredOutputMode 'jsonTool' forces a tool call, which extended thinking does not allow. Turn thinking off, or use structuredOutputMode 'outputFormat' on a model that supports structured outputs.",
    });
  }
  if (request.seed !== undefined) {
    warn('Bedrock Converse has no seed field; it was ignored. Pass it in providerOptions.bedrock.additionalModelRequestFields for a model that takes one.');
  }
  let toolConfig: ConverseStreamCommandInput['toolConfig'];
  if (answerTool !== undefined) {
    const toolChoice = mapToolChoice(jsonResponseToolChoice(request.toolChoice, tools.length, answerTool.name));
    toolConfig = { tools: [...tools, toBedrockTool(answerTool)], ...(toolChoice === undefined ? {} : { toolChoice }) };
  } else if (tools.length > 0) {
    if (request.toolChoice === 'none') {
      if (hasToolHistory) {
        warn("Bedrock Converse has no toolChoice 'none'; the tools were sent because the history holds tool calls, so the model may still call them.");
        toolConfig = { tools };
      }
    } else {
      const toolChoice = mapToolChoice(request.toolChoice);
      toolConfig = { tools, ...(toolChoice === undefined ? {} : { toolChoice }) };
    }
  }

  const inferenceConfig = {
    ...(request.maxOutputTokens === undefined ? {} : { maxTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { topP: request.topP }),
    ...(request.stopSequences === undefined ? {} : { stopSequences: [...request.stopSequences] }),
  };
  const additional: { [key: string]: unknown } = { ...options.additionalModelRequestFields };
  if (options.thinking !== undefined) additional['thinking'] = { type: 'enabled', budget_tokens: options.thinking.budgetTokens };

  return {
    modelId,
    messages,
    ...(system === undefined ? {} : { system }),
    ...(Object.keys(inferenceConfig).length > 0 ? { inferenceConfig } : {}),
    ...(toolConfig === undefined ? {} : { toolConfig }),
    ...(Object.keys(additional).length > 0 ? { additionalModelRequestFields: additional as never } : {}),
    ...(options.guardrailConfig === undefined ? {} : { guardrailConfig: options.guardrailConfig }),
    ...(options.performanceConfig === undefined ? {} : { performanceConfig: options.performanceConfig }),
    ...(options.requestMetadata === undefined ? {} : { requestMetadata: options.requestMetadata }),
    ...(format === undefined || answerTool !== undefined
      ? {}
      : {
          outputConfig: {
            textFormat: {
              type: 'json_schema',
              structure: {
                jsonSchema: {
                  schema: JSON.stringify(toClaudeOutputSchema(format.schema)),
                  ...(format.name === undefined ? {} : { name: format.name }),
                  ...(format.description === undefined ? {} : { description: format.description }),
                },
              },
            },
          },
        }),
  };
}

function toBedrockTool(tool: FunctionToolDefinition): Tool {
  return { toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema as never } } };
}

function mapToolChoice(choice: ToolChoice | undefined): BedrockToolChoice | undefined {
  if (choice === undefined || choice === 'auto') return choice === 'auto' ? { auto: {} } : undefined;
  if (choice === 'required') return { any: {} };
  if (choice === 'none') return undefined;
  return { tool: { name: choice.toolName } };
}
