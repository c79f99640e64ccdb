import { APICallError, ContextOverflowError, isRetryableStatus } from '@tandem/core/spec';
import { isContextOverflowText } from '@tandem/provider-utils';

/** HTTP status and retryability Bedrock documents for each service exception. */
const EXCEPTIONS: { readonly [name: string]: { readonly status: number; readonly retryable: boolean } } = {
  ThrottlingException: { status: 429, retryable: true },
  ModelNotReadyException: { status: 429, retryable: true },
  ValidationException: { status: 400, retryable: false },
  ServiceQuotaExceededException: { status: 400, retryable: false },
  AccessDeniedException: { status: 403, retryable: false },
  ResourceNotFoundException: { status: 404, retryable: false },
  ModelTimeoutException: { status: 408, retryable: true },
  ConflictException: { status: 409, retryable: true },
  ModelErrorException: { status: 424, retryable: false },
  // "A streaming error occurred. Retry your request." — transient, though its status is 424.
  ModelStreamErrorException: { status: 424, retryable: true },
  InternalServerException: { status: 500, retryable: true },
  ServiceUnavailableException: { status: 503, retryable: true },
};

interface SdkErrorShape {
  readonly name?: unknown;
  readonly message?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: number; readonly requestId?: string };
  readonly $response?: { readonly statusCode?: number; readonly headers?: { readonly [name: string]: string | undefined } };
}

/**
 * Converts an error of the AWS SDK (a service exception, an exception sent inside the stream, or a network
 * failure) to an `APICallError` with the documented status and a correct `isRetryable`: throttling,
 * unavailability, internal and stream errors are retryable; validation, access and quota errors are not.
 * A `ValidationException` saying the input is too long becomes a `ContextOverflowError`.
 * The SDK error becomes the `cause` without its raw HTTP exchange, so no credential travels with it.
 * `operation` names the API in the message (default `ConverseStream`).
 *
 * @example
 * ```ts
 * try { await client.send(command); } catch (error) { throw mapBedrockError(error, url); }
 * ```
 *
 * @category Wire format
 */
export function mapBedrockError(error: unknown, url: string, operation = 'ConverseStream'): APICallError {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as SdkErrorShape;
  const name = typeof shape.name === 'string' ? shape.name : 'Error';
  const message = typeof shape.message === 'string' ? shape.message : String(error);
  const known = EXCEPTIONS[name];
  const httpStatus = shape.$metadata?.httpStatusCode ?? shape.$response?.statusCode;
  // Exceptions inside a 200 stream carry the stream's status; the documented one says more.
  const statusCode = known?.status ?? (httpStatus !== undefined && httpStatus >= 400 ? httpStatus : undefined);
  // A JavaScript error thrown inside the SDK (e.g. a RangeError while serializing) is a local failure, not the network.
  const isLocalFailure = error instanceof RangeError || error instanceof TypeError || error instanceof SyntaxError;
  const isNetworkFailure = statusCode === undefined && shape.$metadata?.httpStatusCode === undefined && !isLocalFailure;
  const isRetryable = known?.retryable ?? (isNetworkFailure ? true : !isLocalFailure && isRetryableStatus(statusCode));
  const headers: { [name: string]: string } = {};
  for (const [key, value] of Object.entries(shape.$response?.headers ?? {})) if (value !== undefined) headers[key.toLowerCase()] = value;
  const where = statusCode === undefined ? '' : ` (HTTP ${statusCode})`;
  // "Input is too long for requested model.", "…prompt is too long…", "too many input tokens": a context overflow.
  const Failure = name === 'ValidationException' && isContextOverflowText(message) ? ContextOverflowError : APICallError;
  return new Failure({
    message: `Amazon Bedrock ${operation} failed with ${name}${where}: ${message}${hintFor(name, isNetworkFailure)}`,
    url,
    statusCode,
    responseBody: JSON.stringify({ __type: name, message }),
    ...(Object.keys(headers).length > 0 ? { responseHeaders: headers } : {}),
    isRetryable,
    cause: detachedCause(error, name, message, shape.$metadata),
  });
}

/**
 * A copy of the SDK error without its hidden `$response`: that holds the raw HTTP exchange, whose request
 * headers carry the session token and signature, so it must not travel with the error into logs.
 */
function detachedCause(error: unknown, name: string, message: string, metadata: SdkErrorShape['$metadata']): Error {
  const copy = new Error(message);
  copy.name = name;
  if (error instanceof Error && error.stack !== undefined) copy.stack = error.stack;
  if (metadata !== undefined) {
    Object.defineProperty(copy, '$metadata', {
      value: { httpStatusCode: metadata.httpStatusCode, requestId: metadata.requestId },
      enumerable: true,
    });
  }
  return copy;
}

function hintFor(name: string, isNetworkFailure: boolean): string {
  if (name === 'AccessDeniedException') return ' Check the credentials, the region and that model access is granted for this model.';
  if (name === 'ResourceNotFoundException') return ' Check the model id (or inference profile id) and the region.';
  if (name === 'ThrottlingException') return ' You are rate limited; retry later or request a quota increase.';
  if (isNetworkFailure) return ' Check the region/endpoint and your network connection.';
  return '';
}
