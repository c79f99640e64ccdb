import { describe, expect, it } from 'vitest';
import type { FunctionTool, Tool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { collect } from './__fixtures__/test-kit.js';

/** A live tool list, like an `McpToolset`: an Array subclass refreshed in place. */
class ToolList extends Array<Tool> {}

function named(name: string, result: string): FunctionTool {
  return { kind: 'function', name, spec: { description: `Returns ${result}.`, params: { type: 'object' } }, execute: () => result };
}

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe('BidiAgent tools that change at run time', () => {
  it('a live list is read again before each group runs and at each reconnect; the model gets refreshed definitions on the next connection', async () => {
    const live = new ToolList();
    live.push(named('lookup_v1', 'old'));
    const model = new ScriptedBidiModel({ clock: new ManualClock() });
    const agent = new BidiAgent({ model, tools: live });
    await agent.start();
    const { events } = collect(agent);
    expect(names(model.connection.request.tools)).toEqual(['lookup_v1']);

    // The server announces list_changed: the list is replaced in place.
    live.splice(0, live.length, named('lookup_v2', 'new'));
    model.connection.emit(bidiToolGroup([{ name: 'lookup_v2', id: 'N' }, { name: 'lookup_v1', id: 'O' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]).toMatchObject([
      { toolCallId: 'N', status: 'success', result: 'new' },
      { toolCallId: 'O', status: 'error', result: expect.stringContaining('Unknown tool "lookup_v1"') },
    ]);

    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    expect(names(model.connection.request.tools)).toEqual(['lookup_v2']);
    await agent.stop();
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('a plain array inside tools is live too; a refreshed list that breaks the name rules is reported and the last good one kept', async () => {
    const mcp: Tool[] = [named('one', '1')];
    const fixed = named('fixed', 'f');
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, tools: [mcp, fixed] });
    await agent.start();
    const { events } = collect(agent);
    mcp.push(named('two', '2'));
    model.connection.emit(bidiToolGroup([{ name: 'two', id: 'T' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.[0]).toMatchObject({ status: 'success', result: '2' });

    mcp.push(named('fixed', 'clash'));
    model.connection.emit(bidiToolGroup([{ name: 'fixed', id: 'F' }]));
    await model.until(() => model.toolResultCalls.length === 2);
    expect(model.toolResultCalls[1]?.[0]).toMatchObject({ status: 'success', result: 'f' });
    const errors = events.filter((e) => e.type === 'error');
    expect(errors).toEqual([expect.objectContaining({ fatal: false, error: expect.objectContaining({ message: expect.stringContaining('Duplicate tool name "fixed": every tool given to one BidiAgent needs a unique name.') }) })]);
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    expect(names(model.connection.request.tools)).toEqual(['one', 'two', 'fixed']);
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1); // reported once, not at every use
    await agent.stop();
  });

  it('a plain array given as tools is read once, at construction', async () => {
    const plain: Tool[] = [named('one', '1')];
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, tools: plain });
    plain.push(named('two', '2'));
    await agent.start();
    expect(names(model.connection.request.tools)).toEqual(['one']);
    await agent.stop();
  });
});
