import { redactSecretsDeep } from './secret-registry.js';
import { hasBrand, TandemError } from './tandem-error.js';

const BRAND = Symbol.for('tandem.error.UnsupportedModelVersionError');

/**
 * A model implements a spec version this version of `@tandem/core` does not know. Upgrade `@tandem/core` or the provider.
 *
 * @category Errors
 */
export class UnsupportedModelVersionError extends TandemError {
  readonly version: unknown;
  readonly provider: string;
  readonly modelId: string;
  declare private readonly [BRAND]: true;

  constructor(options: { version: unknown; provider: string; modelId: string }) {
    super('UNSUPPORTED_MODEL_VERSION', {
      message: `Model ${options.provider}:${options.modelId} implements specification version ${String(options.version)}, which this @tandem/core does not support (supported: v1). Upgrade @tandem/core or use a matching provider version.`,
    });
    this[BRAND] = true;
    this.name = 'UnsupportedModelVersionError';
    this.version = redactSecretsDeep(options.version);
    this.provider = options.provider;
    this.modelId = options.modelId;
  }

  static override isInstance(error: unknown): error is UnsupportedModelVersionError {
    return hasBrand(error, BRAND);
  }
}
