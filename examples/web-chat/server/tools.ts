import { TextAggregator } from '@tandem/aggregators';
import { sleep, type FunctionTool } from '@tandem/core';

/** What the tools do when the real time passes; a test replaces `wait` to decide when each step happens. */
export interface ChatToolsOptions {
  /** Waits before a tool answers (default: a real pause of `ms`). */
  readonly wait?: (tool: string, step: number, ms: number, signal: AbortSignal) => Promise<void>;
  /** Called each time `delete_note` really runs (after approval). */
  readonly onDelete?: (title: string) => void;
}

/**
 * The example's tools: `weather` (answers after a moment), `research` (a streaming tool whose notes arrive one by
 * one as partial results), `delete_note` (needs approval), and `browser_location` (no `execute`: the page answers it).
 */
export function chatTools(options: ChatToolsOptions = {}): FunctionTool[] {
  const wait = options.wait ?? ((_tool, _step, ms, signal) => sleep(ms, signal));
  const weather: FunctionTool<{ city?: string }> = {
    kind: 'function',
    name: 'weather',
    spec: { description: 'The weather in a city.', params: { type: 'object', properties: { city: { type: 'string' } } } },
    async execute({ city }, ctx) {
      await wait('weather', 0, 600, ctx.signal);
      return { city: city || 'Oslo', sky: 'sunny', celsius: 21 };
    },
  };
  const research: FunctionTool<{ topic?: string }> = {
    kind: 'function',
    name: 'research',
    spec: { description: 'Research a topic; notes stream in as they are found.', params: { type: 'object', properties: { topic: { type: 'string' } } } },
    aggregator: TextAggregator,
    async *execute({ topic }, ctx) {
      const subject = topic || 'whales';
      const notes = [`Reading about ${subject}. `, 'Found three sources. ', 'Summary written.'];
      for (const [index, note] of notes.entries()) {
        await wait('research', index, 700, ctx.signal);
        yield note;
      }
    },
  };
  const deleteNote: FunctionTool<{ title?: string }> = {
    kind: 'function',
    name: 'delete_note',
    spec: { description: 'Delete a note (asks the user first).', params: { type: 'object', properties: { title: { type: 'string' } } } },
    needsApproval: true,
    execute({ title }) {
      options.onDelete?.(title || 'groceries');
      return `Deleted the note "${title || 'groceries'}".`;
    },
  };
  const browserLocation: FunctionTool = {
    kind: 'function',
    name: 'browser_location',
    spec: { description: "The user's location, as the browser knows it (the page answers).", params: { type: 'object', properties: {} } },
  };
  return [weather, research, deleteNote, browserLocation];
}
