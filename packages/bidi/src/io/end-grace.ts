import { BidiStuckPeerError } from '../errors/bidi-stuck-peer-error.js';
import type { BidiSession } from '../session/bidi-session.js';
import type { InputReader, OutputPump } from './run-io.js';
import { withinGrace } from '../util/within-grace.js';

/**
 * Before `connection-close`: gives the outputs of `run()` up to `graceMs` to write what is queued and the
 * inputs to settle their pending `read()`/`start()` (their signal has aborted). A peer still busy after
 * that is abandoned — an output is detached — and reported to the others as a non-fatal `error` event
 * with a {@link BidiStuckPeerError}. Returns the abandoned outputs. @internal
 */
export async function settlePeers(
  session: BidiSession,
  pumps: readonly OutputPump[],
  readers: readonly InputReader[],
  graceMs: number,
): Promise<Set<OutputPump>> {
  const abandoned = new Set<OutputPump>();
  if (pumps.every((pump) => !pump.busy) && readers.every((reader) => !reader.busy)) return abandoned; // nothing to wait for
  const idle = Promise.all([...pumps.map((pump) => pump.whenIdle()), ...readers.map((reader) => reader.whenIdle())]);
  if (await withinGrace(idle, session.config.clock, graceMs)) return abandoned;
  for (const pump of pumps) {
    if (!pump.busy) continue;
    abandoned.add(pump);
    session.fanout.detach(pump.id);
  }
  for (const pump of abandoned) session.emit({ type: 'error', error: new BidiStuckPeerError('output', pump.id, graceMs), fatal: false });
  readers.forEach((reader, index) => {
    if (reader.busy) session.emit({ type: 'error', error: new BidiStuckPeerError('input', index, graceMs), fatal: false });
  });
  return abandoned;
}
