import {
  Agent,
  FunctionTool,
  Model,
  type BaseModelConfig,
  type Message,
  type ModelStreamEvent,
} from '@strands-agents/sdk';
import type { Contender, RunOutcome } from '../contender.js';
import { declaredMinNode, installedVersion } from '../paths.js';
import { perScenario, type Scenario } from '../scenario.js';

const USAGE = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };

/**
 * Strands ships no fake model, so this is the minimal implementation of its documented `Model`
 * abstract class: it replays precomputed stream events (tool calls first, text after the tool results).
 */
class ReplayModel extends Model<BaseModelConfig> {
  private config: BaseModelConfig = { modelId: 'bench-replay' };
  private readonly toolEvents: readonly ModelStreamEvent[];
  private readonly textEvents: readonly ModelStreamEvent[];
  private readonly hasCalls: boolean;

  constructor(scenario: Scenario) {
    super();
    this.hasCalls = scenario.calls.length > 0;
    const tools: ModelStreamEvent[] = [{ type: 'modelMessageStartEvent', role: 'assistant' }];
    for (const call of scenario.calls) {
      tools.push(
        { type: 'modelContentBlockStartEvent', start: { type: 'toolUseStart', name: call.name, toolUseId: call.id } },
        { type: 'modelContentBlockDeltaEvent', delta: { type: 'toolUseInputDelta', input: call.args } },
        { type: 'modelContentBlockStopEvent' },
      );
    }
    tools.push({ type: 'modelMessageStopEvent', stopReason: 'toolUse' }, { type: 'modelMetadataEvent', usage: USAGE });
    const text: ModelStreamEvent[] = [{ type: 'modelMessageStartEvent', role: 'assistant' }, { type: 'modelContentBlockStartEvent' }];
    for (const delta of scenario.deltas) text.push({ type: 'modelContentBlockDeltaEvent', delta: { type: 'textDelta', text: delta } });
    text.push(
      { type: 'modelContentBlockStopEvent' },
      { type: 'modelMessageStopEvent', stopReason: 'endTurn' },
      { type: 'modelMetadataEvent', usage: USAGE },
    );
    this.toolEvents = tools;
    this.textEvents = text;
  }

  updateConfig(modelConfig: BaseModelConfig): void {
    this.config = { ...this.config, ...modelConfig };
  }

  getConfig(): BaseModelConfig {
    return this.config;
  }

  async *stream(messages: Message[]): AsyncIterable<ModelStreamEvent> {
    const last = messages.at(-1);
    const afterTools = !this.hasCalls || (last?.content.some((block) => block.type === 'toolResultBlock') ?? false);
    yield* afterTools ? this.textEvents : this.toolEvents;
  }
}

/** The scenario's tool, defined once and shared by every agent built for it. */
const tools = perScenario((scenario): FunctionTool[] => {
  const t = scenario.tool;
  return [new FunctionTool({ name: t.name, description: t.description, inputSchema: t.schema, callback: t.run })];
});
/** One model per scenario, shared by the agents built for it (as a server shares its provider). */
const sharedModel = perScenario((scenario) => new ReplayModel(scenario));

function newAgent(scenario: Scenario, model: ReplayModel): Agent {
  return new Agent({ model, tools: tools(scenario), printer: false });
}

async function consume(agent: Agent): Promise<RunOutcome> {
  let deltas = 0;
  const stream = agent.stream('go');
  let next = await stream.next();
  while (next.done !== true) {
    const event = next.value;
    if (event.type === 'modelStreamUpdateEvent' && event.event.type === 'modelContentBlockDeltaEvent' && event.event.delta.type === 'textDelta') deltas++;
    next = await stream.next();
  }
  const result = next.value;
  const text = result.lastMessage.content.map((block) => (block.type === 'textBlock' ? block.text : '')).join('');
  return { deltas, text };
}

/** Strands Agents TS: `Agent.stream()`, with a minimal `Model` subclass (Strands ships no fake model). */
export function strandsContender(): Contender {
  return {
    id: 'strands',
    pkg: '@strands-agents/sdk',
    version: installedVersion('@strands-agents/sdk'),
    minNode: declaredMinNode('@strands-agents/sdk'),
    kind: 'peer',
    how: '`Agent.stream()` (printer off, default concurrent executor); no fake model ships, so a minimal `Model` subclass replays events; JSON-Schema `FunctionTool`',
    async runner(scenario) {
      const agent = newAgent(scenario, new ReplayModel(scenario));
      return {
        run: () => {
          agent.messages = []; // a Strands agent keeps its conversation; start each run fresh
          return consume(agent);
        },
      };
    },
    async finished(scenario) {
      const agent = newAgent(scenario, sharedModel(scenario));
      await consume(agent);
      return agent;
    },
  };
}

/** Strands Agents TS's result-only path: `Agent.invoke()`. */
export function strandsInvokeContender(): Contender {
  return {
    id: 'strands (invoke)',
    pkg: '@strands-agents/sdk',
    version: installedVersion('@strands-agents/sdk'),
    minNode: declaredMinNode('@strands-agents/sdk'),
    kind: 'peer',
    how: '`Agent.invoke()` (printer off); the same minimal `Model` subclass',
    workloads: [1],
    streams: false,
    async runner(scenario) {
      const agent = newAgent(scenario, new ReplayModel(scenario));
      return {
        run: async () => {
          agent.messages = [];
          const result = await agent.invoke('go');
          return { deltas: 0, text: result.lastMessage.content.map((block) => (block.type === 'textBlock' ? block.text : '')).join('') };
        },
      };
    },
    async finished(scenario) {
      const agent = newAgent(scenario, sharedModel(scenario));
      await agent.invoke('go');
      return agent;
    },
  };
}
