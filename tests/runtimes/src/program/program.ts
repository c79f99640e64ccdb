import { Agent, stream, summarize, userMessage, type Message, type ToolResult } from '@tandem/core';
import { getHttpTools } from '@tandem/mcp';
import { createOpenAI } from '@tandem/providers-openai';
import { stop } from '@tandem/stop';
import { jsonSchema, tool } from '@tandem/tools';
import { toUIMessageStreamResponse } from '@tandem/ui';
import { z } from 'zod';
import { scriptedModel, text, toolCalls } from './scripted-model.js';

/** Where the loopback servers of the Node test process listen. */
export interface ProgramConfig {
  /** Base URL of the loopback OpenAI-compatible server, e.g. `http://127.0.0.1:5000/v1`. */
  readonly openaiBaseURL: string;
  /** URL of the loopback `serveTools` Streamable HTTP endpoint. */
  readonly mcpUrl: string;
}

/** What each check saw; the Node test asserts on it. */
export interface ProgramReport {
  readonly concurrentTools: { readonly order: string[]; readonly results: string[]; readonly stopReason: string };
  readonly provider: { readonly text: string; readonly finishReason: string };
  readonly abort: { readonly stopReason: string; readonly toolStatus: string | undefined; readonly toolSawAbort: boolean };
  readonly mcp: { readonly toolNames: string[]; readonly status: string | undefined; readonly result: unknown };
  readonly ui: { readonly status: number; readonly contentType: string | null; readonly chunkTypes: string[]; readonly text: string };
  readonly stopTool: { readonly stopReason: string; readonly text: string };
  readonly jsonSchemaTool: { readonly statuses: (string | undefined)[]; readonly error: string; readonly ran: string[] };
  readonly summary: { readonly summarizerCalls: number; readonly firstSent: string; readonly compaction: boolean; readonly text: string };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function toolResults(messages: readonly Message[]): ToolResult[] {
  const results: ToolResult[] = [];
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') results.push(part as unknown as ToolResult);
  return results;
}

/** Two tools of one group that each wait for the other to start: they finish only if they run concurrently. */
async function concurrentTools(): Promise<ProgramReport['concurrentTools']> {
  const started = { left: deferred(), right: deferred() };
  const order: string[] = [];
  const make = (name: 'left' | 'right', other: 'left' | 'right') =>
    tool({
      name,
      description: `The ${name} half.`,
      inputSchema: z.object({ value: z.number() }),
      async execute({ value }) {
        order.push(`${name}:start`);
        started[name].resolve();
        await started[other].promise;
        order.push(`${name}:end`);
        return `${name}=${String(value * 2)}`;
      },
    });
  const model = scriptedModel([toolCalls({ id: 'c1', name: 'left', input: { value: 1 } }, { id: 'c2', name: 'right', input: { value: 2 } }), text('both done')]);
  const agent = new Agent({ tools: [make('left', 'right'), make('right', 'left')] });
  const result = await agent.run(model, [userMessage('run both')]).result;
  return { order, results: toolResults(result.messages).map((r) => String(r.result)), stopReason: result.stopReason };
}

/** A text call through the OpenAI provider to the loopback server (fetch + SSE); it answers 401 to another key. */
async function provider(config: ProgramConfig): Promise<ProgramReport['provider']> {
  const openai = createOpenAI({ baseURL: config.openaiBaseURL, apiKey: 'sk-loopback-test' });
  const response = stream(openai.chat('gpt-loopback'), [userMessage('Say hello.')]);
  for await (const _event of response) {
    // drained: the result resolves after the last event
  }
  const result = await response.result;
  return { text: result.text, finishReason: result.finishReason };
}

/** A run aborted while its tool waits: the tool sees the abort, the run ends `cancelled`. */
async function abort(): Promise<ProgramReport['abort']> {
  const started = deferred();
  let toolSawAbort = false;
  const wait = tool({
    name: 'wait',
    description: 'Waits until cancelled.',
    inputSchema: z.object({}),
    async execute(_input, ctx) {
      started.resolve();
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      toolSawAbort = ctx.signal.aborted;
      return 'never';
    },
  });
  const controller = new AbortController();
  const model = scriptedModel([toolCalls({ id: 'w1', name: 'wait', input: {} }), text('unreachable')]);
  const run = new Agent({ tools: [wait] }).run(model, [userMessage('wait')], { signal: controller.signal });
  await started.promise;
  controller.abort(new Error('the user left'));
  const result = await run.result;
  return { stopReason: result.stopReason, toolStatus: toolResults(result.messages)[0]?.status, toolSawAbort };
}

/** An MCP tool of the loopback `serveTools`, over Streamable HTTP, called by an agent. */
async function mcp(config: ProgramConfig): Promise<ProgramReport['mcp']> {
  const tools = await getHttpTools(config.mcpUrl);
  try {
    const model = scriptedModel([toolCalls({ id: 'm1', name: 'add', input: { a: 2, b: 3 } }), text('added')]);
    const result = await new Agent({ tools }).run(model, [userMessage('add 2 and 3')]).result;
    const first = toolResults(result.messages)[0];
    return { toolNames: tools.map((t) => t.name), status: first?.status, result: first?.result };
  } finally {
    await tools.close();
  }
}

/** A run streamed as an AI SDK UI message stream `Response`. */
async function ui(): Promise<ProgramReport['ui']> {
  const model = scriptedModel([text('Hello, UI.')]);
  const response = toUIMessageStreamResponse(new Agent({ tools: [] }).run(model, [userMessage('hi')]));
  const body = await response.text();
  const chunks = body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    chunkTypes: chunks.map((chunk) => chunk.type),
    text: chunks.map((chunk) => (chunk.type === 'text-delta' ? (chunk.delta ?? '') : '')).join(''),
  };
}

