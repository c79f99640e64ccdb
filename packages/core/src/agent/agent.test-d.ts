import { describe, expectTypeOf, it } from 'vitest';
import { Agent } from './agent.js';
import type { AgentRun } from './agent-types.js';
import type { OutputSchema } from '../output/output-schema.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import type { ModelStream } from '../stream/stream.js';
import { stream } from '../stream/stream.js';

declare const Weather: OutputSchema<{ city: string; celsius: number }>;

describe('Agent types', () => {
  it('result.output has the output schema\'s type, and undefined without one', async () => {
    const agent = new Agent();
    const model = new ScriptedModel({ responses: [] });
    const typed = agent.run(model, 'Weather?', { output: Weather });
    expectTypeOf(typed).toEqualTypeOf<AgentRun<{ city: string; celsius: number }>>();
    expectTypeOf((await typed.result).output).toEqualTypeOf<{ city: string; celsius: number } | undefined>();
    const plain = agent.run(model, 'Hi');
    expectTypeOf((await plain.result).output).toEqualTypeOf<undefined>();
  });

  it('approve and deny exist on runs, not on streams', () => {
    const run = new Agent().run('openai:gpt-5', 'Hi');
    expectTypeOf(run.approve).toEqualTypeOf<(toolCallId: string) => void>();
    expectTypeOf(run.deny).toEqualTypeOf<(toolCallId: string, reason?: string) => void>();
    const response = stream('openai:gpt-5', 'Hi');
    expectTypeOf(response).toEqualTypeOf<ModelStream>();
    expectTypeOf<ModelStream>().not.toHaveProperty('approve');
  });

  it('a model is a LanguageModel or a provider:model-id string, nothing else', () => {
    const agent = new Agent();
    // @ts-expect-error a number is not a model
    agent.run(42, 'Hi');
  });
});
