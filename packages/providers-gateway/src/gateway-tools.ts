import type { ProviderToolDefinition } from '@tandem/core/spec';
import { z } from 'zod';

/**
 * Arguments of {@link gatewayTools.perplexitySearch}, validated when the tool is created.
 *
 * @example
 * ```ts
 * const args: PerplexitySearchArgs = { maxResults: 5, searchRecencyFilter: 'week' };
 * ```
 *
 * @category Provider tools
 */
export const PerplexitySearchArgs = z.object({
  /** Most results to use, 1–20 (gateway default 10). */
  maxResults: z.number().int().min(1).max(20).optional(),
  /** Most tokens extracted per page. */
  maxTokensPerPage: z.number().int().positive().optional(),
  /** Only (or, prefixed with `-`, never) these domains. */
  searchDomainFilter: z.array(z.string()).optional(),
  /**
   * Only results from the last day, week, month or year.
   *
   * @enumMember day The last 24 hours.
   * @enumMember week The last 7 days.
   * @enumMember month The last 30 days.
   * @enumMember year The last 365 days.
   */
  searchRecencyFilter: z.enum(['day', 'week', 'month', 'year']).optional(),
  /** ISO 3166-1 alpha-2 country to localise results. */
  country: z.string().length(2).optional(),
});
/**
 * Arguments of {@link gatewayTools.perplexitySearch}.
 *
 * @category Provider tools
 */
export type PerplexitySearchArgs = z.infer<typeof PerplexitySearchArgs>;

/**
 * The gateway's provider-executed tools. The gateway runs them; their results arrive as
 * `builtin-tool-call` / `builtin-tool-result` parts.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [gateway.tools.perplexitySearch({ maxResults: 5 })] });
 * ```
 *
 * @category Provider tools
 */
export const gatewayTools = {
  /**
   * Web search by Perplexity, run by the gateway (id `gateway.perplexity_search`). Sent as
   * `{"type":"perplexity_search","perplexity_search":{"max_results":5,…}}` in `tools`.
   *
   * @throws `ZodError` for invalid arguments (e.g. `maxResults` outside 1–20).
   */
  perplexitySearch(args: PerplexitySearchArgs = {}): ProviderToolDefinition {
    return { kind: 'provider', id: 'gateway.perplexity_search', name: 'perplexity_search', args: PerplexitySearchArgs.parse(args) };
  },
};

/**
 * The wire form of a gateway provider tool, or `undefined` for tools that are not the gateway's.
 * @internal
 */
export function gatewayProviderTool(tool: ProviderToolDefinition): { tool: unknown } | undefined {
  if (tool.id !== 'gateway.perplexity_search') return undefined;
  const args = PerplexitySearchArgs.parse(tool.args);
  const options: { [key: string]: unknown } = {
    max_results: args.maxResults,
    max_tokens_per_page: args.maxTokensPerPage,
    search_domain_filter: args.searchDomainFilter,
    search_recency_filter: args.searchRecencyFilter,
    country: args.country,
  };
  return {
    tool: {
      type: 'perplexity_search',
      perplexity_search: Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
    },
  };
}
