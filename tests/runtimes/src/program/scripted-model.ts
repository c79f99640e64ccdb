import type { LanguageModel, ModelRequest, ModelStreamPart } from '@tandem/core';

/**
 * A language model that answers from a script: response `n` of the list for call `n`. Written against the
 * public spec here (not `@tandem/core/testing`, whose provider kit needs Node), so the bundle stays portable.
 */
export function scriptedModel(responses: readonly (readonly ModelStreamPart[])[]): LanguageModel & { readonly requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    specificationVersion: 'v1',
    provider: 'scripted',
    modelId: 'scripted-1',
    requests,
    async *stream(request: ModelRequest) {
      const parts = responses[requests.length];
      requests.push(request);
      if (parts === undefined) throw new Error(`The script has no response for call ${String(requests.length)}.`);
      for (const part of parts) yield part;
    },
  };
}

/** Parts of a response that calls tools. */
export function toolCalls(...calls: { id: string; name: string; input: unknown }[]): ModelStreamPart[] {
  const parts: ModelStreamPart[] = [];
  for (const call of calls) {
    const toolArgs = JSON.stringify(call.input);
    parts.push({ type: 'tool-start', toolCallId: call.id, toolName: call.name });
    parts.push({ type: 'tool-delta', toolCallId: call.id, chunk: toolArgs });
    parts.push({ type: 'tool-end', toolCallId: call.id, toolName: call.name, toolArgs });
  }
  parts.push({ type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5 } });
  return parts;
}

/** Parts of a response that says `text`. */
export function text(value: string): ModelStreamPart[] {
  return [
    { type: 'text-start', blockId: 't0' },
    { type: 'text-delta', blockId: 't0', chunk: value },
    { type: 'text-end', blockId: 't0' },
    { type: 'finish', finishReason: 'stop', usage: { inputTokens: 10, outputTokens: 5 } },
  ];
}
