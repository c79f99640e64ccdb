// No registered secret survives in any core error: not in message, stack, cause, fields, JSON or inspect output.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InvalidModelIdError } from '../../provider-registry/invalid-model-id-error.js';
import { NoSuchProviderError } from '../../provider-registry/no-such-provider-error.js';
import { InvalidToolInputError, NoSuchToolError, ToolCancelledError, ToolTimeoutError } from '../../tool-runtime/tool-errors.js';
import { APICallError } from './api-call-error.js';
import { IncompleteResponseError } from './incomplete-response-error.js';
import { InvalidResponseDataError } from './invalid-response-data-error.js';
import { redactRegisteredSecrets, redactSecretsDeep, registerSecret } from './secret-registry.js';
import { TandemError } from './tandem-error.js';
import { UnsupportedModelVersionError } from './unsupported-model-version-error.js';

const KEY = 'sk-planted-core-0123456789abcdef';
registerSecret(KEY);

/** Every way an error can be shown or serialized. */
export function renderings(error: Error): Record<string, string> {
  return {
    message: error.message,
    stack: error.stack ?? '',
    json: JSON.stringify(error),
    jsonWrapped: JSON.stringify({ error }),
    inspect: inspect(error, { depth: 20 }),
    string: String(error),
  };
}

const cause = new Error(`upstream said ${KEY}`, { cause: new TypeError(`deeper ${KEY}`) });
const errors: Record<string, Error> = {
  TandemError: new TandemError('X', { message: `boom ${KEY}`, cause }),
  APICallError: new APICallError({
    message: `bad key ${KEY}`,
    url: `https://api.example.com/v1?key=${KEY}`,
    statusCode: 401,
    responseBody: `{"error":{"message":"Incorrect API key provided: ${KEY}"}}`,
    responseHeaders: { 'x-echo': KEY },
    cause,
  }),
  IncompleteResponseError: new IncompleteResponseError({ provider: 'acme', message: `cut after ${KEY}`, cause }),
  InvalidResponseDataError: new InvalidResponseDataError({ message: `bad data ${KEY}`, data: { nested: [{ text: `x${KEY}y` }] }, cause }),
  UnsupportedModelVersionError: new UnsupportedModelVersionError({ version: `v-${KEY}`, provider: 'acme', modelId: `m-${KEY}` }),
  NoSuchToolError: new NoSuchToolError(`tool_${KEY}`, ['a', KEY]),
  InvalidToolInputError: new InvalidToolInputError({ toolName: 't', toolArgs: `{"key":"${KEY}"}`, reason: `bad ${KEY}`, cause }),
  ToolTimeoutError: new ToolTimeoutError(`tool_${KEY}`, 5),
  ToolCancelledError: new ToolCancelledError(`cancelled ${KEY}`),
  NoSuchProviderError: new NoSuchProviderError({ providerName: KEY, availableProviders: [KEY] }),
  InvalidModelIdError: new InvalidModelIdError({ value: KEY, reason: `because ${KEY}` }),
};

describe('registered secrets in core errors', () => {
  it.each(Object.entries(errors))('%s shows none in message, stack, JSON, inspect or String()', (_name, error) => {
    for (const [form, text] of Object.entries(renderings(error))) {
      expect({ form, leaked: text.includes(KEY) }).toEqual({ form, leaked: false });
    }
    expect(JSON.stringify(errors['APICallError'])).toContain('[REDACTED]');
  });

  it('redacts the fields themselves, not only their renderings', () => {
    const error = errors['APICallError'] as APICallError;
    expect(error.responseBody).toBe('{"error":{"message":"Incorrect API key provided: [REDACTED]"}}');
    expect(error.url).toBe('https://api.example.com/v1?key=[REDACTED]');
    expect(error.responseHeaders).toEqual({ 'x-echo': '[REDACTED]' });
    expect((errors['InvalidResponseDataError'] as InvalidResponseDataError).data).toEqual({ nested: [{ text: 'x[REDACTED]y' }] });
    expect((error.cause as Error).message).toBe('upstream said [REDACTED]');
  });

  it('builds from whatever JavaScript callers pass (no message, a URL object)', () => {
    const loose = new APICallError({ message: undefined, url: new URL('https://x.test/'), responseBody: undefined } as unknown as { message: string; url: string });
    expect(loose.url).toEqual(new URL('https://x.test/'));
  });

  it('builds whatever the header values are at run time (numbers, arrays from HTTP/2)', () => {
    const headers = { 'retry-after': 7, 'x-list': ['a', 'b'] } as unknown as { [name: string]: string };
    expect(new APICallError({ message: 'm', url: 'u', responseHeaders: headers }).retryAfterMs).toBe(7000);
  });

  it('keeps the JSON form useful: name, code, message and fields', () => {
    expect(JSON.parse(JSON.stringify(new APICallError({ message: 'm', url: 'u', statusCode: 429 })))).toMatchObject({
      name: 'APICallError',
      code: 'API_CALL_ERROR',
      message: 'm',
      url: 'u',
      statusCode: 429,
      isRetryable: true,
    });
  });
});

describe('the secret registry', () => {
  it('ignores values too short to be keys, and registers the URL-encoded form', () => {
    registerSecret('short');
    registerSecret(undefined);
    expect(redactRegisteredSecrets('a short word')).toBe('a short word');
    registerSecret('key with/slash+plus=');
    expect(redactRegisteredSecrets('?k=key%20with%2Fslash%2Bplus%3D and key with/slash+plus=')).toBe('?k=[REDACTED] and [REDACTED]');
  });

  it('copies only what changed and survives cycles', () => {
    const clean = { a: [1, 'two'], b: { c: null } };
    expect(redactSecretsDeep(clean)).toBe(clean);
    const cyclic: { self?: unknown; text: string } = { text: KEY };
    cyclic.self = cyclic;
    const redacted = redactSecretsDeep(cyclic);
    expect(redacted.text).toBe('[REDACTED]');
    expect(redacted.self).toBe(redacted);
  });
});
