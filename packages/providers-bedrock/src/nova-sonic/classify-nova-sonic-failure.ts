import type { APICallError } from '@tandem/core/spec';
import { mapBedrockError } from '../map-bedrock-error.js';

/** What a failed bidirectional stream means for the conversation. @internal */
export type NovaSonicFailure =
  /** The model timed out (`ModelTimeoutException`, or Bedrock's idle-stream close): reconnect with the history. */
  | { readonly kind: 'timeout' }
  /** Transient (throttling, unavailability, stream errors, network): `events()` throws it and the agent reconnects. */
  | { readonly kind: 'retryable'; readonly error: APICallError }
  /** Reconnecting cannot help (access, validation, unknown model): a fatal `error` event. */
  | { readonly kind: 'fatal'; readonly error: APICallError };

/** The operation named in error messages. @internal */
export const NOVA_SONIC_OPERATION = 'InvokeModelWithBidirectionalStream';

/**
 * Classifies an error of `client.send()` or of the output stream. A `ValidationException` whose message
 * carries Bedrock's `InternalErrorCode=531` is the stream being closed after a long silence, a time-out
 * like `ModelTimeoutException`. The error is converted by `mapBedrockError`, so it carries no credentials.
 * @internal
 */
export function classifyNovaSonicFailure(error: unknown, url: string): NovaSonicFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : '';
  if (name === 'ModelTimeoutException') return { kind: 'timeout' };
  if (name === 'ValidationException' && message.includes('InternalErrorCode=531')) return { kind: 'timeout' };
  const mapped = mapBedrockError(error, url, NOVA_SONIC_OPERATION);
  return mapped.isRetryable ? { kind: 'retryable', error: mapped } : { kind: 'fatal', error: mapped };
}
