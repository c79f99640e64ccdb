import { IncompleteResponseError, type JsonValue, type ModelStreamPart } from '@tandem/core/spec';
import { toBase64 } from '@tandem/provider-utils';
import type { BedrockContentBlockDelta, BedrockStreamEvent, BedrockTokenUsage } from './bedrock-stream-event.js';
import { mapBedrockStopReason } from './map-bedrock-stop-reason.js';

type OpenBlock =
  | { readonly kind: 'text' }
  | { readonly kind: 'answer'; args: string }
  | { readonly kind: 'reasoning'; signature: string | undefined; redacted: Uint8Array[] }
  | { readonly kind: 'tool'; readonly id: string; readonly name: string; args: string }
  | { readonly kind: 'server-tool'; readonly id: string; readonly name: string; args: string }
  | {
      readonly kind: 'server-result';
      readonly id: string;
      readonly type: string | undefined;
      readonly status: string | undefined;
      readonly content: { text?: string; json?: unknown }[];
    };

/**
 * Turns the decoded events of one Converse stream into Tandem stream parts. Stateful: one mapper per
 * response. Text and reasoning blocks have no `contentBlockStart` on the wire, so they open on their first
 * delta. `finish` is emitted on the `metadata` event — the documented last event, which carries usage —
 * and `end()` throws `IncompleteResponseError` when it never came.
 *
 * @example
 * ```ts
 * const mapper = new BedrockStreamMapper();
 * for await (const event of response.stream) for (const part of mapper.map(BedrockStreamEvent.parse(event))) handle(part);
 * mapper.end();
 * ```
 */
export class BedrockStreamMapper {
  readonly #blocks = new Map<number, OpenBlock>();
  /** Names of server tool calls, so their results can name the tool. */
  readonly #serverToolNames = new Map<string, string>();
  #stopReason: string | undefined;
  #additionalFields: unknown;
  #finished = false;
  readonly #answerTool: string | undefined;
  /** Whether a call of a tool other than the answer tool was seen (the finish reason is then `tool-calls`). */
  #calledTools = false;

  /**
   * @param options.answerTool - in `structuredOutputMode: 'jsonTool'`, the name of the tool that carries the
   *   answer: its call becomes a text block holding the JSON input, and not a tool call.
   */
  constructor(options: { readonly answerTool?: string } = {}) {
    this.#answerTool = options.answerTool;
  }

  /** True once the final `metadata` event has been mapped. */
  get finished(): boolean {
    return this.#finished;
  }

