import { describe, expect, it } from 'vitest';
import { formatIssues, formatPath } from './format-issues.js';

describe('formatIssues', () => {
  it('prefixes each issue with its path and joins them', () => {
    expect(
      formatIssues([
        { message: 'Expected string, received number', path: ['query'] },
        { message: 'Required', path: ['items', 0, { key: 'id' }] },
        { message: 'Bad object' },
      ]),
    ).toBe('query: Expected string, received number; items[0].id: Required; Bad object');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['headers', 'content-type', 2, Symbol('s')])).toBe('headers["content-type"][2][Symbol(s)]');
  });

  it('still says something for an empty issue list', () => {
    expect(formatIssues([])).toBe('Invalid input.');
  });
});
