import { tool } from '@tandem/tools';
import { z } from 'zod';

/**
 * `current_time({ timeZone? })`: the current date and time (ISO 8601 and local form), in an IANA time
 * zone if given.
 *
 * @example
 * ```ts
 * const tools = [currentTimeTool()];
 * ```
 *
 * @category Built-in tools
 */
export function currentTimeTool() {
  return tool({
    name: 'current_time',
    description: 'The current date and time (ISO 8601 and local form), optionally in an IANA time zone such as "Europe/Oslo".',
    input: z.object({ timeZone: z.string().optional().describe('IANA time zone, e.g. "America/New_York"; default: the local one') }),
    execute({ timeZone }) {
      const now = new Date();
      const zone = timeZone === undefined || timeZone === '' ? Intl.DateTimeFormat().resolvedOptions().timeZone : timeZone;
      const local = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'long', timeZone: zone }).format(now);
      return { iso: now.toISOString(), local, timeZone: zone };
    },
  });
}
