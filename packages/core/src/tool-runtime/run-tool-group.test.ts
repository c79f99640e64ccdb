import { describe, expect, it } from 'vitest';
import { runToolGroup } from './run-tool-group.js';
import { deferred, fnTool } from '../__fixtures__/fixtures.js';
import type { ToolCall } from '../events/agent-event.js';

function call(id: string, toolName: string): ToolCall {
  return { toolCallId: id, toolName, toolArgs: '{}', input: {} };
}

describe('runToolGroup', () => {
  it('an abort answers every running call cancelled at once and hands abandoned() each tool promise it stopped waiting for', async () => {
    const never = deferred<string>();
    const deaf = fnTool('deaf', () => never.promise);
    const polite = fnTool('polite', (_input, ctx) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error))));
    const controller = new AbortController();
    const left: { label: string; promise: PromiseLike<unknown> }[] = [];
    const results = runToolGroup({
      calls: [call('d1', 'deaf'), call('p1', 'polite')],
      tools: [deaf, polite],
      agent: { messages: [], cancel: () => undefined },
      messages: [],
      signal: controller.signal,
      runId: 'run',
      step: 1,
      emit: () => undefined,
      abandoned: (label, promise) => void left.push({ label, promise }),
    });
    await Promise.resolve();
    controller.abort(new Error('stop'));
    expect((await results).map((result) => [result.toolCallId, result.status])).toEqual([
      ['d1', 'cancelled'],
      ['p1', 'cancelled'],
    ]);
    // Each tool the abort stopped waiting for, with its promise: the polite one settles (it honoured its
    // signal), the deaf one does not until it wants to — what a caller waits on for a grace, then names.
    expect(left.map((entry) => entry.label)).toEqual(['tool deaf (d1)', 'tool polite (p1)']);
    await expect(left[1]?.promise).rejects.toThrow('stop');
    let deafSettled = false;
    void left[0]?.promise.then(() => (deafSettled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(deafSettled).toBe(false);
    never.resolve('late');
    await expect(left[0]?.promise).resolves.toBe('late');
  });
});
