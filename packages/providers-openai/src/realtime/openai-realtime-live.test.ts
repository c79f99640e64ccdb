// Live session updates, the connect deadline and the connection-limit go-away, on the loopback server.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { APICallError, type BidiModelEvent } from '@tandem/core/spec';
import { contractTools, ManualClock } from '@tandem/core/testing';
import { RealtimeUnsupportedError } from '@tandem/provider-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import { sent, simulatedSession } from './realtime-session.test-helper.js';

let session: Awaited<ReturnType<typeof simulatedSession>> | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('OpenAI Realtime live update (session.update)', () => {
  it('changes instructions and tools, and the voice before the session has spoken', async () => {
    session = await simulatedSession(() => ({ text: 'Booked.' }), { voice: 'marin' });
    const s = session;
    expect(s.connection.update).toBeTypeOf('function');
    await s.connection.update!({ system: 'You book tables.', tools: [contractTools[1]!], voice: 'cedar' });
    await s.client.waitUntil(() => s.simulator.updates.length === 2);
    expect(sent(s.client, 'session.update').at(-1)?.session).toEqual({
      type: 'realtime',
      instructions: 'You book tables.',
      tools: [{ type: 'function', name: 'current_time', description: 'The current time.', parameters: contractTools[1]!.inputSchema }],
      tool_choice: 'auto',
      audio: { output: { voice: 'cedar' } },
    });
    expect(s.simulator.session).toMatchObject({ instructions: 'You book tables.', audio: { output: { voice: 'cedar', format: { type: 'audio/pcm', rate: 24_000 } } } });
  });

  it('refuses a voice change once the session has produced audio (typed error, nothing sent); instructions still change', async () => {
    session = await simulatedSession(() => ({ text: 'Hello there.' }), { voice: 'marin' });
    const s = session;
    await s.connection.send({ type: 'text', text: 'Hi' });
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    const error = await s.connection.update!({ system: 'New agent.', voice: 'cedar' }).catch((e: unknown) => e);
    expect(RealtimeUnsupportedError.isInstance(error) && [error.feature, error.provider]).toEqual(['voice-update', 'openai.realtime']);
    expect(String((error as Error).message)).toMatch(/reconnect with the new voice/);
    expect(s.simulator.updates).toHaveLength(1);
    await s.connection.update!({ system: 'New agent.' });
    await s.client.waitUntil(() => s.simulator.updates.length === 2);
    expect(s.simulator.session).toMatchObject({ instructions: 'New agent.', audio: { output: { voice: 'marin' } } });
  });
});

describe('OpenAI Realtime connect deadline', () => {
  let tcp: Server | undefined;
  const accepted: Socket[] = [];
  afterEach(async () => {
    for (const socket of accepted.splice(0)) socket.destroy();
    await new Promise<void>((resolve) => (tcp ? tcp.close(() => resolve()) : resolve()));
    tcp = undefined;
  });

  it('rejects after connectTimeoutMs when the server accepts TCP but never answers the upgrade (no caller signal)', async () => {
    let onAccept: () => void = () => undefined;
    const connected = new Promise<void>((resolve) => (onAccept = resolve));
    tcp = createServer((socket) => {
      accepted.push(socket); // never answers
      onAccept();
    });
    await new Promise<void>((resolve) => tcp!.listen(0, '127.0.0.1', resolve));
    const clock = new ManualClock();
    const url = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}/v1`;
    const model = createOpenAI({ apiKey: 'sk-never', baseURL: url }).realtime('gpt-realtime', { connectTimeoutMs: 15_000, clock });
    const connecting = model.connect({ tools: [], messages: [] }).catch((e: unknown) => e);
    await connected;
    await clock.advance(14_999);
    let settled = false;
    void connecting.then(() => (settled = true));
    await clock.advance(0);
    expect(settled).toBe(false);
    await clock.advance(1);
    const error = await connecting;
    expect(APICallError.isInstance(error) && error.isRetryable).toBe(true);
    expect(String((error as Error).message)).toMatch(/did not set up the session within 15000 ms/);
  });

  it('defaults to 15 s', async () => {
    tcp = createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => tcp!.listen(0, '127.0.0.1', resolve));
    const clock = new ManualClock();
    const url = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}/v1`;
    const connecting = createOpenAI({ apiKey: 'sk-never', baseURL: url }).realtime('gpt-realtime', { clock }).connect({ tools: [], messages: [] }).catch((e: unknown) => e);
    await clock.advance(15_000);
    expect(String(((await connecting) as Error).message)).toMatch(/within 15000 ms/);
  });
});

describe('OpenAI Realtime connection limit', () => {
  it('emits one go-away reconnect.marginMs before the 60-minute limit', async () => {
    const clock = new ManualClock();
    session = await simulatedSession(() => ({ text: 'x' }), { clock, reconnect: { marginMs: 45_000 } });
    const s = session;
    await clock.advance(60 * 60_000 - 45_001);
    expect(s.events.filter((e) => e.type === 'go-away')).toEqual([]);
    await clock.advance(1);
    await s.until(() => s.events.some((e) => e.type === 'go-away'));
    await clock.advance(60_000);
    expect(s.events.filter((e): e is Extract<BidiModelEvent, { type: 'go-away' }> => e.type === 'go-away')).toEqual([{ type: 'go-away', timeLeftMs: 45_000 }]);
    expect(clock.pending).toBe(0);
  });
});

describe('OpenAI Realtime shared turnDetection', () => {
  it('maps server-vad / semantic / manual to server_vad / semantic_vad / null', async () => {
    const wireOf = async (turnDetection: NonNullable<Parameters<typeof simulatedSession>[1]>['turnDetection']) => {
      const s = await simulatedSession(() => ({ text: 'x' }), { turnDetection });
      const detection = (sent(s.client, 'session.update')[0]?.session as { audio: { input: { turn_detection: unknown } } }).audio.input.turn_detection;
      await s.close();
      return detection;
    };
    expect(await wireOf({ type: 'server-vad', silenceMs: 700, interruptResponse: false })).toEqual({ type: 'server_vad', silence_duration_ms: 700, interrupt_response: false });
    expect(await wireOf({ type: 'semantic', eagerness: 'low' })).toEqual({ type: 'semantic_vad', eagerness: 'low' });
    expect(await wireOf({ type: 'manual' })).toBeNull();
    expect(() => createOpenAI({ apiKey: 'k' }).realtime('gpt-realtime', { turnDetection: { type: 'semantic', silenceMs: 300 } })).toThrow(/silenceMs applies to \{ type: 'server-vad' \}/);
    expect(() => createOpenAI({ apiKey: 'k' }).realtime('gpt-realtime', { turnDetection: { type: 'server-vad', eagerness: 'max' as 'low' } })).toThrow(RangeError);
    expect(() => createOpenAI({ apiKey: 'k' }).realtime('gpt-realtime', { connectTimeoutMs: 0 })).toThrow(/connectTimeoutMs must be a positive/);
  });
});
