// §23: user code that never settles cannot hold a run — after a cancel, `run.result` resolves
// `cancelled` within `cancelGraceMs`; the abandoned work is reported and its late settlement ignored.
import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import type { AgentOptions } from './agent-types.js';
import { ManualClock } from '../testing/clock.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { deferred, fnTool, ofType, Join } from '../__fixtures__/fixtures.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { HookName } from '../hooks/agent-hooks.js';
import type { Message } from '../spec/message/v1/message.js';
import type { SessionStore } from '../session/session-store.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import { RunAbandonedWorkError } from './run-abandoned-work-error.js';

/** A hook or store call that never settles until `release()` (which the abandoned run must ignore). */
function stuck(): { readonly promise: Promise<void>; readonly entered: Promise<void>; enter(): Promise<void>; release(): void } {
  const gate = deferred();
  const entered = deferred();
  return {
    promise: gate.promise,
    entered: entered.promise,
    enter() {
      entered.resolve();
      return gate.promise;
    },
    release: () => gate.resolve(),
  };
}

async function drain(run: AsyncIterable<AgentEvent>, into: AgentEvent[]): Promise<void> {
  for await (const event of run) into.push(event);
}

interface Setup {
  readonly clock: ManualClock;
  readonly events: AgentEvent[];
  readonly settled: { value?: Awaited<ReturnType<Agent['run']>['result']> };
  readonly iterated: Promise<void>;
  readonly agent: Agent;
}

function start(options: AgentOptions, model: ScriptedModel, signal?: AbortSignal): Setup {
  const clock = new ManualClock();
  const agent = new Agent({ clock, ...options });
  const run = agent.run(model, 'go', { signal });
  const events: AgentEvent[] = [];
  const settled: Setup['settled'] = {};
  void run.result.then((value) => {
    settled.value = value;
  });
  return { clock, events, settled, iterated: drain(run, events), agent };
}

/** Runs two steps with `options` (grace 300 ms), cancels once `entered` resolves, lets the grace run out: the run ends cancelled. */
async function cancelledAfterGrace(options: AgentOptions, entered: Promise<unknown>): Promise<Setup> {
  const setup = start({ cancelGraceMs: 300, ...options }, twoSteps());
  await entered;
  setup.agent.cancel();
  await setup.clock.advance(300);
  await setup.iterated;
  expect(setup.settled.value?.stopReason).toBe('cancelled');
  return setup;
}

const twoSteps = (): ScriptedModel => new ScriptedModel({ responses: [toolCallResponse([{ name: 'work', id: 'c1' }]), textResponse('done')] });
const work = fnTool('work', async () => 'ok');

