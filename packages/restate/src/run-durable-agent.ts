import { TerminalError, type Context, type ObjectContext } from '@restatedev/restate-sdk';
import {
  errorText,
  messageFromJson,
  messageToJson,
  type AgentEvent,
  type JsonValue,
  type Message,
  type StopReason,
  type Usage,
} from '@tandem/core';
import { inputMessages } from './agent-input.js';
import type { DurableAgentSetup } from './durable-agent-setup.js';

/**
 * What a durable agent's `run` handler answers.
 *
 * @example
 * ```ts
 * const response = await fetch(`${ingress}/support/run`, { method: 'POST', body: JSON.stringify({ input: 'Hi' }) });
 * const { text, stopReason, usage } = (await response.json()) as RestateAgentOutput;
 * ```
 *
 * @category Durable agents
 */
export interface RestateAgentOutput {
  /** The text of the last assistant message. */
  readonly text: string;
  readonly stopReason: StopReason;
  /** Summed over every model call of the run, replayed ones included. */
  readonly usage: Usage;
}

/**
 * The state key under which a keyed durable agent keeps its conversation (messages in `messageToJson()` form).
 *
 * @example
 * ```ts
 * // Read conversation "c-42" of the keyed agent "chat" through Restate's admin API (SQL introspection).
 * const response = await fetch(`${admin}/query`, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json', accept: 'application/json' },
 *   body: JSON.stringify({ query: `SELECT value_utf8 FROM state WHERE service_name = 'chat' AND service_key = 'c-42' AND key = '${HISTORY_STATE_KEY}'` }),
 * });
 * const [row] = ((await response.json()) as { rows: { value_utf8: string }[] }).rows;
 * const history = row === undefined ? [] : (JSON.parse(row.value_utf8) as JsonValue[]).map(messageFromJson);
 * ```
 *
 * @category Durable agents
 */
export const HISTORY_STATE_KEY = 'messages';

/**
 * The body of the `run` handler: runs the agent over the request's messages (after the stored conversation
 * when `ctx` is a virtual object's), journaling every model call and tool call, and answers with the
 * outcome. A keyed agent stores the conversation the run ends with — also when Restate cancels it. @internal
 */
export async function runDurableAgent(ctx: Context | ObjectContext, body: unknown, setup: DurableAgentSetup, keyed: boolean): Promise<RestateAgentOutput> {
  const added = inputMessages(body);
  const history = keyed ? await loadHistory(ctx as ObjectContext) : [];
  const journal = setup.journal(ctx, keyed);
  try {
    let run;
    try {
      run = setup.run(journal, [...history, ...added]);
    } catch (error) {
      // Nothing ran yet; a retry would fail the same way (an unknown model id, messages the agent refuses).
      throw new TerminalError(`The agent run could not start: ${errorText(error)}`);
    }
    // A failed run ends its event stream with the error; run.result reports it below.
    if (setup.onEvent !== undefined) await forwardEvents(run, setup.onEvent, ctx).catch(() => undefined);
    let result;
    try {
      result = await run.result;
    } catch (error) {
      await journal.settle();
      throw journal.failure(error);
    }
    await journal.settle();
    if (keyed) (ctx as ObjectContext).set(HISTORY_STATE_KEY, result.messages.map(messageToJson));
    if (journal.cancelled !== undefined) throw journal.cancelled;
    return { text: result.text, stopReason: result.stopReason, usage: result.usage };
  } finally {
    journal.dispose();
  }
}

async function loadHistory(ctx: ObjectContext): Promise<Message[]> {
  const stored = await ctx.get<JsonValue[]>(HISTORY_STATE_KEY);
  if (stored !== null && !Array.isArray(stored)) throw new TerminalError(`The stored conversation (state "${HISTORY_STATE_KEY}") is not an array of messages; clear it.`);
  try {
    return (stored ?? []).map((message) => messageFromJson(message));
  } catch (error) {
    throw new TerminalError(`The stored conversation (state "${HISTORY_STATE_KEY}") is not readable: ${errorText(error)} Clear it to start over.`);
  }
}

async function forwardEvents(events: AsyncIterable<AgentEvent>, onEvent: (event: AgentEvent) => void, ctx: Context): Promise<void> {
  for await (const event of events) {
    try {
      onEvent(event);
    } catch (error) {
      // Observing the run must never break it.
      ctx.console.warn('@tandem/restate: onEvent threw; the run goes on.', error);
    }
  }
}
