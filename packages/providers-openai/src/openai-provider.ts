import type { BidiModelV1, LanguageModelV1 } from '@tandem/core/spec';
import { openaiMaxInputTokens } from './openai-max-input-tokens.js';
import { loadApiKey, withoutTrailingSlash, type ProviderLimitSettings, type Sleep } from '@tandem/provider-utils';
import { OpenAIChatLanguageModel } from './chat/openai-chat-language-model.js';
import type { OpenAIConfig } from './openai-config.js';
import { openaiTools } from './openai-tools.js';
import { OpenAIResponsesLanguageModel } from './responses/openai-responses-language-model.js';
import { OpenAIRealtimeModel } from './realtime/openai-realtime-model.js';
import type { OpenAIRealtimeOptions } from './realtime/openai-realtime-options.js';

/**
 * Options of {@link createOpenAI} (the limits are listed under "Limits" in the README).
 *
 * @category Provider
 */
export interface OpenAIProviderSettings extends ProviderLimitSettings {
  /** API key; default: the `OPENAI_API_KEY` environment variable, read at call time. */
  readonly apiKey?: string;
  /** Base URL including the version segment. Default `https://api.openai.com/v1` (or `OPENAI_BASE_URL`). */
  readonly baseURL?: string;
  /** `OpenAI-Organization` header. */
  readonly organization?: string;
  /** `OpenAI-Project` header. */
  readonly project?: string;
  /** Extra headers sent with every request. */
  readonly headers?: { readonly [name: string]: string };
  /** Custom `fetch` (proxies, tests). */
  readonly fetch?: typeof fetch;
  /** Retries of 408/409/429/5xx and network failures before the first part (default 2). */
  readonly maxRetries?: number;
  /** The retry wait; tests pass one that does not wait. */
  readonly sleep?: Sleep;
  /** Provider name reported by models (default `openai`). */
  readonly name?: string;
}

/**
 * An OpenAI provider: call it with a model id for a Responses API model.
 *
 * @example
 * ```ts
 * const model = openai('gpt-5');          // Responses API; the same as openai.languageModel('gpt-5')
 * const chat = openai.chat('gpt-4.1');     // Chat Completions
 * const voice = openai.realtime('gpt-realtime'); // Realtime API (bidi); also openai.bidi(id)
 * const search = openai.tools.webSearch(); // provider-executed web search
 * ```
 *
 * @category Provider
 */
export interface OpenAIProvider {
  (modelId: string): LanguageModelV1;
  /**
   * The provider's default text model for an id — every Tandem provider has `languageModel(id)`; here the
   * same as calling the provider, i.e. {@link OpenAIProvider.responses}.
   */
  languageModel(modelId: string): LanguageModelV1;
  /** A model on the Responses API (`POST /responses`). */
  responses(modelId: string): LanguageModelV1;
  /** A model on Chat Completions (`POST /chat/completions`). */
  chat(modelId: string): LanguageModelV1;
  /**
   * A speech-to-speech model on the Realtime API (WebSocket `{baseURL}/realtime`), for `BidiAgent`.
   * @throws TypeError or RangeError for invalid options.
   */
  realtime(modelId: string, options?: OpenAIRealtimeOptions): BidiModelV1;
  /**
   * The generic name of a realtime model that every provider with one has, and the one the provider
   * registry calls (`resolveBidiModel('openai:gpt-realtime')`, `BidiAgent` with a model id string): the same
   * as {@link OpenAIProvider.realtime} with default options.
   */
  bidi(modelId: string): BidiModelV1;
  /** Provider-executed tools. */
  readonly tools: typeof openaiTools;
}

/**
 * Creates an OpenAI provider. The API key is read when a call is made (from `apiKey` or
 * `OPENAI_API_KEY`); a missing key fails that call with `LoadAPIKeyError`. Keys never appear in errors.
 *
 * @example
 * ```ts
 * import { createOpenAI } from '@tandem/providers-openai';
 *
 * const openai = createOpenAI({ apiKey: process.env.MY_OPENAI_KEY, maxRetries: 4 });
 * const model = openai('gpt-5-mini');
 * ```
 *
 * @category Provider
 */
export function createOpenAI(settings: OpenAIProviderSettings = {}): OpenAIProvider {
  const name = settings.name ?? 'openai';
  const apiKey = (): string =>
    loadApiKey({ apiKey: settings.apiKey, environmentVariableNames: ['OPENAI_API_KEY'], description: 'OpenAI', factoryName: 'createOpenAI' });
  const config = (api: 'responses' | 'chat'): OpenAIConfig => ({
    provider: `${name}.${api}`,
    label: 'OpenAI',
    providerOptionsKey: 'openai',
    baseURL: withoutTrailingSlash(settings.baseURL ?? envBaseURL() ?? 'https://api.openai.com/v1'),
    headers: () => ({
      authorization: `Bearer ${apiKey()}`,
      'openai-organization': settings.organization,
      'openai-project': settings.project,
      ...settings.headers,
    }),
    secrets: () => [settings.apiKey ?? env('OPENAI_API_KEY')],
    maxInputTokens: openaiMaxInputTokens,
    fetch: settings.fetch,
    maxRetries: settings.maxRetries,
    sleep: settings.sleep,
    timeoutMs: settings.timeoutMs,
    maxRetryAfterMs: settings.maxRetryAfterMs,
    maxEventBytes: settings.maxEventBytes,
  });
  const responses = (modelId: string): LanguageModelV1 => new OpenAIResponsesLanguageModel(modelId, config('responses'));
  const chat = (modelId: string): LanguageModelV1 => new OpenAIChatLanguageModel(modelId, config('chat'));
  const realtime = (modelId: string, options: OpenAIRealtimeOptions = {}): BidiModelV1 => {
    const base = config('responses');
    return new OpenAIRealtimeModel(modelId, {
      ...options,
      provider: `${name}.realtime`,
      baseURL: base.baseURL,
      headers: base.headers,
      secrets: base.secrets ?? (() => []),
    });
  };
  const bidi = (modelId: string): BidiModelV1 => realtime(modelId);
  const provider = (modelId: string): LanguageModelV1 => responses(modelId);
  return Object.assign(provider, { languageModel: responses, responses, chat, realtime, bidi, tools: openaiTools });
}

function env(name: string): string | undefined {
  // No `process` in browsers and workerd; Deno throws without --allow-env.
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  } catch {
    return undefined;
  }
}

function envBaseURL(): string | undefined {
  const value = env('OPENAI_BASE_URL');
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The default OpenAI provider (`OPENAI_API_KEY`, `https://api.openai.com/v1`).
 *
 * @example
 * ```ts
 * import { openai } from '@tandem/providers-openai';
 * const run = agent.run(openai('gpt-5'), [userMessage('Hello')]);
 * ```
 *
 * @category Provider
 */
export const openai: OpenAIProvider = createOpenAI();
