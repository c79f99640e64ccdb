// A Restate worker process for the tests: serves the durable agents named in WORKER_SERVICES on 127.0.0.1:WORKER_PORT.
// Tools and models report to the test's control server (CONTROL_URL), so counts survive a killed worker.
import { createServer } from 'node:http2';
import * as restate from '@restatedev/restate-sdk';
import { Agent, APICallError, type FunctionTool, type Message, type ModelRequest, type ToolContext } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse, type ScriptedResponse } from '@tandem/core/testing';
import { idempotencyKey, restateAgent } from '../index.js';

const control = process.env['CONTROL_URL'] ?? '';
const port = Number(process.env['WORKER_PORT']);
const wanted = new Set((process.env['WORKER_SERVICES'] ?? '').split(','));

async function hit(name: string, body = ''): Promise<number> {
  const response = await fetch(`${control}/hit/${name}`, { method: 'POST', body });
  return ((await response.json()) as { count: number }).count;
}

async function gate(name: string, signal: AbortSignal): Promise<void> {
  await (await fetch(`${control}/gate/${name}`, { signal })).text();
}

function fnTool(name: string, execute: (input: Record<string, unknown>, ctx: ToolContext) => Promise<unknown>, config?: FunctionTool['config']): FunctionTool {
  return {
    kind: 'function',
    name,
    spec: { description: `The ${name} tool.`, params: { type: 'object', properties: { text: { type: 'string' } } } },
    execute: (input, ctx) => execute(input as Record<string, unknown>, ctx),
    ...(config === undefined ? {} : { config }),
  };
}

