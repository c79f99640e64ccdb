import { slidingWindow, summarize, type AgentOptions } from '@tandem/core';
import type { ContextMode } from '../options.js';

/** Past this many estimated input tokens a chat summarizes (or windows) its older turns. */
export const CHAT_CONTEXT_TOKENS = 100_000;

/**
 * The `context` of `tandem chat`'s agent for `--context` (default `summarize`): older turns summarized by the
 * chat's model once the conversation passes 100,000 tokens (the summary is stored in the session, so
 * `--continue` starts from it), a window of the newest turns within that budget, or none.
 */
export function chatContext(mode: ContextMode = 'summarize'): Pick<AgentOptions, 'context'> {
  if (mode === 'none') return {};
  if (mode === 'window') return { context: slidingWindow({ maxTokens: CHAT_CONTEXT_TOKENS }) };
  return { context: summarize({ triggerTokens: CHAT_CONTEXT_TOKENS, keepRecent: 8 }) };
}
