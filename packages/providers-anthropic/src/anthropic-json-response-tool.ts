import type { ModelRequest, ResponseFormat } from '@tandem/core/spec';
import { InvalidRequestError } from '@tandem/provider-utils';
import type { AnthropicToolParam } from './anthropic-request.js';

/**
 * The name of the tool that carries the answer in `structuredOutputMode: 'jsonTool'`: the format's `name`
 * (default `response`; the Agent sends `output`).
 *
 * @example
 * ```ts
 * jsonResponseToolName({ type: 'json', schema: {}, name: 'output' }); // 'output'
 * ```
 * @internal
 */
export function jsonResponseToolName(format: ResponseFormat): string {
  return format.name ?? 'response';
}

/**
 * The synthetic tool whose input schema is the response schema. Claude answers by calling it; the stream
 * mapper turns that call back into a text part holding the JSON, so no tool call reaches the Agent.
 * @throws InvalidRequestError when a function tool of the request already has that name.
 * @internal
 */
export function jsonResponseTool(request: ModelRequest, format: ResponseFormat): AnthropicToolParam {
  const name = jsonResponseToolName(format);
  if (request.tools.some((tool) => tool.kind === 'function' && tool.name === name)) {
    throw new InvalidRequestError({
      provider: 'anthropic',
      message: `Anthropic structuredOutputMode 'jsonTool' answers through a tool named '${name}', but the request already has a tool of that name. Rename that tool, give the response format another name, or use structuredOutputMode 'outputFormat'.`,
    });
  }
  return {
    name,
    description: format.description ?? 'Give your final answer by calling this tool: its input is the answer, as JSON matching the schema.',
    input_schema: format.schema,
  };
}
