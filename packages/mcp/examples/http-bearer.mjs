// Connect to an MCP server over Streamable HTTP with a bearer token.
// Run: node examples/http-bearer.mjs
// To make it self-contained, it first serves a Tandem tool on loopback that requires the token; point
// getHttpTools at any remote MCP endpoint the same way.
import { Agent, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { getHttpTools } from '@tandem/mcp';
import { serveTools } from '@tandem/mcp/server';

const token = process.env.MCP_TOKEN ?? 'example-token';

/** @type {import('@tandem/core').FunctionTool} */
const weather = {
  kind: 'function',
  name: 'weather',
  spec: {
    description: 'Current weather for a city.',
    params: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  execute: ({ city }) => ({ city, temperatureC: 21, conditions: 'sunny' }),
};

const served = await serveTools([weather], {
  transport: { port: 0, authorize: (request) => request.headers.authorization === `Bearer ${token}` },
});

const tools = await getHttpTools(served.url, {
  headers: { Authorization: `Bearer ${token}` },
  toolPrefix: 'remote_',
  timeoutMs: 120_000,
});

try {
  const model = new ScriptedModel({
    responses: [toolCallResponse([{ name: 'remote_weather', input: { city: 'Oslo' } }]), textResponse('Sunny, 21 °C in Oslo.')],
  });
  const run = new Agent({ tools }).run(model, [userMessage('Weather in Oslo?')]);
  const result = await run.result;
  console.log('tool result:', result.steps[0]?.toolResults[0]?.result);
  console.log(result.text);
} finally {
  await tools.close();
  await served.close();
}
