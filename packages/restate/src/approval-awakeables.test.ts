import { describe, expect, it } from 'vitest';
import { poll } from './__fixtures__/poll.js';
import { useTestWorker } from './__fixtures__/test-worker.js';

const { http, control, worker } = useTestWorker(['gated']);

/** Resolves with the pending approvals of key `key` once there are some. */
function untilPending(key: string): Promise<unknown> {
  return poll(`an approval of "${key}" to be pending`, async () => {
    const { status, json } = await http.call(`gated/${key}/pending`, {});
    return status === 200 && Array.isArray(json) && json.length > 0 ? json : undefined;
  });
}

describe("a durable run with approvals: 'interrupt'", () => {
  it('waits on an awakeable across a worker restart; approve over HTTP and the tool runs once', async () => {
    const invocationId = await http.send('gated/release-1/run', { input: 'prod' });
    expect(await untilPending('release-1')).toEqual([{ toolCallId: 'call_deploy', toolName: 'deploy', input: { text: 'prod' } }]);
    expect(control.count('gated.deploy')).toBe(0);

    await worker().kill();
    await worker().start();

    const approved = await http.call('gated/release-1/approve', { toolCallId: 'call_deploy', approved: true });
    expect(approved).toEqual({ status: 200, json: { toolCallId: 'call_deploy', approved: true } });
    expect(await http.attach(invocationId)).toMatchObject({
      status: 200,
      json: { text: 'result: {"type":"text","value":"deployed prod"}', stopReason: 'endTurn' },
    });
    expect(control.count('gated.deploy')).toBe(1);
    // ctx.idempotencyKey is the durable key: invocation, step and call.
    expect(control.bodies('gated.deploy')[0]).toBe(`prod ${invocationId}/1/call_deploy`);
    expect(await http.call('gated/release-1/pending', {})).toEqual({ status: 200, json: [] });
  });

  it('a denial reaches the model; an answer for a call that is not waiting is an error', async () => {
    const invocationId = await http.send('gated/release-2/run', { input: 'staging' });
    await untilPending('release-2');
    const unknown = await http.call('gated/release-2/approve', { toolCallId: 'nope', approved: true });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    await http.call('gated/release-2/approve', { toolCallId: 'call_deploy', approved: false, reason: 'freeze' });
    expect(await http.attach(invocationId)).toMatchObject({
      status: 200,
      json: { text: 'result: {"type":"text","value":"The user denied this tool call: freeze"}' },
    });
    expect(control.bodies('gated.deploy').filter((body) => body.startsWith('staging'))).toEqual([]);
  });
});
