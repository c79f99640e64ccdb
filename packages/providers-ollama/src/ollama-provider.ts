import type { LanguageModelV1 } from '@tandem/core/spec';
import { withoutTrailingSlash, type ProviderLimitSettings, type Sleep } from '@tandem/provider-utils';
import { OpenAIChatLanguageModel } from '@tandem/providers-openai';

/**
 * Options of {@link createOllama}.
 *
 * @category Provider
 */
export interface OllamaProviderSettings extends ProviderLimitSettings {
  /**
   * Base URL of the OpenAI-compatible API, including `/v1`. Default: `OLLAMA_BASE_URL`, else
   * `http://<OLLAMA_HOST>/v1`, else `http://localhost:11434/v1`.
   */
  readonly baseURL?: string;
  /** Optional bearer token for servers or proxies that require one (default: `OLLAMA_API_KEY` when set). */
  readonly apiKey?: string;
  /** Extra headers sent with every request. */
  readonly headers?: { readonly [name: string]: string };
  readonly fetch?: typeof fetch;
  /** Retries of 408/409/429/5xx and network failures before the first part (default 2). */
  readonly maxRetries?: number;
  /** The retry wait; tests pass one that does not wait. */
  readonly sleep?: Sleep;
  /** Provider name reported by models (default `ollama`); use it for other OpenAI-compatible servers. */
  readonly name?: string;
}

/**
 * An Ollama (or other OpenAI-compatible) provider: call it with a model id.
 *
 * @example
 * ```ts
 * const model = ollama('llama3.2'); // the same as ollama.languageModel('llama3.2')
 * ```
 *
 * @category Provider
 */
export interface OllamaProvider {
  (modelId: string): LanguageModelV1;
  /** The provider's text model for an id (every Tandem provider has `languageModel(id)`); the same as calling the provider. */
  languageModel(modelId: string): LanguageModelV1;
  /** Same as calling the provider: a Chat Completions model. */
  chat(modelId: string): LanguageModelV1;
}

/**
 * Creates a provider for Ollama or any server speaking OpenAI Chat Completions (vLLM, llama.cpp
 * server, LM Studio, …). No API key is needed; one is sent as a bearer token when given. Streams with
 * `stream_options.include_usage`, sends `max_tokens`, and reads reasoning from the `reasoning` /
 * `reasoning_content` delta fields. Per-call options go in `providerOptions.ollama` (same fields as
 * `providerOptions.openai`, e.g. `reasoningEffort`).
 *
 * @example
 * ```ts
 * import { createOllama } from '@tandem/providers-ollama';
 *
 * const lmStudio = createOllama({ baseURL: 'http://localhost:1234/v1', name: 'lmstudio' });
 * const model = lmStudio('qwen3-8b');
 * ```
 *
 * @category Provider
 */
export function createOllama(settings: OllamaProviderSettings = {}): OllamaProvider {
  const name = settings.name ?? 'ollama';
  const apiKey = (): string | undefined => settings.apiKey ?? (nonEmpty(env('OLLAMA_API_KEY')) ? env('OLLAMA_API_KEY') : undefined);
  const chat = (modelId: string): LanguageModelV1 =>
    new OpenAIChatLanguageModel(modelId, {
      provider: name,
      label: name === 'ollama' ? 'Ollama' : name,
      providerOptionsKey: name,
      baseURL: withoutTrailingSlash(settings.baseURL ?? defaultBaseURL()),
      headers: () => {
        const key = apiKey();
        return { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...settings.headers };
      },
      secrets: () => [apiKey()],
      fetch: settings.fetch,
      maxRetries: settings.maxRetries,
      sleep: settings.sleep,
      timeoutMs: settings.timeoutMs,
      maxRetryAfterMs: settings.maxRetryAfterMs,
      maxEventBytes: settings.maxEventBytes,
      maxTokensField: 'max_tokens',
      providerTool: () => undefined,
    });
  return Object.assign((modelId: string) => chat(modelId), { languageModel: chat, chat });
}

function env(name: string): string | undefined {
  // No `process` in browsers and workerd; Deno throws without --allow-env.
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  } catch {
    return undefined;
  }
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function defaultBaseURL(): string {
  const base = env('OLLAMA_BASE_URL');
  if (nonEmpty(base)) return base;
  const host = env('OLLAMA_HOST');
  if (nonEmpty(host)) return `${/^https?:\/\//.test(host) ? host : `http://${host}`}/v1`;
  return 'http://localhost:11434/v1';
}

/**
 * The default Ollama provider (`http://localhost:11434/v1`, or `OLLAMA_BASE_URL` / `OLLAMA_HOST`).
 *
 * @example
 * ```ts
 * import { ollama } from '@tandem/providers-ollama';
 * const run = agent.run(ollama('llama3.2'), [userMessage('Hello')]);
 * ```
 *
 * @category Provider
 */
export const ollama: OllamaProvider = createOllama();
