import type { FunctionTool } from '@tandem/core';
import { makeStop } from '@tandem/stop';
import { getTimeTool } from './get-time.js';
import { researchTool } from './research.js';
import { setTimerTool } from './set-timer.js';
import type { ToolActivity } from './tool-activity.js';

/** Settings of {@link voiceTools}. */
export interface VoiceToolsOptions {
  /** Time per source of the research tool (default 1 000 ms). */
  readonly researchStepMs?: number;
}

/**
 * The voice app's tools: `set_timer`, `get_time`, `research` (streaming) and `end_conversation` (the
 * stop tool, which ends the conversation once its group is done).
 */
export function voiceTools(activity: ToolActivity, options: VoiceToolsOptions = {}): FunctionTool[] {
  return [
    setTimerTool(activity),
    getTimeTool(activity),
    researchTool(activity, options.researchStepMs),
    makeStop({ name: 'end_conversation', description: 'End the conversation when the user asks to stop or says goodbye.' }),
  ] as FunctionTool[];
}
