// The examples of DESIGN §3 ("Tools"), compiled and run as written there.
import { Agent, toolContent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, tool } from './index.js';

describe('DESIGN §3 examples', () => {
  it('object form: contact_mothership', async () => {
    const contactMothership = tool({
      name: 'contact_mothership', // optional when execute is a named function
      description: 'Contact the mothership for important decisions.',
      inputSchema: z.object({ query: z.string() }), // zod, JSON Schema via jsonSchema(), or Standard Schema
      async execute({ query }, ctx) {
        expect(query).toBe('Should we land?');
        expect(ctx.toolName).toBe('contact_mothership');
        return 'Soon.';
      },
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'contact_mothership', input: { query: 'Should we land?' } }]), textResponse('The mothership says: soon.')],
    });
    const result = await new Agent({ tools: [contactMothership] }).run(model, 'Ask the mothership.').result;
    expect(result.text).toBe('The mothership says: soon.');
    const toolMessage = result.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.parts[0]).toMatchObject({ type: 'tool-result', status: 'success', result: 'Soon.' });
  });

  it('function form: the name comes from the function', async () => {
    const contactMothership = tool(async function contact_mothership(input: { query: string }) {
      return `Soon. (${input.query})`;
    }, { description: 'Contact the mothership for important decisions.', inputSchema: z.object({ query: z.string() }) });
    expect(contactMothership.name).toBe('contact_mothership');
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'contact_mothership', input: { query: 'now?' } }]), textResponse('ok')] });
    const result = await new Agent({ tools: [contactMothership] }).run(model, 'go').result;
    expect(result.messages.find((message) => message.role === 'tool')?.parts[0]).toMatchObject({ result: 'Soon. (now?)' });
  });

  it('mixed content with toolContent()', async () => {
    const chart = tool({
      name: 'chart',
      description: 'Draws a chart.',
      inputSchema: z.object({}),
      async execute() {
        return toolContent([{ type: 'text', text: 'Here is the chart:' }, { type: 'file', mediaType: 'image/png', data: new Uint8Array([137, 80]) }]);
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'chart', input: {} }]), textResponse('ok')] });
    const result = await new Agent({ tools: [chart] }).run(model, 'go').result;
    const part = result.messages.find((message) => message.role === 'tool')?.parts[0];
    expect(part).toMatchObject({ modelInput: { type: 'content', value: [{ type: 'text', text: 'Here is the chart:' }, { type: 'file', mediaType: 'image/png' }] } });
  });

  it('schema-only: defineTool()', () => {
    const contactMothership = defineTool({
      kind: 'function',
      name: 'contact_mothership',
      description: 'Contact the mothership.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    });
    expect(contactMothership.execute).toBeUndefined();
  });
});
