import type { LanguageModelV1 } from '@tandem/core/spec';
import { loadApiKey, withoutTrailingSlash, type ProviderLimitSettings, type Sleep } from '@tandem/provider-utils';
import { AnthropicMessagesModel } from './anthropic-messages-model.js';
import { anthropicTools, type AnthropicTools } from './anthropic-tools.js';

/**
 * Known Claude model ids (any other string is accepted too).
 *
 * @category Provider
 */
export type AnthropicModelId =
  | 'claude-opus-4-5'
  | 'claude-sonnet-4-5'
  | 'claude-haiku-4-5'
  | 'claude-opus-4-1'
  | 'claude-sonnet-4-0'
  | (string & {});

/**
 * Settings of {@link createAnthropic} (the limits are listed under "Limits" in the README).
 *
 * @category Provider
 */
export interface AnthropicProviderSettings extends ProviderLimitSettings {
  /** API key; default: the `ANTHROPIC_API_KEY` environment variable, read at call time. */
  readonly apiKey?: string;
  /** Base URL including the version segment. Default `https://api.anthropic.com/v1`. */
  readonly baseURL?: string;
  /** Extra headers for every request (e.g. `anthropic-beta`). */
  readonly headers?: { readonly [name: string]: string };
  /** A `fetch` implementation (proxies, tests). Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Retries for 408/409/429/5xx and network failures before the first part (default 2). */
  readonly maxRetries?: number;
  /** The wait between retries (tests replace it). Default: a real, abortable timer. */
  readonly sleep?: Sleep;
  /** Receives non-fatal warnings, such as a provider tool of another vendor being left out. Default: a process warning. */
  readonly warn?: (message: string) => void;
}

/**
 * A configured Anthropic provider: call it with a model id to get a `LanguageModel`.
 *
 * @category Provider
 */
export interface AnthropicProvider {
  /** A Messages API model. */
  (modelId: AnthropicModelId): LanguageModelV1;
  /** Same as calling the provider. */
  messages(modelId: AnthropicModelId): LanguageModelV1;
  /** The provider's text model for an id (every Tandem provider has `languageModel(id)`); the same as calling the provider. */
  languageModel(modelId: AnthropicModelId): LanguageModelV1;
  /** Server-executed tools such as `webSearch()`. */
  readonly tools: AnthropicTools;
}

/**
 * Creates an Anthropic provider for the Messages API.
 *
 * @example
 * ```ts
 * const anthropic = createAnthropic({ apiKey: process.env.MY_KEY, maxRetries: 4 });
 * const model = anthropic('claude-sonnet-4-5');
 * ```
 *
 * @category Provider
 */
export function createAnthropic(settings: AnthropicProviderSettings = {}): AnthropicProvider {
  const baseURL = withoutTrailingSlash(settings.baseURL ?? 'https://api.anthropic.com/v1');
  const config = {
    baseURL,
    apiKey: () =>
      loadApiKey({
        apiKey: settings.apiKey,
        environmentVariableNames: ['ANTHROPIC_API_KEY'],
        description: 'Anthropic',
        factoryName: 'createAnthropic',
      }),
    headers: settings.headers ?? {},
    fetch: settings.fetch,
    maxRetries: settings.maxRetries ?? 2,
    sleep: settings.sleep,
    warn: settings.warn,
    limits: { timeoutMs: settings.timeoutMs, maxRetryAfterMs: settings.maxRetryAfterMs, maxEventBytes: settings.maxEventBytes },
  };
  const create = (modelId: AnthropicModelId) => new AnthropicMessagesModel(modelId, config);
  return Object.assign(create, { messages: create, languageModel: create, tools: anthropicTools });
}

/**
 * The default Anthropic provider: key from `ANTHROPIC_API_KEY`, default base URL.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [anthropic.tools.webSearch({ maxUses: 3 })] });
 * const run = agent.run(anthropic('claude-sonnet-4-5'), [userMessage('What happened today?')]);
 * ```
 *
 * @category Provider
 */
export const anthropic: AnthropicProvider = createAnthropic();
