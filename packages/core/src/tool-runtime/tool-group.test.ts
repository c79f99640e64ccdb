import { describe, expect, it } from 'vitest';
import { ToolGroup } from './tool-group.js';
import { deferred, fnTool } from '../__fixtures__/fixtures.js';
import type { ToolCall } from '../events/agent-event.js';

function call(id: string): ToolCall {
  return { toolCallId: id, toolName: 'work', toolArgs: '{}', input: {} };
}

describe('ToolGroup concurrency', () => {
  it('never runs more calls than its limit, also when a call starts just as a slot is handed over', async () => {
    // A call started eagerly (while the response still streams) may arrive at any microtask; try each offset.
    for (let offset = 0; offset < 12; offset++) {
      let running = 0;
      let peak = 0;
      const gates = new Map<string, ReturnType<typeof deferred<string>>>();
      const work = fnTool('work', async (_input, ctx) => {
        running++;
        peak = Math.max(peak, running);
        const gate = deferred<string>();
        gates.set(ctx.toolCallId, gate);
        try {
          return await gate.promise;
        } finally {
          running--;
        }
      });
      const controller = new AbortController();
      const runner = new ToolGroup({
        tools: new Map([['work', work]]),
        agent: { messages: [], cancel: () => undefined },
        messages: [],
        invocationState: {},
        requestState: {},
        runId: 'run',
        step: 1,
        parentSignal: controller.signal,
        emit: () => undefined,
        hooks: undefined,
        approvals: undefined,
        concurrency: 1,
      });
      runner.start(call('A'));
      runner.start(call('B'));
      while (!gates.has('A')) await Promise.resolve();
      gates.get('A')?.resolve('a');
      for (let tick = 0; tick < offset; tick++) await Promise.resolve();
      runner.start(call('C'));
      const calls = [call('A'), call('B'), call('C')];
      const done = runner.settle(calls).then(() => runner.finish(calls));
      let settled = false;
      void done.then(() => (settled = true));
      while (!settled) {
        for (const gate of gates.values()) gate.resolve('ok');
        await new Promise((resolve) => setImmediate(resolve));
      }
      const outcomes = await done;
      expect(outcomes.map((outcome) => outcome.result.status)).toEqual(['success', 'success', 'success']);
      expect({ offset, peak }).toEqual({ offset, peak: 1 });
    }
  });
});
