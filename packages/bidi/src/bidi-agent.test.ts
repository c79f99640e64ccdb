import { describe, expect, it } from 'vitest';
import type { FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import type { BidiModel } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import { BidiAgentStateError } from './errors/bidi-agent-state-error.js';
import { int16ToPcm16, pcm16ToInt16 } from './pcm/pcm16-samples.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent API', () => {
  it('validates the model version and tool names', () => {
    const model = new ScriptedBidiModel();
    const future = { ...model, specificationVersion: 'v2' } as unknown as BidiModel;
    expect(() => new BidiAgent({ model: future })).toThrow(/v2|version/i);
    const tool = sleepTool('same', new ManualClock(), 1);
    expect(() => new BidiAgent({ model, tools: [tool, tool] })).toThrow(TypeError);
    expect(() => new BidiAgent({ model, tools: [{ ...tool, name: 'bad name!' }] })).toThrow(TypeError);
  });

  it('refuses send() and receive() without a conversation', async () => {
    const agent = new BidiAgent({ model: new ScriptedBidiModel() });
    await expect(agent.send('hi')).rejects.toBeInstanceOf(BidiAgentStateError);
    await expect(agent.receive().next()).rejects.toBeInstanceOf(BidiAgentStateError);
    expect(agent.running).toBe(false);
    agent.cancel(); // no-op
    await agent.stop(); // no-op
  });

  it('connects with system, tool definitions (function and provider) and the initial history', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({
      model,
      system: 'Be kind.',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'earlier' }] }],
      tools: [sleepTool('wait', new ManualClock(), 1), { kind: 'provider', id: 'scripted.search', name: 'search', args: {} }],
    });
    await agent.start();
    expect(model.connection.request).toEqual({
      system: 'Be kind.',
      tools: [
        { kind: 'function', name: 'wait', description: 'Waits 1 ms.', inputSchema: { type: 'object', properties: {} } },
        { kind: 'provider', id: 'scripted.search', name: 'search', args: {} },
      ],
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'earlier' }] }],
    });
    await agent.stop();
  });

  it('resamples audio to the model input rate and records text and images in history (not audio)', async () => {
    const model = new ScriptedBidiModel({ audio: { inputRate: 16_000 } });
    const agent = new BidiAgent({ model });
    await agent.start();
    await agent.send({ type: 'audio', data: int16ToPcm16(new Int16Array(480)), sampleRate: 48_000 });
    await agent.send({ type: 'audio', data: int16ToPcm16(new Int16Array(480)), sampleRate: 48_000 });
    await agent.send({ type: 'audio', data: int16ToPcm16(new Int16Array(160)), sampleRate: 16_000 });
    await agent.send({ type: 'image', mediaType: 'image/png', data: new Uint8Array([1]) });
    await agent.send('hello');
    const [first, second, third] = model.inputs;
    // One resampling stream: 2 × 10 ms at 48 kHz become 2 × 160 samples at 16 kHz, but for the ~1 ms the
    // filter holds back until more audio arrives.
    const resampled = [first, second].map((input) => (input?.type === 'audio' ? [input.sampleRate, pcm16ToInt16(input.data).length] : []));
    expect(resampled.map(([rate]) => rate)).toEqual([16_000, 16_000]);
    const total = resampled.reduce((n, [, length]) => n + (length ?? 0), 0);
    expect(total).toBeGreaterThan(320 - 20);
    expect(total).toBeLessThanOrEqual(320);
    expect(third?.type === 'audio' && [third.sampleRate, third.data.byteLength]).toEqual([16_000, 320]); // sent as it is
    expect(agent.messages).toEqual([
      { role: 'user', parts: [{ type: 'file', mediaType: 'image/png', data: new Uint8Array([1]) }] },
      { role: 'user', parts: [{ type: 'text', text: 'hello' }] },
    ]);
    await agent.stop();
  });

  it('maps tool progress to partial-tool-call-result events of the group', async () => {
    const model = new ScriptedBidiModel();
    const chatty: FunctionTool = {
      kind: 'function',
      name: 'chatty',
      spec: { description: 'Reports progress.', params: { type: 'object' } },
      execute(_input, ctx) {
        ctx.progress('half way', { label: 'status' });
        return 'done';
      },
    };
    const agent = new BidiAgent({ model, tools: [chatty] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'chatty', id: 'c' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(events.find((e) => e.type === 'partial-tool-call-result')).toMatchObject({
      groupId: 'group_1',
      toolCallId: 'c',
      toolName: 'chatty',
      label: 'status',
      value: 'half way',
      seq: 0,
    });
    expect(events.find((e) => e.type === 'tool-end')).toMatchObject({ groupId: 'group_1', toolCall: { toolCallId: 'c', input: {} } });
    await agent.stop();
  });

  it('cancel({ afterCurrentTools: true }) from outside lets the running groups finish, then ends', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('a', clock, 100), sleepTool('b', clock, 200)] });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'a1' }]), bidiToolGroup([{ name: 'b', id: 'b1' }]));
    await model.until(() => events.filter((e) => e.type === 'tool-start').length === 2);
    agent.cancel({ afterCurrentTools: true, message: 'That is all.' });
    await clock.advance(100);
    expect(agent.running).toBe(true);
    await clock.advance(100);
    await done;
    const statuses = agent.messages.flatMap((m) => m.parts).flatMap((p) => (p.type === 'tool-result' ? [p.status] : []));
    expect(statuses).toEqual(['success', 'success']);
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'That is all.' }] });
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(model.toolResultCalls).toHaveLength(0);
  });

  it('passes usage and non-fatal errors through; a fatal error ends the conversation', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 4 }, responseId: 'r' },
      { type: 'error', error: new Error('hiccup'), fatal: false },
      { type: 'error', error: new Error('revoked'), fatal: true },
    );
    await done;
    expect(events.map((e) => e.type)).toEqual(['connection-start', 'usage', 'error', 'error', 'connection-close']);
    expect(events.at(-1)).toMatchObject({ reason: 'error' });
  });
});
