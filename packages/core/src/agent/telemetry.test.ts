import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { deferred, fnTool } from '../__fixtures__/fixtures.js';
import type { Telemetry } from '../telemetry/telemetry.js';

interface Span {
  name: string;
  parent: Span | undefined;
  ended: boolean;
  detail?: unknown;
}

function recorder(): { telemetry: Telemetry; spans: Span[] } {
  const spans: Span[] = [];
  const open = (name: string, parent: Span | undefined): Span => {
    const span: Span = { name, parent, ended: false };
    spans.push(span);
    return span;
  };
  const close = (span: Span, detail?: unknown): void => {
    if (span.ended) throw new Error(`${span.name} ended twice`);
    span.ended = true;
    span.detail = detail;
  };
  const telemetry: Telemetry = {
    startRun(info) {
      const run = open(`invoke_agent ${info.agentName}`, undefined);
      return {
        startModelCall: ({ model }) => {
          const span = open(`chat ${model.modelId}`, run);
          return { end: (outcome) => close(span, outcome.type) };
        },
        startToolGroup: () => {
          const group = open('tool_group', run);
          return {
            startToolCall: (call) => {
              const span = open(`execute_tool ${call.toolName}`, group);
              return { end: (result) => close(span, result.status) };
            },
            end: (results) => close(group, results.length),
          };
        },
        end: (outcome) => close(run, outcome.type === 'complete' ? outcome.stopReason : 'error'),
      };
    },
  };
  return { telemetry, spans };
}

describe('Agent telemetry', () => {
  it('traces the run, each model call, each group and each call, all ended before result resolves', async () => {
    const { telemetry, spans } = recorder();
    const a = fnTool('a', () => 'A');
    const failing = fnTool('failing', () => {
      throw new Error('nope');
    });
    const model = new ScriptedModel({ modelId: 'm-1', responses: [toolCallResponse([{ name: 'a' }, { name: 'failing' }]), textResponse('done')] });
    const result = await new Agent({ name: 'helper', tools: [a, failing], telemetry }).run(model, 'go').result;
    expect(result.stopReason).toBe('endTurn');
    expect(spans.map((span) => [span.name, span.parent?.name ?? null, span.detail])).toEqual([
      ['invoke_agent helper', null, 'endTurn'],
      ['chat m-1', 'invoke_agent helper', 'complete'],
      ['tool_group', 'invoke_agent helper', 2],
      ['execute_tool a', 'tool_group', 'success'],
      ['execute_tool failing', 'tool_group', 'error'],
      ['chat m-1', 'invoke_agent helper', 'complete'],
    ]);
    expect(spans.every((span) => span.ended)).toBe(true);
  });

  it('every span ends after a cancel, and a call that never ran still gets a cancelled span', async () => {
    const { telemetry, spans } = recorder();
    const started = deferred();
    const slow = fnTool('slow', (_input, ctx) => {
      started.resolve();
      return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    const askUser = { kind: 'function' as const, name: 'ask_user', description: 'Ask.', inputSchema: { type: 'object' } };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'slow' }, { name: 'ask_user' }])] });
    const agent = new Agent({ tools: [slow, askUser], telemetry });
    const run = agent.run(model, 'go');
    await started.promise;
    agent.cancel();
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(spans.every((span) => span.ended)).toBe(true);
    expect(spans.filter((span) => span.name.startsWith('execute_tool')).map((span) => [span.name, span.detail])).toEqual([
      ['execute_tool slow', 'cancelled'],
      ['execute_tool ask_user', 'cancelled'],
    ]);
  });

  it('a telemetry implementation that throws never breaks the run', async () => {
    const telemetry: Telemetry = {
      startRun() {
        throw new Error('exporter down');
      },
    };
    const result = await new Agent({ telemetry }).run(new ScriptedModel({ responses: [textResponse('fine')] }), 'go').result;
    expect(result.text).toBe('fine');
  });
});
