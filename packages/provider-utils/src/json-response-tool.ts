import type { FunctionToolDefinition, ModelRequest, ResponseFormat, ToolChoice } from '@tandem/core/spec';
import { InvalidRequestError } from './invalid-request-error.js';

/**
 * Options of {@link jsonResponseTool}.
 *
 * @category Structured output
 */
export interface JsonResponseToolOptions {
  /** The provider id an error names, e.g. `anthropic`. */
  readonly provider: string;
  /** The vendor name the error message starts with, e.g. `Anthropic`. */
  readonly label: string;
}

/**
 * The name of the tool that carries the answer when a provider gets structured output by forcing a tool
 * call (`structuredOutputMode: 'jsonTool'`): the format's `name`, default `response` (the Agent sends
 * `output`). The stream mapper recognises the answer by this name.
 *
 * @example
 * ```ts
 * jsonResponseToolName({ type: 'json', schema: {}, name: 'output' }); // 'output'
 * ```
 *
 * @category Structured output
 */
export function jsonResponseToolName(format: ResponseFormat): string {
  return format.name ?? 'response';
}

/**
 * The synthetic tool whose input schema is the response schema, for vendors without a native JSON mode
 * (or models without it): the model answers by calling it, and the provider's stream mapper turns that
 * call back into a text part holding the JSON, so no tool call reaches the Agent. Put it on the wire like
 * any function tool, and force it with {@link jsonResponseToolChoice}.
 *
 * @throws InvalidRequestError when a function tool of the request already has that name.
 * @example
 * ```ts
 * const answer = jsonResponseTool(request, request.responseFormat, { provider: 'acme', label: 'Acme' });
 * body.tools.push({ name: answer.name, description: answer.description, input_schema: answer.inputSchema });
 * ```
 *
 * @category Structured output
 */
export function jsonResponseTool(request: ModelRequest, format: ResponseFormat, options: JsonResponseToolOptions): FunctionToolDefinition {
  const name = jsonResponseToolName(format);
  if (request.tools.some((tool) => tool.kind === 'function' && tool.name === name)) {
    throw new InvalidRequestError({
      provider: options.provider,
      message: `${options.label} structuredOutputMode 'jsonTool' answers through a tool named '${name}', but the request already has a tool of that name. Rename that tool, give the response format another name, or use structuredOutputMode 'outputFormat'.`,
    });
  }
  return {
    kind: 'function',
    name,
    description: format.description ?? 'Give your final answer by calling this tool: its input is the answer, as JSON matching the schema.',
    inputSchema: format.schema,
  };
}

/**
 * The tool choice that makes the model answer through the tool named `name` (see {@link jsonResponseTool}):
 * that tool alone is forced when it is the only tool sent (`otherTools` is 0) or the request chose `none`;
 * next to other tools the model must call some tool (`required`) and ends by calling the answer tool. A
 * choice of one specific tool is kept. Map the result to the wire as any tool choice.
 *
 * @example
 * ```ts
 * jsonResponseToolChoice('auto', 0, 'output'); // { type: 'tool', toolName: 'output' }
 * jsonResponseToolChoice('auto', 2, 'output'); // 'required'
 * ```
 *
 * @category Structured output
 */
export function jsonResponseToolChoice(
  choice: ToolChoice | undefined,
  otherTools: number,
  name: string,
): 'required' | { readonly type: 'tool'; readonly toolName: string } {
  if (typeof choice === 'object') return choice;
  if (otherTools === 0 || choice === 'none') return { type: 'tool', toolName: name };
  return 'required';
}
