import type { Tool } from '@aws-sdk/client-bedrock-runtime';
import type { ModelRequest, ResponseFormat } from '@tandem/core/spec';
import { InvalidRequestError } from '@tandem/provider-utils';

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
 * The synthetic tool whose input schema is the response schema. The model answers by calling it; the stream
 * mapper turns that call back into a text part holding the JSON, so no tool call reaches the Agent.
 * @throws InvalidRequestError when a function tool of the request already has that name.
 * @internal
 */
export function jsonResponseTool(request: ModelRequest, format: ResponseFormat): Tool {
  const name = jsonResponseToolName(format);
  if (request.tools.some((tool) => tool.kind === 'function' && tool.name === name)) {
    throw new InvalidRequestError({
      provider: 'bedrock',
      message: `Bedrock structuredOutputMode 'jsonTool' answers through a tool named '${name}', but the request already has a tool of that name. Rename that tool, give the response format another name, or use structuredOutputMode 'outputFormat'.`,
    });
  }
  return {
    toolSpec: {
      name,
      description: format.description ?? 'Give your final answer by calling this tool: its input is the answer, as JSON matching the schema.',
      inputSchema: { json: format.schema as never },
    },
  };
}
