// The models that stand in for real providers' models when a docs block runs: offline, deterministic, with
// the real model's provider name and model id.
import type { BidiModel, BidiModelCapabilities, FunctionToolDefinition, LanguageModel, Message, ModelRequest } from '@tandem/core/spec';
import {
  ScriptedBidiModel,
  ScriptedModel,
  bidiResponseEvents,
  bidiToolGroup,
  textResponse,
  toolCallResponse,
  type ScriptedResponse,
} from '@tandem/core/testing';
import { docsTestState } from './docs-test.js';
import { sampleFromSchema } from './sample-from-schema.js';

/**
 * A `ScriptedModel` named like `real`. It plays responses queued with `script()`; without them it follows
 * three rules: with a response format it answers a JSON value of the schema; after tool results it says
 * it is done; otherwise it calls every tool the last user message names (a whole word, any case), with
 * arguments made from the tools' schemas, or answers with text when none is named.
 */
export function standInLanguageModel(real: Pick<LanguageModel, 'provider' | 'modelId'>): LanguageModel {
  return new ScriptedModel({
    provider: real.provider,
    modelId: real.modelId,
    responses: (request) => {
      const scripted = docsTestState().responses.shift();
      if (scripted === undefined) return ruleBasedAnswer(request);
      return typeof scripted === 'function' ? scripted(request, 0) : scripted;
    },
  });
}

function ruleBasedAnswer(request: ModelRequest): ScriptedResponse {
  if (request.responseFormat !== undefined) return textResponse(JSON.stringify(sampleFromSchema(request.responseFormat.schema)));
  if (request.messages.at(-1)?.role === 'tool') return textResponse('Done: the tools have answered.', { chunkSize: 8 });
  const tools = request.tools.filter((tool): tool is FunctionToolDefinition => tool.kind === 'function');
  const named = namedTools(lastUserText(request.messages), tools);
  if (named.length === 0) return textResponse('A scripted stand-in answer.', { chunkSize: 8 });
  return toolCallResponse(named.map((tool) => ({ name: tool.name, input: sampleFromSchema(tool.inputSchema) })));
}

/**
 * A `ScriptedBidiModel` named like `real`, with its capabilities and audio rates. Unless `scriptBidi()`
 * gave options, it answers each text turn (calling the tools it names, as above) with a short spoken
 * response, and each group's results with another.
 */
export function standInBidiModel(real: Pick<BidiModel, 'provider' | 'modelId' | 'capabilities' | 'audio'>): BidiModel {
  const state = docsTestState();
  const options = state.bidi.length > 1 ? state.bidi.shift() : state.bidi[0];
  const capabilities: Partial<BidiModelCapabilities> = { ...real.capabilities };
  return new ScriptedBidiModel({
    provider: real.provider,
    modelId: real.modelId,
    capabilities,
    audio: { inputRate: real.audio.inputRate, outputRate: real.audio.outputRate },
    ...(options ?? {
      onInput: (input, connection) => {
        if (input.type !== 'text') return undefined;
        const tools = connection.request.tools.filter((tool): tool is FunctionToolDefinition => tool.kind === 'function');
        const named = namedTools(input.text, tools);
        const calls = named.map((tool) => ({ name: tool.name, input: sampleFromSchema(tool.inputSchema) }));
        return [...(calls.length > 0 ? [bidiToolGroup(calls)] : []), ...bidiResponseEvents('A scripted stand-in answer.', { audioChunks: 2 })];
      },
      onToolResults: () => bidiResponseEvents('Done: the tools have answered.', { audioChunks: 1 }),
    }),
  });
}

function namedTools(text: string, tools: readonly FunctionToolDefinition[]): FunctionToolDefinition[] {
  const lower = text.toLowerCase();
  return tools.filter((tool) => new RegExp(`(^|[^A-Za-z0-9_-])${escape(tool.name.toLowerCase())}($|[^A-Za-z0-9_-])`).test(lower));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lastUserText(messages: readonly Message[]): string {
  const user = messages.findLast((message) => message.role === 'user');
  return user?.parts.map((part) => (part.type === 'text' ? part.text : '')).join(' ') ?? '';
}
