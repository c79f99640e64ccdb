import { describe, expect, it } from 'vitest';
import { memorySessionStore, messageText, type LanguageModel } from '@tandem/core';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import { demoModel } from '../demo-model/demo-model.js';
import { ChatController, type ChatState, type TranscriptItem } from './chat-controller.js';

function setup() {
  const aborted: string[] = [];
  let started!: () => void;
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  const slow = tool({
    name: 'slow_search',
    description: 'Slow.',
    inputSchema: z.object({ query: z.string() }),
    async execute({ query }, { signal }) {
      started();
      await new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          aborted.push(query);
          reject(signal.reason);
        }),
      );
    },
  });
  const echo = tool({ name: 'quick_echo', description: 'Echo.', inputSchema: z.object({ text: z.string() }), execute: ({ text }) => `echo: ${text}` });
  const exits: number[] = [];
  let clock = 0;
  const controller = new ChatController({
    agentOptions: { tools: [slow, echo] },
    model: demoModel({ wordDelayMs: 0 }),
    modelId: 'demo:offline',
    isDemo: true,
    tools: [
      { tool: slow, source: 'module' },
      { tool: echo, source: 'mcp:echo-server' },
    ],
    switchModel: async (value) => {
      if (value !== 'demo:other') throw new Error(`Unknown provider "${value}"`);
      return { id: 'demo:other', model: demoModel({ wordDelayMs: 0, modelId: 'other' }), isDemo: true };
    },
    exit: (code) => exits.push(code),
    now: () => (clock += 10),
  });
  return { controller, aborted, slowStarted, exits };
}

/** Resolves once the controller's state satisfies `predicate`. */
function until(controller: ChatController, predicate: (state: ChatState) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate(controller.state)) return resolve();
    const unsubscribe = controller.subscribe(() => {
      if (!predicate(controller.state)) return;
      unsubscribe();
      resolve();
    });
  });
}

const texts = (state: ChatState, kind: TranscriptItem['kind']) =>
  state.transcript.filter((item) => item.kind === kind).map((item) => ('text' in item ? item.text : item.kind === 'block' && 'text' in item.block ? item.block.text : ''));

