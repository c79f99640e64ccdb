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
interface Script {
  readonly scenario: Scenario;
  readonly toolParts: readonly FloorPart[];
  readonly textParts: readonly FloorPart[];
}

/** Precomputes the model's parts once, as every contender's fake model does. */
function script(scenario: Scenario): Script {
  return {
    scenario,
    toolParts: [...scenario.calls.map((call) => ({ type: 'tool-end' as const, call })), { type: 'finish' }],
    textParts: [...scenario.deltas.map((chunk) => ({ type: 'text-delta' as const, chunk })), { type: 'finish' }],
  };
}

async function* floorRun({ scenario, toolParts, textParts }: Script, messages: FloorMessage[]): AsyncGenerator<FloorEvent> {
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

async function consume(s: Script, messages: FloorMessage[]): Promise<RunOutcome> {
  let deltas = 0;
  for await (const event of floorRun(s, messages)) if (event.type === 'text-delta') deltas++;
  const last = messages.at(-1)!;
  return { deltas, text: typeof last.content === 'string' ? last.content : '' };
}

/** A bare async generator passing the same events through, with no SDK. */
export function floorContender(): Contender {
  return {
    id: 'floor',
    version: '—',
    kind: 'floor',
    how: 'bare async generators: model parts → pass-through loop → consumer; calls run with Promise.all',
    async runner(scenario) {
      const s = script(scenario);
      return { run: () => consume(s, [{ role: 'user', content: 'go' }]) };
    },
    async finished(scenario) {
      const messages: FloorMessage[] = [{ role: 'user', content: 'go' }];
      await consume(script(scenario), messages);
      return messages;
    },
  };
}
