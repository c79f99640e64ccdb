// Faults (§23): a failing output is reported once and abandoned; ending is bounded even when user code
// never settles; reconnects back off and give up; a duplicate call id runs once.
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';
import type { BidiRunResult } from './bidi-run-options.js';
import { BidiOutputError } from './errors/bidi-output-error.js';
import { sleepTool } from './__fixtures__/test-kit.js';

function recorder(): BidiAgentOutput & { readonly events: BidiEvent[] } {
  const events: BidiEvent[] = [];
  return { events, write: (event) => void events.push(event) };
}

describe('BidiAgent with an output that fails', () => {
  for (const how of ['throws', 'rejects'] as const) {
    it(`an output whose write() ${how} is reported once, abandoned, and the conversation goes on`, async () => {
      const clock = new ManualClock();
      const model = new ScriptedBidiModel({ clock });
      const agent = new BidiAgent({ model, clock });
      let writes = 0;
      const failing: BidiAgentOutput = {
        write() {
          writes++;
          if (how === 'throws') throw new Error('speaker unplugged');
          return Promise.reject(new Error('speaker unplugged'));
        },
      };
      const healthy = recorder();
      const outcome: { result?: BidiRunResult } = {};
      void agent.run({ outputs: [failing, healthy] }).then((result) => {
        outcome.result = result;
      });
      await model.until(() => healthy.events.some((e) => e.type === 'connection-start'));
      await model.settle();
      model.connection.respond('Still here.');
      await model.until(() => healthy.events.some((e) => e.type === 'response-complete'));
      expect(writes).toBe(1);
      const errors = healthy.events.filter((e) => e.type === 'error');
      expect(errors).toHaveLength(1);
      const error = errors[0]?.type === 'error' ? errors[0].error : undefined;
      expect(BidiOutputError.isInstance(error) && error.index).toBe(0);
      expect(String((error as Error).message)).toContain('speaker unplugged');
      await agent.stop();
      await model.until(() => outcome.result !== undefined);
      expect(outcome.result?.reason).toBe('user-request');
      expect(healthy.events.at(-1)?.type).toBe('connection-close');
    });
  }
});
