import { sleep } from '@tandem/core';
import type { LanguageModel, ModelCallOptions, ModelRequest, ModelStreamPart, Usage } from '@tandem/core/spec';
import { planDemoTurn, type DemoPlan } from './plan-demo-turn.js';

/**
 * Options of {@link demoModel}.
 *
 * @example
 * ```ts
 * const instant = demoModel({ wordDelayMs: 0 }); // for tests: stream without pauses
 * ```
 *
 * @category Demo model
 */
export interface DemoModelOptions {
  /** Pause between streamed words, to look like a model typing (default 12 ms; 0 streams at once). */
  readonly wordDelayMs?: number;
  /** The model id it reports (default `offline`). */
  readonly modelId?: string;
}

/**
 * The provider name of the offline demo model (`demo:offline` in `tandem --model`).
 *
 * @example
 * ```ts
 * if (model.provider === DEMO_PROVIDER) console.log('offline demo model: fixed rules, not an LLM');
 * ```
 *
 * @category Demo model
 */
export const DEMO_PROVIDER = 'demo';

/**
 * The offline demo model: a deterministic, rule-based `LanguageModel` for trying Tandem without a key or a
 * network. It is a teaching model, not intelligence: it calls the tools a prompt names (several at once as
 * one concurrent group, with `key=value` words as arguments) and then narrates their results — the rules
 * are {@link planDemoTurn}. It streams its words, and a short reasoning block that states the rule it applied.
 *
 * @example
 * ```ts
 * import { Agent } from '@tandem/core';
 * import { demoModel } from '@tandem/cli/demo-model';
 *
 * const run = new Agent({ tools: [weather, flights] }).run(demoModel(), 'weather city=Oslo and flights city=Oslo');
 * console.log((await run.result).text); // narrates both results
 * ```
 *
 * @category Demo model
 */
export function demoModel(options: DemoModelOptions = {}): LanguageModel {
  const wordDelayMs = options.wordDelayMs ?? 12;
  return {
    specificationVersion: 'v1',
    provider: DEMO_PROVIDER,
    modelId: options.modelId ?? 'offline',
    stream: (request: ModelRequest, callOptions?: ModelCallOptions) => streamPlan(request, planDemoTurn(request), wordDelayMs, callOptions?.signal),
  };
}

async function* streamPlan(request: ModelRequest, plan: DemoPlan, wordDelayMs: number, signal: AbortSignal | undefined): AsyncGenerator<ModelStreamPart> {
  let outputWords = 0;
  const words = async function* (type: 'text' | 'reasoning', blockId: string, text: string): AsyncGenerator<ModelStreamPart> {
    yield { type: `${type}-start`, blockId };
    for (const chunk of text.match(/\s*\S+/g) ?? []) {
      await pause(wordDelayMs, signal);
      outputWords += 1;
      yield { type: `${type}-delta`, blockId, chunk };
    }
    yield { type: `${type}-end`, blockId };
  };
  signal?.throwIfAborted();
  if (plan.kind === 'call-tools') yield* words('reasoning', 'reasoning-0', plan.reasoning);
  yield* words('text', 'text-0', plan.text);
  if (plan.kind === 'call-tools') {
    for (const call of plan.calls) {
      const toolArgs = JSON.stringify(call.input);
      yield { type: 'tool-start', toolCallId: call.toolCallId, toolName: call.toolName };
      for (let offset = 0; offset < toolArgs.length; offset += 16) {
        yield { type: 'tool-delta', toolCallId: call.toolCallId, chunk: toolArgs.slice(offset, offset + 16) };
      }
      await pause(wordDelayMs, signal);
      outputWords += 1;
      yield { type: 'tool-end', toolCallId: call.toolCallId, toolName: call.toolName, toolArgs };
    }
  }
  const usage: Usage = { inputTokens: countWords(request), outputTokens: outputWords };
  yield { type: 'finish', finishReason: plan.kind === 'call-tools' ? 'tool-calls' : 'stop', usage };
}

function countWords(request: ModelRequest): number {
  let words = (request.system ?? '').split(/\s+/).filter(Boolean).length;
  for (const message of request.messages) {
    for (const part of message.parts) {
      const text = part.type === 'text' || part.type === 'reasoning' ? part.text : part.type === 'tool-call' ? part.toolArgs : '';
      words += text.split(/\s+/).filter(Boolean).length;
    }
  }
  return words;
}

/** Waits between words; with no delay (tests) it only checks the signal, without a timer. */
async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms > 0) await sleep(ms, signal);
  else signal?.throwIfAborted();
}
