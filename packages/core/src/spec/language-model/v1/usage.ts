/**
 * Token counts for one model call, or summed across the calls of a run.
 *
 * @category Language model spec
 */
export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Input tokens served from the provider's prompt cache (a subset of `inputTokens`). */
  readonly cachedInputTokens?: number;
  /** Output tokens spent on reasoning (a subset of `outputTokens`). */
  readonly reasoningTokens?: number;
}

/**
 * Why a model response ended.
 *
 * @category Language model spec
 */
export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';
