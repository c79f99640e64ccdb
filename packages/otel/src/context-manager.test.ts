// With a context manager registered (as the Node SDK does), a run started inside the app's own span is its
// child — and the run's own children still get the right parent however the async work interleaves.
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { context, trace } from '@opentelemetry/api';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { model, request, user } from './__fixtures__/drive.js';
import { recordingTracer } from './__fixtures__/recording-tracer.js';
import { otel } from './otel.js';

let manager: AsyncLocalStorageContextManager;
beforeEach(() => {
  manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
});
afterEach(() => {
  context.disable();
});

it('nests the run under the span active when it starts, and its children under the run', async () => {
  const tracing = recordingTracer();
  const telemetry = otel({ tracer: tracing.tracer });
  const outer = tracing.tracer.startSpan('POST /chat');
  const usage = { inputTokens: 1, outputTokens: 1 };
  const answer = { role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'ok' }] };
  await context.with(trace.setSpan(context.active(), outer), async () => {
    const run = telemetry.startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    // Another span is active when the model call starts: the run, not it, must be the parent.
    const unrelated = tracing.tracer.startSpan('unrelated');
    await context.with(trace.setSpan(context.active(), unrelated), async () => {
      await Promise.resolve();
      run.startModelCall({ step: 0, model, request: request() }).end({ type: 'complete', finishReason: 'stop', usage, message: answer });
    });
    unrelated.end();
    run.end({ type: 'complete', stopReason: 'endTurn', usage, message: answer });
  });
  outer.end();
  expect(tracing.parentOf(tracing.one('invoke_agent agent'))?.name).toBe('POST /chat');
  expect(tracing.parentOf(tracing.one('chat gpt-5'))?.name).toBe('invoke_agent agent');
});
