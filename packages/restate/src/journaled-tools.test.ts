import type { FunctionTool, Tool, ToolContext } from '@tandem/core';
import { describe, expect, it } from 'vitest';
import type { InvocationJournal } from './invocation-journal.js';
import { journaledToolSources } from './journaled-tools.js';
import { rememberRetryDecision } from './retry-decisions.js';

const noJournal = (): InvocationJournal => {
  throw new Error('not in a run');
};

function fn(name: string, extra: Partial<FunctionTool> = {}): FunctionTool {
  return { kind: 'function', name, spec: { description: name, params: { type: 'object' } }, execute: () => 'ok', ...extra };
}

describe('journaledToolSources', () => {
  it('routes execute through the run\'s journal and keeps everything else of the tool', async () => {
    const calls: unknown[] = [];
    const journal = { executeTool: (tool: FunctionTool, input: unknown, context: ToolContext) => calls.push([tool.name, input, context.toolCallId]) };
    const original = { ...fn('weather'), custom: 'kept' };
    const [wrapped] = journaledToolSources([original], () => journal as unknown as InvocationJournal) as FunctionTool[];
    expect(wrapped).not.toBe(original);
    expect([wrapped?.kind, wrapped?.name, wrapped?.spec, (wrapped as unknown as { custom: string }).custom]).toEqual(['function', 'weather', original.spec, 'kept']);
    await wrapped?.execute?.({ city: 'Oslo' }, { toolCallId: 'call_9' } as ToolContext);
    expect(calls).toEqual([['weather', { city: 'Oslo' }, 'call_9']]);
  });

  it('keeps a live tool list live: read on every access, each tool wrapped once', () => {
    const list: Tool[] = [fn('a')];
    const [view] = journaledToolSources([list], noJournal) as (readonly Tool[])[];
    expect(Array.isArray(view)).toBe(true);
    const first = view?.[0];
    expect(first).not.toBe(list[0]);
    expect(view?.[0]).toBe(first); // stable identity: the agent rebuilds definitions only when a tool changed
    list.push(fn('b')); // e.g. an MCP server refreshed its tools
    expect([...(view ?? [])].map((tool) => tool.name)).toEqual(['a', 'b']);
    expect((view?.[1] as FunctionTool).execute).not.toBe((list[1] as FunctionTool).execute);
  });

  it('passes provider tools and schema-only tools through unchanged', () => {
    const provider: Tool = { kind: 'provider', id: 'openai.web_search', name: 'web_search', args: {} };
    const schemaOnly: FunctionTool = { kind: 'function', name: 'ask_user', spec: { description: 'Ask.', params: { type: 'object' } } };
    expect(journaledToolSources([provider, schemaOnly], noJournal)).toEqual([provider, schemaOnly]);
  });

  it('keeps a class-based tool\'s methods bound to the tool', async () => {
    class Lookup implements FunctionTool {
      readonly kind = 'function' as const;
      readonly name = 'lookup';
      readonly spec = { description: 'Lookup.', params: { type: 'object' } };
      #allowed = new Set(['a']);
      validate(input: unknown) {
        return this.#allowed.has(String((input as { key: string }).key)) ? { success: true as const, value: input } : { success: false as const, error: 'unknown key' };
      }
      toModelOutput(output: unknown) {
        return { type: 'text' as const, value: `${String(output)} (${this.#allowed.size})` };
      }
      execute() {
        return 'found';
      }
    }
    const [wrapped] = journaledToolSources([new Lookup()], noJournal) as FunctionTool[];
    expect(await wrapped?.validate?.({ key: 'a' })).toEqual({ success: true, value: { key: 'a' } });
    expect(wrapped?.toModelOutput?.('found')).toEqual({ type: 'text', value: 'found (1)' });
  });

  it('answers retryOn with the journaled decision for an error it knows, and as the tool would otherwise', () => {
    const seen: unknown[] = [];
    const [wrapped] = journaledToolSources(
      [fn('t', { config: { timeoutMs: 50, retry: { maxAttempts: 3, initialDelayMs: 1, retryOn: (error) => (seen.push(error), false) } } })],
      noJournal,
    ) as FunctionTool[];
    const retryOn = wrapped?.config?.retry?.retryOn;
    expect(wrapped?.config?.timeoutMs).toBe(50);
    expect(wrapped?.config?.retry?.maxAttempts).toBe(3);

    const journaled = new Error('rebuilt from the journal');
    rememberRetryDecision(journaled, true);
    expect(retryOn?.(journaled)).toBe(true);
    // A streaming tool's throw reaches retryOn wrapped with its partial result.
    expect(retryOn?.(Object.assign(new Error('partial'), { cause: journaled }))).toBe(true);
    expect(seen).toEqual([]);

    const other = new Error('a time-out of the agent\'s own');
    expect(retryOn?.(other)).toBe(false);
    expect(seen).toEqual([other]);
  });

  it('refuses unbounded retries with an error that says what to set', () => {
    expect(() => journaledToolSources([fn('forever', { config: { retry: { maxAttempts: Number.POSITIVE_INFINITY } } })], noJournal)).toThrow(
      'restateAgent: tool "forever" has config.retry.maxAttempts = Infinity. A durable run journals every attempt; give it a finite maxAttempts of at most 100.',
    );
    expect(() => journaledToolSources([fn('many', { config: { retry: { maxAttempts: 101 } } })], noJournal)).toThrow(/at most 100/);
  });
});
