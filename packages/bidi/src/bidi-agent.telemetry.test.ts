import { describe, expect, it } from 'vitest';
import type { Telemetry } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { BidiConnectionError } from './errors/bidi-connection-error.js';
import { recordingTelemetry } from './__fixtures__/recording-telemetry.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent tracing', () => {
  it('one session per conversation: responses, first-audio and tool latencies, barge-in, restarts, usage, tool groups; ended at connection-close', async () => {
    const clock = new ManualClock();
    const telemetry = recordingTelemetry();
    const model = new ScriptedBidiModel({ clock, provider: 'scripted', modelId: 'voice-1' });
    const agent = new BidiAgent({
      model,
      clock,
      name: 'kitchen',
      system: 'Be brief.',
      telemetry,
      tools: [sleepTool('a', clock, 30), sleepTool('b', clock, 70)],
    });
    await agent.start();
    const { events, done } = collect(agent);
    expect(telemetry.sessions).toEqual([{ sessionId: expect.any(String), agentName: 'kitchen', model: { provider: 'scripted', modelId: 'voice-1' }, system: 'Be brief.' }]);

    await agent.send('Hi');
    await clock.advance(250);
    model.connection.emit(...bidiResponseEvents('Hello!', { responseId: 'r1', audioChunks: 2 }), { type: 'usage', responseId: 'r1', usage: { inputTokens: 12, outputTokens: 5 } });
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'A' }, { name: 'b', id: 'B' }]));
    model.connection.emit(...bidiResponseEvents('Hmm', { responseId: 'r2', audioChunks: 1, open: true }), { type: 'barge-in', responseId: 'r2' });
    model.connection.emit({ type: 'response-end', responseId: 'r2', stopReason: 'interrupted' });
    await model.until(() => events.some((e) => e.type === 'response-complete' && e.responseId === 'r2'));
    await clock.advance(70);
    await model.until(() => model.toolResultCalls.length === 1);
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    await agent.stop();
    await done;

    expect(telemetry.sessions[0]?.sessionId).toBe(events[0]?.runId); // the conversation's runId
    expect(telemetry.events).toEqual([
      { type: 'response-start', responseId: 'r1' },
      { type: 'first-audio', responseId: 'r1', latencyMs: 250 },
      { type: 'response-complete', responseId: 'r1', stopReason: 'complete' },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 5 } },
      { type: 'response-start', responseId: 'r2' },
      { type: 'barge-in', responseId: 'r2' },
      { type: 'response-complete', responseId: 'r2', stopReason: 'interrupted' },
      { type: 'tool-latency', toolCallId: 'A', toolName: 'a', latencyMs: 30 },
      { type: 'tool-latency', toolCallId: 'B', toolName: 'b', latencyMs: 70 },
      { type: 'connection-restart', reason: 'timeout' },
    ]);
    expect(telemetry.groups).toEqual([{ step: 1, calls: [expect.objectContaining({ toolCallId: 'A' }), expect.objectContaining({ toolCallId: 'B' })] }]);
    expect(telemetry.log.filter((line) => !line.startsWith('event'))).toEqual([
      'start session 1',
      'start group A,B',
      'end call A success',
      'end call B success',
      'end group success,success',
      'end session 1 user-request',
    ]);
    expect(telemetry.open.size).toBe(0);
    expect(telemetry.problems).toEqual([]);
  });

  it('cancel with tools running: every call and group span ends (cancelled) before the session, before stop() resolves', async () => {
    const clock = new ManualClock();
    const telemetry = recordingTelemetry();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, telemetry, tools: [sleepTool('slow', clock, 10_000)] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 'S1' }, { name: 'slow', id: 'S2' }]));
    await model.until(() => events.some((e) => e.type === 'tool-end'));
    await agent.stop();
    expect(telemetry.open.size).toBe(0);
    expect(telemetry.log.filter((line) => !line.startsWith('event')).slice(-4)).toEqual(['end call S1 cancelled', 'end call S2 cancelled', 'end group cancelled,cancelled', 'end session 1 user-request']);
    expect(telemetry.problems).toEqual([]);
  });

  it('a conversation that cannot connect ends its session with the error; the session id is the store id when there is one', async () => {
    const telemetry = recordingTelemetry();
    const model = new ScriptedBidiModel();
    model.failNextConnect(new Error('refused'));
    const agent = new BidiAgent({ model, telemetry, reconnect: { maxAttempts: 1 } });
    await expect(agent.start()).rejects.toSatisfy(BidiConnectionError.isInstance);
    expect(telemetry.log).toEqual(['start session 1', 'end session 1 error (BidiConnectionError)']);

    const { memorySessionStore } = await import('@tandem/core');
    const stored = new BidiAgent({ model, telemetry, session: { store: memorySessionStore(), id: 'user-42' } });
    await stored.start();
    await stored.stop();
    expect(telemetry.sessions[1]).toMatchObject({ sessionId: 'user-42', agentName: 'agent' });
    expect(telemetry.open.size).toBe(0);
  });

  it('telemetry that throws everywhere never breaks the conversation', async () => {
    const clock = new ManualClock();
    const boom = (): never => {
      throw new Error('tracing is down');
    };
    const throwing: Telemetry = {
      startRun: boom,
      startSession: () => ({ event: boom, startToolGroup: boom, end: boom }),
    };
    const model = new ScriptedBidiModel({ clock, onToolResults: () => bidiResponseEvents('Done.', { audioChunks: 1 }) });
    const agent = new BidiAgent({ model, clock, telemetry: throwing, tools: [sleepTool('a', clock, 5)] });
    await agent.start();
    const { events, done } = collect(agent);
    await agent.send('go');
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'A' }]));
    await clock.advance(5);
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    await agent.stop();
    await done;
    expect(model.toolResultCalls).toEqual([[expect.objectContaining({ toolCallId: 'A', status: 'success' })]]);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });

    const failingStart: Telemetry = { startRun: boom, startSession: boom };
    const other = new BidiAgent({ model: new ScriptedBidiModel(), telemetry: failingStart });
    await other.start();
    await other.stop();
  });
});
