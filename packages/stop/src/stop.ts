import { makeStop } from './make-stop.js';

/**
 * The default stop tool: `makeStop()` — named `stop`, {@link DEFAULT_STOP_DESCRIPTION},
 * messages up to {@link DEFAULT_MAX_MESSAGE_LENGTH} characters. See {@link makeStop} for what happens
 * when the model calls it.
 *
 * @example
 * ```ts
 * import { Agent } from '@tandem/core';
 * import { stop } from '@tandem/stop';
 *
 * const agent = new Agent({ tools: [lookup, stop], system: 'Call `stop` with your answer when done.' });
 * ```
 *
 * @category Stop tool
 */
export const stop = makeStop();
