import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IncompleteResponseError, type ModelStreamPart } from '@tandem/core/spec';
import { GoogleStreamChunk } from './google-stream-chunk.js';
import { GoogleStreamMapper } from './google-stream-mapper.js';

function chunks(name: string): GoogleStreamChunk[] {
  return readFileSync(new URL(`./__fixtures__/${name}.chunks.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => GoogleStreamChunk.parse(JSON.parse(line)));
}

function mapAll(name: string): ModelStreamPart[] {
  let n = 0;
  const mapper = new GoogleStreamMapper({ generateId: () => `gen-${++n}` });
  return [...chunks(name).flatMap((chunk) => mapper.map(chunk)), ...mapper.end()];
}

describe('GoogleStreamMapper', () => {
  it('maps streamed text and the final usage', () => {
    expect(mapAll('text')).toEqual([
      { type: 'text-start', blockId: '0' },
      { type: 'text-delta', blockId: '0', chunk: 'Hello' },
      { type: 'text-delta', blockId: '0', chunk: ', world!' },
      { type: 'text-end', blockId: '0', providerMetadata: { google: {} } },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 8, outputTokens: 4 },
        providerMetadata: { google: { finishReason: 'STOP', modelVersion: 'gemini-2.5-flash', responseId: 'resp-fixture-1' } },
      },
    ]);
  });

  it('emits a whole function call as start, one delta and end, with a synthesized id', () => {
    const parts = mapAll('tool-call');
    expect(parts.slice(3)).toEqual([
      { type: 'tool-start', toolCallId: 'gen-1', toolName: 'weather' },
      { type: 'tool-delta', toolCallId: 'gen-1', chunk: '{"city":"San Francisco"}' },
      {
        type: 'tool-end',
        toolCallId: 'gen-1',
        toolName: 'weather',
        toolArgs: '{"city":"San Francisco"}',
        providerMetadata: { google: {} },
      },
      expect.objectContaining({ type: 'finish', finishReason: 'tool-calls' }),
    ]);
  });

  it('uses the wire id and keeps the thought signature of a function call', () => {
    const end = mapAll('tool-call-with-id').find((p) => p.type === 'tool-end');
    expect(end).toEqual({
      type: 'tool-end',
      toolCallId: 'fc-8f2a',
      toolName: 'weather',
      toolArgs: '{"city":"Oslo"}',
      providerMetadata: { google: { functionCallId: 'fc-8f2a', thoughtSignature: 'Cs4BAdHtim9fSig1' } },
    });
    expect(mapAll('tool-call-with-id').at(-1)).toMatchObject({
      usage: { inputTokens: 50, outputTokens: 42, reasoningTokens: 30 },
    });
  });

  it('gives parallel calls distinct ids and a call without args {}', () => {
    const ends = mapAll('parallel-tool-calls').filter((p) => p.type === 'tool-end');
    expect(ends.map((p) => p.type === 'tool-end' && [p.toolCallId, p.toolName, p.toolArgs])).toEqual([
      ['gen-1', 'weather', '{"city":"Paris"}'],
      ['gen-2', 'current_time', '{}'],
    ]);
    expect(mapAll('tool-call-no-args').find((p) => p.type === 'tool-end')).toMatchObject({ toolArgs: '{}' });
  });

  it('maps thought parts to reasoning and attaches the trailing signature to the answer', () => {
    expect(mapAll('reasoning')).toEqual([
      { type: 'reasoning-start', blockId: '0' },
      { type: 'reasoning-delta', blockId: '0', chunk: '**Finding the GCD**\nUse the Euclidean algorithm on 1071 and 462.' },
      { type: 'reasoning-end', blockId: '0', providerMetadata: { google: {} } },
      { type: 'text-start', blockId: '1' },
      { type: 'text-delta', blockId: '1', chunk: 'The GCD is 21.' },
      { type: 'text-end', blockId: '1', providerMetadata: { google: { thoughtSignature: 'CiQB0e2Kb7Yx3Sig2' } } },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 20, outputTokens: 127, reasoningTokens: 120 },
        providerMetadata: { google: { finishReason: 'STOP', modelVersion: 'gemini-2.5-flash', responseId: 'resp-fixture-1' } },
      },
    ]);
  });

  it('reports cached prompt tokens', () => {
    expect(mapAll('cached-usage').at(-1)).toMatchObject({ usage: { inputTokens: 2100, outputTokens: 4, cachedInputTokens: 2048 } });
  });

  it.each([
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content-filter'],
    ['RECITATION', 'content-filter'],
    ['PROHIBITED_CONTENT', 'content-filter'],
    ['BLOCKLIST', 'content-filter'],
    ['MALFORMED_FUNCTION_CALL', 'error'],
    ['OTHER', 'other'],
  ])('maps finishReason %s to %s', (reason, finishReason) => {
    expect(mapAll(`finish-${reason}`).at(-1)).toMatchObject({ type: 'finish', finishReason });
  });

  it('finishes a blocked prompt with content-filter', () => {
    expect(mapAll('prompt-blocked')).toEqual([
      expect.objectContaining({
        type: 'finish',
        finishReason: 'content-filter',
        providerMetadata: { google: expect.objectContaining({ blockReason: 'SAFETY' }) },
      }),
    ]);
  });

  it('maps code execution to builtin tool parts', () => {
    const builtin = mapAll('code-execution').filter((p) => p.type.startsWith('builtin-'));
    expect(builtin).toEqual([
      {
        type: 'builtin-tool-call',
        toolCallId: 'gen-1',
        toolName: 'code_execution',
        toolArgs: '{"language":"PYTHON","code":"print(sum(range(101)))"}',
        providerMetadata: { google: {} },
      },
      {
        type: 'builtin-tool-result',
        toolCallId: 'gen-1',
        toolName: 'code_execution',
        result: { outcome: 'OUTCOME_OK', output: '5050\n' },
        isError: false,
        providerMetadata: { google: {} },
      },
    ]);
    expect(mapAll('code-execution').at(-1)).toMatchObject({ usage: { inputTokens: 42, outputTokens: 40 } });
  });

  it('throws IncompleteResponseError when no chunk carried a finishReason', () => {
    const mapper = new GoogleStreamMapper({ generateId: () => 'x' });
    mapper.map(chunks('text')[0]!);
    expect(() => mapper.end()).toThrow(IncompleteResponseError);
  });
});
