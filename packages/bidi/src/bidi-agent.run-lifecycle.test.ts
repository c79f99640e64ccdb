import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';

describe('BidiAgent run() lifecycle when inputs or outputs fail', () => {
  it('an output whose start() throws: run() rejects with it, no connection stays open, and the agent can start again', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    const stopped: string[] = [];
    const good: BidiAgentOutput = { write: () => undefined, stop: () => void stopped.push('good') };
    const bad: BidiAgentOutput = {
      start() {
        throw new Error('no speaker');
      },
      write: () => undefined,
      stop: () => void stopped.push('bad'),
    };
    await expect(agent.run({ outputs: [good, bad] })).rejects.toThrow('no speaker');
    expect(agent.running).toBe(false);
    expect(model.connections).toHaveLength(0);
    expect(stopped).toEqual(['good']); // the output that had started is released
    await agent.start();
    expect(agent.running).toBe(true);
    await agent.stop();
    expect(clock.pending).toBe(0);
  });
});
