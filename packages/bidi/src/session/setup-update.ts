import type { BidiSessionUpdate } from '@tandem/core/spec';
import type { BidiProfile } from '../handoff/bidi-profile.js';

/** How a live session moves from one agent's setup to another's. @internal */
export interface SetupUpdate {
  /** What changed, for `connection.update()` (only the fields that differ). */
  readonly update: BidiSessionUpdate;
  /** Another model: only a new connection can change it. */
  readonly reconnect: boolean;
  /** Nothing the model sees changed. */
  readonly empty: boolean;
}

/**
 * The change from the setup a connection runs with (`from`) to the active one (`to`): new instructions
 * (`''` when the new agent has none), the full new tool list when it differs, a new voice when the new
 * agent names one. Pure. @internal
 */
export function setupUpdate(from: BidiProfile, to: BidiProfile): SetupUpdate {
  const reconnect = from.model !== to.model;
  const tools = to.tools.current().definitions;
  const toolsChanged = JSON.stringify(from.tools.current().definitions) !== JSON.stringify(tools);
  const update: BidiSessionUpdate = {
    ...(from.system === to.system ? {} : { system: to.system ?? '' }),
    ...(toolsChanged ? { tools } : {}),
    ...(to.voice === undefined || to.voice === from.voice ? {} : { voice: to.voice }),
  };
  return { update, reconnect, empty: !reconnect && Object.keys(update).length === 0 };
}
