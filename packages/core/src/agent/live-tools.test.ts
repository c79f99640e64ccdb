import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import type { Tool } from '../tool-definition/tool.js';

describe('tools that change at run time', () => {
  it('a live tool list (like an McpToolset refreshed in place) is read again before each model call', async () => {
    const live: Tool[] = [];
    // The server announces list_changed while its old tool runs: the list is replaced in place.
    live.push(fnTool('old_tool', () => (live.splice(0, live.length, fnTool('new_tool', () => 'new')), 'old')));
    const fixed = fnTool('fixed', () => 'fixed');
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'old_tool', id: 'O' }]), toolCallResponse([{ name: 'new_tool', id: 'N' }]), textResponse('done')],
    });
    const agent = new Agent({ tools: [live, fixed] });
    const result = await agent.run(model, 'go').result;
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['old_tool', 'fixed']);
    expect(model.requests[1]?.tools.map((tool) => tool.name)).toEqual(['new_tool', 'fixed']);
    const toolMessages = result.messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.parts[0])).toMatchObject([
      { toolCallId: 'O', status: 'success', result: 'old' },
      { toolCallId: 'N', status: 'success', result: 'new' },
    ]);
    expect([...agent.tools.keys()]).toEqual(['new_tool', 'fixed']);
  });

  it('an agent given a live list itself (an Array subclass, like McpToolset) sees its changes too', async () => {
    class ToolList extends Array<Tool> {}
    const live = new ToolList();
    live.push(fnTool('one', () => 1));
    const agent = new Agent({ tools: live });
    live.push(fnTool('two', () => 2));
    const model = new ScriptedModel({ responses: [textResponse('ok')] });
    await agent.run(model, 'go').result;
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['one', 'two']);
  });

  it('a plain array given as tools is read once, at construction', async () => {
    const plain: Tool[] = [fnTool('one', () => 1)];
    const agent = new Agent({ tools: plain });
    plain.push(fnTool('two', () => 2));
    const model = new ScriptedModel({ responses: [textResponse('ok')] });
    await agent.run(model, 'go').result;
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['one']);
  });
});
