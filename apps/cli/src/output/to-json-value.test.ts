import { describe, expect, it } from 'vitest';
import { APICallError } from '@tandem/core';
import { toJsonValue } from './to-json-value.js';

describe('toJsonValue', () => {
  it('turns errors into { name, message, code? }', () => {
    expect(toJsonValue({ error: new APICallError({ message: 'Bad Request', url: 'http://x', statusCode: 400 }) })).toEqual({
      error: { name: 'APICallError', message: 'Bad Request', code: 'API_CALL_ERROR' },
    });
    expect(toJsonValue(new TypeError('nope'))).toEqual({ name: 'TypeError', message: 'nope' });
  });

  it('turns bytes into { base64, mediaType } with the media type of the object holding them', () => {
    const data = new Uint8Array([1, 2, 255]);
    expect(toJsonValue({ type: 'file', mediaType: 'image/png', data })).toEqual({ type: 'file', mediaType: 'image/png', data: { base64: 'AQL/', mediaType: 'image/png' } });
    expect(toJsonValue({ blob: data.subarray(1) })).toEqual({ blob: { base64: 'Av8=', mediaType: 'application/octet-stream' } });
  });

  it('keeps every other field and survives cycles, bigints and odd numbers', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    expect(toJsonValue({ cyclic, big: 10n, nan: Number.NaN, skip: undefined, fn: () => 1, when: new Date(0), list: [undefined, 1] })).toEqual({
      cyclic: { a: 1, self: '[Circular]' },
      big: '10',
      nan: 'NaN',
      when: '1970-01-01T00:00:00.000Z',
      list: [null, 1],
    });
    const shared = { x: 1 };
    expect(toJsonValue({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });
});
