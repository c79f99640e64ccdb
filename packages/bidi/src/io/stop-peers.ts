import type { Clock } from '@tandem/core';
import type { BidiAgentInput } from '../bidi-agent-input.js';
import type { BidiAgentOutput } from '../bidi-agent-output.js';
import { withinGrace } from '../util/within-grace.js';

/**
 * Calls `stop()` of every input and output at once, waiting at most `graceMs`; rethrows the first error
 * of those that settled in time. @internal
 */
export async function stopPeers(clock: Clock, peers: readonly (BidiAgentInput | BidiAgentOutput)[], graceMs: number): Promise<void> {
  if (peers.every((peer) => peer.stop === undefined)) return;
  const stops = Promise.allSettled(peers.map(async (peer) => peer.stop?.()));
  if (!(await withinGrace(stops, clock, graceMs))) return;
  const failed = (await stops).find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}
