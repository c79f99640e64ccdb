import type { ToolResultStatus } from './part.js';
import type { ToolOutput } from './tool-output.js';

/**
 * The outcome of one tool call, as reported in `tool-call-result` events and sent to models.
 *
 * - `status: 'success'` — the tool returned; `result` is its value.
 * - `status: 'error'` — it threw, timed out, was unknown, or got invalid arguments; `result` is the error text.
 * - `status: 'cancelled'` — the run was cancelled or the response was cut off before it could finish.
 *
 * `isError` is `status !== 'success'`, kept for convenience.
 *
 * @category Messages
 */
export interface ToolResult {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly status: ToolResultStatus;
  readonly isError: boolean;
  /** The stored value: the tool's return value, an aggregator's snapshot, or the error text. */
  readonly result: unknown;
  /** What the model is sent for this result. */
  readonly modelInput: ToolOutput;
}
