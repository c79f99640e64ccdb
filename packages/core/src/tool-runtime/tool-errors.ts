import { hasBrand, TandemError } from '../spec/errors/tandem-error.js';

const NO_SUCH_TOOL = Symbol.for('tandem.error.NoSuchToolError');
const INVALID_TOOL_INPUT = Symbol.for('tandem.error.InvalidToolInputError');
const TOOL_TIMEOUT = Symbol.for('tandem.error.ToolTimeoutError');
const TOOL_CANCELLED = Symbol.for('tandem.error.ToolCancelledError');

/**
 * The model called a tool the agent does not have. Reported to the model as an error result; never thrown at the caller.
 *
 * @category Errors
 */
export class NoSuchToolError extends TandemError {
  readonly toolName: string;
  readonly availableTools: readonly string[];
  declare private readonly [NO_SUCH_TOOL]: true;

  constructor(toolName: string, availableTools: readonly string[]) {
    super('NO_SUCH_TOOL', {
      message: `Unknown tool "${toolName}". Available tools: ${availableTools.length > 0 ? availableTools.join(', ') : '(none)'}.`,
    });
    this[NO_SUCH_TOOL] = true;
    this.name = 'NoSuchToolError';
    this.toolName = toolName;
    this.availableTools = availableTools;
  }

  static override isInstance(error: unknown): error is NoSuchToolError {
    return hasBrand(error, NO_SUCH_TOOL);
  }
}

/**
 * A tool call's arguments were not valid JSON or failed the tool's schema; `execute` was not called.
 *
 * @category Errors
 */
export class InvalidToolInputError extends TandemError {
  readonly toolName: string;
  readonly toolArgs: string;
  declare private readonly [INVALID_TOOL_INPUT]: true;

  constructor(options: { toolName: string; toolArgs: string; reason: string; cause?: unknown }) {
    super('INVALID_TOOL_INPUT', {
      message: `Invalid arguments for tool "${options.toolName}": ${options.reason}. Call it again with arguments that match its input schema.`,
      cause: options.cause,
    });
    this[INVALID_TOOL_INPUT] = true;
    this.name = 'InvalidToolInputError';
    this.toolName = options.toolName;
    this.toolArgs = options.toolArgs;
  }

  static override isInstance(error: unknown): error is InvalidToolInputError {
    return hasBrand(error, INVALID_TOOL_INPUT);
  }
}

/**
 * A tool attempt ran longer than its `config.timeoutMs`; its signal was aborted with this error.
 *
 * @category Errors
 */
export class ToolTimeoutError extends TandemError {
  readonly toolName: string;
  readonly timeoutMs: number;
  declare private readonly [TOOL_TIMEOUT]: true;

  constructor(toolName: string, timeoutMs: number, while_?: string) {
    super('TOOL_TIMEOUT', { message: `Tool "${toolName}" timed out after ${timeoutMs} ms${while_ === undefined ? '' : ` ${while_}`}.` });
    this[TOOL_TIMEOUT] = true;
    this.name = 'ToolTimeoutError';
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }

  static override isInstance(error: unknown): error is ToolTimeoutError {
    return hasBrand(error, TOOL_TIMEOUT);
  }
}

/**
 * The reason a run's signal is aborted with when the run is cancelled.
 *
 * @category Errors
 */
export class ToolCancelledError extends TandemError {
  declare private readonly [TOOL_CANCELLED]: true;

  constructor(message = 'The run was cancelled.') {
    super('CANCELLED', { message });
    this[TOOL_CANCELLED] = true;
    this.name = 'ToolCancelledError';
  }

  static override isInstance(error: unknown): error is ToolCancelledError {
    return hasBrand(error, TOOL_CANCELLED);
  }
}
