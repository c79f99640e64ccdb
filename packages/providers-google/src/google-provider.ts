import type { BidiModelV1, LanguageModelV1 } from '@tandem/core/spec';
import { emitProviderWarning, loadApiKey, withoutTrailingSlash, type ProviderLimitSettings, type Sleep } from '@tandem/provider-utils';
import { defaultGenerateId, GoogleGenerativeAIModel } from './google-generative-ai-model.js';
import { googleTools, type GoogleTools } from './google-tools.js';
import { GoogleLiveModel } from './live/google-live-model.js';
import type { GoogleLiveSettings } from './live/google-live-settings.js';

/**
 * Known Gemini model ids (any other string is accepted too).
 *
 * @category Provider
 */
export type GoogleModelId =
  | 'gemini-2.5-pro'
  | 'gemini-2.5-flash'
  | 'gemini-2.5-flash-lite'
  | 'gemini-3-pro-preview'
  | 'gemini-flash-latest'
  | (string & {});

/**
 * Known Gemini Live model ids (any other string is accepted too). @example `google.live('gemini-live-2.5-flash-preview')`
 *
 * @category Provider
 */
export type GoogleLiveModelId =
  | 'gemini-2.5-flash-native-audio-preview-12-2025'
  | 'gemini-live-2.5-flash-preview'
  | 'gemini-3.1-flash-live-preview'
  | (string & {});

/**
 * Settings of {@link createGoogleGenerativeAI} (the limits are listed under "Limits" in the README).
 *
 * @category Provider
 */
export interface GoogleProviderSettings extends ProviderLimitSettings {
  /** API key; default: `GOOGLE_GENERATIVE_AI_API_KEY`, then `GEMINI_API_KEY`, read at call time. */
  readonly apiKey?: string;
  /** Base URL including the version segment. Default `https://generativelanguage.googleapis.com/v1beta`. */
  readonly baseURL?: string;
  /** Extra headers for every request. */
  readonly headers?: { readonly [name: string]: string };
  /** A `fetch` implementation (proxies, tests). Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Retries for 408/409/429/5xx and network failures before the first part (default 2). */
  readonly maxRetries?: number;
  /** The wait between retries (tests replace it). */
  readonly sleep?: Sleep;
  /** Receives non-fatal warnings. Default: a process warning. */
  readonly warn?: (message: string) => void;
  /** Ids for function calls that arrive without one (Gemini 2.x). Default: `call_<uuid>`. */
  readonly generateId?: () => string;
}

/**
 * A configured Gemini provider: call it with a model id to get a `LanguageModel`.
 *
 * @category Provider
 */
export interface GoogleProvider {
  (modelId: GoogleModelId): LanguageModelV1;
  /** The provider's text model for an id (every Tandem provider has `languageModel(id)`); the same as calling the provider. */
  languageModel(modelId: GoogleModelId): LanguageModelV1;
  /** Gemini-executed tools: `googleSearch()`, `codeExecution()`. */
  readonly tools: GoogleTools;
  /**
   * A Gemini Live speech-to-speech model (`BidiGenerateContent` over WebSocket, through `@google/genai`),
   * for `BidiAgent` from `@tandem/bidi`.
   */
  live(modelId: GoogleLiveModelId, settings?: GoogleLiveSettings): BidiModelV1;
  /**
   * The generic name of a realtime model that every provider with one has, and the one the provider
   * registry calls (`resolveBidiModel('google:gemini-live-2.5-flash-preview')`, `BidiAgent` with a model id string): the same
   * as {@link GoogleProvider.live} with default settings.
   */
  bidi(modelId: GoogleLiveModelId): BidiModelV1;
}

/**
 * Creates a Gemini provider (Gemini Developer API).
 *
 * @example
 * ```ts
 * const google = createGoogleGenerativeAI({ apiKey: process.env.MY_GEMINI_KEY });
 * const model = google('gemini-2.5-flash');
 * const voice = google.live('gemini-2.5-flash-native-audio-preview-12-2025'); // Gemini Live (bidi)
 * ```
 *
 * @category Provider
 */
export function createGoogleGenerativeAI(settings: GoogleProviderSettings = {}): GoogleProvider {
  const config = {
    baseURL: withoutTrailingSlash(settings.baseURL ?? 'https://generativelanguage.googleapis.com/v1beta'),
    apiKey: () =>
      loadApiKey({
        apiKey: settings.apiKey,
        environmentVariableNames: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'],
        description: 'Google Gemini',
        factoryName: 'createGoogleGenerativeAI',
      }),
    headers: settings.headers ?? {},
    fetch: settings.fetch,
    maxRetries: settings.maxRetries ?? 2,
    sleep: settings.sleep,
    warn: settings.warn,
    generateId: settings.generateId ?? defaultGenerateId,
    limits: { timeoutMs: settings.timeoutMs, maxRetryAfterMs: settings.maxRetryAfterMs, maxEventBytes: settings.maxEventBytes },
  };
  const create = (modelId: GoogleModelId) => new GoogleGenerativeAIModel(modelId, config);
  const live = (modelId: GoogleLiveModelId, liveSettings: GoogleLiveSettings = {}): BidiModelV1 =>
    new GoogleLiveModel(modelId, {
      provider: 'google.live',
      baseURL: config.baseURL,
      apiKey: config.apiKey,
      headers: config.headers,
      generateId: config.generateId,
      warn: config.warn ?? emitProviderWarning,
      settings: liveSettings,
    });
  const bidi = (modelId: GoogleLiveModelId): BidiModelV1 => live(modelId);
  return Object.assign(create, { languageModel: create, tools: googleTools, live, bidi });
}

/**
 * Alias of {@link createGoogleGenerativeAI}. @example `const google = createGoogle({ apiKey });`
 *
 * @category Provider
 */
export const createGoogle = createGoogleGenerativeAI;

/**
 * The default Gemini provider: key from `GOOGLE_GENERATIVE_AI_API_KEY` or `GEMINI_API_KEY`.
 *
 * @example
 * ```ts
 * const run = new Agent({ tools }).run(google('gemini-2.5-flash'), [userMessage('Hi')]);
 * ```
 *
 * @category Provider
 */
export const google: GoogleProvider = createGoogleGenerativeAI();
