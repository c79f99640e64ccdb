import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool, ToolInputValidation } from '../tool-definition/tool.js';
import { isPromiseLike } from '../util/is-promise-like.js';
import { errorMessage } from './error-text.js';
import { InvalidToolInputError } from './tool-errors.js';

/** A call's input, or the error to report instead of running it. @internal */
export type ParsedInput = { readonly ok: true; readonly input: unknown } | { readonly ok: false; readonly error: InvalidToolInputError };

/**
 * Validates a call's arguments. The arguments are parsed once: a call that streamed in through a model
 * response already carries `input` (absent when `toolArgs` was not JSON); other calls (bidi) are parsed
 * here. Synchronous unless the tool's validator is async. @internal
 */
export function parseToolInput(call: ToolCall, tool: FunctionTool): ParsedInput | Promise<ParsedInput> {
  let input: unknown;
  if (Object.hasOwn(call, 'input')) input = call.input;
  else {
    const raw = call.toolArgs.trim();
    if (raw === '') input = {};
    else {
      try {
        input = JSON.parse(raw);
      } catch (cause) {
        return invalid(call, `not valid JSON (${errorMessage(cause)})`, cause);
      }
    }
  }
  if (tool.validate === undefined) return { ok: true, input };
  let validation: ToolInputValidation<unknown> | PromiseLike<ToolInputValidation<unknown>>;
  try {
    validation = tool.validate(input);
  } catch (cause) {
    return threw(call, cause);
  }
  if (!isPromiseLike(validation)) return fromValidation(call, validation);
  return Promise.resolve(validation).then(
    (settled) => fromValidation(call, settled),
    (cause: unknown) => threw(call, cause),
  );
}

function fromValidation(call: ToolCall, validation: ToolInputValidation<unknown>): ParsedInput {
  return validation.success ? { ok: true, input: validation.value } : invalid(call, validation.error);
}

function threw(call: ToolCall, cause: unknown): ParsedInput {
  return invalid(call, `validation threw (${errorMessage(cause)})`, cause);
}

function invalid(call: ToolCall, reason: string, cause?: unknown): ParsedInput {
  return { ok: false, error: new InvalidToolInputError({ toolName: call.toolName, toolArgs: call.toolArgs, reason, cause }) };
}
