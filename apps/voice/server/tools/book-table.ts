import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { ToolActivity } from './tool-activity.js';

/**
 * `book_table({ time, people? })`: books a restaurant table — a side effect, so every call waits for the
 * user's approval first (spoken, or the page's Approve/Deny buttons). The conversation goes on while it waits.
 */
export function bookTableTool(activity: ToolActivity) {
  return tool({
    name: 'book_table',
    description: 'Book a table at the restaurant. The user approves each booking.',
    inputSchema: z.object({
      time: z.string().min(1).max(40).describe('When, e.g. "19:30" or "tomorrow 8 pm".'),
      people: z.number().int().min(1).max(20).optional().describe('How many people (default 2).'),
    }),
    needsApproval: true,
    execute: ({ time, people = 2 }, { signal }) =>
      activity.track(signal, async () => `Booked a table for ${String(people)} at ${time}.`),
  });
}
