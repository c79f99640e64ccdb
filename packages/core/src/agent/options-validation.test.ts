import { expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool, Join } from '../__fixtures__/fixtures.js';

it('rejects invalid execution settings and tool configs at construction, saying what is expected', () => {
  expect(() => new Agent({ toolExecution: { start: 'soon' as never } })).toThrow(/toolExecution.start must be 'after-response' or 'eager'/);
  expect(() => new Agent({ toolExecution: { concurrency: 0 } })).toThrow(/concurrency must be a positive integer/);
  expect(() => new Agent({ maxSteps: 0 })).toThrow(/maxSteps must be a positive integer/);
  expect(() => new Agent({ tools: [fnTool('t', () => 1, { config: { timeoutMs: 0 } })] })).toThrow(/config.timeoutMs must be a positive number/);
  expect(() => new Agent({ tools: [fnTool('t', () => 1, { config: { retry: { maxAttempts: 1.5 } } })] })).toThrow(/maxAttempts must be a positive integer/);
  expect(() => new Agent({ tools: [fnTool('t', () => 1, { config: { retry: { maxAttempts: 2, initialDelayMs: -1 } } })] })).toThrow(
    /initialDelayMs must be a non-negative number/,
  );
});

it('aggregates an async iterable returned from an async execute (a promise of an iterable)', async () => {
  async function* words(): AsyncGenerator<string> {
    yield 'a';
    yield 'b';
  }
  const tool = fnTool('later', async () => words(), { aggregator: Join });
  const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'later' }]), textResponse('ok')] });
  const { messages } = await new Agent({ tools: [tool] }).run(model, 'go').result;
  expect(messages[2]?.parts[0]).toMatchObject({ type: 'tool-result', status: 'success', result: 'ab' });
});

it('does not re-run a tool (and repeat its side effects) when only mapping its successful value fails', async () => {
  let runs = 0;
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const tool = fnTool(
    'write_then_return_cycle',
    () => {
      runs++;
      return cyclic;
    },
    { config: { retry: { maxAttempts: 3, initialDelayMs: 0 } } },
  );
  const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'write_then_return_cycle' }]), textResponse('ok')] });
  const { messages } = await new Agent({ tools: [tool] }).run(model, 'go').result;
  expect(runs).toBe(1);
  expect(messages[2]?.parts[0]).toMatchObject({ type: 'tool-result', status: 'error' });
  expect(String((messages[2]?.parts[0] as { result: unknown }).result)).toMatch(/cannot be sent to the model as JSON/);
});

it('names an unknown option key and the one meant (an alias other libraries use, or the closest spelling)', () => {
  expect(() => new Agent({ instructions: 'Be brief.' } as never)).toThrow(
    new TypeError(
      'new Agent(): unknown option `instructions`. Did you mean `system`? Known options: name, tools, system, stopWhen, maxSteps, toolExecution, hooks, toolChoice, maxOutputTokens, temperature, topP, stopSequences, seed, providerOptions, approve, approvals, approvalTimeoutMs, session, telemetry, context, guardrails, description, model, handoffs, maxHandoffs, cancelGraceMs, clock.',
    ),
  );
  expect(() => new Agent({ tols: [] } as never)).toThrow(/unknown option `tols`\. Did you mean `tools`\?/);
  expect(() => new Agent({ maxStep: 3 } as never)).toThrow(/unknown option `maxStep`\. Did you mean `maxSteps`\?/);
});

it('checks cancelGraceMs and clock', () => {
  expect(() => new Agent({ cancelGraceMs: -1 })).toThrow(/cancelGraceMs must be a non-negative number/);
  expect(() => new Agent({ clock: {} as never })).toThrow(/clock must be a Clock/);
});
