import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionTool, ToolContext } from '@tandem/core';
import { StatusAggregator } from '@tandem/aggregators';
import { getTimeTool } from './get-time.js';
import { researchTool } from './research.js';
import { setTimerTool } from './set-timer.js';
import { ToolActivity } from './tool-activity.js';
import { voiceTools } from './voice-tools.js';

function context(signal: AbortSignal): ToolContext {
  return { toolCallId: 'call_1', toolName: 'test', signal, agent: {} as ToolContext['agent'], messages: [], invocationState: {}, requestState: {}, attempt: 1 } as unknown as ToolContext;
}

function run<Input>(tool: FunctionTool<Input>, input: Input, signal = new AbortController().signal): unknown {
  return tool.execute?.(input, context(signal));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('voice tools', () => {
  it('are the timer, the clock, the streaming research tool and end_conversation', () => {
    const tools = voiceTools(new ToolActivity());
    expect(tools.map((tool) => tool.name)).toEqual(['set_timer', 'get_time', 'research', 'end_conversation']);
    expect(tools.find((tool) => tool.name === 'research')?.aggregator).toBe(StatusAggregator);
    expect(tools[0]?.inputSchema).toMatchObject({ properties: { seconds: { type: 'integer' } }, required: ['seconds'] });
  });

  it('set_timer waits the seconds asked for, then reports', async () => {
    vi.useFakeTimers();
    const activity = new ToolActivity();
    const timer = setTimerTool(activity);
    let result: unknown;
    void (run(timer, { seconds: 3 }) as Promise<unknown>).then((value) => (result = value));
    expect(activity.running).toBe(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('Your 3-second timer has finished.');
    expect(activity).toMatchObject({ running: 0, started: 1, aborted: 0 });
  });

  it('set_timer stops waiting when its call is aborted, and the abort is counted', async () => {
    const activity = new ToolActivity();
    const controller = new AbortController();
    const waiting = run(setTimerTool(activity), { seconds: 600 }, controller.signal) as Promise<unknown>;
    controller.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');
    expect(activity).toMatchObject({ running: 0, aborted: 1 });
  });

  it('get_time tells the time in the zone asked for, and names a bad zone', async () => {
    const clock = getTimeTool(new ToolActivity(), () => new Date('2026-03-04T05:06:07Z'));
    await expect(run(clock, { timeZone: 'Asia/Tokyo' })).resolves.toBe('It is Wednesday, 4 March 2026 at 14:06:07 (Asia/Tokyo).');
    await expect(run(clock, { timeZone: 'Mars/Olympus' })).rejects.toThrow('Unknown time zone "Mars/Olympus"; use an IANA name such as Europe/Oslo or UTC.');
  });

  it('research streams one partial result per source, about a second apart, then its summary', async () => {
    vi.useFakeTimers();
    const activity = new ToolActivity();
    const stream = run(researchTool(activity), { topic: 'whales', sources: 2 }) as AsyncGenerator<string>;
    const first = stream.next();
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await first).value).toBe('Read the offline encyclopedia on "whales" (1/2).');
    const second = stream.next();
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await second).value).toBe('Read the project notes on "whales" (2/2).');
    expect((await stream.next()).value).toBe('Research on "whales" is done: 2 offline sources read.');
    expect((await stream.next()).done).toBe(true);
    expect(activity).toMatchObject({ running: 0, started: 1 });
  });

  it('research stops at once when aborted and counts the abort', async () => {
    const activity = new ToolActivity();
    const controller = new AbortController();
    const stream = run(researchTool(activity), { topic: 'whales' }, controller.signal) as AsyncGenerator<string>;
    const next = stream.next();
    controller.abort(new Error('stop'));
    await expect(next).rejects.toThrow('stop');
    expect(activity).toMatchObject({ running: 0, aborted: 1 });
  });
});
