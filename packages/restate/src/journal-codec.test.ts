import { isToolContent, toolContent } from '@tandem/core';
import { describe, expect, it } from 'vitest';
import { fromJournal, thrownFromJournal, thrownToJournal, toJournal } from './journal-codec.js';

const roundTrip = (value: unknown): unknown => fromJournal(JSON.parse(JSON.stringify(toJournal(value))));

describe('journal codec', () => {
  it('round-trips bytes, URLs and toolContent() values through JSON', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const value = { file: { type: 'file', mediaType: 'image/png', data: bytes }, link: new URL('https://example.com/a?b=1') };
    expect(toJournal(value)).toEqual({
      file: { type: 'file', mediaType: 'image/png', data: { $tandem: 'bytes', base64: 'AAEC+v8=' } },
      link: { $tandem: 'url', href: 'https://example.com/a?b=1' },
    });
    expect(roundTrip(value)).toEqual(value);

    const content = roundTrip(toolContent([{ type: 'text', text: 'chart:' }, { type: 'file', mediaType: 'image/png', data: bytes }]));
    expect(isToolContent(content)).toBe(true);
    expect((content as { blocks: unknown }).blocks).toEqual([{ type: 'text', text: 'chart:' }, { type: 'file', mediaType: 'image/png', data: bytes }]);
  });

  it('writes what JSON.stringify would for plain values, and a cycle as null instead of throwing', () => {
    const cyclic: { name: string; self?: unknown; list: unknown[] } = { name: 'a', list: [1, undefined, () => 1] };
    cyclic.self = cyclic;
    expect(toJournal({ a: undefined, b: Number.NaN, c: new Date(0), d: cyclic })).toEqual({
      b: null,
      c: '1970-01-01T00:00:00.000Z',
      d: { name: 'a', self: null, list: [1, null, null] },
    });
  });

  it('refuses a BigInt with an error that says what to do', () => {
    expect(() => toJournal({ n: 1n })).toThrow(/BigInt cannot be journaled as JSON; convert it to a string or number/);
  });

  it('rebuilds a thrown error with its name, message and fields; other thrown values stay as they were', () => {
    const error = Object.assign(new TypeError('bad city'), { code: 'E_CITY', statusCode: 404 });
    const rebuilt = thrownFromJournal(JSON.parse(JSON.stringify(thrownToJournal(error)))) as Error & { code: string; statusCode: number };
    expect(rebuilt).toBeInstanceOf(Error);
    expect([rebuilt.name, rebuilt.message, rebuilt.code, rebuilt.statusCode]).toEqual(['TypeError', 'bad city', 'E_CITY', 404]);
    expect(thrownFromJournal(thrownToJournal('boom'))).toBe('boom');
    expect(thrownFromJournal(thrownToJournal({ reason: 'x' }))).toEqual({ reason: 'x' });
  });
});
