// The code examples of DESIGN §2–3 (and the seed's Python examples, translated), kept compiling and
// behaving as described. If one of these breaks, the documented API broke.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent, stream, systemMessage, userMessage, type AgentEvent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { defineTool, tool } from '@tandem/tools';

const contactMothership = tool({
  name: 'contact_mothership',
  description: 'Contact the mothership for important decisions.',
  input: z.object({ query: z.string() }),
  async execute({ query }, ctx) {
    expect(ctx.signal.aborted).toBe(false);
    return query.length > 0 ? 'Soon.' : 'Never.';
  },
});

const namedFunctionTool = tool(
  async function contact_mothership_fn(input: { query: string }) {
    return `Asked: ${input.query}`;
  },
  { description: 'Contact the mothership.', input: z.object({ query: z.string() }) },
);

describe('DESIGN §2 Agent', () => {
  it('runs, streams events and resolves the documented result fields', async () => {
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'contact_mothership', input: { query: 'When?' } },
          { name: 'contact_mothership_fn', input: { query: 'Where?' } },
        ]),
        textResponse('The mothership says: Soon.'),
      ],
    });
    const agent = new Agent({ tools: [contactMothership, namedFunctionTool], system: 'You are a probe.', maxSteps: 20 });
    const messages = [systemMessage('Be brief.'), userMessage('Ask the mothership.')];
    const seen: AgentEvent['type'][] = [];
    {
      await using run = agent.run(model, messages, { signal: new AbortController().signal });
      for await (const event of run) seen.push(event.type);
      const { stopReason, message, messages: history, usage, text } = await run.result;
      expect(stopReason).toBe('endTurn');
      expect(text).toBe('The mothership says: Soon.');
      expect(message?.role).toBe('assistant');
      expect(history.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
      expect(usage).toEqual({ inputTokens: 20, outputTokens: 10 });
    }
    expect(seen).toContain('tool-call-result');
    expect(model.requests[0]?.system).toBe('You are a probe.');
    const results = model.requests[1]?.messages.at(-1)?.parts;
    expect(results).toMatchObject([
      { type: 'tool-result', status: 'success', result: 'Soon.' },
      { type: 'tool-result', status: 'success', result: 'Asked: Where?' },
    ]);
  });

  it('tool errors are results the model sees; event.exception is the original (seed: Handle tool errors)', async () => {
    const failure = new Error('mothership unreachable');
    const flaky = tool({
      name: 'flaky',
      description: 'Always fails.',
      input: z.object({}),
      execute() {
        throw failure;
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'flaky' }]), textResponse('It failed.')] });
    const failed: string[] = [];
    const run = new Agent({ tools: [flaky] }).run(model, [userMessage('try')]);
    for await (const event of run) {
      if (event.type === 'tool-call-result') {
        for (const result of event.results) if (result.isError) failed.push(`${result.toolName} failed: ${String(result.result)}`);
        expect(event.exception).toBe(failure);
      }
    }
    expect(failed).toEqual(['flaky failed: Error: mothership unreachable']);
  });
});

describe('DESIGN §2 stream() with a schema-only tool (seed: Understand tool anatomy)', () => {
  it('emits the call for the caller and never executes it', async () => {
    const schemaOnly = defineTool({
      kind: 'function',
      name: 'contact_mothership',
      spec: {
        description: 'Contact the mothership.',
        params: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'contact_mothership', input: { query: 'eta' } }])] });
    const args: string[] = [];
    await using response = stream(model, [userMessage('hi')], { tools: [schemaOnly] });
    for await (const event of response) if (event.type === 'tool-end') args.push(event.toolCall.toolArgs);
    expect(args).toEqual(['{"query":"eta"}']);
    expect(model.requests[0]?.tools[0]).toEqual({
      kind: 'function',
      name: 'contact_mothership',
      description: 'Contact the mothership.',
      inputSchema: schemaOnly.inputSchema,
    });
  });
});

describe('DESIGN §2 model ids as strings', () => {
  it('agent.run and stream take a provider:model-id string once the provider is registered', async () => {
    const { registerProvider } = await import('@tandem/core');
    const off = registerProvider('scripted', (modelId) => new ScriptedModel({ provider: 'scripted', modelId, responses: [textResponse(`hi from ${modelId}`)] }));
    try {
      const { text } = await new Agent().run('scripted:tiny-1', 'hello').result;
      expect(text).toBe('hi from tiny-1');
      expect((await stream('scripted:tiny-2', 'hello').result).text).toBe('hi from tiny-2');
      expect(() => new Agent().run('openai:gpt-5', 'hi')).toThrow(/registerProvider\('openai', openai\)/);
    } finally {
      off();
    }
  });
});

describe('DESIGN §2 tool approval', () => {
  it('a call that needs approval waits for run.approve / run.deny while the rest of its group goes on', async () => {
    const ran: string[] = [];
    const deleteFile = tool({
      name: 'delete_file',
      description: 'Deletes a file.',
      input: z.object({ path: z.string() }),
      needsApproval: ({ path }) => !path.startsWith('/tmp/'),
      async execute({ path }) {
        ran.push(path);
        return `deleted ${path}`;
      },
    });
    const model = new ScriptedModel({
      responses: [
        toolCallResponse([
          { name: 'delete_file', id: 'tmp', input: { path: '/tmp/a' } },
          { name: 'delete_file', id: 'etc', input: { path: '/etc/hosts' } },
        ]),
        textResponse('Done.'),
      ],
    });
    await using run = new Agent({ tools: [deleteFile] }).run(model, 'Clean up.');
    for await (const event of run) {
      if (event.type === 'tool-approval-request') run.deny(event.toolCallId, 'not outside /tmp');
    }
    const { messages } = await run.result;
    expect(ran).toEqual(['/tmp/a']);
    expect(messages.at(-2)?.parts).toMatchObject([
      { toolCallId: 'tmp', status: 'success' },
      { toolCallId: 'etc', status: 'error', result: 'The user denied this tool call: not outside /tmp' },
    ]);
  });

  it('the approve option answers for the user', async () => {
    const risky = tool({ name: 'risky', description: 'Risky.', input: z.object({}), needsApproval: true, execute: () => 'done' });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'risky' }]), textResponse('ok')] });
    const agent = new Agent({ tools: [risky], approve: (request) => request.toolName === 'risky' });
    const { messages } = await agent.run(model, 'go').result;
    expect(messages.at(-2)?.parts[0]).toMatchObject({ status: 'success', result: 'done' });
  });
});

describe('DESIGN §2 structured output', () => {
  it('output: zodSchema sends responseFormat and resolves a typed result.output', async () => {
    const Weather = z.object({ city: z.string(), celsius: z.number() });
    const model = new ScriptedModel({ responses: [textResponse('{"city":"Oslo","celsius":4}')] });
    const { output } = await new Agent().run(model, 'Weather in Oslo?', { output: Weather }).result;
    const celsius: number | undefined = output?.celsius;
    expect(celsius).toBe(4);
    expect(model.requests[0]?.responseFormat).toMatchObject({ type: 'json', schema: { type: 'object', required: ['city', 'celsius'] } });
  });

  it('an answer that does not validate rejects with OutputValidationError', async () => {
    const { OutputValidationError } = await import('@tandem/core');
    const model = new ScriptedModel({ responses: [textResponse('{"city":"Oslo"}')] });
    const error: unknown = await new Agent().run(model, 'go', { output: z.object({ city: z.string(), celsius: z.number() }) }).result.catch((e: unknown) => e);
    expect(OutputValidationError.isInstance(error)).toBe(true);
  });
});
