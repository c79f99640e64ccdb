import type { ProviderLimitSettings, Sleep } from '@tandem/provider-utils';

/**
 * What an OpenAI-style model needs to make calls: where, with which headers, and how to retry.
 * `createOpenAI()` builds it; OpenAI-compatible providers (Ollama, gateways) build their own.
 *
 * @example
 * ```ts
 * const config: OpenAIConfig = {
 *   provider: 'ollama', label: 'Ollama', providerOptionsKey: 'ollama',
 *   baseURL: 'http://localhost:11434/v1', headers: () => ({}),
 * };
 * ```
 *
 * @category Wire format
 */
export interface OpenAIConfig extends ProviderLimitSettings {
  /** Provider name reported by the model, e.g. `openai.responses`, `ollama`. */
  readonly provider: string;
  /** Vendor name used in error messages, e.g. `OpenAI`. */
  readonly label: string;
  /** Key of `providerOptions` and `providerMetadata` this model reads and writes, e.g. `openai`. */
  readonly providerOptionsKey: string;
  /** Base URL including the version segment, without a trailing slash. */
  readonly baseURL: string;
  /** Request headers, computed per call (so the API key is read lazily). */
  readonly headers: () => { readonly [name: string]: string | undefined };
  /** Secrets to scrub from errors, computed per call (normally just the API key). */
  readonly secrets?: () => readonly (string | undefined)[];
  /** The input limit of a model id, where the provider knows it (becomes the model's `maxInputTokens`). */
  readonly maxInputTokens?: (modelId: string) => number | undefined;
  readonly fetch?: typeof fetch;
  /** Default 2. */
  readonly maxRetries?: number;
  /** Retry wait (tests inject one that does not wait). */
  readonly sleep?: Sleep;
}
