import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { composeContext } from './compose-context.js';
import { slidingWindow } from './sliding-window.js';
import { trimToolResults } from './trim-tool-results.js';
import { messageUnits, unitMessages } from './message-units.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import type { ContextManager } from './context-manager.js';
import type { Message } from '../spec/message/v1/message.js';

/** One turn of a generated history: a user message, or a tool group of `calls` calls with results of `size` words. */
type Turn = { readonly kind: 'user' | 'assistant'; readonly words: number } | { readonly kind: 'group'; readonly calls: number; readonly size: number; readonly split: boolean };

const turn: fc.Arbitrary<Turn> = fc.oneof(
  fc.record({ kind: fc.constantFrom('user' as const, 'assistant' as const), words: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('group' as const), calls: fc.integer({ min: 1, max: 4 }), size: fc.integer({ min: 0, max: 400 }), split: fc.boolean() }),
);

function words(n: number, tag: string): string {
  return Array.from({ length: n }, (_v, i) => `${tag}${i}`).join(' ');
}

let nextId = 0;
function build(turns: readonly Turn[]): Message[] {
  const messages: Message[] = [{ role: 'user', parts: [{ type: 'text', text: `task ${words(20, 't')}` }] }];
  for (const t of turns) {
    if (t.kind !== 'group') {
      messages.push({ role: t.kind, parts: [{ type: 'text', text: words(t.words, t.kind[0] ?? 'x') }] });
      continue;
    }
    const ids = Array.from({ length: t.calls }, () => `h${++nextId}`);
    messages.push({ role: 'assistant', parts: ids.map((id) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 'look', toolArgs: '{}', input: {} })) });
    const results = ids.map((id) => ({ type: 'tool-result' as const, toolCallId: id, toolName: 'look', status: 'success' as const, result: 'r', modelInput: { type: 'text' as const, value: words(t.size, 'r') } }));
    // Several tool messages per group (a paused group resumed), or one holding every result.
    if (t.split) for (const part of results) messages.push({ role: 'tool', parts: [part] });
    else messages.push({ role: 'tool', parts: results });
  }
  // With ids, the agent records these very objects (no copies), so the checks can compare identities.
  return messages.map((message) => ({ ...message, id: `m${++nextId}` }));
}

/** Every call has its result, in the tool messages right after its assistant message, and no result is orphaned. */
function pairingProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const calls = message.role === 'assistant' ? message.parts.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : [])) : [];
    if (message.role === 'tool' && !(i > 0 && (messages[i - 1]?.role === 'tool' || messages[i - 1]?.role === 'assistant'))) problems.push(`tool message ${i} follows no call`);
    if (calls.length === 0) continue;
    const results = new Set<string>();
    for (let j = i + 1; j < messages.length && messages[j]?.role === 'tool'; j++) {
      for (const part of messages[j]?.parts ?? []) if (part.type === 'tool-result') results.add(part.toolCallId);
    }
    for (const id of calls) if (!results.has(id)) problems.push(`call ${id} without its result`);
  }
  const allCalls = new Set(messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : []))));
  for (const m of messages) for (const p of m.parts) if (p.type === 'tool-result' && !allCalls.has(p.toolCallId)) problems.push(`result ${p.toolCallId} without its call`);
  return problems;
}

describe('context managers (property)', () => {
  it('every request keeps each tool call with its result, keeps the system prompt, and is within budget where possible', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 0, maxLength: 40 }),
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
        fc.option(fc.integer({ min: 50, max: 6_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 20, max: 2_000 }), { nil: undefined }),
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
        async (turns, maxMessages, maxTokens, maxChars, steps) => {
          const history = build(turns);
          const checks: string[] = [];
          const check: ContextManager = {
            prepare: (view, info) => {
              const problems = pairingProblems(view);
              if (problems.length > 0) checks.push(...problems);
              const units = messageUnits(view);
              const newest = units.at(-1);
              const minimal = new Set<Message>([...(newest === undefined ? [] : unitMessages(view, newest)), history[0] as Message]);
              const overCount = maxMessages !== undefined && view.filter((m) => m.role !== 'system').length > maxMessages;
              const overTokens = maxTokens !== undefined && info.estimateTokens(view) > maxTokens;
              // Over budget only when nothing more can go: the newest turn and the task.
              if ((overCount || overTokens) && !view.every((m) => minimal.has(m))) checks.push(`over budget with ${view.length} messages`);
              // The task stays unless it alone exceeds the budget.
              const taskAlone = info.estimateTokens([history[0] as Message]);
              if (!view.includes(history[0] as Message) && (maxTokens === undefined || taskAlone <= maxTokens)) checks.push('first user message dropped');
              return view;
            },
          };
          const managers: ContextManager[] = [];
          if (maxChars !== undefined) managers.push(trimToolResults({ maxChars }));
          managers.push(slidingWindow({ ...(maxMessages === undefined ? {} : { maxMessages }), ...(maxTokens === undefined ? {} : { maxTokens }) }), check);
          const responses = [...steps.map((calls) => toolCallResponse(Array.from({ length: calls }, () => ({ name: 'look', input: {} })))), textResponse('Done.')];
          const model = new ScriptedModel({ responses });
          const agent = new Agent({ system: 'You are terse.', tools: [fnTool('look', () => words(50, 'x'))], context: composeContext(...managers) });
          await agent.run(model, history).result;
          expect(checks).toEqual([]);
          for (const request of model.requests) {
            expect(request.system).toBe('You are terse.');
            expect(pairingProblems(request.messages)).toEqual([]);
          }
          expect(model.requests).toHaveLength(steps.length + 1);
        },
      ),
      { numRuns: Number(process.env['TANDEM_PROPERTY_RUNS'] ?? 300), seed: 20261202 },
    );
  });
});