function text(message: Message | undefined): string {
  return (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function userTexts(request: ModelRequest): string[] {
  return request.messages.filter((message) => message.role === 'user').map(text);
}

function toolOutputs(request: ModelRequest): string {
  const last = request.messages.at(-1);
  return (last?.parts ?? []).map((part) => (part.type === 'tool-result' ? JSON.stringify(part.modelInput) : '')).join(' ');
}

function model(respond: (request: ModelRequest) => Promise<ScriptedResponse>): ScriptedModel {
  return new ScriptedModel({ responses: (request) => respond(request) });
}

const fast: restate.RetryPolicy = { initialInterval: 50, maxInterval: 400, exponentiationFactor: 2 };

const services = {
  // A group of two tools: `fast` ends at once, `slow` hangs the first time (until its worker is killed).
  crash: () =>
    restateAgent({
      name: 'crash',
      agent: new Agent({
        tools: [
          fnTool('fast', async (_, ctx) => {
            await hit('crash.fast', idempotencyKey(ctx));
            return 'fast done';
          }),
          fnTool('slow', async (_, ctx) => {
            if ((await hit('crash.slow', idempotencyKey(ctx))) === 1) await gate('never', ctx.signal);
            return 'slow done';
          }),
        ],
      }),
      model: model(async (request) => {
        if (request.messages.at(-1)?.role === 'user') {
          await hit('crash.model.1');
          return toolCallResponse([{ name: 'fast' }, { name: 'slow' }], { usage: { inputTokens: 100, outputTokens: 10 } });
        }
        await hit('crash.model.2');
        return textResponse(`done: ${toolOutputs(request)}`, { usage: { inputTokens: 200, outputTokens: 20 } });
      }),
      options: { retryPolicy: fast },
    }),
  // A tool whose first attempt throws and whose second hangs the first time (until its worker is killed).
  shaky: () =>
    restateAgent({
      name: 'shaky',
      agent: new Agent({
        tools: [
          fnTool(
            'shaky',
            async (_, ctx) => {
              const count = await hit(`shaky.attempt.${ctx.attempt}`);
              if (ctx.attempt === 1) throw new Error('first attempt fails');
              if (count === 1) await gate('never', ctx.signal);
              return 'second attempt worked';
            },
            { retry: { maxAttempts: 3, initialDelayMs: 1 } },
          ),
        ],
      }),
      model: model(async (request) => {
        if (request.messages.at(-1)?.role === 'user') return toolCallResponse([{ name: 'shaky' }]);
        return textResponse(`result: ${toolOutputs(request)}`);
      }),
      options: { retryPolicy: fast },
    }),
  // A transfer that needs approval; the agent's approver allows amounts below 100. The first transfer hangs.
  approval: () =>
    restateAgent({
      name: 'approval',
      agent: new Agent({
        approve: async (request) => {
          const { amount } = request.input as { amount: number };
          await hit('approval.asked', String(amount));
          return amount < 100 ? true : { approved: false, reason: 'too much' };
        },
        tools: [
          {
            ...fnTool('transfer', async ({ amount }, ctx) => {
              if ((await hit('approval.transfer', String(amount))) === 1) await gate('never', ctx.signal);
              return `transferred ${String(amount)}`;
            }),
            spec: { description: 'Transfers money.', params: { type: 'object', properties: { amount: { type: 'number' } } } },
            needsApproval: true,
          },
        ],
      }),
      model: model(async (request) => {
        const last = request.messages.at(-1);
        if (last?.role === 'user') return toolCallResponse([{ name: 'transfer', input: { amount: Number(text(last)) } }]);
        return textResponse(`result: ${toolOutputs(request)}`);
      }),
      options: { retryPolicy: fast },
    }),
  // One tool call per run, echoing the user's text; two hooks edit the call's input (one given to the Agent,
  // one added with agent.on() after restateAgent()), onEvent reports results.
  fanout: () => {
    const agent = new Agent({
      hooks: {
        beforeToolCall(event) {
          event.input = { text: `${String((event.input as { text: string }).text)}?` };
        },
      },
      tools: [
        fnTool('echo', async ({ text: value }) => {
          await hit('fanout.echo');
          return String(value).toUpperCase();
        }),
      ],
    });
    const service = restateAgent({
      name: 'fanout',
      onEvent: (event) => {
        if (event.type === 'tool-call-result') void hit('fanout.event', JSON.stringify(event.results[0]?.result));
      },
      agent,
      model: model(async (request) => {
        const last = request.messages.at(-1);
        if (last?.role === 'user') return toolCallResponse([{ name: 'echo', input: { text: text(last) } }]);
        return textResponse(`echo: ${toolOutputs(request)}`);
      }),
      options: { retryPolicy: fast },
    });
    // Added after restateAgent() was built: hooks added with agent.on() apply in the handler too.
    agent.on('beforeToolCall', (event) => {
      event.input = { text: `${String((event.input as { text: string }).text)}!` };
    });
    return service;
  },
  // A keyed conversation: "hold: <gate>" makes the run wait in a tool until the test opens that gate.
  chat: () =>
    restateAgent({
      name: 'chat',
      keyed: true,
      agent: new Agent({
        system: 'Remember everything.',
        tools: [
          fnTool('hold', async ({ text: gateName }, ctx) => {
            await hit(`chat.hold.${String(gateName)}`);
            await gate(`chat-${String(gateName)}`, ctx.signal);
            return 'held';
          }),
        ],
      }),
      model: model(async (request) => {
        const last = request.messages.at(-1);
        await hit('chat.model', `${text(last)}#${request.messages.length}`);
        if (last?.role === 'user' && text(last).startsWith('hold: ')) return toolCallResponse([{ name: 'hold', input: { text: text(last).slice(6) } }]);
        return textResponse(`seen: ${userTexts(request).join(' | ')}`);
      }),
      options: { retryPolicy: fast },
    }),
  // A keyed agent with approvals: 'interrupt': `deploy` waits on an awakeable until the approve handler answers.
  gated: () =>
    restateAgent({
      name: 'gated',
      keyed: true,
      agent: new Agent({
        approvals: 'interrupt',
        tools: [
          {
            ...fnTool('deploy', async ({ text: env }, ctx) => {
              await hit('gated.deploy', `${String(env)} ${ctx.idempotencyKey}`);
              return `deployed ${String(env)}`;
            }),
            needsApproval: true,
          },
        ],
      }),
      model: model(async (request) => {
        const last = request.messages.at(-1);
        if (last?.role === 'user') return toolCallResponse([{ name: 'deploy', id: 'call_deploy', input: { text: text(last) } }]);
        return textResponse(`result: ${toolOutputs(request)}`);
      }),
      options: { retryPolicy: fast },
    }),
  // A tool that always throws, with three attempts.
  flaky: () =>
    restateAgent({
      name: 'flaky',
      agent: new Agent({
        tools: [
          fnTool(
            'flaky',
            async (_, ctx) => {
              await hit('flaky.attempt', String(ctx.attempt));
              throw new Error('disk on fire');
            },
            { retry: { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 5 } },
          ),
        ],
      }),
      model: model(async (request) => {
        if (request.messages.at(-1)?.role === 'user') return toolCallResponse([{ name: 'flaky' }]);
        await hit('flaky.model.2');
        return textResponse(`model saw: ${toolOutputs(request)}`);
      }),
      options: { retryPolicy: fast },
    }),
  // A model whose provider gave up.
  broken: () =>
    restateAgent({
      name: 'broken',
      agent: new Agent(),
      model: model(async () => {
        await hit('broken.model');
        return { error: new APICallError({ message: 'Upstream overloaded (503)', url: 'http://127.0.0.1/v1/chat', statusCode: 503 }) };
      }),
      options: { retryPolicy: fast },
    }),
  // A model id whose provider nobody registered.
  unregistered: () => restateAgent({ name: 'unregistered', agent: new Agent(), model: 'nosuchprovider:model-1', options: { retryPolicy: fast } }),
  // A tool that waits until its signal aborts.
  cancel: () =>
    restateAgent({
      name: 'cancel',
      agent: new Agent({
        tools: [
          fnTool('block', async (_, ctx) => {
            await hit('cancel.block');
            await new Promise((_, reject) =>
              ctx.signal.addEventListener('abort', () => void hit('cancel.aborted', String(ctx.signal.reason)).finally(() => reject(ctx.signal.reason)), { once: true }),
            );
          }),
        ],
      }),
      model: model(async (request) => {
        if (request.messages.at(-1)?.role === 'user') return toolCallResponse([{ name: 'block' }]);
        await hit('cancel.model.2');
        return textResponse('unreachable');
      }),
      options: { retryPolicy: fast },
    }),
};

const selected = Object.entries(services)
  .filter(([name]) => wanted.has(name))
  .map(([, make]) => make());
const server = createServer(restate.createEndpointHandler({ services: selected }));
server.listen(port, '127.0.0.1', () => process.stdout.write(`worker ready on ${port}\n`));
