// Ending never waits on a stuck peer: after stop()/cancel()/a stop tool, run() resolves within the grace
// period even if an output's write() or an input's read() never settles; the stuck one is reported.
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { makeStop } from '@tandem/stop';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentInput } from './bidi-agent-input.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';
import type { BidiRunResult } from './bidi-run-options.js';
import { BidiStuckPeerError } from './errors/bidi-stuck-peer-error.js';

const GRACE = 1_000;
const never = new Promise<never>(() => undefined);

function recorder(): BidiAgentOutput & { readonly events: BidiEvent[] } {
  const events: BidiEvent[] = [];
  return { events, write: (event) => void events.push(event) };
}

/** An output whose write() never settles from the first event of type `from` on. */
function stuckOutput(from: BidiEvent['type']): BidiAgentOutput & { stopped: boolean } {
  let stuck = false;
  const output = {
    stopped: false,
    write(event: BidiEvent): Promise<void> | void {
      if (event.type === from) stuck = true;
      return stuck ? never : undefined;
    },
    stop(): void {
      output.stopped = true;
    },
  };
  return output;
}

/** An input whose read() ignores its abort signal and never settles. */
const deafInput: BidiAgentInput = { read: () => never };

async function started(outputs: readonly BidiAgentOutput[], inputs: readonly BidiAgentInput[] = [], tools = [makeStop()]) {
  const clock = new ManualClock();
  const model = new ScriptedBidiModel({ clock });
  const agent = new BidiAgent({ model, clock, tools, cancelGraceMs: GRACE });
  const outcome: { result?: BidiRunResult } = {};
  const running = agent.run({ inputs, outputs }).then((result) => {
    outcome.result = result;
  });
  await model.until(() => model.connections.length === 1);
  return { clock, model, agent, outcome, running };
}

describe('BidiAgent ending with a stuck peer', () => {
  it('stop(): a write() that never settles is abandoned after the grace period and reported; close stays last', async () => {
    const healthy = recorder();
    const stuck = stuckOutput('response-start');
    const { clock, model, agent, outcome, running } = await started([healthy, stuck]);
    model.connection.respond('Hello there.');
    await model.until(() => healthy.events.some((e) => e.type === 'response-complete'));

    const stopping = agent.stop();
    await model.settle();
    expect(outcome.result).toBeUndefined(); // the stuck output gets its grace period
    await clock.advance(GRACE);
    await model.until(() => outcome.result !== undefined);
    await stopping;
    await running;

    expect(outcome.result?.reason).toBe('user-request');
    const errors = healthy.events.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    const error = errors[0]?.type === 'error' ? errors[0].error : undefined;
    expect(BidiStuckPeerError.isInstance(error) && [error.peer, error.index, error.waitedMs]).toEqual(['output', 1, GRACE]);
    expect(healthy.events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(stuck.stopped).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('cancel() from outside: an output stuck on connection-close itself does not hold run()', async () => {
    const stuck = stuckOutput('connection-close');
    const { clock, model, agent, outcome } = await started([stuck]);
    agent.cancel();
    await model.settle();
    expect(outcome.result).toBeUndefined();
    await clock.advance(GRACE);
    await model.until(() => outcome.result !== undefined);
    expect(outcome.result?.reason).toBe('user-request');
    expect(clock.pending).toBe(0);
  });

  it('a stop tool: run() ends with user-request although an output and an input are stuck', async () => {
    const healthy = recorder();
    const { clock, model, outcome } = await started([healthy, stuckOutput('tool-start')], [deafInput]);
    model.connection.emit(bidiToolGroup([{ name: 'stop', id: 's', input: { message: 'Bye.' } }]));
    await model.until(() => healthy.events.some((e) => e.type === 'tool-group-complete'));
    await model.settle();
    expect(outcome.result).toBeUndefined();
    await clock.advance(GRACE);
    await model.until(() => outcome.result !== undefined);
    expect(outcome.result?.reason).toBe('user-request');
    const stuckPeers = healthy.events.flatMap((e) => (e.type === 'error' && BidiStuckPeerError.isInstance(e.error) ? [`${e.error.peer} ${String(e.error.index)}`] : []));
    expect(stuckPeers.sort()).toEqual(['input 0', 'output 1']);
    expect(healthy.events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
    expect(clock.pending).toBe(0);
  });

  it('healthy peers end at once, without waiting for the grace period', async () => {
    const healthy = recorder();
    const { clock, model, agent, outcome } = await started([healthy]);
    await agent.stop();
    await model.until(() => outcome.result !== undefined);
    expect(healthy.events.filter((e) => e.type === 'error')).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});