/** `@tandem/stop`: the stop tool ends the run with its message. */
async function stopTool(): Promise<ProgramReport['stopTool']> {
  const model = scriptedModel([toolCalls({ id: 's1', name: 'stop', input: { message: 'Stopped here.' } })]);
  const result = await new Agent({ tools: [stop] }).run(model, [userMessage('stop')]).result;
  return { stopReason: result.stopReason, text: result.text };
}

/** A `jsonSchema()` tool: its validator loads on demand; a bad argument is an error result, a good one runs. */
async function jsonSchemaTool(): Promise<ProgramReport['jsonSchemaTool']> {
  const ran: string[] = [];
  const lookup = tool({
    name: 'lookup',
    description: 'Looks up a product code.',
    inputSchema: jsonSchema<{ code: string }>({ type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } }, required: ['code'] }),
    execute: async ({ code }) => (ran.push(code), `found ${code}`),
  });
  const model = scriptedModel([toolCalls({ id: 'j1', name: 'lookup', input: { code: 'abc' } }), toolCalls({ id: 'j2', name: 'lookup', input: { code: 'ABC' } }), text('looked up')]);
  const result = await new Agent({ tools: [lookup] }).run(model, [userMessage('look up abc')]).result;
  const results = toolResults(result.messages);
  return { statuses: results.map((r) => r.status), error: JSON.stringify(results[0]), ran };
}

/** A long conversation with `summarize()`: the code that writes the summary loads on demand, and the model is sent the summary first. */
async function summary(): Promise<ProgramReport['summary']> {
  const history: Message[] = [];
  for (let i = 0; i < 6; i++) {
    history.push({ id: `u${String(i)}`, role: 'user', parts: [{ type: 'text', text: `Question ${String(i)}: ${'words '.repeat(40)}` }] });
    history.push({ id: `a${String(i)}`, role: 'assistant', parts: [{ type: 'text', text: `Answer ${String(i)}: ${'words '.repeat(40)}` }] });
  }
  const summarizer = scriptedModel([text('They asked six questions.')]);
  const model = scriptedModel([text('Answered with the summary.')]);
  const agent = new Agent({ context: summarize({ model: summarizer, triggerTokens: 100, keepRecent: 2 }) });
  const result = await agent.run(model, [...history, userMessage('one more')]).result;
  const first = model.requests[0]?.messages[0]?.parts[0];
  return {
    summarizerCalls: summarizer.requests.length,
    firstSent: first?.type === 'text' ? first.text : '',
    compaction: result.messages.some((message) => message.parts.some((part) => part.type === 'compaction')),
    text: result.text,
  };
}

/** Runs every check in sequence and reports what each saw. */
export async function runProgram(config: ProgramConfig): Promise<ProgramReport> {
  return {
    concurrentTools: await concurrentTools(),
    provider: await provider(config),
    abort: await abort(),
    mcp: await mcp(config),
    ui: await ui(),
    stopTool: await stopTool(),
    jsonSchemaTool: await jsonSchemaTool(),
    summary: await summary(),
  };
}
