import { hasBrand, TandemError } from '../spec/errors/tandem-error.js';

const BRAND = Symbol.for('tandem.error.NoSuchProviderError');

/**
 * `resolveModel('x:model')` named a provider that is not registered. The message lists the providers
 * that are, and says how to register one.
 *
 * @example
 * ```ts
 * try { resolveModel('acme:fast-1'); } catch (error) {
 *   if (NoSuchProviderError.isInstance(error)) console.error(error.availableProviders);
 * }
 * ```
 *
 * @category Errors
 */
export class NoSuchProviderError extends TandemError {
  /** The provider name that was asked for. */
  readonly providerName: string;
  /** The names registered at the time of the call, sorted. */
  readonly availableProviders: readonly string[];
  declare private readonly [BRAND]: true;

  constructor(options: { providerName: string; availableProviders: readonly string[] }) {
    const available =
      options.availableProviders.length === 0 ? 'none are registered' : `registered: ${options.availableProviders.join(', ')}`;
    super('NO_SUCH_PROVIDER', { message: noSuchProviderMessage(options.providerName, available) });
    this[BRAND] = true;
    this.name = 'NoSuchProviderError';
    this.providerName = options.providerName;
    this.availableProviders = options.availableProviders;
  }

  static override isInstance(error: unknown): error is NoSuchProviderError {
    return hasBrand(error, BRAND);
  }
}

/** Tandem's own provider packages, by the name they register under. */
const KNOWN_PACKAGES: Readonly<Record<string, { pkg: string; factory: string }>> = {
  openai: { pkg: '@tandem/providers-openai', factory: 'openai' },
  anthropic: { pkg: '@tandem/providers-anthropic', factory: 'anthropic' },
  google: { pkg: '@tandem/providers-google', factory: 'google' },
  bedrock: { pkg: '@tandem/providers-bedrock', factory: 'bedrock' },
  gateway: { pkg: '@tandem/providers-gateway', factory: 'gateway' },
  ollama: { pkg: '@tandem/providers-ollama', factory: 'ollama' },
};

function noSuchProviderMessage(name: string, available: string): string {
  const known = KNOWN_PACKAGES[name];
  if (known !== undefined) {
    return `No model provider named "${name}" is registered (${available}). Install ${known.pkg} and register it once at startup: import { ${known.factory} } from '${known.pkg}'; registerProvider('${name}', ${known.factory});`;
  }
  return `No model provider named "${name}" is registered (${available}). Install the provider's package and register it once at startup with registerProvider('${name}', factory).`;
}
