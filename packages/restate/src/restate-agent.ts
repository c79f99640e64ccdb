import * as restate from '@restatedev/restate-sdk';
import { Agent, type AgentEvent, type LanguageModelV1 } from '@tandem/core';
import { agentInputSerde, type RestateAgentInput } from './agent-input.js';
import { answerPending, listPending, type ApprovalAnswerInput, type PendingApproval } from './approval-awakeables.js';
import { DurableAgentSetup } from './durable-agent-setup.js';
import { ensurePromiseWithResolvers } from './ensure-promise-with-resolvers.js';
import { runDurableAgent, type RestateAgentOutput } from './run-durable-agent.js';

/**
 * Options of {@link restateAgent}.
 *
 * @example
 * ```ts
 * const options: RestateAgentOptions<'support'> = {
 *   name: 'support',
 *   agent,
 *   model: 'openai:gpt-5',
 *   options: { inactivityTimeout: 5 * 60_000 },
 *   onEvent: (event) => event.type === 'tool-retry' && console.warn(event.toolName, event.error),
 * };
 * ```
 *
 * @category Durable agents
 */
export interface RestateAgentOptions<Name extends string = string> {
  /** The Restate service (or virtual object) name: the path of `POST {ingress}/{name}/run`. */
  readonly name: Name;
  /**
   * The agent to run. Its tools, system prompt, settings, stop conditions and hooks apply — those given
   * to its constructor and those added with `agent.on()`, also after `restateAgent()`.
   */
  readonly agent: Agent;
  /** The model, or a model id such as `'openai:gpt-5'` (resolved through the provider registry per run). */
  readonly model: LanguageModelV1 | string;
  /**
   * `true`: a virtual object keyed by conversation id (`POST {ingress}/{name}/{id}/run`) that keeps the
   * conversation in Restate state and runs one request per key at a time.
   */
  readonly keyed?: boolean;
  /** Restate service (or object) options, passed through: timeouts, retry policy, retention, … */
  readonly options?: restate.ServiceOptions | restate.ObjectOptions;
  /**
   * Receives every event of the run inside the handler. Events of steps replayed from the journal are
   * emitted again, so use it to observe, not for side effects that must happen once.
   */
  readonly onEvent?: (event: AgentEvent) => void;
}

/**
 * The handlers of a durable agent service: the type a typed Restate client sees.
 *
 * @example
 * ```ts
 * const support = restateAgent({ name: 'support', agent, model });
 * // In another Restate handler:
 * const { text } = await ctx.serviceClient(support).run({ input: 'Where is my order?' });
 * ```
 *
 * @category Durable agents
 */
export interface RestateAgentHandlers {
  run(ctx: restate.Context, input: RestateAgentInput): Promise<RestateAgentOutput>;
}

/**
 * The handlers of a keyed durable agent (a virtual object): the type a typed Restate client sees.
 *
 * @example
 * ```ts
 * const chat = restateAgent({ name: 'chat', agent, model, keyed: true });
 * // In another Restate handler:
 * const { text } = await ctx.objectClient(chat, conversationId).run({ input: 'And the invoice?' });
 * ```
 *
 * @category Durable agents
 */
export interface RestateAgentObjectHandlers {
  run(ctx: restate.ObjectContext, input: RestateAgentInput): Promise<RestateAgentOutput>;
  /** Answers a call that waits for approval (`approvals: 'interrupt'`); a terminal error for an id that is not waiting. */
  approve(ctx: restate.ObjectSharedContext, input: ApprovalAnswerInput): Promise<{ readonly toolCallId: string; readonly approved: boolean }>;
  /** The calls of this key's run that wait for approval. */
  pending(ctx: restate.ObjectSharedContext): Promise<PendingApproval[]>;
}

