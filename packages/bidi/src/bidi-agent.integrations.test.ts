// BidiAgent with the real implementations of the interfaces it uses: @tandem/otel on the OpenTelemetry
// SDK (spans in an InMemorySpanExporter) and @tandem/sessions' SQLite store on a real file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { otel } from '@tandem/otel';
import { sqliteSessionStore } from '@tandem/sessions/sqlite';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

/** Remembers the spans started and not yet ended. */
class OpenSpans implements SpanProcessor {
  readonly open = new Set<Span>();
  onStart(span: Span, _context: Context): void {
    this.open.add(span);
  }
  onEnd(span: ReadableSpan): void {
    this.open.delete(span as Span);
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('BidiAgent with otel() and a SQLite session store', () => {
  it('otel(): a bidi_session span with response, first-audio, barge-in and tool-latency events; tool_group and execute_tool children; all ended', async () => {
    const exporter = new InMemorySpanExporter();
    const openSpans = new OpenSpans();
    const provider = new BasicTracerProvider({ spanProcessors: [openSpans, new SimpleSpanProcessor(exporter)] });
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, provider: 'openai.realtime', modelId: 'gpt-realtime' });
    const agent = new BidiAgent({
      model,
      clock,
      name: 'kitchen',
      telemetry: otel({ tracer: provider.getTracer('test') }),
      tools: [sleepTool('fast', clock, 40), sleepTool('slow', clock, 60_000)],
    });
    await agent.start();
    const { events } = collect(agent);
    await agent.send('Hi');
    await clock.advance(300);
    model.connection.emit(...bidiResponseEvents('Hello!', { responseId: 'r1', audioChunks: 2, open: true }), { type: 'barge-in', responseId: 'r1' });
    model.connection.emit({ type: 'response-end', responseId: 'r1', stopReason: 'interrupted' });
    model.connection.emit(bidiToolGroup([{ name: 'fast', id: 'F' }, { name: 'slow', id: 'S' }]));
    await model.until(() => events.some((e) => e.type === 'tool-end'));
    await clock.advance(40);
    await model.until(() => events.some((e) => e.type === 'tool-call-result'));
    await agent.stop();

    expect(openSpans.open.size).toBe(0);
    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.filter((span) => span.name === name);
    const [session] = byName('bidi_session kitchen');
    expect(session).toBeDefined();
    expect(session?.attributes).toMatchObject({ 'gen_ai.agent.name': 'kitchen', 'gen_ai.request.model': 'gpt-realtime', 'gen_ai.conversation.id': events[0]?.runId });
    expect(session?.events.map((event) => event.name)).toEqual([
      'response.start',
      'response.first_audio',
      'barge_in',
      'response.complete',
      'tool.latency',
      'tool.latency',
    ]);
    expect(session?.events[1]?.attributes).toMatchObject({ 'gen_ai.response.id': 'r1' });
    const [group] = byName('tool_group');
    expect(group?.parentSpanContext?.spanId).toBe(session?.spanContext().spanId);
    const calls = spans.filter((span) => span.name.startsWith('execute_tool'));
    expect(calls.map((span) => span.name).sort()).toEqual(['execute_tool fast', 'execute_tool slow']);
    for (const call of calls) expect(call.parentSpanContext?.spanId).toBe(group?.spanContext().spanId);
    const slow = calls.find((span) => span.name === 'execute_tool slow');
    expect(slow?.status.code).toBe(2); // ERROR
    expect(slow?.attributes['error.type']).toBe('cancelled');
  });

  it('sqliteSessionStore: a conversation that stopped mid-group comes back from the file with every call paired, then goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bidi-session-'));
    dirs.push(dir);
    const path = join(dir, 'sessions.db');
    const clock = new ManualClock();
    const first = sqliteSessionStore({ path });
    const model = new ScriptedBidiModel({ clock, onInput: () => bidiResponseEvents('On it.', { audioChunks: 1 }) });
    const crashed = new BidiAgent({ model, clock, tools: [sleepTool('a', clock, 10), sleepTool('slow', clock, 60_000)], session: { store: first, id: 'caller-7' } });
    await crashed.start();
    const { events } = collect(crashed);
    await crashed.send('Look both up');
    model.connection.emit(bidiToolGroup([{ name: 'a', id: 'A' }, { name: 'slow', id: 'S' }]));
    await model.until(() => events.some((e) => e.type === 'response-complete') && crashed.messages.length === 3);
    await clock.advance(10);
    await model.until(() => events.some((e) => e.type === 'tool-call-result'));
    // The process dies: the store is gone with the group unfinished (its results were never stored).
    await first.close();

    const second = sqliteSessionStore({ path });
    const revivedModel = new ScriptedBidiModel();
    const revived = new BidiAgent({ model: revivedModel, session: { store: second, id: 'caller-7' } });
    await revived.start();
    const replayed = revivedModel.connection.request.messages;
    expect(replayed.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'tool']); // On it. / the calls / repaired
    expect(replayed[3]?.parts.map((p) => (p.type === 'tool-result' ? [p.toolCallId, p.status] : p.type))).toEqual([
      ['A', 'cancelled'],
      ['S', 'cancelled'],
    ]);
    await revived.send('Still there?');
    await revived.stop();
    expect((await second.load('caller-7')).map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'user']);
    await second.close();
    await crashed.stop(); // its late appends fail on the closed store: reported, never thrown
  });
});
