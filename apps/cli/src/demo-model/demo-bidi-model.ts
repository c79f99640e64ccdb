import type { BidiModel } from '@tandem/core/spec';
import { DemoBidiConnection } from './demo-bidi-connection.js';
import { DEMO_PROVIDER } from './demo-model.js';

/**
 * The offline demo model for `tandem voice`: the rules of `planDemoTurn` as a realtime (bidi) model.
 * It answers typed turns with text (no speech), calls the tools a turn names as one group, and narrates
 * the group's results when they arrive. Audio input is not understood; it says so once.
 *
 * @example
 * ```ts
 * const agent = new BidiAgent({ model: demoBidiModel(), tools });
 * ```
 */
export function demoBidiModel(modelId = 'offline'): BidiModel {
  let calls = 0;
  return {
    specificationVersion: 'v1',
    provider: DEMO_PROVIDER,
    modelId,
    capabilities: { truncation: false, nativeAsyncTools: true, resumption: false },
    audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
    async connect(request) {
      request.signal?.throwIfAborted();
      return new DemoBidiConnection(request, () => `demo_voice_${String(++calls)}`);
    },
  };
}
