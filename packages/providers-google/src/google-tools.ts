import type { ProviderToolDefinition } from '@tandem/core/spec';
import type { GoogleTool } from './google-request.js';

/**
 * Tools Gemini runs itself. Pass them in an agent's or `stream()`'s `tools`.
 *
 * - `googleSearch()` grounds answers in Google Search; the grounding data arrives on the `finish` part
 *   as `providerMetadata.google.groundingMetadata`.
 * - `codeExecution()` lets the model write and run Python; the code and its output appear as
 *   `builtin-tool-call` / `builtin-tool-result` parts named `code_execution`.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [google.tools.googleSearch(), google.tools.codeExecution()] });
 * ```
 *
 * @category Provider tools
 */
export const googleTools = {
  /**
   * Grounding with Google Search.
   *
   * @example
   * ```ts
   * google.tools.googleSearch();
   * ```
   */
  googleSearch(): ProviderToolDefinition {
    return { kind: 'provider', id: 'google.google_search', name: 'google_search', args: {} };
  },
  /**
   * Code execution (Python, run by Google).
   *
   * @example
   * ```ts
   * google.tools.codeExecution();
   * ```
   */
  codeExecution(): ProviderToolDefinition {
    return { kind: 'provider', id: 'google.code_execution', name: 'code_execution', args: {} };
  },
} as const;

/**
 * The provider tools of {@link googleTools}.
 *
 * @category Provider tools
 */
export type GoogleTools = typeof googleTools;

/**
 * The Gemini `tools` entry of a Tandem provider tool, or `undefined` when it is not a Google tool.
 * @internal
 */
export function toGoogleProviderTool(tool: ProviderToolDefinition): GoogleTool | undefined {
  if (tool.id === 'google.google_search') return { googleSearch: {} };
  if (tool.id === 'google.code_execution') return { codeExecution: {} };
  return undefined;
}
