import { describe, expect, it } from 'vitest';
import { ReconnectBackoff } from './reconnect-backoff.js';

describe('ReconnectBackoff', () => {
  it('doubles from 1 s up to 15 s, with ±20 % jitter, and starts over after reset()', () => {
    const middle = new ReconnectBackoff(() => 0.5);
    expect(Array.from({ length: 6 }, () => middle.next())).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
    middle.reset();
    expect(middle.next()).toBe(1_000);
    expect(new ReconnectBackoff(() => 0).next()).toBe(800);
    expect(new ReconnectBackoff(() => 1).next()).toBe(1_200);
  });
});
