import type { BidiModel, Message, ToolResult } from '@tandem/core/spec';
import { bidiResponseEvents, bidiToolGroup, ScriptedBidiModel } from '@tandem/core/testing';
import { DEMO_PROVIDER } from './demo-model.js';
import { planDemoTurn } from './plan-demo-turn.js';

/**
 * The offline demo model for `tandem voice`: the rules of {@link planDemoTurn} as a realtime (bidi) model.
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
  let toldAboutAudio = false;
  return new ScriptedBidiModel({
    provider: DEMO_PROVIDER,
    modelId,
    capabilities: { truncation: false, nativeAsyncTools: true, resumption: false },
    onInput(input, connection) {
      if (input.type === 'audio') {
        if (toldAboutAudio) return [];
        toldAboutAudio = true;
        return bidiResponseEvents('I am the offline demo model and cannot understand speech; type your turn instead.');
      }
      if (input.type !== 'text') return [];
      const message: Message = { role: 'user', parts: [{ type: 'text', text: input.text }] };
      const plan = planDemoTurn({ tools: connection.request.tools, messages: [message] });
      if (plan.kind !== 'call-tools') return bidiResponseEvents(plan.text);
      const group = bidiToolGroup(plan.calls.map((call) => ({ name: call.toolName, input: call.input, id: `demo_voice_${String(++calls)}` })));
      return [...bidiResponseEvents(plan.text), group];
    },
    onToolResults(results) {
      return bidiResponseEvents(planDemoTurn({ tools: [], messages: [toolMessage(results)] }).text);
    },
  });
}

function toolMessage(results: readonly ToolResult[]): Message {
  return {
    role: 'tool',
    parts: results.map(({ toolCallId, toolName, status, result, modelInput }) => ({ type: 'tool-result', toolCallId, toolName, status, result, modelInput })),
  };
}
