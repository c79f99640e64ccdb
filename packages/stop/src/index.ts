/**
 * Tandem stop: the {@link stop} tool, which lets the model end the agent loop gracefully, and stop
 * conditions for `new Agent({ stopWhen })`.
 *
 * @packageDocumentation
 */
export { DEFAULT_MAX_MESSAGE_LENGTH, DEFAULT_STOP_DESCRIPTION, DEFAULT_STOP_MESSAGE } from './stop-constants.js';
export { makeStop, type MakeStopOptions, type StopInput } from './make-stop.js';
export { stop } from './stop.js';
export { stepCountIs } from './stop-conditions/step-count-is.js';
export { hasToolCall } from './stop-conditions/has-tool-call.js';
export { tokenBudget } from './stop-conditions/token-budget.js';
export { anyOf } from './stop-conditions/any-of.js';
export { allOf } from './stop-conditions/all-of.js';
