import { describe, expect, it } from 'vitest';
import { assertToolName, TOOL_NAME_PATTERN } from './tool-name.js';

describe('assertToolName', () => {
  it.each(['a', 'contact_mothership', 'get-weather', 'Tool42', 'x'.repeat(64), '_-_'])('accepts %j', (name) => {
    expect(() => assertToolName(name)).not.toThrow();
    expect(TOOL_NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    ['', /"": it is empty/],
    ['x'.repeat(65), /it is 65 characters long/],
    ['web search', /"web search": it contains " "/],
    ['tools.search', /it contains "\."/],
    ['ns/search', /it contains "\/"/],
    ['café', /it contains "é"/],
    ['emoji🚀', /it contains "🚀"/],
    ['tab\tname', /it contains "\\t"/],
  ])('rejects %j with a TypeError that names the name and the rule', (name, reason) => {
    expect(() => assertToolName(name)).toThrow(TypeError);
    expect(() => assertToolName(name)).toThrow(reason);
    expect(() => assertToolName(name)).toThrow('/^[a-zA-Z0-9_-]{1,64}$/');
  });

  it.each([[undefined, 'undefined'], [null, 'null'], [42, 'number'], [['a'], 'an array']])('rejects the non-string %j', (name, described) => {
    expect(() => assertToolName(name)).toThrow(new RegExp(`expected a string, got ${described}`));
  });
});
