/** Files of the empty project that installs the published packages the way a user would. */

/** A tiny agent: a zod tool run by a scripted model, a provider model, an MCP tool over stdio, a bidi agent. */
export const AGENT_SCRIPT = `import assert from 'node:assert/strict';
import { Agent, userMessage } from '@tandem/core';
import { ScriptedBidiModel, ScriptedModel, bidiResponseEvents, bidiToolGroup, textResponse, toolCallResponse } from '@tandem/core/testing';
import { tool } from '@tandem/tools';
import { createOpenAI } from '@tandem/providers-openai';
import { getStdioTools } from '@tandem/mcp';
import { BidiAgent } from '@tandem/bidi';
import { z } from 'zod';

const calls = [];
const add = tool({
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  async execute({ a, b }) {
    calls.push([a, b]);
    return a + b;
  },
});
const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'add', input: { a: 2, b: 3 } }]), textResponse('2 + 3 = 5')] });
const result = await new Agent({ tools: [add] }).run(model, [userMessage('What is 2 + 3?')]).result;
assert.equal(result.text, '2 + 3 = 5');
assert.deepEqual(calls, [[2, 3]]);
assert.equal(model.requests[1].messages.at(-1).role, 'tool');
assert.deepEqual(add.inputSchema.required, ['a', 'b']);

const openai = createOpenAI({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1' });
assert.equal(openai('gpt-5').specificationVersion, 'v1');

const mcpTools = await getStdioTools({ command: process.execPath, args: ['mcp-server.mjs'] });
try {
  const mcpModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'shout', input: { text: 'hi' } }]), textResponse('done')] });
  const mcpRun = await new Agent({ tools: mcpTools }).run(mcpModel, [userMessage('Shout hi')]).result;
  assert.equal(mcpRun.text, 'done');
  assert.match(JSON.stringify(mcpModel.requests[1].messages.at(-1)), /HI!/);
} finally {
  await mcpTools.close();
}

const bidiModel = new ScriptedBidiModel({
  onInput: (input) => [bidiToolGroup([{ name: 'add', input: { a: 4, b: 5 }, id: 'sum' }]), ...bidiResponseEvents('Adding.')],
  onToolResults: () => bidiResponseEvents('It is 9.'),
});
const voice = new BidiAgent({ model: bidiModel, tools: [add] });
await voice.start();
await voice.send('What is 4 + 5?');
await bidiModel.until(() => bidiModel.toolResultCalls.length === 1);
assert.deepEqual(bidiModel.toolResultCalls[0].map(({ toolCallId, result }) => [toolCallId, result]), [['sum', 9]]);
await voice.stop();
console.log('agent ok');
`;

/** A stdio MCP server serving one Tandem tool, for the agent script's MCP client. */
export const MCP_SERVER_SCRIPT = `import { serveTools } from '@tandem/mcp/server';
import { jsonSchema, tool } from '@tandem/tools';

const shout = tool({
  name: 'shout',
  description: 'Upper-cases the text.',
  inputSchema: jsonSchema({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }),
  execute: ({ text }) => text.toUpperCase() + '!',
});
await serveTools([shout], { transport: 'stdio' });
`;
