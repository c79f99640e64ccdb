import { describe, expect, it } from 'vitest';
import { BidiAgent } from '@tandem/bidi';
import { demoModel, EventLog, HeldPacing, TOOLS } from '../__fixtures__/demo-kit.js';
import { pcm16Frames, pcm16Tone } from '../__fixtures__/pcm.js';
import { ToolActivity } from '../tools/tool-activity.js';
import { getTimeTool } from '../tools/get-time.js';
import type { DemoVoiceConnection } from './demo-voice-connection.js';

const IN = 16_000;

async function speak(connection: DemoVoiceConnection, ms: number, amplitude = 0.3): Promise<void> {
  for (const frame of pcm16Frames(pcm16Tone(ms, IN, amplitude), IN, 20)) await connection.send({ type: 'audio', data: frame, sampleRate: IN });
}

async function open(pacing = new HeldPacing(true), clock = { now: 0 }) {
  const model = demoModel(pacing, clock);
  const connection = (await model.connect({ tools: TOOLS, messages: [] })) as DemoVoiceConnection;
  return { model, connection, log: new EventLog(connection), pacing, clock };
}

describe('DemoVoiceModel', () => {
  it('is an offline bidi model that can truncate and take results at any time', () => {
    const model = demoModel(new HeldPacing(true));
    expect(model).toMatchObject({
      specificationVersion: 'v1',
      provider: 'demo',
      capabilities: { truncation: true, nativeAsyncTools: true, resumption: false },
      audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
    });
  });

  it('answers a typed turn that names a tool by calling it (one group, key=value arguments) and saying so', async () => {
    const { connection, log } = await open();
    await connection.send({ type: 'text', text: 'please set_timer seconds=3' });
    await log.until((events) => events.some((event) => event.type === 'response-end'));
    const [start, group] = log.events;
    expect(start).toEqual({ type: 'response-start', responseId: expect.any(String) as string });
    expect(group).toEqual({ type: 'tool-group', calls: [{ toolCallId: expect.any(String) as string, toolName: 'set_timer', toolArgs: '{"seconds":3}' }] });
    const responseId = start?.type === 'response-start' ? start.responseId : '';
    expect(log.said(responseId)).toBe('Calling set_timer.');
    expect(log.of('audio').length).toBeGreaterThan(1);
    expect(log.of('audio').every((event) => event.sampleRate === 24_000 && event.responseId === responseId)).toBe(true);
    expect(log.events.at(-1)).toEqual({ type: 'response-end', responseId, stopReason: 'complete' });
    await connection.close();
  });

  it('explains itself when no tool is named, and narrates tool results when they arrive', async () => {
    const { connection, log } = await open();
    await connection.send({ type: 'text', text: 'hello' });
    await connection.sendToolResults([
      { toolCallId: 'c1', toolName: 'set_timer', status: 'success', isError: false, result: 'done', modelInput: { type: 'text', value: 'Your 3-second timer has finished.' } },
    ]);
    await log.until((events) => events.filter((event) => event.type === 'response-end').length === 2);
    const [first, second] = log.of('response-start').map((event) => event.responseId);
    expect(log.said(first ?? '')).toMatch(/offline demo model.*Tools: set_timer, get_time\./s);
    expect(log.said(second ?? '')).toBe('The tool returned:\n- set_timer: Your 3-second timer has finished.');
    // One response at a time: the second starts after the first ended.
    const order = log.events.filter((event) => event.type === 'response-start' || event.type === 'response-end').map((event) => event.type);
    expect(order).toEqual(['response-start', 'response-end', 'response-start', 'response-end']);
    await connection.close();
  });

  it('treats microphone energy while it talks as a barge-in: the response stops, tools keep their group', async () => {
    const { connection, log, pacing } = await open(new HeldPacing());
    await connection.send({ type: 'text', text: 'hello' });
    await log.until((events) => events.some((event) => event.type === 'audio') && pacing.waiting === 1);
    const responseId = log.of('response-start')[0]?.responseId;
    const audioBefore = log.of('audio').length;
    await speak(connection, 100);
    await log.until((events) => events.some((event) => event.type === 'response-end'));
    expect(log.of('barge-in')).toEqual([{ type: 'barge-in', responseId }]);
    expect(log.of('response-end')).toEqual([{ type: 'response-end', responseId, stopReason: 'interrupted' }]);
    expect(log.of('audio').length).toBe(audioBefore); // nothing more of it was sent
    expect(log.of('transcript').filter((event) => event.role === 'user')).toEqual([{ type: 'transcript', role: 'user', delta: '[you spoke', final: false }]);
    await connection.close();
  });

  it('holds its answers while the user speaks, then says once that it does not understand speech', async () => {
    const clock = { now: 0 };
    const { connection, log } = await open(new HeldPacing(true), clock);
    await speak(connection, 100);
    await connection.send({ type: 'text', text: 'get_time' }); // waits: the user is still speaking
    await log.settle();
    expect(log.of('response-start')).toEqual([]);
    await speak(connection, 600, 0);
    await log.until((events) => events.filter((event) => event.type === 'response-end').length === 2);
    const user = log.of('transcript').filter((event) => event.role === 'user');
    expect(user.map((event) => event.delta).join('')).toBe('[you spoke for 0.1 s]');
    expect(user.at(-1)?.final).toBe(true);
    const [first, second] = log.of('response-start').map((event) => event.responseId);
    expect(log.said(first ?? '')).toBe('Calling get_time.');
    expect(log.said(second ?? '')).toMatch(/^I heard you speak for 0\.1 seconds, but I am the offline demo model/);
    clock.now = 60_000; // long after its answers were heard
    await speak(connection, 100);
    await speak(connection, 600, 0);
    await log.settle();
    expect(log.of('response-start')).toHaveLength(2); // said once per connection
    expect(log.of('barge-in')).toEqual([]); // nothing was being heard
    await connection.close();
  });

  it('interrupts a response whose audio was all sent while the listener may still hear it', async () => {
    const clock = { now: 0 };
    const { connection, log } = await open(new HeldPacing(true), clock);
    await connection.send({ type: 'text', text: 'get_time' });
    await log.until((events) => events.some((event) => event.type === 'response-end'));
    const responseId = log.of('response-start')[0]?.responseId;
    clock.now = 700; // "Calling get_time." beeps for 0.36 s, and the listener's buffer holds some
    await speak(connection, 100);
    await log.until((events) => events.some((event) => event.type === 'barge-in'));
    expect(log.of('barge-in')).toEqual([{ type: 'barge-in', responseId }]);
    await speak(connection, 600, 0);
    await log.until((events) => events.filter((event) => event.type === 'response-end').length === 2); // "I heard you speak…"
    clock.now = 60_000;
    await speak(connection, 100);
    await log.settle();
    expect(log.of('barge-in')).toHaveLength(1);
    await connection.close();
  });

  it('records truncations, and its event stream ends on close', async () => {
    const { model, connection, log } = await open();
    await connection.truncate('resp_1', 640);
    expect(model.truncations).toEqual([{ responseId: 'resp_1', playedMs: 640 }]);
    await connection.close();
    await log.done;
    await expect(connection.send({ type: 'text', text: 'hi' })).rejects.toThrow(/after close/);
  });

  it('closes when the connect request is aborted, and lets go of the signal on close', async () => {
    const model = demoModel(new HeldPacing(true));
    const controller = new AbortController();
    const connection = (await model.connect({ tools: [], messages: [], signal: controller.signal })) as DemoVoiceConnection;
    controller.abort();
    expect(connection.closed).toBe(true);
    await expect(model.connect({ tools: [], messages: [], signal: controller.signal })).rejects.toThrow();
  });

  it('runs a BidiAgent conversation: the named tool runs and its result is narrated and paired in history', async () => {
    const activity = new ToolActivity();
    const agent = new BidiAgent({ model: demoModel(new HeldPacing(true)), tools: [getTimeTool(activity, () => new Date('2026-01-02T03:04:05Z'))] });
    await agent.start();
    await agent.send('get_time timeZone=UTC');
    const said: string[] = [];
    let responses = 0;
    for await (const event of agent.receive()) {
      if (event.type === 'transcript' && event.role === 'assistant') said.push(event.delta);
      if (event.type === 'response-complete' && ++responses === 2) break;
    }
    await agent.stop();
    expect(said.join('')).toBe('Calling get_time.The tool returned:\n- get_time: It is Friday, 2 January 2026 at 03:04:05 (UTC).');
    const parts = agent.messages.flatMap((message) => message.parts.map((part) => part.type));
    expect(parts).toContain('tool-call');
    expect(parts).toContain('tool-result');
    expect(activity).toMatchObject({ running: 0, started: 1, aborted: 0 });
  });
});
