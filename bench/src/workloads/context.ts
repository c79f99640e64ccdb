import { Agent, estimateMessageTokens, slidingWindow, type ContextInfo, type Message } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import type { BenchConfig } from '../config.js';
import type { Cell, Metric } from '../results.js';
import { summarize } from '../stats.js';

const TEXT = 'Please compare the two offers and tell me which one is cheaper overall, with the fees. ';

/** `n` messages of a chat with tool groups: user, assistant calling a tool, its result, assistant answer. */
function history(n: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; messages.length < n; i++) {
    messages.push({ role: 'user', parts: [{ type: 'text', text: `Turn ${i}: ${TEXT.repeat(2)}` }] });
    messages.push({ role: 'assistant', parts: [{ type: 'tool-call', toolCallId: `c${i}`, toolName: 'lookup', toolArgs: `{"q":${i}}`, input: { q: i } }] });
    messages.push({
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: `c${i}`, toolName: 'lookup', status: 'success', result: 'r', modelInput: { type: 'text', value: TEXT.repeat(6) } }],
    });
    messages.push({ role: 'assistant', parts: [{ type: 'text', text: TEXT.repeat(3) }] });
  }
  return messages.slice(0, n);
}

function info(): ContextInfo {
  return {
    model: new ScriptedModel({ responses: [] }),
    estimateTokens: (messages) => estimateMessageTokens(messages),
    signal: new AbortController().signal,
    appendToHistory: async () => undefined,
  };
}

/** Workload 13: what context management costs, and that a long chat's requests stay bounded. */
export async function contextManagement(config: BenchConfig): Promise<Metric[]> {
  const section = '13. Context management';
  const messages = history(config.contextHistory);
  const window = slidingWindow({ maxTokens: 8_000 });
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < (config.quick ? 1 : 5); round++) {
    // Fresh message objects: the first prepare estimates every message (tokenx), later ones hit the cache.
    const fresh = messages.map((message) => ({ ...message }));
    const start = performance.now();
    await window.prepare(fresh, info());
    cold.push(performance.now() - start);
    for (let i = 0; i < (config.quick ? 3 : 200); i++) {
      const t = performance.now();
      await window.prepare(fresh, info());
      warm.push(performance.now() - t);
    }
  }

  // A scripted chat of many turns, each a tool call and an answer, every turn's input the whole history so far.
  const chatWindow = slidingWindow({ maxTokens: 4_000 });
  const lookup = { kind: 'function' as const, name: 'lookup', spec: { description: 'Looks it up.', params: { type: 'object' } }, execute: () => TEXT.repeat(6) };
  const agent = new Agent({ tools: [lookup], context: chatWindow, system: 'Be brief.' });
  let conversation: readonly Message[] = [];
  let largest = 0;
  let largestTokens = 0;
  let last = 0;
  const turnTimes: number[] = [];
  for (let turn = 0; turn < config.contextTurns; turn++) {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup', input: { q: turn } }]), textResponse(TEXT.repeat(3))] });
    const start = performance.now();
    const result = await agent.run(model, [...conversation, { role: 'user', parts: [{ type: 'text', text: `Turn ${turn}: ${TEXT}` }] }]).result;
    turnTimes.push(performance.now() - start);
    conversation = result.messages;
    for (const request of model.requests) {
      largest = Math.max(largest, request.messages.length);
      largestTokens = Math.max(largestTokens, estimateMessageTokens(request.messages));
      last = request.messages.length;
    }
  }
  const one = (value: number, note?: string): Map<string, Cell> => new Map([['tandem', { kind: 'value', summary: summarize([value]), ...(note === undefined ? {} : { note }) }]]);
  const turns = config.contextTurns.toLocaleString('en-US');
  return [
    { section, name: `slidingWindow prepare, ${config.contextHistory.toLocaleString('en-US')}-message history (estimates cached)`, unit: 'ms', better: 'lower', digits: 3, cells: new Map([['tandem', { kind: 'value', summary: summarize(warm) }]]), ratios: false },
    { section, name: `slidingWindow prepare, ${config.contextHistory.toLocaleString('en-US')}-message history (first call: every message estimated)`, unit: 'ms', better: 'lower', digits: 2, cells: new Map([['tandem', { kind: 'value', summary: summarize(cold) }]]), ratios: false },
    { section, name: `${turns}-turn chat: largest request (messages; history ends at ${conversation.length.toLocaleString('en-US')})`, unit: 'messages', better: 'lower', digits: 0, cells: one(largest), ratios: false },
    { section, name: `${turns}-turn chat: largest request (estimated tokens, budget 4,000)`, unit: 'tokens', better: 'lower', digits: 0, cells: one(largestTokens), ratios: false },
    { section, name: `${turns}-turn chat: last request (messages)`, unit: 'messages', better: 'lower', digits: 0, cells: one(last), ratios: false },
    { section, name: `${turns}-turn chat: time per turn (2 model calls, 1 tool)`, unit: 'ms', better: 'lower', digits: 3, cells: new Map([['tandem', { kind: 'value', summary: summarize(turnTimes) }]]), ratios: false },
  ];
}
