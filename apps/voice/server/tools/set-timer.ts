import { sleep } from '@tandem/core';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { ToolActivity } from './tool-activity.js';

/**
 * `set_timer({ seconds })`: waits, then reports that the timer finished. The conversation goes on while
 * it waits; ending the conversation aborts the wait.
 */
export function setTimerTool(activity: ToolActivity) {
  return tool({
    name: 'set_timer',
    description: 'Start a timer and report when it finishes.',
    inputSchema: z.object({ seconds: z.number().int().min(1).max(3600).describe('Number of seconds to wait (1 to 3600).') }),
    execute: ({ seconds }, { signal }) =>
      activity.track(signal, async () => {
        await sleep(seconds * 1000, signal);
        return `Your ${String(seconds)}-second timer has finished.`;
      }),
  });
}
