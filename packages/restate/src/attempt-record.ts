import type { JsonValue } from '@tandem/core';
import type { JournaledThrown } from './journal-codec.js';

/** Something a tool did to its run while it ran, replayed when the attempt is replayed. @internal */
export type ToolEffect =
  | { readonly type: 'progress'; readonly value: JsonValue; readonly label?: string }
  | { readonly type: 'emit'; readonly event: JsonValue }
  | { readonly type: 'cancel'; readonly message?: string; readonly afterCurrentTools?: boolean };

/**
 * The journaled outcome of one attempt of one tool call (the value of its `ctx.run` step). A throw is a
 * value here too — with the retry decision the tool's `retryOn` made — so a replay never runs it again. @internal
 */
export type AttemptRecord =
  | { readonly outcome: 'value'; readonly value: JsonValue; readonly effects: readonly ToolEffect[] }
  | {
      readonly outcome: 'stream';
      /** What the tool yielded, in order. */
      readonly items: readonly JsonValue[];
      /** Set when the tool threw after (or before) yielding. */
      readonly thrown?: JournaledThrown;
      readonly retry?: boolean;
      readonly effects: readonly ToolEffect[];
    }
  | { readonly outcome: 'error'; readonly thrown: JournaledThrown; readonly retry: boolean; readonly effects: readonly ToolEffect[] }
  | { readonly outcome: 'timeout'; readonly timeoutMs: number; readonly effects: readonly ToolEffect[] }
  | { readonly outcome: 'cancelled'; readonly effects: readonly ToolEffect[] }
  /** The attempt was not needed (the call succeeded earlier, or the run ended first). */
  | { readonly outcome: 'skipped'; readonly effects: readonly ToolEffect[] };
