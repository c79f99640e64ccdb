// Shared helpers for this package's tests: tools built on a ManualClock, gates, and event collection.
import type { FunctionTool, ToolContext } from '@tandem/core';
import { sleep, type Clock } from '@tandem/core';
import type { BidiAgent } from '../bidi-agent.js';
import type { BidiEvent } from '../bidi-event.js';

export interface Gate {
  readonly promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A tool that waits `ms` on `clock` (honouring its signal) and returns `result`. */
export function sleepTool(
  name: string,
  clock: Clock,
  ms: number,
  result: string = `${name} done`,
  seen?: { signal?: AbortSignal; ctx?: ToolContext },
): FunctionTool {
  return {
    kind: 'function',
    name,
    spec: { description: `Waits ${String(ms)} ms.`, params: { type: 'object', properties: {} } },
    async execute(_input: unknown, ctx: ToolContext) {
      if (seen !== undefined) {
        seen.signal = ctx.signal;
        seen.ctx = ctx;
      }
      await sleep(ms, ctx.signal, clock);
      return result;
    },
  };
}

/** The seed's timer: `set_timer({ seconds })` waits that long on `clock`. */
export function setTimerTool(clock: Clock): FunctionTool<{ seconds: number }> {
  return {
    kind: 'function',
    name: 'set_timer',
    spec: {
      description: 'Start a timer and report when it finishes.',
      params: { type: 'object', properties: { seconds: { type: 'number' } }, required: ['seconds'] },
    },
    async execute({ seconds }, ctx) {
      await sleep(seconds * 1000, ctx.signal, clock);
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  };
}

/** The seed's end_conversation: cancels the agent from inside the tool. */
export const endConversation: FunctionTool = {
  kind: 'function',
  name: 'end_conversation',
  spec: { description: 'End the conversation when the user asks to stop or says goodbye.', params: { type: 'object', properties: {} } },
  execute(_input, ctx) {
    ctx.agent.cancel();
    return 'Ending conversation.';
  },
};

/** Collects everything `agent.receive()` yields; `done` resolves when iteration ended. */
export function collect(agent: BidiAgent): { readonly events: BidiEvent[]; readonly done: Promise<void> } {
  const events: BidiEvent[] = [];
  const done = (async () => {
    for await (const event of agent.receive()) events.push(event);
  })();
  return { events, done };
}

export function types(events: readonly BidiEvent[]): string[] {
  return events.map((event) => event.type);
}
