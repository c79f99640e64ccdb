import { describe, expect, it } from 'vitest';
import { ContextOverflowError } from './context-overflow-error.js';
import { APICallError } from './api-call-error.js';
import { TandemError } from './tandem-error.js';

describe('ContextOverflowError', () => {
  it('is an APICallError with its own name, code and brand, never retryable, and says what to do', () => {
    const error = new ContextOverflowError({ message: 'OpenAI API call failed with HTTP 400: too long', url: 'https://api.openai.com/v1/responses', statusCode: 400, responseBody: '{}' });
    expect(error.name).toBe('ContextOverflowError');
    expect(error.code).toBe('CONTEXT_OVERFLOW');
    expect(error.isRetryable).toBe(false);
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(TandemError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/too long\. The conversation is longer than the model accepts: give the Agent a `context` manager/);
  });

  it('is told apart from other API errors, also across copies of the package (Symbol.for brand)', () => {
    expect(ContextOverflowError.isInstance(new APICallError({ message: 'x', url: 'u', statusCode: 400 }))).toBe(false);
    const foreign = { [Symbol.for('tandem.error.ContextOverflowError')]: true };
    expect(ContextOverflowError.isInstance(foreign)).toBe(true);
  });

  it('from() keeps the status, body and headers of the API error it maps', () => {
    const source = new APICallError({ message: 'HTTP 400: prompt is too long', url: 'u', statusCode: 400, responseBody: '{"error":1}', responseHeaders: { 'request-id': 'r1' } });
    const mapped = ContextOverflowError.from(source);
    expect(mapped).toMatchObject({ statusCode: 400, responseBody: '{"error":1}', responseHeaders: { 'request-id': 'r1' }, url: 'u' });
    expect(mapped.cause).toBe(source);
    expect(ContextOverflowError.from(mapped)).toBe(mapped);
  });
});
