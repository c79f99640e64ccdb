import { tool } from '@tandem/tools';
import { z } from 'zod';

/**
 * The tools every `tandem` session has (source `builtin` in `tandem tools`).
 * - `current_time`: the current date and time, in a time zone if given.
 */
export function builtinTools() {
  return [
    tool({
      name: 'current_time',
      description: 'The current date and time (ISO 8601 and local form), optionally in an IANA time zone such as "Europe/Oslo".',
      inputSchema: z.object({ timeZone: z.string().optional().describe('IANA time zone, e.g. "America/New_York"; default: the local one') }),
      execute({ timeZone }) {
        const now = new Date();
        const zone = timeZone === undefined || timeZone === '' ? Intl.DateTimeFormat().resolvedOptions().timeZone : timeZone;
        const local = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'long', timeZone: zone }).format(now);
        return { iso: now.toISOString(), local, timeZone: zone };
      },
    }),
  ];
}
