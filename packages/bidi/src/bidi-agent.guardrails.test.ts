// Output guardrails on the assistant transcript as it streams, and fallbackBidiModel.
import { describe, expect, it } from 'vitest';
import { APICallError, messageText, type Guardrail, type GuardrailVerdict } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { fallbackBidiModel } from './connection/fallback-bidi-model.js';
import { collect } from './__fixtures__/test-kit.js';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('BidiAgent output guardrails', () => {
  it('check every guardrailIntervalChars new characters while the transcript streams, and the complete text', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const seen: string[] = [];
    const log: Guardrail = { name: 'log', check: ({ text, final }) => (seen.push(`${final ? 'final' : 'partial'}:${text}`), { tripwire: false }) };
    const agent = new BidiAgent({ model, clock, guardrails: { output: [log] }, guardrailIntervalChars: 10 });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit({ type: 'response-start', responseId: 'r1' });
    for (const delta of ['Hello ', 'there, ', 'how are ', 'you']) model.connection.emit({ type: 'transcript', role: 'assistant', delta, final: false });
    model.connection.emit({ type: 'transcript', role: 'assistant', delta: '?', final: true }, { type: 'response-end', responseId: 'r1', stopReason: 'complete' });
    await model.until(() => seen.some((entry) => entry.startsWith('final:')));
    await model.settle();
    expect(seen).toEqual(['partial:Hello there, ', 'partial:Hello there, how are you', 'final:Hello there, how are you?']);
    expect(events.flatMap((e) => (e.type === 'guardrail' && 'final' in e ? [[e.tripwire, e.final, e.responseId]] : []))).toEqual([
      [false, false, 'r1'],
      [false, false, 'r1'],
      [false, true, 'r1'],
    ]);
    expect(agent.messages.map((m) => messageText(m))).toEqual(['Hello there, how are you?']);
    await agent.stop();
    await done;
  });

  it('a tripwire cuts the response like a barge-in: audio flushed, truncated at the played position, the rest dropped; replaceWith is asked for', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const verdict = deferred<GuardrailVerdict>();
    const pii: Guardrail = { name: 'pii', check: ({ text }) => (text.includes('@') ? verdict.promise : { tripwire: false }) };
    const agent = new BidiAgent({ model, clock, guardrails: { output: [pii] }, guardrailIntervalChars: 5 });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(...bidiResponseEvents('Mail ada@example.com now', { responseId: 'r1', audioChunks: 10, open: true }));
    await model.until(() => events.filter((e) => e.type === 'audio').length === 10);
    agent.reportPlayed('r1', 60);
    verdict.resolve({ tripwire: true, reason: 'e-mail address', replaceWith: 'I cannot share that.' });
    await model.until(() => model.connection.truncations.length === 1 && model.contextInputs.length === 1);
    model.connection.emit({ type: 'transcript', role: 'assistant', delta: ' more secrets', final: true }, { type: 'response-end', responseId: 'r1', stopReason: 'interrupted' });
    await model.settle();

    expect(model.connection.truncations).toEqual([{ responseId: 'r1', playedMs: 60 }]);
    expect(model.contextInputs).toEqual([{ type: 'context', text: expect.stringContaining('"I cannot share that."'), delivery: 'interrupt' }]);
    expect(events.find((e) => e.type === 'barge-in')).toMatchObject({ responseId: 'r1', reason: 'guardrail' });
    expect(events.filter((e) => e.type === 'guardrail' && e.tripwire)).toEqual([expect.objectContaining({ name: 'pii', reason: 'e-mail address', responseId: 'r1' })]);
    const transcripts = events.flatMap((e) => (e.type === 'transcript' ? [e.delta] : []));
    expect(transcripts).not.toContain(' more secrets');
    expect(agent.messages.filter((m) => m.role === 'assistant')).toEqual([]);
    await agent.stop();
    await done;
  });

  it('a response cut off by the end while its check runs keeps none of its transcript, and the late verdict is ignored', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const verdict = deferred<GuardrailVerdict>();
    const agent = new BidiAgent({ model, clock, guardrails: { output: [{ name: 'slow', check: () => verdict.promise }] } });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(...bidiResponseEvents('Unchecked words', { responseId: 'r1', audioChunks: 1, open: true }));
    await model.until(() => events.some((e) => e.type === 'transcript'));
    await agent.stop();
    await done;
    verdict.resolve({ tripwire: true, replaceWith: 'late' });
    await model.settle();
    expect(agent.messages).toEqual([]);
    expect(events.at(-1)?.type).toBe('connection-close');
    expect(events.filter((e) => e.type === 'guardrail')).toEqual([]);
    expect(model.contextInputs).toEqual([]);
  });

  it('validates the options', () => {
    const model = new ScriptedBidiModel();
    expect(() => new BidiAgent({ model, guardrails: { output: [{ name: 'x' } as unknown as Guardrail] } })).toThrow(/guardrails\.output\[0\]/);
    expect(() => new BidiAgent({ model, guardrails: { input: [] } as never })).toThrow(/guardrails\.input is not an option/);
    expect(() => new BidiAgent({ model, guardrailIntervalChars: 0 })).toThrow(/guardrailIntervalChars/);
  });
});

describe('fallbackBidiModel', () => {
  it('connects to the next model when one fails to connect with a retryable error; audio follows the connected model', async () => {
    const primary = new ScriptedBidiModel({ provider: 'p1', modelId: 'a', audio: { inputRate: 16_000, outputRate: 24_000 } });
    const backup = new ScriptedBidiModel({ provider: 'p2', modelId: 'b', audio: { inputRate: 24_000, outputRate: 24_000 } });
    primary.failNextConnect(new APICallError({ message: 'unavailable', statusCode: 503, url: 'wss://x' }));
    const moves: string[] = [];
    const model = fallbackBidiModel([primary, backup], { onFallback: ({ from, to }) => moves.push(`${from.modelId}->${to.modelId}`) });
    expect(model.audio.inputRate).toBe(16_000);
    const agent = new BidiAgent({ model });
    await agent.start();
    expect(backup.connections).toHaveLength(1);
    expect(model.audio.inputRate).toBe(24_000);
    expect(moves).toEqual(['a->b']);
    await agent.stop();
  });

  it('does not fall back on a non-retryable failure', async () => {
    const denied = new APICallError({ message: 'bad key', statusCode: 401, url: 'wss://x' });
    const primary = new ScriptedBidiModel();
    const backup = new ScriptedBidiModel();
    primary.failNextConnect(denied);
    const model = fallbackBidiModel([primary, backup]);
    await expect(model.connect({ tools: [], messages: [] })).rejects.toBe(denied);
    expect(backup.connections).toHaveLength(0);
    expect(() => fallbackBidiModel([])).toThrow(TypeError);
  });
});
