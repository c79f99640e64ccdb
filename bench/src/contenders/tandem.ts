import { Agent, type FunctionTool, type Message, type ModelStreamPart, type Telemetry } from '@tandem/core';
import { ScriptedModel, finishPart, toolCallResponse } from '@tandem/core/testing';
import type { Contender, RunOutcome } from '../contender.js';
import { installedVersion } from '../paths.js';
import { perScenario, type Scenario } from '../scenario.js';

/** A `ScriptedModel` (from `@tandem/core/testing`) answering with tool calls first, text after the tool results. */
function scriptedModel(scenario: Scenario): ScriptedModel {
  const toolParts = toolCallResponse(scenario.calls.map((call) => ({ id: call.id, name: call.name, toolArgs: call.args })));
  const textParts: ModelStreamPart[] = [{ type: 'text-start', blockId: 't0' }];
  for (const chunk of scenario.deltas) textParts.push({ type: 'text-delta', blockId: 't0', chunk });
  textParts.push({ type: 'text-end', blockId: 't0' }, finishPart('stop'));
  const model: ScriptedModel = new ScriptedModel({
    responses: (request) => {
      // The scripted model records every request; keep it from growing across runs.
      model.requests.length = 0;
      model.calls.length = 0;
      const afterTools = scenario.calls.length === 0 || request.messages.at(-1)?.role === 'tool';
      return afterTools ? textParts : toolParts;
    },
  });
  return model;
}

/** The scenario's tool, defined once and shared by every agent built for it. */
const tools = perScenario((scenario): FunctionTool[] => {
  const t = scenario.tool;
  return [{ kind: 'function', name: t.name, spec: { description: t.description, params: t.schema }, execute: t.run }];
});
/** One model client per scenario, as a server has (a run does not keep it). */
const sharedModel = perScenario(scriptedModel);

async function consume(agent: Agent, model: ScriptedModel): Promise<RunOutcome & { messages: readonly Message[] }> {
  const run = agent.run(model, 'go');
  let deltas = 0;
  for await (const event of run) if (event.type === 'text-delta') deltas++;
  const result = await run.result;
  return { deltas, text: result.text, messages: result.messages };
}

/** Options of {@link tandemContender}: another row of Tandem, e.g. with tracing attached. */
export interface TandemContenderOptions {
  readonly id?: string;
  readonly how?: string;
  readonly telemetry?: Telemetry;
}

/** Tandem: `Agent.run()` iterated for events, with `ScriptedModel` from `@tandem/core/testing`. */
export function tandemContender(options: TandemContenderOptions = {}): Contender {
  const makeAgent = (scenario: Scenario): Agent =>
    new Agent({ tools: tools(scenario), ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }) });
  return {
    id: options.id ?? 'tandem',
    pkg: '@tandem/core',
    version: installedVersion('@tandem/core'),
    kind: 'tandem',
    how: options.how ?? '`Agent.run()` iterated for events; `ScriptedModel` (@tandem/core/testing); plain JSON-Schema function tool',
    async runner(scenario) {
      const agent = makeAgent(scenario);
      const model = scriptedModel(scenario);
      return { run: () => consume(agent, model) };
    },
    async finished(scenario) {
      const agent = makeAgent(scenario);
      const { messages } = await consume(agent, sharedModel(scenario));
      return { agent, messages };
    },
  };
}

/**
 * Tandem's fastest honest path for a caller that wants only the outcome: `agent.run(…).result`, not
 * iterated (the run then keeps no events).
 */
export function tandemResultOnlyContender(): Contender {
  return {
    id: 'tandem (result only)',
    pkg: '@tandem/core',
    version: installedVersion('@tandem/core'),
    kind: 'tandem',
    how: '`await agent.run().result` without iterating (no events kept); `ScriptedModel`; plain JSON-Schema function tool',
    workloads: [1],
    streams: false,
    async runner(scenario) {
      const agent = new Agent({ tools: tools(scenario) });
      const model = scriptedModel(scenario);
      return {
        run: async () => {
          const result = await agent.run(model, 'go').result;
          return { deltas: 0, text: result.text };
        },
      };
    },
    async finished(scenario) {
      const agent = new Agent({ tools: tools(scenario) });
      const { messages } = await agent.run(sharedModel(scenario), 'go').result;
      return { agent, messages };
    },
  };
}
