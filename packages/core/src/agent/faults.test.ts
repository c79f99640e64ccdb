// §23 faults of the Agent: values thrown by hooks, large groups and Node's listener warning,
// duplicate call ids from a provider.
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import type { AgentOptions } from './agent-types.js';
import type { HookName } from '../hooks/agent-hooks.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { finishPart, textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, fnTool, ofType } from '../__fixtures__/fixtures.js';
import { sleep } from '../util/sleep.js';

describe('a hook that throws a value that is not an Error', () => {
  const ending: HookName[] = ['beforeModelCall', 'afterModelCall', 'afterToolCall', 'afterTools', 'messageAdded'];
  for (const name of ending) {
    it(`${name} throwing 42 rejects the run with Error: 42`, async () => {
      const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'work', id: 'c1' }]), textResponse('done')] });
      const hooks = {
        [name]: () => {
          throw 42;
        },
      } as AgentOptions['hooks'];
      const agent = new Agent({ tools: [fnTool('work', () => 'ok')], hooks });
      const run = agent.run(model, 'go');
      const error: unknown = await run.result.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(String(error)).toBe('Error: 42');
      expect((error as Error).cause).toBe(42);
      // History stays paired: a recorded call has its result.
      const parts = agent.messages.flatMap((m) => m.parts);
      const calls = parts.filter((p) => p.type === 'tool-call').map((p) => p.toolCallId);
      expect(parts.filter((p) => p.type === 'tool-result').map((p) => p.toolCallId)).toEqual(calls);
    });
  }

  it('beforeToolCall throwing 42 makes the call an error result "Error: 42" and the run goes on', async () => {
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'work', id: 'c1' }]), textResponse('done')] });
    const hooks: AgentOptions['hooks'] = {
      beforeToolCall: () => {
        throw 42;
      },
    };
    const result = await new Agent({ tools: [fnTool('work', () => 'ok')], hooks }).run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    const tool = result.messages.find((m) => m.role === 'tool');
    expect(tool?.parts[0]).toMatchObject({ type: 'tool-result', toolCallId: 'c1', status: 'error', result: expect.stringContaining('Error: 42') });
  });
});

describe('a group of many async tools under one run signal', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error): void => {
    warnings.push(warning);
  };
  afterEach(() => {
    process.off('warning', onWarning);
    warnings.length = 0;
  });

  for (const [size, timeoutMs] of [[11, undefined], [200, undefined], [11, 60_000], [200, 60_000]] as const) {
    it(`${size} async tools (listening to their signal, ${timeoutMs === undefined ? 'no timeout' : 'with a timeout'}) print no MaxListenersExceededWarning`, async () => {
      process.on('warning', onWarning);
      const tools = Array.from({ length: size }, (_, i) =>
        fnTool(
          `t${i}`,
          async (_input, ctx) => {
            await sleep(0, ctx.signal);
            ctx.signal.addEventListener('abort', () => undefined, { once: true });
            return `ok ${i}`;
          },
          { config: timeoutMs === undefined ? {} : { timeoutMs } },
        ),
      );
      const controller = new AbortController();
      const model = new ScriptedModel({ responses: [toolCallResponse(tools.map((t) => ({ name: t.name }))), textResponse('done')] });
      const run = new Agent({ tools }).run(model, 'go', { signal: controller.signal });
      const events = await collect(run);
      const result = await run.result;
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(result.stopReason).toBe('endTurn');
      expect(ofType(events, 'tool-call-result')).toHaveLength(size);
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map(String)).toEqual([]);
    });
  }
  for (const size of [11, 200]) {
    it(`${size} async tools that wait for approval (then retry once) print no MaxListenersExceededWarning`, async () => {
      process.on('warning', onWarning);
      const tools = Array.from({ length: size }, (_, i) => ({
        ...fnTool(
          `t${i}`,
          async (_input, ctx) => {
            if (ctx.attempt === 1) throw new Error('flaky');
            await sleep(0, ctx.signal);
            return `ok ${i}`;
          },
          { config: { timeoutMs: 60_000, retry: { maxAttempts: 2, initialDelayMs: 0 } } },
        ),
        needsApproval: true as const,
      }));
      const model = new ScriptedModel({ responses: [toolCallResponse(tools.map((t) => ({ name: t.name }))), textResponse('done')] });
      const approve = async (): Promise<boolean> => {
        await sleep(0);
        return true;
      };
      const run = new Agent({ tools, approve }).run(model, 'go', { signal: new AbortController().signal });
      const events = await collect(run);
      await new Promise((resolve) => setImmediate(resolve));
      expect((await run.result).stopReason).toBe('endTurn');
      expect(ofType(events, 'tool-call-result').map((e) => e.result.status)).toEqual(Array.from({ length: size }, () => 'success'));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map(String)).toEqual([]);
    });
  }
});

describe('a provider that repeats a toolCallId', () => {
  it('runs the call once, answers it once, and drops the copy with a warning event', async () => {
    let runs = 0;
    const count = fnTool('count', () => `run ${++runs}`);
    const model = new ScriptedModel({
      responses: [
        [
          { type: 'tool-end', toolCallId: 'c1', toolName: 'count', toolArgs: '{}' },
          { type: 'tool-end', toolCallId: 'c1', toolName: 'count', toolArgs: '{}' },
          { type: 'tool-end', toolCallId: 'c2', toolName: 'count', toolArgs: '{}' },
          finishPart('tool-calls'),
        ],
        textResponse('done'),
      ],
    });
    const run = new Agent({ tools: [count] }).run(model, 'go');
    const events = await collect(run);
    const result = await run.result;
    expect(runs).toBe(2);
    expect(ofType(events, 'tool-call-result').map((e) => e.result.toolCallId)).toEqual(['c1', 'c2']);
    expect(ofType(events, 'warning')).toMatchObject([{ type: 'warning', code: 'duplicate-tool-call', step: 1 }]);
    const assistant = result.messages[1];
    expect(assistant?.parts.filter((p) => p.type === 'tool-call').map((p) => p.toolCallId)).toEqual(['c1', 'c2']);
    const tool = result.messages[2];
    expect(tool?.parts.map((p) => p.type === 'tool-result' && p.toolCallId)).toEqual(['c1', 'c2']);
    // The model is sent one call and one result per id.
    expect(model.requests[1]?.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-result')).toHaveLength(2);
  });

  it('with eager execution the copy never starts a second run', async () => {
    let runs = 0;
    const count = fnTool('count', () => `run ${++runs}`);
    const model = new ScriptedModel({
      responses: [
        [
          { type: 'tool-end', toolCallId: 'c1', toolName: 'count', toolArgs: '{}' },
          { type: 'tool-end', toolCallId: 'c1', toolName: 'count', toolArgs: '{}' },
          finishPart('tool-calls'),
        ],
        textResponse('done'),
      ],
    });
    const result = await new Agent({ tools: [count], toolExecution: { start: 'eager' } }).run(model, 'go').result;
    expect(runs).toBe(1);
    expect(result.messages[2]?.parts).toHaveLength(1);
  });
});
