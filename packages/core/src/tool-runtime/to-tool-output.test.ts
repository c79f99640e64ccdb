import { describe, expect, it } from 'vitest';
import { toToolOutput } from './to-tool-output.js';
import { errorText } from './error-text.js';
import { toolContent } from '../tool-definition/tool-content.js';
import { APICallError } from '../spec/errors/api-call-error.js';
import { TandemError } from '../spec/errors/tandem-error.js';

describe('return-value mapping', () => {
  it('maps strings to text, toolContent to content and other values to JSON', () => {
    expect(toToolOutput('ok')).toEqual({ type: 'text', value: 'ok' });
    expect(toToolOutput({ a: 1, at: new Date(0) })).toEqual({ type: 'json', value: { a: 1, at: '1970-01-01T00:00:00.000Z' } });
    expect(toToolOutput(42)).toEqual({ type: 'json', value: 42 });
    expect(toToolOutput(undefined)).toEqual({ type: 'text', value: '' });
    const png = new Uint8Array([137, 80]);
    expect(toToolOutput(toolContent([{ type: 'text', text: 'chart' }, { type: 'file', mediaType: 'image/png', data: png }]))).toEqual({
      type: 'content',
      value: [{ type: 'text', text: 'chart' }, { type: 'file', mediaType: 'image/png', data: png }],
    });
  });

  it('toolContent rejects file data that is not bytes', () => {
    expect(() => toolContent([{ type: 'file', mediaType: 'image/png', data: 'aGk=' as never }])).toThrow(/Uint8Array/);
  });
});

describe('errorText and error classes', () => {
  it('formats errors and thrown non-errors', () => {
    expect(errorText(new RangeError('too big'))).toBe('RangeError: too big');
    expect(errorText(null)).toBe('Error: null');
    expect(errorText(Object.create(null))).toBe('Error: [object Object]');
  });

  it('APICallError derives isRetryable from the status and is recognised by brand', () => {
    const retryable = [408, 409, 429, 500, 503, undefined].map((statusCode) => new APICallError({ message: 'x', url: 'u', statusCode }).isRetryable);
    expect(retryable).toEqual([true, true, true, true, true, true]);
    expect(new APICallError({ message: 'x', url: 'u', statusCode: 401 }).isRetryable).toBe(false);
    const error = new APICallError({ message: 'x', url: 'u', statusCode: 400 });
    expect(APICallError.isInstance(error)).toBe(true);
    expect(TandemError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'APICallError', code: 'API_CALL_ERROR' });
    expect(APICallError.isInstance(new TandemError('X', { message: 'y' }))).toBe(false);
    // A structurally identical copy from "another package copy" is recognised by the shared brand.
    const foreign = { [Symbol.for('tandem.error.APICallError')]: true };
    expect(APICallError.isInstance(foreign)).toBe(true);
  });
});
