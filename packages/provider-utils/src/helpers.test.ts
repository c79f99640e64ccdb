import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fromBase64, parseDataUrl, toBase64, toDataUrl } from './base64.js';
import { emitProviderWarning } from './emit-provider-warning.js';
import { InvalidProviderOptionsError } from './invalid-provider-options-error.js';
import { parseProviderOptions } from './parse-provider-options.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseProviderOptions', () => {
  const schema = z.object({ store: z.boolean().optional(), effort: z.enum(['low', 'high']).default('low') });

  it('reads the provider key and applies defaults; absent options parse as {}', () => {
    expect(parseProviderOptions({ openai: { store: false }, other: { x: 1 } }, 'openai', schema)).toEqual({ store: false, effort: 'low' });
    expect(parseProviderOptions(undefined, 'openai', schema)).toEqual({ effort: 'low' });
  });

  it('throws InvalidProviderOptionsError naming the field', () => {
    let caught: unknown;
    try {
      parseProviderOptions({ openai: { effort: 'max' } }, 'openai', schema);
    } catch (error) {
      caught = error;
    }
    expect(InvalidProviderOptionsError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/providerOptions\.openai.*effort/);
  });
});

describe('base64 helpers', () => {
  it('round-trips bytes and data URLs', () => {
    const bytes = new Uint8Array([0, 255, 104, 105]);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(toDataUrl('image/png', new Uint8Array([104, 105]))).toBe('data:image/png;base64,aGk=');
    expect(parseDataUrl('data:image/png;base64,aGk=')).toEqual({ mediaType: 'image/png', data: new Uint8Array([104, 105]) });
    expect(parseDataUrl('https://example.com/a.png')).toBeUndefined();
  });

  it('encodes a subarray view, not its whole buffer', () => {
    const view = new Uint8Array([1, 2, 3, 4]).subarray(1, 3);
    expect(fromBase64(toBase64(view))).toEqual(new Uint8Array([2, 3]));
  });
});

describe('emitProviderWarning', () => {
  it('emits a process warning with a stable code', () => {
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    emitProviderWarning('stopSequences ignored');
    expect(spy).toHaveBeenCalledWith('stopSequences ignored', { type: 'TandemProviderWarning', code: 'TANDEM_PROVIDER' });
  });
});
