import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { Middleware } from './middleware.js';

/**
 * Request settings {@link defaultSettings} fills in.
 *
 * @example
 * ```ts
 * const settings: DefaultSettings = { temperature: 0, maxOutputTokens: 1_000 };
 * ```
 *
 * @category Model middleware
 */
export type DefaultSettings = Partial<Omit<ModelRequest, 'messages' | 'tools'>>;

/**
 * A middleware that fills in settings a request leaves unset (`temperature`, `maxOutputTokens`,
 * `system`, `providerOptions`, …). What the request sets wins; `providerOptions` merge per provider, key
 * by key, the request's keys winning.
 *
 * @example
 * ```ts
 * const model = wrapModel(openai('gpt-5'), defaultSettings({ temperature: 0, providerOptions: { openai: { reasoningEffort: 'low' } } }));
 * ```
 *
 * @category Model middleware
 */
export function defaultSettings(settings: DefaultSettings): Middleware {
  if (typeof settings !== 'object' || settings === null) throw new TypeError('defaultSettings(settings): pass an object of request settings, e.g. { temperature: 0 }.');
  const defaults = { ...settings };
  return {
    transformRequest(request) {
      const merged: Record<string, unknown> = { ...request };
      for (const [key, value] of Object.entries(defaults)) {
        if (key === 'providerOptions' || value === undefined) continue;
        if (merged[key] === undefined) merged[key] = value;
      }
      const providerOptions = mergeProviderOptions(defaults.providerOptions, request.providerOptions);
      if (providerOptions !== undefined) merged['providerOptions'] = providerOptions;
      return merged as unknown as ModelRequest;
    },
  };
}

type ProviderOptions = NonNullable<ModelRequest['providerOptions']>;

function mergeProviderOptions(defaults: ProviderOptions | undefined, given: ProviderOptions | undefined): ProviderOptions | undefined {
  if (defaults === undefined) return given;
  if (given === undefined) return defaults;
  const merged: Record<string, { readonly [key: string]: unknown }> = { ...defaults };
  for (const [provider, options] of Object.entries(given)) merged[provider] = { ...defaults[provider], ...options };
  return merged;
}