describe('ChatController', () => {
  it('runs a turn: the user line, reasoning, text, the tool group with results, then the narration', async () => {
    const { controller } = setup();
    await controller.submit('quick_echo text=hi');
    const { state } = controller;
    expect(state.running).toBe(false);
    expect(state.live).toBeUndefined();
    expect(texts(state, 'user')).toEqual(['quick_echo text=hi']);
    const blocks = state.transcript.flatMap((item) => (item.kind === 'block' ? [item] : []));
    expect(blocks.map((item) => item.block.kind)).toEqual(['reasoning', 'text', 'tools', 'text']);
    const group = blocks[2]!;
    const call = group.block.kind === 'tools' ? group.calls[group.block.callIds[0]!] : undefined;
    expect(call).toMatchObject({ toolName: 'quick_echo', args: '{"text":"hi"}', status: 'done', result: 'echo: hi' });
    expect(call!.endedAt! - call!.startedAt!).toBeGreaterThan(0);
    expect(controller.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('cancels a running turn: the tool gets its abort, the call shows cancelled, and the next turn works', async () => {
    const { controller, aborted, slowStarted } = setup();
    const turn = controller.submit('slow_search and quick_echo query=cats text=hi');
    await slowStarted;
    await until(controller, (state) => Object.values(state.live?.calls ?? {}).some((call) => call.toolName === 'quick_echo' && call.status === 'done'));
    expect(controller.state.running).toBe(true);
    expect(controller.state.live?.blocks.map((block) => block.kind)).toEqual(['tools']);
    controller.cancel();
    await turn;
    expect(aborted).toEqual(['cats']);
    const group = controller.state.transcript.find((item) => item.kind === 'block' && item.block.kind === 'tools');
    const statuses = group?.kind === 'block' && group.block.kind === 'tools' ? group.block.callIds.map((id) => group.calls[id]?.status) : [];
    expect(statuses).toEqual(['cancelled', 'done']);
    expect(texts(controller.state, 'notice')).toContain('Turn cancelled; its tools were stopped.');
    await controller.submit('quick_echo text=again');
    expect(controller.state.transcript.at(-1)).toMatchObject({ kind: 'block', block: { kind: 'text', text: 'The tool returned:\n- quick_echo: echo: again' } });
    // History stays valid: the cancelled call is paired with its result.
    const history = controller.history;
    const calls = history.flatMap((message) => message.parts.filter((part) => part.type === 'tool-call').map((part) => part.toolCallId));
    const results = history.flatMap((message) => message.parts.filter((part) => part.type === 'tool-result').map((part) => part.toolCallId));
    expect(results.sort()).toEqual(calls.sort());
  });

  it('handles /tools, /model, /clear, /help and /exit', async () => {
    const { controller, exits } = setup();
    await controller.submit('/tools');
    expect(texts(controller.state, 'notice').at(-1)).toBe('slow_search [module] Slow.\nquick_echo [mcp:echo-server] Echo.');
    await controller.submit('/model');
    expect(texts(controller.state, 'notice').at(-1)).toBe('Model: demo:offline');
    await controller.submit('/model nope');
    expect(controller.state.transcript.at(-1)).toMatchObject({ kind: 'notice', tone: 'error', text: 'Unknown provider "nope"' });
    await controller.submit('/model demo:other');
    expect(controller.state.modelId).toBe('demo:other');
    await controller.submit('quick_echo text=x');
    expect(controller.history).toHaveLength(4);
    await controller.submit('/clear');
    expect(controller.history).toHaveLength(0);
    await controller.submit('/help');
    expect(texts(controller.state, 'notice').at(-1)).toMatch(/^Commands:\n {2}\/tools/);
    await controller.submit('/nope');
    expect(texts(controller.state, 'notice').at(-1)).toMatch(/Unknown command \/nope/);
    await controller.submit('/exit');
    expect(exits).toEqual([0]);
  });

  it('reports a model failure as an error notice and keeps the conversation', async () => {
    const { controller } = setup();
    await controller.submit('quick_echo text=1');
    const failing = new ChatController({
      agentOptions: {},
      model: { specificationVersion: 'v1', provider: 'x', modelId: 'y', stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('HTTP 500 from the provider')) }) }) },
      modelId: 'x:y',
      isDemo: false,
      tools: [],
      switchModel: () => Promise.reject(new Error('no')),
      exit: () => undefined,
    });
    await failing.submit('hello');
    expect(failing.state.transcript.at(-1)).toMatchObject({ kind: 'notice', tone: 'error', text: 'HTTP 500 from the provider' });
    expect(failing.state.running).toBe(false);
    expect(failing.history).toHaveLength(0);
  });

  it('with a session store: each turn goes to the session (the agent loads the history), /clear starts a new session', async () => {
    const store = memorySessionStore();
    const seen: string[][] = [];
    const base = demoModel({ wordDelayMs: 0 });
    // What the model receives on each call, to check the history comes from the store.
    const model: LanguageModel = { ...base, stream: (request, options) => (seen.push(request.messages.map((message) => messageText(message))), base.stream(request, options)) };
    const ids = ['second'];
    const turns: string[] = [];
    await store.append('first', [
      { role: 'user', parts: [{ type: 'text', text: 'earlier question' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'earlier answer' }] },
    ]);
    const controller = new ChatController({
      agentOptions: {},
      model,
      modelId: 'demo:offline',
      isDemo: true,
      tools: [],
      switchModel: () => Promise.reject(new Error('no')),
      exit: () => undefined,
      session: { store, id: 'first', newId: () => ids.shift() ?? 'none', onTurn: (id, text) => turns.push(`${id}: ${text}`) },
    });
    expect(controller.state.sessionId).toBe('first');
    await controller.submit('hello');
    expect(seen[0]).toEqual(['earlier question', 'earlier answer', 'hello']);
    expect((await store.load('first')).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(controller.history).toHaveLength(4);

    await controller.submit('/clear');
    expect(controller.state.sessionId).toBe('second');
    expect(texts(controller.state, 'notice').at(-1)).toBe('Conversation cleared: the next message starts afresh in session second.');
    await controller.submit('again');
    expect(seen[1]).toEqual(['again']);
    expect((await store.load('second')).map((message) => messageText(message))).toEqual(['again', expect.any(String)]);
    expect((await store.load('first'))).toHaveLength(4);
    expect(turns).toEqual(['first: hello', 'second: again']);
  });
});