  /** Maps one event. */
  map(event: BedrockStreamEvent): ModelStreamPart[] {
    const out: ModelStreamPart[] = [];
    const start = event.contentBlockStart;
    if (start?.start?.toolUse) {
      const { toolUseId, name, type } = start.start.toolUse;
      if (type === 'server_tool_use') {
        this.#serverToolNames.set(toolUseId, name);
        this.#blocks.set(start.contentBlockIndex, { kind: 'server-tool', id: toolUseId, name, args: '' });
      } else if (name === this.#answerTool) {
        this.#blocks.set(start.contentBlockIndex, { kind: 'answer', args: '' });
        out.push({ type: 'text-start', blockId: String(start.contentBlockIndex) });
      } else {
        this.#calledTools = true;
        this.#blocks.set(start.contentBlockIndex, { kind: 'tool', id: toolUseId, name, args: '' });
        out.push({ type: 'tool-start', toolCallId: toolUseId, toolName: name });
      }
    }
    if (start?.start?.toolResult) {
      const { toolUseId, type, status } = start.start.toolResult;
      this.#blocks.set(start.contentBlockIndex, { kind: 'server-result', id: toolUseId, type, status, content: [] });
    }
    if (event.contentBlockDelta) this.#delta(event.contentBlockDelta.contentBlockIndex, event.contentBlockDelta.delta, out);
    if (event.contentBlockStop) this.#stop(event.contentBlockStop.contentBlockIndex, out);
    if (event.messageStop) {
      this.#stopReason = event.messageStop.stopReason;
      this.#additionalFields = event.messageStop.additionalModelResponseFields;
      for (const index of [...this.#blocks.keys()]) this.#stop(index, out);
    }
    if (event.metadata) {
      for (const index of [...this.#blocks.keys()]) this.#stop(index, out);
      out.push(this.#finish(event.metadata.usage ?? {}, event.metadata.metrics?.latencyMs));
      this.#finished = true;
    }
    return out;
  }

  /** Call when the stream ends; throws `IncompleteResponseError` when the final `metadata` event never arrived. */
  end(): void {
    if (!this.#finished) throw new IncompleteResponseError({ provider: 'bedrock' });
  }

  #delta(index: number, delta: BedrockContentBlockDelta, out: ModelStreamPart[]): void {
    const blockId = String(index);
    if (delta.text !== undefined) {
      if (this.#blocks.get(index) === undefined) {
        this.#blocks.set(index, { kind: 'text' });
        out.push({ type: 'text-start', blockId });
      }
      if (delta.text !== '') out.push({ type: 'text-delta', blockId, chunk: delta.text });
    }
    if (delta.toolUse !== undefined) {
      const block = this.#blocks.get(index);
      if (block?.kind === 'tool') {
        block.args += delta.toolUse.input;
        if (delta.toolUse.input !== '') out.push({ type: 'tool-delta', toolCallId: block.id, chunk: delta.toolUse.input });
      }
      if (block?.kind === 'server-tool') block.args += delta.toolUse.input;
      if (block?.kind === 'answer') {
        block.args += delta.toolUse.input;
        if (delta.toolUse.input !== '') out.push({ type: 'text-delta', blockId, chunk: delta.toolUse.input });
      }
    }
    if (delta.toolResult !== undefined) {
      const block = this.#blocks.get(index);
      if (block?.kind === 'server-result') {
        for (const piece of delta.toolResult) {
          const last = block.content[block.content.length - 1];
          // Text arrives in fragments: join consecutive ones into one text block.
          if (piece.text !== undefined && last?.text !== undefined) last.text += piece.text;
          else block.content.push({ ...piece });
        }
      }
    }
    const reasoning = delta.reasoningContent;
    if (reasoning !== undefined) {
      let block = this.#blocks.get(index);
      if (block === undefined) {
        block = { kind: 'reasoning', signature: undefined, redacted: [] };
        this.#blocks.set(index, block);
        out.push({ type: 'reasoning-start', blockId });
      }
      if (block.kind !== 'reasoning') return;
      if (reasoning.text !== undefined && reasoning.text !== '') out.push({ type: 'reasoning-delta', blockId, chunk: reasoning.text });
      if (reasoning.signature !== undefined) block.signature = (block.signature ?? '') + reasoning.signature;
      if (reasoning.redactedContent !== undefined) block.redacted.push(reasoning.redactedContent);
    }
  }

  #stop(index: number, out: ModelStreamPart[]): void {
    const block = this.#blocks.get(index);
    this.#blocks.delete(index);
    const blockId = String(index);
    if (block === undefined) return;
    switch (block.kind) {
      case 'text':
        out.push({ type: 'text-end', blockId });
        return;
      case 'answer':
        // A call without input deltas answered with an empty object.
        if (block.args === '') out.push({ type: 'text-delta', blockId, chunk: '{}' });
        out.push({ type: 'text-end', blockId });
        return;
      case 'reasoning': {
        // Always tagged, so history conversion can tell Bedrock reasoning from other vendors'.
        const metadata: { [key: string]: JsonValue } = {};
        if (block.signature !== undefined) metadata['signature'] = block.signature;
        if (block.redacted.length > 0) metadata['redactedData'] = toBase64(concat(block.redacted));
        out.push({ type: 'reasoning-end', blockId, providerMetadata: { bedrock: metadata } });
        return;
      }
      case 'tool':
        out.push({ type: 'tool-end', toolCallId: block.id, toolName: block.name, toolArgs: block.args === '' ? '{}' : block.args });
        return;
      case 'server-tool':
        out.push({
          type: 'builtin-tool-call',
          toolCallId: block.id,
          toolName: block.name,
          toolArgs: block.args === '' ? '{}' : block.args,
          providerMetadata: { bedrock: { type: 'server_tool_use' } },
        });
        return;
      case 'server-result':
        out.push({
          type: 'builtin-tool-result',
          toolCallId: block.id,
          toolName: this.#serverToolNames.get(block.id) ?? block.type ?? 'server_tool',
          result: block.content,
          isError: block.status === 'error',
          providerMetadata: { bedrock: { ...(block.type === undefined ? {} : { type: block.type }), ...(block.status === undefined ? {} : { status: block.status }) } },
        });
        return;
    }
  }

  #finish(usage: BedrockTokenUsage, latencyMs: number | undefined): ModelStreamPart {
    const cacheRead = usage.cacheReadInputTokens ?? 0;
    const cacheWrite = usage.cacheWriteInputTokens ?? 0;
    const metadata: { [key: string]: JsonValue } = { stopReason: this.#stopReason ?? null };
    if (cacheWrite > 0) metadata['cacheWriteInputTokens'] = cacheWrite;
    if (latencyMs !== undefined) metadata['latencyMs'] = latencyMs;
    if (this.#additionalFields !== undefined) metadata['additionalModelResponseFields'] = this.#additionalFields as JsonValue;
    return {
      type: 'finish',
      // A response that only called the answer tool is a final answer.
      finishReason:
        this.#stopReason === 'tool_use' && this.#answerTool !== undefined && !this.#calledTools ? 'stop' : mapBedrockStopReason(this.#stopReason),
      usage: {
        inputTokens: (usage.inputTokens ?? 0) + cacheRead + cacheWrite,
        outputTokens: usage.outputTokens ?? 0,
        ...(usage.cacheReadInputTokens === undefined ? {} : { cachedInputTokens: cacheRead }),
      },
      providerMetadata: { bedrock: metadata },
    };
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
