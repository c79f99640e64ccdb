import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { uiMessageChunkSchema } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from '../__fixtures__/loopback.js';
import { gate, weatherTool } from '../__fixtures__/tools.js';
import { readSse } from '../__fixtures__/ui-chunks.js';
import { toUIMessageStreamResponse } from './to-ui-message-stream-response.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('toUIMessageStreamResponse', () => {
  it('answers with SSE of valid chunks, the protocol headers and the [DONE] trailer', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'weather', input: { city: 'Oslo' } }]), textResponse('Sunny.')] });
    const response = toUIMessageStreamResponse(new Agent({ tools: [weatherTool()] }).run(model, 'Weather?'), { headers: { 'x-chat': '1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('x-chat')).toBe('1');
    const events = await readSse(response);
    expect(events.at(-1)).toBe('[DONE]');
    const schema = uiMessageChunkSchema();
    for (const event of events.slice(0, -1)) expect(await schema.validate?.(event), JSON.stringify(event)).toMatchObject({ success: true });
    expect(events.map((event) => (event as { type?: string }).type).slice(0, 2)).toEqual(['start', 'start-step']);
  });

  it('cancels the run when the HTTP client disconnects mid-stream (over node:http)', async () => {
    const started = gate();
    let signal: AbortSignal | undefined;
    const slow = {
      ...weatherTool(),
      execute: (_input: { city: string }, ctx: { signal: AbortSignal }) => {
        signal = ctx.signal;
        started.open();
        return new Promise<string>((resolve) => ctx.signal.addEventListener('abort', () => resolve('aborted')));
      },
    };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'weather', input: { city: 'Oslo' } }]), textResponse('unused')] });
    let result: Promise<{ stopReason: string }> | undefined;
    const server = await serve((request) => {
      const run = new Agent({ tools: [slow] }).run(model, 'Weather?');
      result = run.result;
      return toUIMessageStreamResponse(run, { signal: request.signal });
    });
    closers.push(server.close);
    const client = new AbortController();
    const response = await fetch(`${server.url}/api/chat`, { method: 'POST', body: '{}', signal: client.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await started.promise;
    client.abort();
    expect((await result)?.stopReason).toBe('cancelled');
    expect(signal?.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
  });
});
