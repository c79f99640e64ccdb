import {
  APICallError,
  IncompleteResponseError,
  type FinishReason,
  type JsonValue,
  type ModelStreamPart,
  type ProviderMetadata,
} from '@tandem/core/spec';
import { stringifyJson } from '@tandem/provider-utils';
import { mapAnthropicContextOverflow } from './anthropic-context-overflow.js';
import type {
  AnthropicContentBlock,
  AnthropicServerToolResultBlock,
  AnthropicStreamEvent,
  AnthropicUsage,
} from './anthropic-stream-event.js';
import { anthropicErrorStatus } from './anthropic-error-status.js';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.js';

type OpenBlock =
  | { readonly kind: 'text'; citations: JsonValue[] }
  | { readonly kind: 'answer'; args: string; readonly initial: unknown }
  | { readonly kind: 'reasoning'; signature: string | undefined }
  | { readonly kind: 'tool'; readonly id: string; readonly name: string; args: string; readonly initial: unknown }
  | { readonly kind: 'server-tool'; readonly id: string; readonly name: string; args: string; readonly initial: unknown };

/**
 * Turns the parsed server-sent events of one Messages API response into Tandem stream parts.
 * Stateful: use one mapper per response. `map()` returns the parts an event produces (often none);
 * `end()` must be called when the byte stream ends and throws `IncompleteResponseError` if
 * `message_stop` never came.
 *
 * @example
 * ```ts
 * const mapper = new AnthropicStreamMapper({ url: 'https://api.anthropic.com/v1/messages' });
 * for (const event of events) for (const part of mapper.map(event)) handle(part);
 * mapper.end();
 * ```
 */
export class AnthropicStreamMapper {
  readonly #url: string;
  readonly #blocks = new Map<number, OpenBlock>();
  /** Names of `server_tool_use` calls, so their results can name the tool. */
  readonly #serverToolNames = new Map<string, string>();
  #usage: AnthropicUsage = {};
  #stopReason: string | null | undefined;
  #stopSequence: string | null | undefined;
  #messageId: string | undefined;
  #finished = false;
  readonly #answerTool: string | undefined;
  /** Whether a call of a tool other than the answer tool was seen (the finish reason is then `tool-calls`). */
  #calledTools = false;

  /**
   * @param options.answerTool - in `structuredOutputMode: 'jsonTool'`, the name of the tool that carries the
   *   answer: its call becomes a text block holding the JSON input, and not a tool call.
   */
  constructor(options: { readonly url: string; readonly answerTool?: string }) {
    this.#url = options.url;
    this.#answerTool = options.answerTool;
  }

  /** True once `message_stop` has been mapped. */
  get finished(): boolean {
    return this.#finished;
  }

