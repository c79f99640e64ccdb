import type { Contender, RunOutcome } from '../contender.js';
import type { CallSpec, Scenario } from '../scenario.js';

type FloorPart =
  | { readonly type: 'text-delta'; readonly chunk: string }
  | { readonly type: 'tool-end'; readonly call: CallSpec }
  | { readonly type: 'finish' };

type FloorEvent = FloorPart | { readonly type: 'tool-result'; readonly toolCallId: string; readonly output: string };

interface FloorMessage {
  readonly role: string;
  readonly content: unknown;
}

async function* play(parts: readonly FloorPart[]): AsyncGenerator<FloorPart> {
  for (const part of parts) yield part;
}

/**
 * The floor: no SDK. A model is an async generator over precomputed parts; the "agent" is one more
 * async generator that passes every part through, runs the calls of a response concurrently, and
 * loops once more with the results.
 */
async function* floorRun(scenario: Scenario, messages: FloorMessage[]): AsyncGenerator<FloorEvent> {
  const toolParts: FloorPart[] = [...scenario.calls.map((call) => ({ type: 'tool-end' as const, call })), { type: 'finish' }];
  const textParts: FloorPart[] = [...scenario.deltas.map((chunk) => ({ type: 'text-delta' as const, chunk })), { type: 'finish' }];
  let afterTools = scenario.calls.length === 0;
  for (;;) {
    const calls: CallSpec[] = [];
    let text = '';
    for await (const part of play(afterTools ? textParts : toolParts)) {
      if (part.type === 'tool-end') calls.push(part.call);
      else if (part.type === 'text-delta') text += part.chunk;
      yield part;
    }
    messages.push({ role: 'assistant', content: calls.length > 0 ? calls : text });
    if (calls.length === 0) return;
    const outputs = await Promise.all(
      calls.map(async (call) => ({ toolCallId: call.id, output: await scenario.tool.run(JSON.parse(call.args)) })),
    );
    for (const out of outputs) yield { type: 'tool-result', ...out };
    messages.push({ role: 'tool', content: outputs });
    afterTools = true;
  }
}

async function consume(scenario: Scenario, messages: FloorMessage[]): Promise<RunOutcome> {
  let deltas = 0;
  let text = '';
  for await (const event of floorRun(scenario, messages)) {
    if (event.type === 'text-delta') {
      deltas++;
      text += event.chunk;
    }
  }
  return { deltas, text };
}

/** A bare async generator passing the same events through, with no SDK. */
export function floorContender(): Contender {
  return {
    id: 'floor',
    version: '—',
    kind: 'floor',
    how: 'bare async generators: model parts → pass-through loop → consumer; calls run with Promise.all',
    async runner(scenario) {
      return { run: () => consume(scenario, [{ role: 'user', content: 'go' }]) };
    },
    async finished(scenario) {
      const messages: FloorMessage[] = [{ role: 'user', content: 'go' }];
      await consume(scenario, messages);
      return messages;
    },
  };
}
