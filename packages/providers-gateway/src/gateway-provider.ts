import type { LanguageModelV1 } from '@tandem/core/spec';
import { loadApiKey, withoutTrailingSlash, type ProviderLimitSettings, type Sleep } from '@tandem/provider-utils';
import { OpenAIChatLanguageModel } from '@tandem/providers-openai';
import { gatewayProviderTool, gatewayTools } from './gateway-tools.js';

const KEY_VARIABLES = ['TANDEM_GATEWAY_API_KEY', 'AI_GATEWAY_API_KEY'] as const;

/**
 * Options of {@link createGateway}.
 *
 * @category Provider
 */
export interface GatewayProviderSettings extends ProviderLimitSettings {
  /** API key; default: `TANDEM_GATEWAY_API_KEY`, else `AI_GATEWAY_API_KEY`, read at call time. */
  readonly apiKey?: string;
  /**
   * Base URL of the gateway's OpenAI-compatible API, including the version segment. Default:
   * `TANDEM_GATEWAY_BASE_URL`, else `https://ai-gateway.vercel.sh/v1`.
   */
  readonly baseURL?: string;
  /** Extra headers sent with every request. */
  readonly headers?: { readonly [name: string]: string };
  readonly fetch?: typeof fetch;
  /** Retries of 408/409/429/5xx and network failures before the first part (default 2). */
  readonly maxRetries?: number;
  /** The retry wait; tests pass one that does not wait. */
  readonly sleep?: Sleep;
}

/**
 * A gateway provider: call it with a gateway model id such as `openai/gpt-5` or `anthropic/claude-sonnet-4`.
 *
 * @example
 * ```ts
 * const model = gateway('openai/gpt-5-mini'); // the same as gateway.languageModel('openai/gpt-5-mini')
 * const search = gateway.tools.perplexitySearch({ maxResults: 5 });
 * ```
 *
 * @category Provider
 */
export interface GatewayProvider {
  (modelId: string): LanguageModelV1;
  /** The provider's text model for an id (every Tandem provider has `languageModel(id)`); the same as calling the provider. */
  languageModel(modelId: string): LanguageModelV1;
  /** Same as calling the provider: a Chat Completions model through the gateway. */
  chat(modelId: string): LanguageModelV1;
  /** Tools the gateway executes. */
  readonly tools: typeof gatewayTools;
}

/**
 * Creates a provider for an OpenAI-compatible AI gateway (`POST {baseURL}/chat/completions`, bearer key).
 * The gateway's own tools (`gateway.tools.perplexitySearch`) are sent in `tools` and their results come
 * back as `builtin-tool-*` parts; per-call options go in `providerOptions.gateway` (the OpenAI fields).
 *
 * @example
 * ```ts
 * import { createGateway } from '@tandem/providers-gateway';
 *
 * const gateway = createGateway({ baseURL: 'https://gateway.internal.example/v1', apiKey: process.env.MY_GATEWAY_KEY });
 * const model = gateway('anthropic/claude-sonnet-4');
 * ```
 *
 * @category Provider
 */
export function createGateway(settings: GatewayProviderSettings = {}): GatewayProvider {
  const apiKey = (): string =>
    loadApiKey({ apiKey: settings.apiKey, environmentVariableNames: KEY_VARIABLES, description: 'Gateway', factoryName: 'createGateway' });
  const chat = (modelId: string): LanguageModelV1 =>
    new OpenAIChatLanguageModel(modelId, {
      provider: 'gateway',
      label: 'Gateway',
      providerOptionsKey: 'gateway',
      baseURL: withoutTrailingSlash(settings.baseURL ?? envBaseURL() ?? 'https://ai-gateway.vercel.sh/v1'),
      headers: () => ({ authorization: `Bearer ${apiKey()}`, ...settings.headers }),
      secrets: () => [settings.apiKey, ...KEY_VARIABLES.map((name) => env(name))],
      fetch: settings.fetch,
      maxRetries: settings.maxRetries,
      sleep: settings.sleep,
      timeoutMs: settings.timeoutMs,
      maxRetryAfterMs: settings.maxRetryAfterMs,
      maxEventBytes: settings.maxEventBytes,
      providerTool: gatewayProviderTool,
      builtinToolName: 'perplexity_search',
    });
  return Object.assign((modelId: string) => chat(modelId), { languageModel: chat, chat, tools: gatewayTools });
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
  const value = env('TANDEM_GATEWAY_BASE_URL');
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The default gateway provider (key from `TANDEM_GATEWAY_API_KEY` / `AI_GATEWAY_API_KEY`).
 *
 * @example
 * ```ts
 * import { gateway } from '@tandem/providers-gateway';
 * const run = agent.run(gateway('openai/gpt-5'), [userMessage('Hello')]);
 * ```
 *
 * @category Provider
 */
export const gateway: GatewayProvider = createGateway();
