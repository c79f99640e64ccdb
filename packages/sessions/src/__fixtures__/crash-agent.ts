// Child process for the crash test: an Agent with a SQLite session runs a group of three tool calls. One
// finishes at once; two never do. Once the assistant message with the calls is stored and the quick call has
// finished, it tells the parent `in-group` — and the parent kills it with SIGKILL, mid-group.
import { Agent, type FunctionTool } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { sqliteSessionStore } from '../sqlite/sqlite-session-store.js';

const [path, sessionId] = process.argv.slice(2);
if (path === undefined || sessionId === undefined) throw new Error('usage: crash-agent <path> <session id>');

const store = sqliteSessionStore({ path });
let quickDone = false;

async function callsStored(): Promise<boolean> {
  const history = await store.load(sessionId!);
  return history.some((message) => message.role === 'assistant' && message.parts.some((part) => part.type === 'tool-call'));
}

const tools: FunctionTool[] = [
  {
    kind: 'function',
    name: 'quick',
    spec: { description: 'Finishes at once.', params: { type: 'object', properties: {} } },
    execute: () => {
      quickDone = true;
      return 'quick result';
    },
  },
  {
    kind: 'function',
    name: 'stuck',
    spec: { description: 'Never finishes.', params: { type: 'object', properties: { n: { type: 'integer' } } } },
    async execute(input) {
      if ((input as { n: number }).n === 1) {
        while (!quickDone || !(await callsStored())) await new Promise((resolve) => setTimeout(resolve, 5));
        process.send?.('in-group');
      }
      await new Promise(() => undefined);
    },
  },
];

const model = new ScriptedModel({
  responses: [
    toolCallResponse([
      { id: 'call_quick', name: 'quick', input: {} },
      { id: 'call_stuck_1', name: 'stuck', input: { n: 1 } },
      { id: 'call_stuck_2', name: 'stuck', input: { n: 2 } },
    ]),
    textResponse('unreachable'),
  ],
});
await new Agent({ tools, session: { store, id: sessionId } }).run(model, 'Do the three things.').result;
