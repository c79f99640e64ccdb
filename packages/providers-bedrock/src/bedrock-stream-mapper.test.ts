import { describe, expect, it } from 'vitest';
import { IncompleteResponseError, type ModelStreamPart } from '@tandem/core/spec';
import { fromBase64 } from '@tandem/provider-utils';
import { BedrockStreamEvent } from './bedrock-stream-event.js';
import { BedrockStreamMapper } from './bedrock-stream-mapper.js';
import { loadBedrockEvents } from './test-utils/bedrock-fixture.js';

/** Decodes fixture events as the SDK would (blobs become bytes). */
function sdkEvents(name: string): BedrockStreamEvent[] {
  return loadBedrockEvents(name).map((event) => {
    const redacted = (event as { contentBlockDelta?: { delta?: { reasoningContent?: { redactedContent?: string } } } })
      .contentBlockDelta?.delta?.reasoningContent;
    if (redacted?.redactedContent !== undefined) {
      return BedrockStreamEvent.parse({
        contentBlockDelta: { ...(event['contentBlockDelta'] as object), delta: { reasoningContent: { redactedContent: fromBase64(redacted.redactedContent) } } },
      });
    }
    return BedrockStreamEvent.parse(event);
  });
}

function mapAll(name: string): ModelStreamPart[] {
  const mapper = new BedrockStreamMapper();
  const parts = sdkEvents(name).flatMap((event) => mapper.map(event));
  mapper.end();
  return parts;
}

describe('BedrockStreamMapper', () => {
  it('maps the answer tool to a text block (no input: {}) next to a real call, which keeps tool-calls', () => {
    const mapper = new BedrockStreamMapper({ answerTool: 'output' });
    const parts = [
      { contentBlockStart: { start: { toolUse: { toolUseId: 't1', name: 'output' } }, contentBlockIndex: 0 } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { contentBlockStart: { start: { toolUse: { toolUseId: 't2', name: 'weather' } }, contentBlockIndex: 1 } },
      { contentBlockDelta: { delta: { toolUse: { input: '{"city":"Oslo"}' } }, contentBlockIndex: 1 } },
      { contentBlockStop: { contentBlockIndex: 1 } },
      { messageStop: { stopReason: 'tool_use' } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } } },
    ].flatMap((event) => mapper.map(BedrockStreamEvent.parse(event)));
    expect(parts.slice(0, 6)).toEqual([
      { type: 'text-start', blockId: '0' },
      { type: 'text-delta', blockId: '0', chunk: '{}' },
      { type: 'text-end', blockId: '0' },
      { type: 'tool-start', toolCallId: 't2', toolName: 'weather' },
      { type: 'tool-delta', toolCallId: 't2', chunk: '{"city":"Oslo"}' },
      { type: 'tool-end', toolCallId: 't2', toolName: 'weather', toolArgs: '{"city":"Oslo"}' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('opens text blocks on their first delta and finishes on metadata', () => {
    expect(mapAll('text')).toEqual([
      { type: 'text-start', blockId: '0' },
      { type: 'text-delta', blockId: '0', chunk: 'Hello' },
      { type: 'text-delta', blockId: '0', chunk: ', world!' },
      { type: 'text-end', blockId: '0' },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 12, outputTokens: 6 },
        providerMetadata: { bedrock: { stopReason: 'end_turn', latencyMs: 310 } },
      },
    ]);
  });

  it('streams tool input and ends calls with the full JSON ({} when empty)', () => {
    const parts = mapAll('tool-call').filter((p) => p.type.startsWith('tool-'));
    expect(parts.at(0)).toEqual({ type: 'tool-start', toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', toolName: 'weather' });
    expect(parts.at(-1)).toEqual({
      type: 'tool-end',
      toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
      toolName: 'weather',
      toolArgs: '{"city": "San Francisco"}',
    });
    expect(mapAll('tool-call-no-args').find((p) => p.type === 'tool-end')).toMatchObject({ toolArgs: '{}' });
  });

  it('keeps the reasoning signature for the round trip', () => {
    const end = mapAll('reasoning').find((p) => p.type === 'reasoning-end');
    expect(end).toEqual({ type: 'reasoning-end', blockId: '0', providerMetadata: { bedrock: { signature: 'ErcBCkgIAhABGAIiQMsig-bedrock-fixture' } } });
  });

  it('keeps redacted reasoning as base64', () => {
    const parts = mapAll('redacted-reasoning');
    expect(parts.slice(0, 2)).toEqual([
      { type: 'reasoning-start', blockId: '0' },
      { type: 'reasoning-end', blockId: '0', providerMetadata: { bedrock: { redactedData: 'RW5jcnlwdGVkIHJlYXNvbmluZw==' } } },
    ]);
  });

  it('adds cache reads to inputTokens and reports them as cached', () => {
    expect(mapAll('cached-usage').at(-1)).toMatchObject({ usage: { inputTokens: 1767, outputTokens: 5, cachedInputTokens: 1763 } });
  });

  it.each([
    ['max_tokens', 'length'],
    ['stop_sequence', 'stop'],
    ['guardrail_intervened', 'content-filter'],
    ['content_filtered', 'content-filter'],
    ['malformed_tool_use', 'error'],
  ])('maps stopReason %s to %s', (reason, finishReason) => {
    expect(mapAll(`finish-${reason}`).at(-1)).toMatchObject({ type: 'finish', finishReason, providerMetadata: { bedrock: { stopReason: reason } } });
  });

  it('throws IncompleteResponseError when the metadata event is missing', () => {
    const mapper = new BedrockStreamMapper();
    for (const event of sdkEvents('text').slice(0, -1)) mapper.map(event);
    expect(() => mapper.end()).toThrow(IncompleteResponseError);
  });

  it('maps a server (system) tool call and its streamed result to builtin-tool parts', () => {
    const builtin = mapAll('server-tool').filter((p) => p.type.startsWith('builtin-') || p.type.startsWith('tool-'));
    expect(builtin).toEqual([
      {
        type: 'builtin-tool-call',
        toolCallId: 'tooluse_srv_7Qx',
        toolName: 'nova_grounding',
        toolArgs: '{"query":"weather Oslo"}',
        providerMetadata: { bedrock: { type: 'server_tool_use' } },
      },
      {
        type: 'builtin-tool-result',
        toolCallId: 'tooluse_srv_7Qx',
        toolName: 'nova_grounding',
        result: [{ text: 'Oslo: 18°C, sunny' }],
        isError: false,
        providerMetadata: { bedrock: { type: 'nova_grounding', status: 'success' } },
      },
    ]);
  });
});
