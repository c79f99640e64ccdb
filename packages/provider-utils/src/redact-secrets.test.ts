import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';
import { withoutTrailingSlash } from './without-trailing-slash.js';

describe('redactSecrets', () => {
  it('replaces every occurrence of every secret', () => {
    expect(redactSecrets('a sk-1234 b sk-1234 c tok-99999', ['sk-1234', 'tok-99999', undefined])).toBe('a [REDACTED] b [REDACTED] c [REDACTED]');
  });

  it('ignores empty and very short secrets', () => {
    expect(redactSecrets('abc', ['', 'a'])).toBe('abc');
  });
});

describe('withoutTrailingSlash', () => {
  it('removes trailing slashes only', () => {
    expect(withoutTrailingSlash('http://x/v1//')).toBe('http://x/v1');
    expect(withoutTrailingSlash('http://x/v1')).toBe('http://x/v1');
  });
});
