import { afterEach, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';

const warnings: Error[] = [];
const onWarning = (warning: Error): void => {
  warnings.push(warning);
};
afterEach(() => {
  process.off('warning', onWarning);
});

it('a group of 50 calls with timeouts and retries adds one abort listener to the run, not one per call', async () => {
  process.on('warning', onWarning);
  const tools = Array.from({ length: 50 }, (_, i) =>
    fnTool(`t${i}`, async () => `ok ${i}`, { config: { timeoutMs: 10_000, retry: { maxAttempts: 2 } } }),
  );
  const controller = new AbortController();
  const model = new ScriptedModel({ responses: [toolCallResponse(tools.map((t) => ({ name: t.name }))), textResponse('done')] });
  const result = await new Agent({ tools }).run(model, 'go', { signal: controller.signal }).result;
  await new Promise((resolve) => setImmediate(resolve));
  expect(result.stopReason).toBe('endTurn');
  expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
});
