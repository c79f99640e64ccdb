import {
  Agent,
  run,
  setTracingDisabled,
  tool,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  type StreamEventResponseCompleted,
  type ToolInputParameters,
  Usage,
} from '@openai/agents';
import type { Contender, RunOutcome } from '../contender.js';
import { declaredMinNode, installedVersion } from '../paths.js';
import { perScenario, type Scenario } from '../scenario.js';

const USAGE = { requests: 1, inputTokens: 10, outputTokens: 5, totalTokens: 15 };

type OutputItems = StreamEventResponseCompleted['response']['output'];

/**
 * The OpenAI Agents SDK ships no fake model, so this is a minimal implementation of its documented
 * `Model` interface: `getStreamedResponse` replays precomputed events (`output_text_delta`s, then
 * `response_done` with the output items, as its OpenAI Responses model does).
 */
class ReplayModel implements Model {
  private readonly toolOutput: OutputItems;
  private readonly textOutput: OutputItems;
  private readonly deltas: readonly StreamEvent[];
  private readonly hasCalls: boolean;

  constructor(scenario: Scenario) {
    this.hasCalls = scenario.calls.length > 0;
    this.toolOutput = scenario.calls.map((call) => ({
      type: 'function_call',
      callId: call.id,
      name: call.name,
      arguments: call.args,
      status: 'completed',
    }));
    this.textOutput = [
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: scenario.text }] },
    ];
    this.deltas = scenario.deltas.map((delta) => ({ type: 'output_text_delta', delta }));
  }

  private afterTools(request: ModelRequest): boolean {
    const input = request.input;
    return !this.hasCalls || (Array.isArray(input) && (input as AgentInputItem[]).at(-1)?.type === 'function_call_result');
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    return { usage: new Usage(USAGE), output: this.afterTools(request) ? this.textOutput : this.toolOutput };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const afterTools = this.afterTools(request);
    yield { type: 'response_started' };
    if (afterTools) yield* this.deltas;
    yield { type: 'response_done', response: { id: 'resp_bench', usage: USAGE, output: afterTools ? this.textOutput : this.toolOutput } };
  }
}

/** The scenario's tool, defined once and shared by every agent built for it. */
const benchTool = perScenario((scenario) => {
  const t = scenario.tool;
  return tool({
    name: t.name,
    description: t.description,
    parameters: t.schema as Extract<ToolInputParameters, { additionalProperties: false }>,
    execute: t.run,
  });
});
/** One model per scenario, shared by the agents built for it (as a server shares its provider). */
const sharedModel = perScenario((scenario) => new ReplayModel(scenario));

function newAgent(scenario: Scenario): Agent {
  return new Agent({ name: 'bench', instructions: 'Benchmark.', model: sharedModel(scenario), tools: [benchTool(scenario)] });
}

async function consume(agent: Agent): Promise<RunOutcome & { history: AgentInputItem[] }> {
  const result = await run(agent, 'go', { stream: true });
  let deltas = 0;
  for await (const event of result) {
    if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta') deltas++;
  }
  await result.completed;
  return { deltas, text: String(result.finalOutput ?? ''), history: result.history };
}

/** OpenAI Agents SDK: `run(agent, input, { stream: true })`, with a minimal `Model` (none ships). */
export function openAiAgentsContender(): Contender {
  setTracingDisabled(true);
  return {
    id: 'openai-agents',
    pkg: '@openai/agents',
    version: installedVersion('@openai/agents'),
    minNode: declaredMinNode('@openai/agents', 'openai'),
    kind: 'peer',
    how: '`run(agent, input, { stream: true })`, tracing off; no fake model ships, so a minimal `Model` replays `output_text_delta` + `response_done`; JSON-Schema `tool()`',
    async runner(scenario) {
      const agent = newAgent(scenario);
      return { run: () => consume(agent) };
    },
    async finished(scenario) {
      const agent = newAgent(scenario);
      const { history } = await consume(agent);
      return { agent, history };
    },
  };
}

/** OpenAI Agents SDK's non-streamed path: `run(agent, input)` (the model's `getResponse`). */
export function openAiAgentsDirectContender(): Contender {
  setTracingDisabled(true);
  return {
    id: 'openai-agents (non-streamed)',
    pkg: '@openai/agents',
    version: installedVersion('@openai/agents'),
    minNode: declaredMinNode('@openai/agents', 'openai'),
    kind: 'peer',
    how: '`run(agent, input)` without streaming, tracing off; the same minimal `Model` answering `getResponse`',
    workloads: [1],
    streams: false,
    async runner(scenario) {
      const agent = newAgent(scenario);
      return {
        run: async () => {
          const result = await run(agent, 'go');
          return { deltas: 0, text: String(result.finalOutput ?? '') };
        },
      };
    },
    async finished(scenario) {
      const agent = newAgent(scenario);
      const result = await run(agent, 'go');
      return { agent, history: result.history };
    },
  };
}
