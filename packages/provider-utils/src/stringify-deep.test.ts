import { describe, expect, it } from 'vitest';
import { stringifyDeep } from './stringify-deep.js';

describe('stringifyDeep', () => {
  it('writes what JSON.stringify writes', () => {
    const shared = { x: 1 };
    const values: unknown[] = [
      null, 'text "quoted" \n é', 42, -0.5, true, [1, undefined, () => 1, 'a', NaN], {},
      { a: undefined, b: [], c: { d: [null, { e: 'f' }] }, date: new Date(0), shared, again: shared, 'weird "key"': 1 },
      [[[[]]]],
    ];
    for (const value of values) expect(stringifyDeep(value)).toBe(JSON.stringify(value));
  });

  it('handles nesting far beyond the call stack', () => {
    const depth = 30_000;
    let value: unknown = { leaf: true };
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { v: value };
    const text = stringifyDeep(value);
    expect(text.length).toBe(JSON.stringify({ leaf: true }).length + (depth / 2) * 2 + (depth / 2) * 6);
    expect(text.endsWith(`{"leaf":true}${']}'.repeat(depth / 2)}`)).toBe(true);
  });

  it('throws on cycles, like JSON.stringify', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = [cyclic];
    expect(() => stringifyDeep(cyclic)).toThrow(TypeError);
  });
});
