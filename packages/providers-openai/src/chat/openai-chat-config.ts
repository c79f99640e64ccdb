import type { ProviderToolDefinition } from '@tandem/core/spec';
import type { OpenAIConfig } from '../openai-config.js';

/**
 * How a provider tool is put on the wire of a Chat Completions request.
 *
 * @category Wire format
 */
export interface ChatProviderToolMapping {
  /** An entry for the `tools` array. */
  readonly tool?: unknown;
  /** Top-level body fields (e.g. `web_search_options`). */
  readonly body?: { readonly [key: string]: unknown };
}

/**
 * Configuration of a Chat Completions model: {@link OpenAIConfig} plus the dialect details in which
 * OpenAI-compatible servers differ.
 *
 * @example
 * ```ts
 * const model = new OpenAIChatLanguageModel('llama3.2', {
 *   provider: 'ollama', label: 'Ollama', providerOptionsKey: 'ollama',
 *   baseURL: 'http://localhost:11434/v1', headers: () => ({}), maxTokensField: 'max_tokens',
 * });
 * ```
 *
 * @category Wire format
 */
export interface OpenAIChatConfig extends OpenAIConfig {
  /** Field for `maxOutputTokens`: `max_completion_tokens` (OpenAI, default) or `max_tokens` (most compatible servers). */
  readonly maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /** Maps a provider tool to the wire; `undefined` leaves it out with a warning. Default: OpenAI web search. */
  readonly providerTool?: (tool: ProviderToolDefinition) => ChatProviderToolMapping | undefined;
  /** Tool name of the builtin call reported for `url_citation` annotations (default `web_search`). */
  readonly builtinToolName?: string;
  /** Send assistant reasoning back as `reasoning_content` (default false). */
  readonly sendReasoning?: boolean;
}