describe('ChatController with agents that hand off', () => {
  it('names the active agent in its state: the entry agent first, the target after a handoff, kept for the next turn', async () => {
    const { Agent } = await import('@tandem/core');
    const billingHandoffs: InstanceType<typeof Agent>[] = [];
    const billing = new Agent({ name: 'billing', description: 'Invoices and charges.', system: 'Bill.', handoffs: billingHandoffs });
    const router = new Agent({ name: 'router', system: 'Route.', handoffs: [billing] });
    billingHandoffs.push(router);
    const names: (string | undefined)[] = [];
    const controller = new ChatController({
      agentOptions: {},
      agent: router,
      multiAgent: true,
      model: demoModel({ wordDelayMs: 0 }),
      modelId: 'demo:offline',
      isDemo: true,
      tools: [],
      switchModel: () => Promise.reject(new Error('no')),
      exit: () => {},
    });
    controller.subscribe(() => {
      if (names.at(-1) !== controller.state.agentName) names.push(controller.state.agentName);
    });
    expect(controller.state.agentName).toBe('router');
    await controller.submit('transfer_to_billing please');
    expect(controller.state.agentName).toBe('billing');
    expect(names).toEqual(['router', 'billing']);
    const blocks = controller.state.transcript.flatMap((item) => (item.kind === 'block' ? [item.block] : []));
    expect(blocks.find((block) => block.kind === 'handoff')).toEqual({ kind: 'handoff', step: 1, from: 'router', to: 'billing' });
    // The next turn continues with billing (the history says so), and billing can hand back.
    await controller.submit('transfer_to_router now');
    expect(controller.state.agentName).toBe('router');
    expect(names).toEqual(['router', 'billing', 'router']);
  });

  it('names the agent a stored conversation continues with, from the first event of the turn', async () => {
    const { Agent, memorySessionStore } = await import('@tandem/core');
    const billing = new Agent({ name: 'billing', description: 'Invoices and charges.', system: 'Bill.' });
    const router = new Agent({ name: 'router', system: 'Route.', handoffs: [billing] });
    const store = memorySessionStore();
    await router.run(demoModel({ wordDelayMs: 0 }), 'transfer_to_billing', { session: { store, id: 's' } }).result;
    const controller = new ChatController({
      agentOptions: {},
      agent: router,
      multiAgent: true,
      model: demoModel({ wordDelayMs: 0 }),
      modelId: 'demo:offline',
      isDemo: true,
      tools: [],
      switchModel: () => Promise.reject(new Error('no')),
      exit: () => {},
      session: { store, id: 's', newId: () => 'next' },
    });
    const seen: (string | undefined)[] = [];
    // While the answer streams (before the run's result), the prompt already names billing.
    controller.subscribe(() => {
      if (controller.state.running && (controller.state.live?.blocks.length ?? 0) > 0) seen.push(controller.state.agentName);
    });
    await controller.submit('hello again');
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['billing']));
    expect(controller.state.agentName).toBe('billing');
  });

  it('leaves agentName undefined for a single agent', () => {
    const { controller } = setup();
    expect(controller.state.agentName).toBeUndefined();
  });
});
