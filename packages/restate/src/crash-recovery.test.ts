import { describe, expect, it } from 'vitest';
import { poll } from './__fixtures__/poll.js';
import { useTestWorker } from './__fixtures__/test-worker.js';

const { http, control, worker } = useTestWorker(['crash', 'shaky', 'approval']);

/** Resolves once the result of the step whose name contains `step` is in the invocation's journal. */
async function untilJournaled(invocationId: string, step: string): Promise<void> {
  await poll(`the result of "${step}" to be journaled`, async () => {
    const rows = await http.query<{ entry_type: string; name: string | null; entry_lite_json: string }>(
      `SELECT entry_type, name, entry_lite_json FROM sys_journal WHERE id = '${invocationId}'`,
    );
    const command = rows.find((row) => row.entry_type === 'Command: Run' && (row.name ?? '').includes(step));
    if (command === undefined) return undefined;
    const { completion_id: id } = (JSON.parse(command.entry_lite_json) as { Command: { Run: { completion_id: number } } }).Command.Run;
    const done = rows.some((row) => row.entry_type === 'Notification: Run' && row.entry_lite_json.includes(`"CompletionId":${id}}`));
    return done ? true : undefined;
  });
}

describe('a durable run whose worker is killed mid-group', () => {
  it('resumes on a new worker: finished steps are replayed from the journal, the unfinished tool runs again', async () => {
    const invocationId = await http.send('crash/run', { input: 'Run both tools.' });
    // The group is running: `fast` has finished (and its result is journaled), `slow` hangs.
    await control.until('crash.slow', 1);
    await control.until('crash.fast', 1);
    await untilJournaled(invocationId, 'tool fast');

    await worker().kill();
    expect(await http.status(invocationId)).not.toBe('completed');
    await worker().start(); // the same endpoint: Restate retries the invocation there

    const { status, json } = await http.attach(invocationId);
    expect(status).toBe(200);
    expect(json).toEqual({
      text: 'done: {"type":"text","value":"fast done"} {"type":"text","value":"slow done"}',
      stopReason: 'endTurn',
      // Both model calls count, the one replayed from the journal included.
      usage: { inputTokens: 300, outputTokens: 30 },
    });
    expect(control.count('crash.model.1')).toBe(1); // the model call before the group was not repeated
    expect(control.count('crash.fast')).toBe(1); // the finished tool ran once in total
    expect(control.count('crash.slow')).toBe(2); // the unfinished tool ran again
    expect(control.count('crash.model.2')).toBe(1);
    // The unfinished call kept its idempotency key across the crash.
    const [first, second] = control.bodies('crash.slow');
    expect(first).toMatch(new RegExp(`^${invocationId}/1/call_\\d+$`));
    expect(second).toBe(first);
    expect(control.bodies('crash.fast')[0]).not.toBe(first);
  });

  it('journals each attempt: a failed attempt is not run again, the attempt that was running is', async () => {
    const invocationId = await http.send('shaky/run', { input: 'Try.' });
    await control.until('shaky.attempt.2', 1);
    await untilJournaled(invocationId, 'attempt 1');

    await worker().kill();
    await worker().start();

    expect(await http.attach(invocationId)).toEqual({
      status: 200,
      json: { text: 'result: {"type":"text","value":"second attempt worked"}', stopReason: 'endTurn', usage: { inputTokens: 20, outputTokens: 10 } },
    });
    expect(control.count('shaky.attempt.1')).toBe(1);
    expect(control.count('shaky.attempt.2')).toBe(2);
    expect(control.count('shaky.attempt.3')).toBe(0);
  });

  it('journals approvals: the approver is not asked again after a crash, and a denied call never runs', async () => {
    const approved = await http.send('approval/run', { input: '50' });
    await control.until('approval.transfer', 1);
    await untilJournaled(approved, 'approve transfer');

    await worker().kill();
    await worker().start();

    expect(await http.attach(approved)).toMatchObject({ status: 200, json: { text: 'result: {"type":"text","value":"transferred 50"}' } });
    expect(control.bodies('approval.asked')).toEqual(['50']);
    expect(control.bodies('approval.transfer')).toEqual(['50', '50']);

    const denied = await http.call('approval/run', { input: '500' });
    expect(denied).toMatchObject({ status: 200, json: { text: 'result: {"type":"text","value":"The user denied this tool call: too much"}' } });
    expect(control.bodies('approval.transfer')).toEqual(['50', '50']);
  });
});
