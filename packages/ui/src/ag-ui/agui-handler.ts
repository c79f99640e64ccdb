import { EventEncoder } from '@ag-ui/encoder';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { RunAgentInput } from '@ag-ui/core';
import { Agent, type ModelReference } from '@tandem/core';
import { shareHooks } from '@tandem/core/runtime';
import { sseBody } from '../internal/sse-body.js';
import { fromAGUIMessages, frontendTools } from './from-agui-input.js';
import { toAGUIEvents } from './to-agui-events.js';

/**
 * Options of {@link agUIHandler}.
 *
 * @example
 * ```ts
 * const options: AGUIHandlerOptions = { agent, model: 'openai:gpt-5-mini' };
 * ```
 *
 * @category AG-UI
 */
export interface AGUIHandlerOptions {
  readonly agent: Agent;
  readonly model: ModelReference;
  /** The `message` of `RUN_ERROR` when a run fails. Default: `"An error occurred."`. */
  readonly onError?: (error: unknown) => string;
}

/**
 * An AG-UI endpoint as a fetch handler (`Request → Response`): it takes a `RunAgentInput` (POST JSON), runs the
 * agent on its `messages` — with the client's frontend `tools` added as schema-only tools (the run ends
 * `RUN_FINISHED` with them pending for the client), its `state`, `context` and `forwardedProps` given to tools
 * as `ctx.invocationState`, and its `resume` entries answering pending approvals — and answers with the run's
 * AG-UI events over SSE (encoded with `@ag-ui/encoder`). A call that needs approval
 * ends the run with an `interrupt` outcome. The client going away cancels the run. A body that is not a
 * `RunAgentInput` is answered `400`.
 *
 * @example
 * ```ts
 * const handler = agUIHandler({ agent, model });
 * // Next.js: export const POST = handler;   Hono: app.post('/agent', (c) => handler(c.req.raw));
 * ```
 *
 * @category AG-UI
 */
export function agUIHandler(options: AGUIHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return new Response('POST a RunAgentInput (JSON).', { status: 405, headers: { allow: 'POST' } });
    let input: RunAgentInput;
    try {
      input = RunAgentInputSchema.parse(await request.json()) as RunAgentInput;
    } catch (error) {
      return new Response(`The body is not an AG-UI RunAgentInput: ${error instanceof Error ? error.message : String(error)}`, { status: 400 });
    }
    const agent = input.tools.length === 0 ? options.agent : withTools(options.agent, input);
    const run = agent.run(options.model, fromAGUIMessages(input.messages, input.resume), {
      signal: request.signal,
      invocationState: { state: input.state, context: input.context, forwardedProps: input.forwardedProps },
      approvals: 'interrupt',
    });
    const encoder = new EventEncoder();
    const events = toAGUIEvents(run, { threadId: input.threadId, runId: input.runId, ...(options.onError === undefined ? {} : { onError: options.onError }) });
    const body = sseBody(events, { signal: request.signal, encode: (event) => encoder.encodeSSE(event) });
    return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' } });
  };
}

function withTools(agent: Agent, input: RunAgentInput): Agent {
  const names = new Set(agent.tools.keys());
  const added = frontendTools(input.tools.filter((tool) => !names.has(tool.name)));
  const inner = new Agent({ ...agent.options, tools: [...(agent.options.tools ?? []), added] });
  shareHooks(agent, inner);
  return inner;
}
