import type { Usage } from '../spec/language-model/v1/usage.js';

/** Zero usage. @internal */
export const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

/** Sums two usages; optional counters are kept when either side has them. @internal */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: { -readonly [K in keyof Usage]: Usage[K] } = {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
  };
  if (a.cachedInputTokens !== undefined || b.cachedInputTokens !== undefined) {
    sum.cachedInputTokens = (a.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0);
  }
  if (a.reasoningTokens !== undefined || b.reasoningTokens !== undefined) {
    sum.reasoningTokens = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  }
  return sum;
}
