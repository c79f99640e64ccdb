import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { ProviderTestServer } from '@tandem/core/testing';
import { bedrockTools } from './bedrock-tools.js';
import { createBedrock } from './bedrock-provider.js';
import { bedrockStream } from './test-utils/bedrock-fixture.js';

const tools: FunctionTool[] = [
  {
    kind: 'function',
    name: 'weather',
    description: 'Current weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: (input) => ({ city: (input as { city: string }).city, tempC: 18 }),
  },
  {
    kind: 'function',
    name: 'current_time',
    description: 'The current time.', inputSchema: { type: 'object', properties: {} },
    execute: () => '12:00',
  },
];

function bedrock(endpoint: string) {
  return createBedrock({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' } });
}

describe('Agent + Bedrock over the loopback server', () => {
  it('runs two tools from one response and sends both results back', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('parallel-tool-calls'), bedrockStream('text'));
    await using run = new Agent({ tools, system: 'Be brief.' }).run(bedrock(server.url)('amazon.nova-pro-v1:0'), [
      userMessage('Weather in Paris, and the time?'),
    ]);
    for await (const _event of run) {
      // drain
    }
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Hello, world!');
    const second = server.requests[1]!.body as { system: unknown; messages: unknown; toolConfig: { tools: unknown[] } };
    expect(second.system).toEqual([{ text: 'Be brief.' }]);
    expect(second.toolConfig.tools).toHaveLength(2);
    expect(second.messages).toEqual([
      { role: 'user', content: [{ text: 'Weather in Paris, and the time?' }] },
      {
        role: 'assistant',
        content: [
          { toolUse: { toolUseId: 'tooluse_Paris01', name: 'weather', input: { city: 'Paris' } } },
          { toolUse: { toolUseId: 'tooluse_Time02', name: 'current_time', input: {} } },
        ],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 'tooluse_Paris01', content: [{ json: { city: 'Paris', tempC: 18 } }] } },
          { toolResult: { toolUseId: 'tooluse_Time02', content: [{ text: '12:00' }] } },
        ],
      },
    ]);
  });

  it('round-trips reasoning signatures and redacted reasoning into the next turn', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('reasoning'), bedrockStream('redacted-reasoning'), bedrockStream('text'));
    const model = bedrock(server.url)('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    const agent = new Agent({ providerOptions: { bedrock: { thinking: { type: 'enabled', budgetTokens: 1024 } } } });
    const first = await agent.run(model, [userMessage('GCD of 1071 and 462?')]).result;
    const second = await agent.run(model, [...first.messages, userMessage('Again?')]).result;
    await agent.run(model, [...second.messages, userMessage('Thanks')]).result;
    const sent = server.requests[2]!.body as { messages: { role: string; content: unknown[] }[]; additionalModelRequestFields: unknown };
    expect(sent.additionalModelRequestFields).toEqual({ thinking: { type: 'enabled', budget_tokens: 1024 } });
    expect(sent.messages[1]!.content).toEqual([
      {
        reasoningContent: {
          reasoningText: {
            text: 'I need the GCD of 1071 and 462. Euclid: 1071 = 2 × 462 + 147; 462 = 3 × 147 + 21; 147 = 7 × 21.',
            signature: 'ErcBCkgIAhABGAIiQMsig-bedrock-fixture',
          },
        },
      },
      { text: 'The GCD is 21.' },
    ]);
    // Blobs travel base64-encoded in the JSON wire format.
    expect(sent.messages[3]!.content).toEqual([{ reasoningContent: { redactedContent: 'RW5jcnlwdGVkIHJlYXNvbmluZw==' } }, { text: 'Done.' }]);
  });

  it('sends system tools and round-trips their calls and results', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('server-tool'), bedrockStream('text'));
    const model = bedrock(server.url)('us.amazon.nova-premier-v1:0');
    const agent = new Agent({ tools: [bedrockTools.systemTool('nova_grounding')] });
    const first = await agent.run(model, [userMessage('Weather in Oslo?')]).result;
    expect(first.text).toBe('It is sunny and 18°C in Oslo.');
    await agent.run(model, [...first.messages, userMessage('Thanks')]).result;
    const sent = server.requests[1]!.body as { toolConfig: unknown; messages: { role: string; content: unknown[] }[] };
    expect(sent.toolConfig).toEqual({ tools: [{ systemTool: { name: 'nova_grounding' } }] });
    expect(sent.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { toolUse: { toolUseId: 'tooluse_srv_7Qx', name: 'nova_grounding', input: { query: 'weather Oslo' }, type: 'server_tool_use' } },
        { toolResult: { toolUseId: 'tooluse_srv_7Qx', content: [{ text: 'Oslo: 18°C, sunny' }], status: 'success', type: 'nova_grounding' } },
        { text: 'It is sunny and 18°C in Oslo.' },
      ],
    });
  });
});
