import { describe, expect, it } from 'vitest';
import { fnTool } from '../__fixtures__/fixtures.js';
import type { Tool } from '../tool-definition/tool.js';
import { sharedToolCatalog, ToolCatalog } from './tool-catalog.js';
import { Agent } from './agent.js';

const thrown = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};
const names = (catalog: ToolCatalog) => catalog.current().definitions.map((definition) => definition.name);

describe('ToolCatalog', () => {
  it('shares one snapshot between catalogs of the same tools (one definition, many sessions)', () => {
    const tools = [fnTool('weather', () => 1), fnTool('time', () => 2)];
    const first = new ToolCatalog(tools).current();
    expect(new ToolCatalog(tools).current(), 'the same array').toBe(first);
    expect(new ToolCatalog([...tools]).current(), 'a new array of the same tools').toBe(first);
    const other = new ToolCatalog([tools[0]!]).current();
    expect(other, 'a different list').not.toBe(first);
    expect(other.definitions.map((definition) => definition.name)).toEqual(['weather']);
    tools.push(fnTool('news', () => 3));
    const changed = new ToolCatalog(tools).current();
    expect(changed, 'the array changed since').not.toBe(first);
    expect(changed.definitions.map((definition) => definition.name)).toEqual(['weather', 'time', 'news']);
    expect(first.definitions.map((definition) => definition.name), 'earlier catalogs keep their tools').toEqual(['weather', 'time']);
  });

  it('names its owner in the errors', () => {
    expect(() => new ToolCatalog([fnTool('a b', () => 1)], { owner: 'VoiceAgent' })).toThrow(/^Invalid VoiceAgent tool name "a b": it contains " "/);
    expect(() => new ToolCatalog([fnTool('x', () => 1), fnTool('x', () => 2)], { owner: 'VoiceAgent' })).toThrow('Duplicate tool name "x": every tool given to one VoiceAgent needs a unique name.');
    expect(() => new ToolCatalog([42 as unknown as Tool])).toThrow(/^Invalid tool 42: expected a tool made with tool\(\)/);
  });

  it('throws the same error while a refreshed list stays broken, a new one when it changes, and recovers when fixed', () => {
    const live: Tool[] = [fnTool('one', () => 1)];
    const catalog = new ToolCatalog([live, fnTool('fixed', () => 0)]);
    live.push(fnTool('fixed', () => 2));
    const first = thrown(() => catalog.current());
    expect(first).toBeInstanceOf(TypeError);
    expect(thrown(() => catalog.current())).toBe(first); // the same object: a caller can report it once
    live.push(fnTool('other', () => 3));
    const second = thrown(() => catalog.current());
    expect(second).toBeInstanceOf(TypeError);
    expect(second).not.toBe(first);
    live.splice(1, 2);
    expect(names(catalog)).toEqual(['one', 'fixed']);
  });

  it('reads a plain array once, and rebuilds a live one only when a tool changed', () => {
    const plain: Tool[] = [fnTool('one', () => 1)];
    const once = new ToolCatalog(plain);
    plain.push(fnTool('two', () => 2));
    expect(names(once)).toEqual(['one']);

    const live: Tool[] = [fnTool('one', () => 1)];
    const catalog = new ToolCatalog([live]);
    const snapshot = catalog.current();
    expect(catalog.current()).toBe(snapshot);
    live.push(fnTool('two', () => 2));
    expect(catalog.current()).not.toBe(snapshot);
    expect([...catalog.current().byName.keys()]).toEqual(['one', 'two']);
  });

  it('gives agents of one plain tool list one catalog, and a live list a catalog of its own', () => {
    const tools = [fnTool('weather', () => 1)];
    const shared = sharedToolCatalog(tools);
    expect(sharedToolCatalog(tools), 'the same array').toBe(shared);
    expect(sharedToolCatalog([...tools]), 'a new array of the same tools').toBe(shared);
    expect(sharedToolCatalog([fnTool('weather', () => 1)]), 'other tools').not.toBe(shared);
    expect(sharedToolCatalog(undefined)).toBe(sharedToolCatalog([]));
    const live: Tool[] = [fnTool('one', () => 1)];
    const first = sharedToolCatalog([live]);
    expect(sharedToolCatalog([live]), 'a live list is read again: never shared').not.toBe(first);
    live.push(fnTool('two', () => 2));
    expect(names(first)).toEqual(['one', 'two']);
    expect(() => sharedToolCatalog([fnTool('x', () => 1), fnTool('x', () => 2)])).toThrow(/Duplicate tool name "x"/);
    expect(() => sharedToolCatalog([fnTool('x', () => 1), fnTool('x', () => 2)]), 'an invalid list is checked each time').toThrow(/Duplicate tool name "x"/);
  });

  it('lets agents of one definition share their tools', () => {
    const tools = [fnTool('weather', () => 1)];
    const a = new Agent({ tools });
    const b = new Agent({ tools: [...tools] });
    expect(a.tools).toBe(b.tools);
    expect([...a.tools.keys()]).toEqual(['weather']);
    expect(() => new Agent({ tools: [fnTool('x', () => 1), fnTool('x', () => 2)] })).toThrow(TypeError);
  });
});
