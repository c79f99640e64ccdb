import { registerSecret } from '@tandem/core/spec';
import { LoadAPIKeyError } from './load-api-key-error.js';

/**
 * Options of {@link loadApiKey}.
 *
 * @category API keys
 */
export interface LoadApiKeyOptions {
  /** The key given in code; wins over the environment. */
  readonly apiKey: string | undefined;
  /** Environment variables to try, in order, e.g. `['OPENAI_API_KEY']`. */
  readonly environmentVariableNames: readonly string[];
  /** Vendor name for the message, e.g. `OpenAI`. */
  readonly description: string;
  /** The factory that takes the `apiKey` option, for the message, e.g. `createOpenAI`. */
  readonly factoryName: string;
}

/**
 * Returns the API key from the option or the first set environment variable. Call it lazily (per request)
 * so a key set after the provider was created is picked up. The key is registered with `registerSecret()`,
 * so no Tandem error ever shows it.
 *
 * @throws {@link LoadAPIKeyError} when no key is found.
 *
 * @example
 * ```ts
 * const key = loadApiKey({ apiKey: options.apiKey, environmentVariableNames: ['OPENAI_API_KEY'], description: 'OpenAI', factoryName: 'createOpenAI' });
 * ```
 *
 * @category API keys
 */
export function loadApiKey(options: LoadApiKeyOptions): string {
  if (typeof options.apiKey === 'string' && options.apiKey.length > 0) {
    registerSecret(options.apiKey);
    return options.apiKey;
  }
  const env = environment();
  for (const name of options.environmentVariableNames) {
    const value = env[name];
    if (typeof value === 'string' && value.length > 0) {
      registerSecret(value);
      return value;
    }
  }
  const variables = options.environmentVariableNames.join(' or ');
  throw new LoadAPIKeyError({
    message: `${options.description} API key is missing. Pass it as the apiKey option of ${options.factoryName}() or set the ${variables} environment variable.`,
  });
}

/** The process environment where the runtime has one (Node, Bun, Deno with --allow-env); else empty. */
function environment(): Record<string, string | undefined> {
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  } catch {
    return {};
  }
}
