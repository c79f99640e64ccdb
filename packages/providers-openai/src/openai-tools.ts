import type { ProviderToolDefinition } from '@tandem/core/spec';

/**
 * Arguments of {@link openaiTools.webSearch}.
 *
 * @category Provider tools
 */
export interface OpenAIWebSearchArgs {
  /** How much search context the model gets: `low`, `medium` (default) or `high`. */
  readonly searchContextSize?: 'low' | 'medium' | 'high';
  /** Approximate user location to localise results. */
  readonly userLocation?: {
    readonly type: 'approximate';
    readonly city?: string;
    readonly region?: string;
    readonly country?: string;
    readonly timezone?: string;
  };
  /** Restrict results to these domains. */
  readonly allowedDomains?: readonly string[];
}

/**
 * OpenAI's provider-executed tools. Pass them in an agent's `tools` like any other tool; OpenAI runs them
 * and their calls and results arrive as `builtin-tool-call` / `builtin-tool-result` parts.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [openai.tools.webSearch({ searchContextSize: 'low' })] });
 * ```
 *
 * @category Provider tools
 */
export const openaiTools = {
  /**
   * Web search (`{"type":"web_search"}` on the Responses API; `web_search_options` on Chat Completions
   * with search models). Id `openai.web_search`.
   */
  webSearch(args: OpenAIWebSearchArgs = {}): ProviderToolDefinition {
    return { kind: 'provider', id: 'openai.web_search', name: 'web_search', args: { ...args } };
  },
};
