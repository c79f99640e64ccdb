import { jsonSchema, ToolLoopAgent, tool, type ModelMessage, type ToolSet } from 'ai7';
import { MockLanguageModelV4, simulateReadableStream } from 'ai7/test';
import type { Contender, RunOutcome } from '../contender.js';
import { declaredMinNode, installedVersion } from '../paths.js';
import { perScenario, type Scenario } from '../scenario.js';

// The V4 model spec (`@ai-sdk/provider` 4, which `ai` 7 speaks), as the mock's own signatures give it.
type LanguageModelV4CallOptions = Parameters<MockLanguageModelV4['doStream']>[0];
type LanguageModelV4StreamPart = Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;
type LanguageModelV4Content = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>['content'][number];

/** `ai` 7, installed under the alias `ai7`. */
const AI = 'ai7';

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** Precomputed V4 stream parts of both responses, shaped like a real provider's (input start/delta/end, then tool-call). */
function parts(scenario: Scenario): { tools: LanguageModelV4StreamPart[]; text: LanguageModelV4StreamPart[] } {
  const tools: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  for (const call of scenario.calls) {
    tools.push(
      { type: 'tool-input-start', id: call.id, toolName: call.name },
      { type: 'tool-input-delta', id: call.id, delta: call.args },
      { type: 'tool-input-end', id: call.id },
      { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args },
    );
  }
  tools.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: USAGE });
  const text: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't0' }];
  for (const delta of scenario.deltas) text.push({ type: 'text-delta', id: 't0', delta });
  text.push({ type: 'text-end', id: 't0' }, { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: USAGE });
  return { tools, text };
}

/** `MockLanguageModelV4` from `ai/test` streaming through `simulateReadableStream` with no delays. */
function mockModel(scenario: Scenario): MockLanguageModelV4 {
  const { tools, text } = parts(scenario);
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doStream: async (options: LanguageModelV4CallOptions) => {
      model.doStreamCalls.length = 0; // the mock records every call; keep it from growing across runs
      const afterTools = scenario.calls.length === 0 || options.prompt.at(-1)?.role === 'tool';
      return { stream: simulateReadableStream({ chunks: afterTools ? text : tools, initialDelayInMs: null, chunkDelayInMs: null }) };
    },
  });
  return model;
}

/** The scenario's tool, defined once and shared by every agent built for it. */
const toolSet = perScenario((scenario): ToolSet => {
  const t = scenario.tool;
  return {
    [t.name]: tool({ description: t.description, inputSchema: jsonSchema<{ i: number }>(t.schema), execute: t.run }),
  };
});

/** The user's turn as `ai` models it, kept with the run's messages as a chat keeps its history. */
function userTurn(): ModelMessage {
  return { role: 'user', content: 'go' };
}

async function consume(agent: ToolLoopAgent<never, ToolSet>): Promise<RunOutcome & { steps: readonly { response: { messages: ModelMessage[] } }[] }> {
  const result = await agent.stream({ prompt: 'go' });
  let deltas = 0;
  for await (const part of result.fullStream) if (part.type === 'text-delta') deltas++;
  const [text, steps] = await Promise.all([result.text, result.steps]);
  return { deltas, text, steps };
}

/** Vercel AI SDK: `ToolLoopAgent.stream()` consumed through `fullStream`, with `MockLanguageModelV4`. */
export function aiSdkContender(): Contender {
  return {
    id: 'ai',
    pkg: 'ai',
    version: installedVersion(AI),
    minNode: declaredMinNode(AI),
    entry: AI,
    kind: 'peer',
    how: '`ToolLoopAgent.stream()` → `fullStream`; `MockLanguageModelV4` + `simulateReadableStream` (`ai/test`), no delays; `jsonSchema()` tool input',
    async runner(scenario) {
      const agent = new ToolLoopAgent({ model: mockModel(scenario), tools: toolSet(scenario) });
      return { run: () => consume(agent) };
    },
    async finished(scenario) {
      const model = sharedModel(scenario);
      const agent = new ToolLoopAgent({ model, tools: toolSet(scenario) });
      const { steps } = await consume(agent);
      model.doStreamCalls.length = 0; // the mock's record of the last call is test bookkeeping, not the SDK's state
      // `response.messages` holds only the last step's messages in `ai` 7 (here the answer alone): a chat keeps every
      // step's (the tool call, its result, the answer) and the user's turn (4 messages, as the others).
      return { agent, messages: [userTurn(), ...steps.flatMap((step) => step.response.messages)] };
    },
  };
}

/** `MockLanguageModelV4` answering `doGenerate` with the same two responses, as whole results. */
/** One model client per scenario, shared by the agents built for it (as a server shares its provider). */
const sharedModel = perScenario(mockModel);
const sharedGenerateModel = perScenario((scenario) => mockGenerateModel(scenario));

function mockGenerateModel(scenario: Scenario): MockLanguageModelV4 {
  const toolContent: LanguageModelV4Content[] = scenario.calls.map((call) => ({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args }));
  const textContent: LanguageModelV4Content[] = [{ type: 'text', text: scenario.text }];
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      model.doGenerateCalls.length = 0; // the mock records every call; keep it from growing across runs
      const afterTools = scenario.calls.length === 0 || options.prompt.at(-1)?.role === 'tool';
      return {
        content: afterTools ? textContent : toolContent,
        finishReason: { unified: afterTools ? 'stop' : 'tool-calls', raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return model;
}

/** Vercel AI SDK's fastest honest path for the tool loop: `ToolLoopAgent.generate()` (no streaming). */
export function aiSdkGenerateContender(): Contender {
  return {
    id: 'ai (generate)',
    pkg: 'ai',
    version: installedVersion(AI),
    minNode: declaredMinNode(AI),
    entry: AI,
    kind: 'peer',
    how: '`ToolLoopAgent.generate()` (non-streaming); `MockLanguageModelV4` `doGenerate`; `jsonSchema()` tool input',
    workloads: [1],
    streams: false,
    async runner(scenario) {
      const agent = new ToolLoopAgent({ model: mockGenerateModel(scenario), tools: toolSet(scenario) });
      return {
        run: async () => {
          const result = await agent.generate({ prompt: 'go' });
          return { deltas: 0, text: result.text };
        },
      };
    },
    async finished(scenario) {
      const agent = new ToolLoopAgent({ model: sharedGenerateModel(scenario), tools: toolSet(scenario) });
      const result = await agent.generate({ prompt: 'go' });
      return { agent, messages: [userTurn(), ...result.steps.flatMap((step) => step.response.messages)] };
    },
  };
}
