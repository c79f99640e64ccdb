import { ToolTimeoutError, type AgentEvent, type FunctionTool, type ToolContext } from '@tandem/core';
import type { AttemptRecord, ToolEffect } from './attempt-record.js';
import { fromJournal, thrownFromJournal } from './journal-codec.js';

/** What an attempt hands back to the agent; `thrown` is what the tool itself threw when it ran in this process. @internal */
export interface AttemptOutcome {
  readonly record: AttemptRecord;
  readonly thrown?: { readonly value: unknown };
}

/**
 * Turns a journaled attempt back into what `execute` returns to the agent: the value, an async iterable of
 * the yielded items (ending with the throw, if any), or a throw — the tool's own error when it ran in this
 * process, an error rebuilt from the journal on a replay. A timeout throws `ToolTimeoutError` as the agent
 * would; a cancelled (or skipped) attempt waits for the run's cancel (which a replay repeats) and throws its reason.
 * `remember` receives every thrown object with the retry decision journaled for it. @internal
 */
export function attemptReturn(
  outcome: AttemptOutcome,
  tool: FunctionTool,
  context: ToolContext,
  remember: (thrown: unknown, retry: boolean) => void,
): unknown {
  const { record } = outcome;
  switch (record.outcome) {
    case 'value':
      return fromJournal(record.value);
    case 'stream': {
      const items = record.items.map(fromJournal);
      if (record.thrown === undefined) return replayItems(items, undefined);
      const thrown = outcome.thrown?.value ?? thrownFromJournal(record.thrown);
      remember(thrown, record.retry ?? true);
      return replayItems(items, { value: thrown });
    }
    case 'error': {
      const thrown = outcome.thrown !== undefined ? outcome.thrown.value : thrownFromJournal(record.thrown);
      remember(thrown, record.retry);
      throw thrown;
    }
    case 'timeout':
      throw new ToolTimeoutError(tool.name, record.timeoutMs);
    case 'cancelled':
    case 'skipped':
      // The run was cancelled (or ended) around this attempt the first time; on a replay that cancel is
      // repeated by whichever step caused it, so wait for it rather than inventing an outcome.
      return untilAbort(context.signal);
  }
}

/** Repeats what a replayed attempt did to its run: progress, nested events and cancels. @internal */
export function replayEffects(effects: readonly ToolEffect[], context: ToolContext): void {
  for (const effect of effects) {
    if (effect.type === 'progress') context.progress(fromJournal(effect.value), effect.label === undefined ? undefined : { label: effect.label });
    else if (effect.type === 'emit') context.emit(fromJournal(effect.event) as AgentEvent);
    else {
      context.agent.cancel({
        ...(effect.message === undefined ? {} : { message: effect.message }),
        ...(effect.afterCurrentTools === undefined ? {} : { afterCurrentTools: effect.afterCurrentTools }),
      });
    }
  }
}

async function* replayItems(items: readonly unknown[], thrown: { readonly value: unknown } | undefined): AsyncGenerator<unknown> {
  for (const item of items) yield item;
  if (thrown !== undefined) throw thrown.value;
}

function untilAbort(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as unknown);
    else signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true });
  });
}