  /** Maps one event. Throws `APICallError` for an `error` event. */
  map(event: AnthropicStreamEvent): ModelStreamPart[] {
    switch (event.type) {
      case 'message_start':
        this.#messageId = event.message.id;
        this.#mergeUsage(event.message.usage);
        return [];
      case 'content_block_start':
        return this.#start(event.index, event.content_block);
      case 'content_block_delta':
        return this.#delta(event.index, event.delta);
      case 'content_block_stop':
        return this.#stop(event.index);
      case 'message_delta':
        this.#stopReason = event.delta.stop_reason;
        this.#stopSequence = event.delta.stop_sequence;
        if (event.usage) this.#mergeUsage(event.usage);
        return [];
      case 'message_stop': {
        this.#finished = true;
        // Blocks are always stopped before message_stop; close any that were not, so the stream stays well formed.
        const parts = [...this.#blocks.keys()].flatMap((index) => this.#stop(index));
        return [...parts, this.#finish()];
      }
      case 'ping':
        return [];
      case 'error': {
        const statusCode = anthropicErrorStatus(event.error.type);
        throw mapAnthropicContextOverflow(
          new APICallError({
            message: `Anthropic stream error (${event.error.type}): ${event.error.message}`,
            url: this.#url,
            statusCode,
            responseBody: stringifyJson(event),
          }),
        );
      }
    }
  }

  /** Call when the byte stream ends; throws `IncompleteResponseError` when `message_stop` never arrived. */
  end(): void {
    if (!this.#finished) throw new IncompleteResponseError({ provider: 'anthropic' });
  }

  #start(index: number, block: AnthropicContentBlock): ModelStreamPart[] {
    const blockId = String(index);
    if (isServerToolResult(block)) {
      // A provider-executed tool result (`web_search_tool_result`, …): arrives whole.
      const toolName = this.#serverToolNames.get(block.tool_use_id) ?? block.type.replace(/_tool_result$/, '');
      return [
        {
          type: 'builtin-tool-result',
          toolCallId: block.tool_use_id,
          toolName,
          result: block.content,
          isError: isServerToolError(block.content),
          providerMetadata: { anthropic: { blockType: block.type } },
        },
      ];
    }
    switch (block.type) {
      case 'text': {
        this.#blocks.set(index, { kind: 'text', citations: [] });
        const parts: ModelStreamPart[] = [{ type: 'text-start', blockId }];
        if (block.text !== '') parts.push({ type: 'text-delta', blockId, chunk: block.text });
        return parts;
      }
      case 'thinking': {
        this.#blocks.set(index, { kind: 'reasoning', signature: block.signature || undefined });
        const parts: ModelStreamPart[] = [{ type: 'reasoning-start', blockId }];
        if (block.thinking !== '') parts.push({ type: 'reasoning-delta', blockId, chunk: block.thinking });
        return parts;
      }
      case 'redacted_thinking':
        // Arrives whole; nothing follows but its stop event.
        return [
          { type: 'reasoning-start', blockId },
          { type: 'reasoning-end', blockId, providerMetadata: { anthropic: { redactedData: block.data } } },
        ];
      case 'tool_use':
        if (block.name === this.#answerTool) {
          this.#blocks.set(index, { kind: 'answer', args: '', initial: block.input });
          return [{ type: 'text-start', blockId }];
        }
        this.#calledTools = true;
        this.#blocks.set(index, { kind: 'tool', id: block.id, name: block.name, args: '', initial: block.input });
        return [{ type: 'tool-start', toolCallId: block.id, toolName: block.name }];
      case 'server_tool_use':
        this.#serverToolNames.set(block.id, block.name);
        this.#blocks.set(index, { kind: 'server-tool', id: block.id, name: block.name, args: '', initial: block.input });
        return [];
    }
  }

  #delta(index: number, delta: Extract<AnthropicStreamEvent, { type: 'content_block_delta' }>['delta']) {
    const block = this.#blocks.get(index);
    const blockId = String(index);
    if (block === undefined) return [];
    switch (delta.type) {
      case 'text_delta':
        return delta.text === '' ? [] : [{ type: 'text-delta', blockId, chunk: delta.text } as const];
      case 'thinking_delta':
        return delta.thinking === '' ? [] : [{ type: 'reasoning-delta', blockId, chunk: delta.thinking } as const];
      case 'signature_delta':
        if (block.kind === 'reasoning') block.signature = (block.signature ?? '') + delta.signature;
        return [];
      case 'citations_delta':
        if (block.kind === 'text') block.citations.push(delta.citation as JsonValue);
        return [];
      case 'input_json_delta':
        if (block.kind === 'answer') {
          block.args += delta.partial_json;
          return delta.partial_json === '' ? [] : [{ type: 'text-delta', blockId, chunk: delta.partial_json } as const];
        }
        if (block.kind === 'tool') {
          block.args += delta.partial_json;
          return delta.partial_json === ''
            ? []
            : [{ type: 'tool-delta', toolCallId: block.id, chunk: delta.partial_json } as const];
        }
        if (block.kind === 'server-tool') block.args += delta.partial_json;
        return [];
    }
  }

  #stop(index: number): ModelStreamPart[] {
    const block = this.#blocks.get(index);
    this.#blocks.delete(index);
    const blockId = String(index);
    if (block === undefined) return [];
    switch (block.kind) {
      case 'text':
        return [
          block.citations.length > 0
            ? { type: 'text-end', blockId, providerMetadata: { anthropic: { citations: block.citations } } }
            : { type: 'text-end', blockId },
        ];
      case 'reasoning':
        return [
          block.signature === undefined
            ? { type: 'reasoning-end', blockId }
            : { type: 'reasoning-end', blockId, providerMetadata: { anthropic: { signature: block.signature } } },
        ];
      case 'answer':
        // Without deltas the input came whole in `content_block_start`.
        return block.args === ''
          ? [{ type: 'text-delta', blockId, chunk: finalArgs(block) }, { type: 'text-end', blockId }]
          : [{ type: 'text-end', blockId }];
      case 'tool':
        return [{ type: 'tool-end', toolCallId: block.id, toolName: block.name, toolArgs: finalArgs(block) }];
      case 'server-tool':
        return [
          {
            type: 'builtin-tool-call',
            toolCallId: block.id,
            toolName: block.name,
            toolArgs: finalArgs(block),
            providerMetadata: { anthropic: { blockType: 'server_tool_use' } },
          },
        ];
    }
  }

  #mergeUsage(usage: AnthropicUsage): void {
    const merged: Record<string, unknown> = { ...this.#usage };
    for (const [key, value] of Object.entries(usage)) if (value !== null && value !== undefined) merged[key] = value;
    this.#usage = merged as AnthropicUsage;
  }

  #finish(): ModelStreamPart {
    const usage = this.#usage;
    const cacheRead = usage.cache_read_input_tokens ?? 0;
    const cacheWrite = usage.cache_creation_input_tokens ?? 0;
    // A response that only called the answer tool is a final answer.
    const answered = this.#stopReason === 'tool_use' && this.#answerTool !== undefined && !this.#calledTools;
    const finishReason: FinishReason = answered ? 'stop' : mapAnthropicStopReason(this.#stopReason);
    const metadata: ProviderMetadata[string] = { stopReason: this.#stopReason ?? null };
    if (this.#messageId !== undefined) metadata['messageId'] = this.#messageId;
    if (this.#stopSequence) metadata['stopSequence'] = this.#stopSequence;
    if (cacheWrite > 0) metadata['cacheCreationInputTokens'] = cacheWrite;
    const webSearches = usage.server_tool_use?.web_search_requests;
    if (webSearches) metadata['webSearchRequests'] = webSearches;
    return {
      type: 'finish',
      finishReason,
      usage: {
        inputTokens: (usage.input_tokens ?? 0) + cacheRead + cacheWrite,
        outputTokens: usage.output_tokens ?? 0,
        ...(usage.cache_read_input_tokens == null ? {} : { cachedInputTokens: cacheRead }),
      },
      providerMetadata: { anthropic: metadata },
    };
  }
}

function finalArgs(block: { args: string; initial: unknown }): string {
  if (block.args !== '') return block.args;
  // No deltas: the input came whole in `content_block_start` (empty `{}` for a call without arguments).
  return block.initial === undefined || block.initial === null ? '{}' : stringifyJson(block.initial);
}

function isServerToolError(content: unknown): boolean {
  return (
    typeof content === 'object' &&
    content !== null &&
    !Array.isArray(content) &&
    typeof (content as { type?: unknown }).type === 'string' &&
    (content as { type: string }).type.endsWith('_error')
  );
}

function isServerToolResult(block: AnthropicContentBlock): block is AnthropicServerToolResultBlock {
  return 'tool_use_id' in block;
}
