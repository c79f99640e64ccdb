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
 */
export class NoSuchProviderError extends TandemError {
  /** The provider name that was asked for. */
  readonly providerName: string;
  /** The names registered at the time of the call, sorted. */
  readonly availableProviders: readonly string[];
  private readonly [BRAND] = true;

  constructor(options: { providerName: string; availableProviders: readonly string[] }) {
    const available =
      options.availableProviders.length === 0 ? 'none are registered' : `registered: ${options.availableProviders.join(', ')}`;
    super('NO_SUCH_PROVIDER', {
      message: `No model provider named "${options.providerName}" (${available}). Install its package and call registerProvider('${options.providerName}', factory) before resolving the model.`,
    });
    this.name = 'NoSuchProviderError';
    this.providerName = options.providerName;
    this.availableProviders = options.availableProviders;
  }

  static override isInstance(error: unknown): error is NoSuchProviderError {
    return hasBrand(error, BRAND);
  }
}