describe('cancelGraceMs: a cancel is not held by a hook that never settles', () => {
  const hooks: HookName[] = ['beforeModelCall', 'afterModelCall', 'beforeToolCall', 'afterToolCall', 'afterTools', 'messageAdded'];
  for (const name of hooks) {
    it(`${name} never settling: run.result resolves cancelled after the grace, the hook is reported, its late settlement ignored`, async () => {
      const hang = stuck();
      const { clock, events, settled, iterated, agent } = start(
        { tools: [work], cancelGraceMs: 500, hooks: { [name]: () => hang.enter() } as AgentOptions['hooks'] },
        twoSteps(),
      );
      await hang.entered;
      agent.cancel();
      await clock.advance(499);
      expect(settled.value).toBeUndefined();
      await clock.advance(1);
      await iterated;
      expect(settled.value?.stopReason).toBe('cancelled');
      const errors = ofType(events, 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.fatal).toBe(false);
      expect(RunAbandonedWorkError.isInstance(errors[0]?.error)).toBe(true);
      expect((errors[0]?.error as RunAbandonedWorkError).abandoned).toContain(`hook ${name}`);
      // History stays paired: every recorded call has its result.
      const messages = settled.value?.messages ?? [];
      const calls = messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-call').map((p) => p.toolCallId);
      const results = messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-result').map((p) => p.toolCallId);
      expect(results.sort()).toEqual(calls.sort());
      const count = events.length;
      const before = messages.length;
      hang.release();
      await clock.advance(10_000);
      expect(events.length).toBe(count);
      expect(settled.value?.messages.length).toBe(before);
      expect(settled.value?.stopReason).toBe('cancelled');
    });
  }

  it('an aborted signal is bounded the same way', async () => {
    const hang = stuck();
    const controller = new AbortController();
    const { clock, settled, iterated } = start({ tools: [work], cancelGraceMs: 200, hooks: { beforeModelCall: () => hang.enter() } }, twoSteps(), controller.signal);
    await hang.entered;
    controller.abort();
    await clock.advance(200);
    await iterated;
    expect(settled.value?.stopReason).toBe('cancelled');
  });

  it('the grace defaults to 2 s', async () => {
    const hang = stuck();
    const { clock, settled, iterated, agent } = start({ tools: [work], hooks: { afterModelCall: () => hang.enter() } }, twoSteps());
    await hang.entered;
    agent.cancel();
    await clock.advance(1_999);
    expect(settled.value).toBeUndefined();
    await clock.advance(1);
    await iterated;
    expect(settled.value?.stopReason).toBe('cancelled');
  });

  it('a run that ends within the grace reports nothing and leaves no timer behind', async () => {
    const gate = deferred();
    const { clock, events, settled, iterated, agent } = start({ tools: [work], cancelGraceMs: 500, hooks: { afterModelCall: () => gate.promise } }, twoSteps());
    await clock.advance(0);
    agent.cancel();
    gate.resolve();
    await iterated;
    expect(settled.value?.stopReason).toBe('cancelled');
    expect(ofType(events, 'error')).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});

describe('cancelGraceMs: a session store or a tool that never settles', () => {
  it('a session append that never settles: the run ends cancelled after the grace and reports the append', async () => {
    const hang = stuck();
    const memory = memorySessionStore();
    let appends = 0;
    const store: SessionStore = {
      ...memory,
      load: (id) => memory.load(id),
      append: (id, messages: readonly Message[]) => (++appends === 2 ? hang.enter() : memory.append(id, messages)),
    };
    const { events } = await cancelledAfterGrace({ tools: [work], session: { store, id: 's1' } }, hang.entered);
    expect((ofType(events, 'error')[0]?.error as RunAbandonedWorkError).abandoned).toContain('session store append');
    hang.release();
  });

  it('a tool that ignores its signal: the call is cancelled, the run ends, and its late result is ignored', async () => {
    const gate = deferred<string>();
    const entered = deferred();
    const deaf = fnTool('work', () => {
      entered.resolve();
      return gate.promise;
    });
    const { clock, events } = await cancelledAfterGrace({ tools: [deaf] }, entered.promise);
    const result = ofType(events, 'tool-call-result')[0]?.result;
    expect(result).toMatchObject({ toolCallId: 'c1', status: 'cancelled' });
    expect((ofType(events, 'error')[0]?.error as RunAbandonedWorkError).abandoned).toEqual(['tool work (c1)']);
    gate.resolve('late');
    await clock.advance(1_000);
    expect(ofType(events, 'tool-call-result')).toHaveLength(1);
  });

  it('a streaming tool that ignores its signal is named when the grace runs out', async () => {
    const entered = deferred();
    async function* parts(): AsyncGenerator<string> {
      yield 'first';
      entered.resolve();
      await new Promise<never>(() => undefined);
    }
    const deaf = fnTool('work', () => parts(), { aggregator: Join });
    const { events } = await cancelledAfterGrace({ tools: [deaf] }, entered.promise);
    expect((ofType(events, 'error')[0]?.error as RunAbandonedWorkError).abandoned).toEqual(['tool work (c1)']);
  });

  it('a tool that honours its signal ends the run at once and is not reported', async () => {
    const entered = deferred();
    const polite = fnTool('work', (_input, ctx) => {
      entered.resolve();
      return new Promise<string>((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))));
    });
    const { events, settled, iterated, agent } = start({ tools: [polite], cancelGraceMs: 300 }, twoSteps());
    await entered.promise;
    agent.cancel();
    await iterated;
    expect(settled.value?.stopReason).toBe('cancelled');
    expect(ofType(events, 'error')).toEqual([]);
    expect(ofType(events, 'tool-call-result')[0]?.result).toMatchObject({ toolCallId: 'c1', status: 'cancelled' });
  });
});
