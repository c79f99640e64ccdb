import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { estimateMessageTokens } from './estimate-message-tokens.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import { wordsMessage } from '../__fixtures__/context-info.js';
import type { ContextInfo, ContextManager } from './context-manager.js';
import type { Message } from '../spec/message/v1/message.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';

describe('token estimates', () => {
  it('estimateMessageTokens prices text locally (about a token a word here) and skips bookkeeping parts', () => {
    const tokens = estimateMessageTokens([wordsMessage('user', 100)]);
    expect(tokens).toBeGreaterThan(60);
    expect(tokens).toBeLessThan(300);
    const compaction: Message = { role: 'system', parts: [{ type: 'compaction', summary: 'x '.repeat(500), replacesThroughMessageId: 'm' }] };
    expect(estimateMessageTokens([compaction])).toBe(4);
  });

  it('info.estimateTokens is the last usage.inputTokens plus the estimate of the messages added since', async () => {
    const seen: { sent: readonly Message[]; estimate: number; info: ContextInfo }[] = [];
    const spy: ContextManager = {
      prepare: (messages, info) => {
        seen.push({ sent: messages, estimate: info.estimateTokens(messages), info });
        return messages;
      },
    };
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'look', input: {} }], { usage: { inputTokens: 5_000, outputTokens: 10 } }), textResponse('Done.')],
    });
    await new Agent({ tools: [fnTool('look', () => 'a result')], context: spy }).run(model, 'look around').result;
    const [first, second] = seen;
    expect(first?.info.lastUsage).toBeUndefined();
    expect(first?.estimate).toBeLessThan(1_000);
    const added = second!.sent.slice(first!.sent.length);
    expect(added.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(second?.info.lastUsage?.inputTokens).toBe(5_000);
    expect(second?.estimate).toBe(5_000 + estimateMessageTokens(added));
  });

  it('passes the model’s maxInputTokens to the manager', async () => {
    const model = Object.assign(new ScriptedModel({ responses: [textResponse('ok')] }), { maxInputTokens: 128_000 }) satisfies LanguageModel;
    let limit: number | undefined;
    await new Agent({ context: { prepare: (messages, info) => ((limit = info.maxInputTokens), messages) } }).run(model, 'hi').result;
    expect(limit).toBe(128_000);
  });
});
