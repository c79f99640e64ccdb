import type { ToolContext } from '@tandem/core';

const keys = new WeakMap<ToolContext, string>();

/** Binds `key` to a tool's context for {@link idempotencyKey}. @internal */
export function setIdempotencyKey(context: ToolContext, key: string): void {
  keys.set(context, key);
}

/**
 * A key for the side effects of the current tool call in a durable run: the same for every attempt of the
 * call and across every replay and retry of the invocation (`<invocation id>/<step>/<tool call id>`), and
 * different for every other call. Pass it to the APIs your tool calls (an `Idempotency-Key` header, a
 * unique database key) so a call that runs again after a crash does its work once.
 *
 * @throws TypeError when `context` is not the context of a tool running under {@link restateAgent}.
 *
 * @example
 * ```ts
 * const charge = tool({
 *   name: 'charge', description: 'Charges the card.', input: z.object({ cents: z.number() }),
 *   async execute({ cents }, ctx) {
 *     return payments.charge({ cents }, { idempotencyKey: idempotencyKey(ctx) });
 *   },
 * });
 * ```
 *
 * @category Utilities
 */
export function idempotencyKey(context: ToolContext): string {
  const key = keys.get(context);
  if (key === undefined) {
    throw new TypeError(
      'idempotencyKey(ctx): this tool is not running in a durable run. Pass the context your tool\'s execute() received, and run the agent with restateAgent() from @tandem/restate.',
    );
  }
  return key;
}