/**
 * Turns an agent into a durable Restate service: handler `run` takes `{ input: string | Message[] }` and
 * answers `{ text, stopReason, usage }`. Every model call and every attempt of every tool call is a
 * journaled `ctx.run` step, so after a crash or a redeploy the run resumes where it stopped: finished
 * steps are replayed from the journal, not repeated; a tool call that had not finished runs again.
 *
 * - The calls of one tool group still run concurrently; hooks and stop conditions run in the handler
 *   (again on a replay), as do `onEvent` listeners.
 * - A tool that throws becomes an error result after its own `config.retry`; never a Restate retry.
 * - A model call that fails after the provider's retries ends the invocation with a `TerminalError`
 *   carrying the error's message; so does a run that fails for any other reason (a hook that throws).
 * - Cancelling the invocation in Restate cancels the run (tools' signals abort) and ends it as cancelled.
 * - With `keyed: true` it is a virtual object whose state keeps the conversation (key `messages`).
 * - With an agent whose `approvals` is `'interrupt'` (and no `approve` callback), a call that needs approval
 *   waits on a Restate awakeable — durably, across worker restarts, for as long as it takes — and is listed
 *   by the object's `pending` handler; `POST {ingress}/{name}/{key}/approve` with
 *   `{ toolCallId, approved, reason? }` answers it. This needs `keyed: true`.
 *
 * Installs the `Promise.withResolvers` polyfill the Restate SDK needs on Node 20.
 *
 * @throws TypeError when `name` is empty, `agent` is not an `Agent` or has a `session`, a tool's retry
 *   is unbounded, or the agent's `approvals` is `'interrupt'` without `keyed: true`.
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { restateAgent } from '@tandem/restate';
 *
 * const support = restateAgent({ name: 'support', agent, model: 'openai:gpt-5' });
 * const chat = restateAgent({ name: 'chat', agent, model, keyed: true });
 * restate.serve({ services: [support, chat], port: 9080 });
 * // POST {ingress}/support/run          { "input": "Where is my order?" }
 * // POST {ingress}/chat/{conversation}/run   { "input": "And the invoice?" }
 * ```
 *
 * @category Durable agents
 */
export function restateAgent<Name extends string>(
  options: RestateAgentOptions<Name> & { readonly keyed?: false; readonly options?: restate.ServiceOptions },
): restate.ServiceDefinition<Name, RestateAgentHandlers>;
export function restateAgent<Name extends string>(
  options: RestateAgentOptions<Name> & { readonly keyed: true; readonly options?: restate.ObjectOptions },
): restate.VirtualObjectDefinition<Name, RestateAgentObjectHandlers>;
export function restateAgent<Name extends string>(
  options: RestateAgentOptions<Name>,
): restate.ServiceDefinition<Name, RestateAgentHandlers> | restate.VirtualObjectDefinition<Name, RestateAgentObjectHandlers>;
export function restateAgent<Name extends string>(
  options: RestateAgentOptions<Name>,
): restate.ServiceDefinition<Name, RestateAgentHandlers> | restate.VirtualObjectDefinition<Name, RestateAgentObjectHandlers> {
  ensurePromiseWithResolvers();
  const { name, agent, model, keyed = false } = options;
  if (typeof name !== 'string' || name === '') throw new TypeError('restateAgent: `name` must be a non-empty string (the Restate service name).');
  if (!(agent instanceof Agent)) throw new TypeError('restateAgent: `agent` must be an Agent from @tandem/core.');
  const setup = new DurableAgentSetup(agent, model, options.onEvent);
  if (setup.waitsOnAwakeables && !keyed) {
    throw new TypeError(
      "restateAgent: an agent with approvals: 'interrupt' keeps its pending approvals in a virtual object's state; pass keyed: true (POST {ingress}/{name}/{key}/approve answers them).",
    );
  }
  const handlerOptions = { input: agentInputSerde };
  if (keyed) {
    return restate.object({
      name,
      handlers: {
        run: restate.handlers.object.exclusive(handlerOptions, (ctx: restate.ObjectContext, input: RestateAgentInput) => runDurableAgent(ctx, input, setup, true)),
        approve: restate.handlers.object.shared((ctx: restate.ObjectSharedContext, input: ApprovalAnswerInput) => answerPending(ctx, input)),
        pending: restate.handlers.object.shared((ctx: restate.ObjectSharedContext) => listPending(ctx)),
      },
      ...(options.options === undefined ? {} : { options: options.options }),
    }) as restate.VirtualObjectDefinition<Name, RestateAgentObjectHandlers>;
  }
  return restate.service({
    name,
    handlers: {
      run: restate.handlers.handler(handlerOptions, (ctx: restate.Context, input: RestateAgentInput) => runDurableAgent(ctx, input, setup, false)),
    },
    ...(options.options === undefined ? {} : { options: options.options }),
  }) as restate.ServiceDefinition<Name, RestateAgentHandlers>;
}
