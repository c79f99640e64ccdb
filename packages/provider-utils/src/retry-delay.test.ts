import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-delay.js';

describe('retryDelayMs', () => {
  it('backs off exponentially from initialDelayMs', () => {
    expect([0, 1, 2].map((retry) => retryDelayMs({ retry }))).toEqual([2000, 4000, 8000]);
    expect(retryDelayMs({ retry: 2, initialDelayMs: 100 })).toBe(400);
  });

  it('honours retry-after-ms over retry-after, and retry-after in seconds', () => {
    expect(retryDelayMs({ retry: 0, headers: new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }) })).toBe(1500);
    expect(retryDelayMs({ retry: 1, headers: new Headers({ 'retry-after': '3' }) })).toBe(3000);
    expect(retryDelayMs({ retry: 0, headers: new Headers({ 'retry-after': '0.5' }) })).toBe(500);
  });

  it('reads retry-after as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const headers = new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' });
    expect(retryDelayMs({ retry: 0, headers, now })).toBe(5000);
  });

  it('falls back to backoff for unreasonable or unparsable values', () => {
    expect(retryDelayMs({ retry: 0, headers: new Headers({ 'retry-after': '3600' }) })).toBe(2000);
    expect(retryDelayMs({ retry: 0, headers: new Headers({ 'retry-after': 'soon' }) })).toBe(2000);
    expect(retryDelayMs({ retry: 0, headers: new Headers({ 'retry-after-ms': '-5' }) })).toBe(2000);
  });
});
