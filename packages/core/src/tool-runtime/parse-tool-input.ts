import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool/tool.js';
import { InvalidToolInputError } from './tool-errors.js';

/** Parses and validates a call's arguments; returns the input or the error to report. @internal */
export async function parseToolInput(
  call: ToolCall,
  tool: FunctionTool,
): Promise<{ ok: true; input: unknown } | { ok: false; error: InvalidToolInputError }> {
  let input: unknown;
  const raw = call.toolArgs.trim();
  if (raw === '') {
    input = {};
  } else {
    try {
      input = JSON.parse(raw);
    } catch (cause) {
      return {
        ok: false,
        error: new InvalidToolInputError({
          toolName: call.toolName,
          toolArgs: call.toolArgs,
          reason: `not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`,
          cause,
        }),
      };
    }
  }
  if (tool.validate === undefined) return { ok: true, input };
  let validation;
  try {
    validation = await tool.validate(input);
  } catch (cause) {
    return {
      ok: false,
      error: new InvalidToolInputError({
        toolName: call.toolName,
        toolArgs: call.toolArgs,
        reason: `validation threw (${cause instanceof Error ? cause.message : String(cause)})`,
        cause,
      }),
    };
  }
  if (validation.success) return { ok: true, input: validation.value };
  return {
    ok: false,
    error: new InvalidToolInputError({ toolName: call.toolName, toolArgs: call.toolArgs, reason: validation.error }),
  };
}
