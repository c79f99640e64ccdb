import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, fnTool, ofType } from '../__fixtures__/fixtures.js';
import { SubAgentAggregator } from '../sub-agent/sub-agent-aggregator.js';
import type { SubAgentBundle } from '../sub-agent/sub-agent-bundle.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';

function resultOf(messages: readonly { parts: readonly { type: string }[] }[], id: string): ToolResultPart | undefined {
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result' && (part as ToolResultPart).toolCallId === id) return part as ToolResultPart;
  return undefined;
}

describe('agent.asTool()', () => {
  it('is a tool named after the agent, described by it, with the { prompt } input and SubAgentAggregator', () => {
    const researcher = new Agent({ name: 'Research Team', description: 'Researches a question.' });
    const tool = researcher.asTool();
    expect(tool).toMatchObject({ kind: 'function', name: 'research_team', description: 'Researches a question.', aggregator: SubAgentAggregator });
    expect(tool.inputSchema).toMatchObject({ properties: { prompt: { type: 'string' } }, required: ['prompt'] });
    expect(researcher.asTool({ name: 'dig', description: 'Digs.' })).toMatchObject({ name: 'dig', description: 'Digs.' });
    expect(() => new Agent({ name: 'mute' }).asTool()).toThrow(/give the agent a description/);
  });

  it('runs on the outer run\'s model when the agent has none; the outer model sees only the final text', async () => {
    const researcher = new Agent({ name: 'researcher', description: 'Researches.', tools: [fnTool('search', () => 'three hits')] });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([{ name: 'researcher', id: 'R', input: { prompt: 'who maintains zod?' } }]),
        toolCallResponse([{ name: 'search', id: 'S' }]),
        textResponse('Colin does.'),
        textResponse('The answer is Colin.'),
      ],
    });
    const lead = new Agent({ name: 'lead', tools: [researcher.asTool()] });
    const run = lead.run(model, 'question');
    const events = await collect(run);
    const result = await run.result;
    expect(model.requests[1]?.messages.map((message) => message.role)).toEqual(['user']);
    expect(model.requests[1]?.messages[0]?.parts[0]).toMatchObject({ type: 'text', text: 'who maintains zod?' });
    const part = resultOf(result.messages, 'R');
    expect(part?.modelInput).toEqual({ type: 'text', value: 'Colin does.' });
    expect((part?.result as SubAgentBundle).text).toBe('Colin does.');
    const nested = events.filter((event) => event.parentToolCallId === 'R');
    expect(nested.length).toBeGreaterThan(0);
    expect(new Set(nested.map((event) => event.agentName))).toEqual(new Set(['researcher']));
    expect(ofType(nested, 'tool-call-result').map((event) => event.result.result)).toEqual(['three hits']);
    expect(result.text).toBe('The answer is Colin.');
  });

  it('uses the agent\'s own model when it has one', async () => {
    const own = new ScriptedModel({ responses: [textResponse('From its own model.')] });
    const outer = new ScriptedModel({ responses: [toolCallResponse([{ name: 'helper', id: 'H', input: { prompt: 'go' } }]), textResponse('Done.')] });
    const helper = new Agent({ name: 'helper', description: 'Helps.', model: own });
    const result = await new Agent({ tools: [helper.asTool()] }).run(outer, 'q').result;
    expect(resultOf(result.messages, 'H')?.modelInput).toEqual({ type: 'text', value: 'From its own model.' });
    expect(own.requests).toHaveLength(1);
    expect(outer.requests).toHaveLength(2);
  });

  it('answers nested approvals from the outer run', async () => {
    const removed: string[] = [];
    const rm: FunctionTool = { ...fnTool('rm', () => void removed.push('a.txt')), needsApproval: true };
    const cleaner = new Agent({ name: 'cleaner', description: 'Cleans.', tools: [rm] });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'cleaner', id: 'O', input: { prompt: 'clean' } }]), toolCallResponse([{ name: 'rm', id: 'inner' }]), textResponse('Cleaned.'), textResponse('Done.')],
    });
    const run = new Agent({ tools: [cleaner.asTool()] }).run(model, 'go');
    const requests: string[] = [];
    for await (const event of run) {
      if (event.type === 'tool-approval-request') {
        requests.push(`${event.toolCallId}<${String(event.parentToolCallId)}`);
        run.approve(event.toolCallId);
      }
    }
    expect(requests).toEqual(['inner<O']);
    expect(removed).toEqual(['a.txt']);
    expect((await run.result).text).toBe('Done.');
  });

  it('a custom inputSchema sends the arguments as JSON text', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'tickets', id: 'T', input: { ticket: 7 } }]), textResponse('Ticket 7 is open.'), textResponse('Open.')] });
    const tickets = new Agent({ name: 'tickets', description: 'Looks up tickets.' }).asTool({ inputSchema: { type: 'object', properties: { ticket: { type: 'integer' } } } });
    expect(tickets.inputSchema).toEqual({ type: 'object', properties: { ticket: { type: 'integer' } } });
    await new Agent({ tools: [tickets] }).run(model, 'q').result;
    expect(model.requests[1]?.messages[0]?.parts[0]).toMatchObject({ type: 'text', text: '{"ticket":7}' });
  });
});
