import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { ToolActivity } from './tool-activity.js';

/** `get_time({ timeZone? })`: the current date and time, in the server's time zone or an IANA one. */
export function getTimeTool(activity: ToolActivity, now: () => Date = () => new Date()) {
  return tool({
    name: 'get_time',
    description: 'The current date and time (a clock).',
    inputSchema: z.object({ timeZone: z.string().optional().describe('IANA time zone such as Europe/Oslo; default: the server’s.') }),
    execute: ({ timeZone }, { signal }) =>
      activity.track(signal, () => {
        const zone = timeZone === undefined || timeZone === '' ? Intl.DateTimeFormat().resolvedOptions().timeZone : timeZone;
        let format: Intl.DateTimeFormat;
        try {
          format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'full', timeStyle: 'medium' });
        } catch {
          throw new RangeError(`Unknown time zone "${zone}"; use an IANA name such as Europe/Oslo or UTC.`);
        }
        return Promise.resolve(`It is ${format.format(now())} (${zone}).`);
      }),
  });
}
