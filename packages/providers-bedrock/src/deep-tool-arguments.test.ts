// A model may send tool input nested far deeper than the call stack. The AWS SDK serializes documents
// recursively, so Bedrock sends input up to MAX_DOCUMENT_DEPTH levels as it is and refuses deeper input
// with a typed, explained error — never a RangeError, never a retry loop.
import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { ProviderTestServer } from '@tandem/core/testing';
import { InvalidRequestError } from '@tandem/provider-utils';
import { createBedrock } from './bedrock-provider.js';
import { MAX_DOCUMENT_DEPTH } from './document-depth.js';
import { bedrockStream } from './test-utils/bedrock-fixture.js';
import { encodeEventFrame } from './test-utils/encode-event-stream.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function toolUse(input: string) {
  const frames = [
    { messageStart: { role: 'assistant' } },
    { contentBlockStart: { start: { toolUse: { toolUseId: 'tooluse_deep', name: 'inspect' } }, contentBlockIndex: 0 } },
    { contentBlockDelta: { delta: { toolUse: { input } }, contentBlockIndex: 0 } },
    { contentBlockStop: { contentBlockIndex: 0 } },
    { messageStop: { stopReason: 'tool_use' } },
    { metadata: { usage: { inputTokens: 5, outputTokens: 5, totalTokens: 10 }, metrics: { latencyMs: 1 } } },
  ].map(encodeEventFrame);
  return { type: 'raw' as const, headers: { 'content-type': 'application/vnd.amazon.eventstream' }, chunks: frames };
}

const inspect: FunctionTool = {
  kind: 'function',
  name: 'inspect',
  description: 'Measures nesting.', inputSchema: { type: 'object' },
  execute: () => 'measured',
};

const model = (url: string) =>
  createBedrock({ region: 'us-east-1', endpoint: url, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' } })('amazon.nova-pro-v1:0');

describe('deeply nested tool input', () => {
  it('is sent back verbatim up to the bound', async () => {
    await using server = await ProviderTestServer.start();
    const deep = nested(MAX_DOCUMENT_DEPTH - 2);
    server.enqueue(toolUse(`{"x":${deep}}`), bedrockStream('text'));
    const result = await new Agent({ tools: [inspect] }).run(model(server.url), [userMessage('Go deep.')]).result;
    expect(result.stopReason).toBe('endTurn');
    expect(server.requests[1]!.bodyText).toContain(`"input":{"x":${deep}}`);
  });

  it('10,000 levels: the next call fails with InvalidRequestError naming the bound, and is not retried', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(toolUse(`{"x":${nested(10_000)}}`));
    const run = new Agent({ tools: [inspect] }).run(model(server.url), [userMessage('Go deep.')]);
    const message = `The input of the inspect call is nested more than ${MAX_DOCUMENT_DEPTH} levels deep, more than the AWS SDK can send to Bedrock. Drop or shorten it (for example in a beforeModelCall hook) before calling the model again.`;
    await expect(run.result).rejects.toSatisfy((error: unknown) => InvalidRequestError.isInstance(error) && error.message === message);
    expect(server.requests).toHaveLength(1);
  });
});
