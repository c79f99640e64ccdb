import { sleep, type FunctionTool } from '@tandem/core';
import { makeStop } from '@tandem/stop';
import { tool } from '@tandem/tools';
import { z } from 'zod';

/** The seed's timer: waits without blocking the conversation; the caller keeps talking while it runs. */
export const setTimer = tool({
  name: 'set_timer',
  description: 'Start a timer and report when it finishes.',
  input: z.object({ seconds: z.number().int().min(1).max(3600).describe('Number of seconds to wait.') }),
  async execute({ seconds }, { signal }) {
    await sleep(seconds * 1000, signal);
    return `Your ${String(seconds)}-second timer has finished.`;
  },
});

/** Hangs up: ends the conversation, which closes the Media Stream and ends the `<Connect>` (and so the call). */
export const endCall = makeStop({
  name: 'end_call',
  description: 'Hang up the phone call when the caller says goodbye or asks to end the call.',
});

/** The phone agent's tools. */
export const phoneTools: readonly FunctionTool[] = [setTimer, endCall] as readonly FunctionTool[];
