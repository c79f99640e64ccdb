import { describe, expect, it } from 'vitest';
import { assertKnownOptions } from './assert-known-options.js';
import { closestKey } from './closest-key.js';

describe('assertKnownOptions', () => {
  const known = ['name', 'description', 'inputSchema', 'execute'];

  it('names the unknown key and the alias it stands for', () => {
    expect(() => assertKnownOptions('tool "search"', { parameters: {} }, known, { parameters: 'inputSchema' })).toThrow(
      new TypeError('tool "search": unknown option `parameters`. Did you mean `inputSchema`? Known options: name, description, inputSchema, execute.'),
    );
  });

  it('suggests the closest known key for a typo', () => {
    expect(() => assertKnownOptions('tool()', { descripton: 'x' }, known)).toThrow(/unknown option `descripton`\. Did you mean `description`\?/);
    expect(() => assertKnownOptions('tool()', { Execute: () => 1 }, known)).toThrow(/Did you mean `execute`\?/);
  });

  it('suggests nothing when no key is close, and still lists the known ones', () => {
    let message = '';
    try {
      assertKnownOptions('tool()', { colour: 'red' }, known);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('tool(): unknown option `colour`. Known options: name, description, inputSchema, execute.');
  });

  it('checks keys whose value is undefined and accepts known keys', () => {
    expect(() => assertKnownOptions('x', { nmae: undefined }, known)).toThrow(/`nmae`\. Did you mean `name`/);
    expect(() => assertKnownOptions('x', { name: 'a', execute: undefined }, known)).not.toThrow();
  });

  it('ignores an alias pointing at a key that is not known', () => {
    expect(() => assertKnownOptions('x', { handler: 1 }, known, { handler: 'run' })).toThrow(/unknown option `handler`\. Known options/);
  });
});

describe('closestKey', () => {
  it('finds swaps, insertions and deletions within two edits', () => {
    expect(closestKey('sytem', ['system', 'tools'])).toBe('system');
    expect(closestKey('maxStep', ['maxSteps', 'seed'])).toBe('maxSteps');
    expect(closestKey('toolz', ['tools', 'topP'])).toBe('tools');
  });

  it('does not suggest a short key that shares almost nothing', () => {
    expect(closestKey('ab', ['topP', 'seed'])).toBeUndefined();
    expect(closestKey('completelyDifferent', ['tools'])).toBeUndefined();
  });
});
