import type { ProviderToolDefinition } from '@tandem/core/spec';

/**
 * Options of {@link anthropicTools}`.webSearch()`.
 *
 * @category Provider tools
 */
export interface AnthropicWebSearchOptions {
  /** How many searches the model may run in one request. */
  readonly maxUses?: number;
  /** Only search these domains (cannot be combined with `blockedDomains`). */
  readonly allowedDomains?: readonly string[];
  /** Never search these domains. */
  readonly blockedDomains?: readonly string[];
  /** Approximate location of the user, to localise results. */
  readonly userLocation?: {
    readonly type: 'approximate';
    readonly city?: string;
    readonly region?: string;
    /** ISO 3166-1 alpha-2 country code. */
    readonly country?: string;
    /** IANA time zone, e.g. `Europe/Berlin`. */
    readonly timezone?: string;
  };
}

/**
 * Tools Anthropic executes on its own servers. Pass them in an agent's or `stream()`'s `tools`; the
 * calls and results appear as `builtin-tool-call` / `builtin-tool-result` parts and round-trip in history.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [anthropic.tools.webSearch({ maxUses: 3 })] });
 * ```
 *
 * @category Provider tools
 */
export const anthropicTools = {
  /**
   * Web search (`web_search_20250305`). The model decides when to search; each search is billed.
   *
   * @example
   * ```ts
   * anthropic.tools.webSearch({ maxUses: 5, allowedDomains: ['nodejs.org'] });
   * ```
   */
  webSearch(options: AnthropicWebSearchOptions = {}): ProviderToolDefinition {
    return { kind: 'provider', id: 'anthropic.web_search', name: 'web_search', args: { ...options } };
  },
} as const;

/**
 * The provider tools of {@link anthropicTools}.
 *
 * @category Provider tools
 */
export type AnthropicTools = typeof anthropicTools;

/**
 * Converts a Tandem provider tool to its Messages API `tools` entry, or `undefined` when it is not an
 * Anthropic tool this package knows.
 * @internal
 */
export function toAnthropicProviderTool(tool: ProviderToolDefinition): { type: string; name: string; [key: string]: unknown } | undefined {
  if (tool.id !== 'anthropic.web_search') return undefined;
  const args = tool.args as AnthropicWebSearchOptions;
  return {
    type: 'web_search_20250305',
    name: tool.name,
    ...(args.maxUses === undefined ? {} : { max_uses: args.maxUses }),
    ...(args.allowedDomains === undefined ? {} : { allowed_domains: args.allowedDomains }),
    ...(args.blockedDomains === undefined ? {} : { blocked_domains: args.blockedDomains }),
    ...(args.userLocation === undefined ? {} : { user_location: args.userLocation }),
  };
}
