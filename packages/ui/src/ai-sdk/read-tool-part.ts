import { InvalidUIMessagesError } from './invalid-ui-messages-error.js';

/** The fields of a tool UI part that matter for history, checked. @internal */
export interface ToolPartView {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly state: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly errorText: string;
  readonly providerExecuted: boolean;
  readonly approval: { readonly approved?: boolean; readonly reason?: string } | undefined;
}

/**
 * Reads a `tool-<name>` or `dynamic-tool` part. `undefined` for a part with nothing to keep: input still
 * streaming, or a preliminary output (the call is still running). @internal
 */
export function readToolPart(part: Record<string, unknown>, path: string): ToolPartView | undefined {
  const type = part['type'] as string;
  const toolName = type === 'dynamic-tool' ? part['toolName'] : type.slice('tool-'.length);
  const { toolCallId, state } = part;
  if (typeof toolCallId !== 'string' || toolCallId === '') throw new InvalidUIMessagesError(`${path}.toolCallId`, 'expected a string');
  if (typeof toolName !== 'string' || toolName === '') throw new InvalidUIMessagesError(`${path}.toolName`, 'expected a string');
  if (typeof state !== 'string') throw new InvalidUIMessagesError(`${path}.state`, 'expected a string');
  if (state === 'input-streaming') return undefined;
  const preliminary = part['preliminary'] === true;
  const approval = readApproval(part['approval'], `${path}.approval`);
  return {
    toolCallId,
    toolName,
    state: state === 'output-available' && preliminary ? 'input-available' : state,
    input: part['input'],
    output: part['output'],
    errorText: typeof part['errorText'] === 'string' ? part['errorText'] : 'The tool call failed.',
    providerExecuted: part['providerExecuted'] === true,
    approval,
  };
}

function readApproval(value: unknown, path: string): ToolPartView['approval'] {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') throw new InvalidUIMessagesError(path, 'expected an object');
  const { approved, reason } = value as { approved?: unknown; reason?: unknown };
  if (approved !== undefined && typeof approved !== 'boolean') throw new InvalidUIMessagesError(`${path}.approved`, 'expected a boolean');
  return { ...(approved === undefined ? {} : { approved }), ...(typeof reason === 'string' ? { reason } : {}) };
}
