import { describe, expect, it } from 'vitest';
import { useTestWorker } from './__fixtures__/test-worker.js';

const { http, control } = useTestWorker(['fanout', 'chat', 'flaky', 'broken', 'cancel', 'unregistered']);

describe('restateAgent on a real restate-server', () => {
  it('completes ten concurrent invocations, with the agent\'s hooks and onEvent working in the handler', async () => {
    const inputs = Array.from({ length: 10 }, (_, i) => `message ${i}`);
    const responses = await Promise.all(inputs.map((input) => http.call('fanout/run', { input })));
    expect(responses.map((response) => response.status)).toEqual(inputs.map(() => 200));
    expect(responses.map((response) => (response.json as { text: string }).text)).toEqual(
      inputs.map((input) => `echo: {"type":"text","value":"${input.toUpperCase()}?!"}`), // "?" from the options hook, "!" from agent.on()
    );
    expect(control.count('fanout.echo')).toBe(10);
    await control.until('fanout.event', 10);
    expect(control.bodies('fanout.event').sort()).toEqual(inputs.map((input) => JSON.stringify(`${input.toUpperCase()}?!`)).sort());
  });

  it('keyed: runs on one key are serialized and the second sees the first one\'s history', async () => {
    const first = await http.send('chat/conversation-1/run', { input: 'hold: first' });
    await control.until('chat.hold.first', 1);
    const second = await http.send('chat/conversation-1/run', { input: 'second' });
    // The second run waits in the key's queue ("pending") while the first holds the key.
    await http.untilStatus(second, 'pending');
    expect(control.bodies('chat.model')).toEqual(['hold: first#1']);

    control.openGate('chat-first');
    expect(await http.attach(first)).toEqual({ status: 200, json: { text: 'seen: hold: first', stopReason: 'endTurn', usage: { inputTokens: 20, outputTokens: 10 } } });
    expect(await http.attach(second)).toEqual({ status: 200, json: { text: 'seen: hold: first | second', stopReason: 'endTurn', usage: { inputTokens: 10, outputTokens: 5 } } });
    // The second run's model saw the whole first run: user, tool call, tool result, answer, then its own message.
    expect(control.bodies('chat.model')).toEqual(['hold: first#1', '#3', 'second#5']);
  });

  it('keyed: a cancelled run keeps its conversation, with the interrupted call paired with a cancelled result', async () => {
    const cancelled = await http.send('chat/conversation-2/run', { input: 'hold: never' });
    await control.until('chat.hold.never', 1);
    await http.cancel(cancelled);
    expect((await http.attach(cancelled)).status).toBe(409);
    const next = await http.call('chat/conversation-2/run', { input: 'after' });
    expect(next).toMatchObject({ status: 200, json: { text: 'seen: hold: never | after' } });
    // user, assistant (tool call), tool (cancelled result), then the new user message.
    expect(control.bodies('chat.model').at(-1)).toBe('after#4');
  });

  it('journals a tool that throws as an error result: the model sees it, no retry storm', async () => {
    const invocationId = await http.send('flaky/run', { input: 'Try it.' });
    const { status, json } = await http.attach(invocationId);
    expect(status).toBe(200);
    expect((json as { text: string }).text).toBe('model saw: {"type":"text","value":"Error: disk on fire"}');
    expect(control.bodies('flaky.attempt')).toEqual(['1', '2', '3']); // config.retry.maxAttempts, nothing more
    expect(control.count('flaky.model.2')).toBe(1);
    // Each attempt is its own journaled step; a replay would return the error without running the tool.
    const steps = await http.query<{ name: string }>(`SELECT name FROM sys_journal WHERE id = '${invocationId}' AND entry_type = 'Command: Run' ORDER BY index`);
    expect(steps.map((step) => step.name.replace(/call_\d+/, 'call'))).toEqual([
      'step 1 model',
      'step 1 tool flaky call attempt 1',
      'step 1 tool flaky call attempt 2',
      'step 1 tool flaky call attempt 3',
      'step 2 model',
    ]);
    const [invocation] = await http.query<{ status: string; completion_result: string }>(`SELECT status, completion_result FROM sys_invocation WHERE id = '${invocationId}'`);
    expect(invocation).toEqual({ status: 'completed', completion_result: 'success' });
  });

  it('ends the invocation with a terminal error carrying the model error when the provider gave up', async () => {
    const { status, json } = await http.call('broken/run', { input: 'Hello?' });
    expect(status).toBe(500);
    expect(JSON.stringify(json)).toContain('Upstream overloaded (503)');
    expect(control.count('broken.model')).toBe(1);
  });

  it('fails for good, without Restate retries, when the model id names no registered provider', async () => {
    const { status, json } = await http.call('unregistered/run', { input: 'Hello?' });
    expect(status).toBe(500);
    expect((json as { message: string }).message).toMatch(/^The agent run could not start: NoSuchProviderError: .*nosuchprovider/);
  });

  it('cancelling the invocation aborts the running tool and ends it as cancelled', async () => {
    const invocationId = await http.send('cancel/run', { input: 'Block.' });
    await control.until('cancel.block', 1);
    await http.cancel(invocationId);
    const { status, json } = await http.attach(invocationId);
    expect(status).toBe(409);
    expect(json).toMatchObject({ message: 'Cancelled' });
    await control.until('cancel.aborted', 1);
    expect(control.bodies('cancel.aborted')).toEqual(['ToolCancelledError: The run was cancelled.']);
    expect(control.count('cancel.model.2')).toBe(0);
  });

  it('registers a service, or a virtual object when keyed, with the Restate options it was given', async () => {
    const service = (await (await fetch(`${http.admin}/services/fanout`)).json()) as Record<string, unknown>;
    const object = (await (await fetch(`${http.admin}/services/chat`)).json()) as Record<string, unknown>;
    expect(service).toMatchObject({ ty: 'Service', handlers: [{ name: 'run' }], retry_policy: { initial_interval: '50ms', max_interval: '400ms' } });
    expect(object).toMatchObject({ ty: 'VirtualObject' });
    expect(object['handlers']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'run', ty: 'Exclusive' }),
        expect.objectContaining({ name: 'approve', ty: 'Shared' }),
        expect.objectContaining({ name: 'pending', ty: 'Shared' }),
      ]),
    );
  });

  it('rejects a request without input with a 400 that says what to send', async () => {
    const { status, json } = await http.call('fanout/run', { text: 'Hi' });
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toContain('Send { \\"input\\"');
  });
});
