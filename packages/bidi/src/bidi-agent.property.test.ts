// Property test (fast-check, seeded): random interleavings of tool groups (fast, slow, unknown, invalid
// JSON, throwing, ignoring its signal and never settling, stop tool, end_conversation, needing approval, delivered interrupt / silent), responses,
// barge-ins, connection limits (restarts at a turn boundary), time-outs,
// go-aways, dropped connections, failing sends (results and input), user turns, approvals, calls the
// model withdraws (tool-cancel), user turns and spoken approvals (answer_approval, with approvals:
// 'spoken'), cancels (immediate and after the current tools) and stop(), responses an output guardrail cuts,
// handoffs back and forth (transfer_to_desk / transfer_to_front, sometimes to another model, two in one group),
// update() of instructions, voice and model (live session updates or reconnects), sometimes a context window of
// random size (slidingWindow({ maxMessages })), on
// ScriptedBidiModel with a ManualClock — sometimes with an output that hangs.
// After each run: every call got exactly one result, none duplicated or lost, each sendToolResults call
// was one whole group sent with its most urgent delivery mode, no connection got a result twice, a spoken
// answer was accepted only after the user spoke, no tripped transcript stayed in history, every connection's replay
// kept each result after its call (and within the window), no connection got a result for a call it never saw,
// every tool still running at the end was named (BidiStuckPeerError), and the run ended (connection-close last).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenario, scenarioArb } from './__fixtures__/bidi-scenario.js';

describe('BidiAgent invariants (fast-check, seeded)', () => {
  // 2 × 5 000 generated scenarios; each is cheap (a few event-loop turns, no real time).
  for (const [name, seed] of [
    ['first seed', 0x7a11d3],
    ['second seed', 0x5eed02],
  ] as const) {
    it(`every call gets exactly one result, none lost or duplicated, and every run ends (${name})`, async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async (generated) => {
          expect(await scenario(generated)).toEqual([]);
        }),
        { seed, numRuns: Number(process.env.BIDI_PROPERTY_RUNS ?? 5_000) },
      );
    }, 240_000);
  }
});
