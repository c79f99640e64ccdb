import { APICallError, type FinishReason, type JsonValue, type ModelStreamPart, type Usage } from '@tandem/core/spec';
import { mapOpenAICompatibleOverflow, stringifyJson } from '@tandem/provider-utils';
import type { AnyOutputItem, ResponsesEvent, ResponsesOutputItem, ResponsesResponse } from './responses-stream-event.js';

interface OpenTool {
  readonly callId: string;
  readonly name: string;
  args: string;
  hadDelta: boolean;
}

interface OpenReasoning {
  /** Index of the summary part whose block is open. */
  summaryIndex: number;
  blockId: string;
}

/**
 * Turns OpenAI Responses streaming events into {@link ModelStreamPart}s. One instance per response;
 * `finished` turns true after the terminal event (`response.completed`, `.incomplete` or `.failed`).
 *
 * Item ids, reasoning encrypted content and the response id travel in `providerMetadata[key]`, so the
 * history can be sent back (see `convertToResponsesInput`).
 */
export class ResponsesStreamMapper {
  finished = false;
  private readonly key: string;
  private readonly url: string;
  private readonly openText = new Set<string>();
  private readonly openTools = new Map<string, OpenTool>();
  private readonly openReasoning = new Map<string, OpenReasoning>();
  private sawFunctionCall = false;
  private sawRefusal = false;

  constructor(options: { providerOptionsKey: string; url: string }) {
    this.key = options.providerOptionsKey;
    this.url = options.url;
  }

  map(event: ResponsesEvent): ModelStreamPart[] {
    switch (event.type) {
      case 'response.output_item.added':
        return this.itemAdded(event.item);
      case 'response.output_item.done':
        return this.itemDone(event.item);
      case 'response.output_text.delta':
        return this.textDelta(event.item_id, event.delta);
      case 'response.refusal.delta':
        this.sawRefusal = true;
        return this.textDelta(event.item_id, event.delta);
      case 'response.function_call_arguments.delta': {
        const tool = this.openTools.get(event.item_id);
        if (tool === undefined || event.delta === '') return [];
        tool.args += event.delta;
        tool.hadDelta = true;
        return [{ type: 'tool-delta', toolCallId: tool.callId, chunk: event.delta }];
      }
      case 'response.function_call_arguments.done': {
        const tool = this.openTools.get(event.item_id);
        if (tool !== undefined && !tool.hadDelta) tool.args = event.arguments;
        return [];
      }
      case 'response.reasoning_summary_part.added':
        return this.summaryPartAdded(event.item_id, event.summary_index);
      case 'response.reasoning_summary_text.delta': {
        const parts = this.summaryPartAdded(event.item_id, event.summary_index);
        const open = this.openReasoning.get(event.item_id);
        if (open !== undefined && event.delta !== '') parts.push({ type: 'reasoning-delta', blockId: open.blockId, chunk: event.delta });
        return parts;
      }
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        return this.finish(event.type, event.response);
      case 'response.created':
        return [];
      case 'error':
        throw mapOpenAICompatibleOverflow(
          new APICallError({
            message: `OpenAI stream error${event.code ? ` (${event.code})` : ''}: ${event.message}`,
            url: this.url,
            responseBody: stringifyJson(event),
            isRetryable: false,
          }),
        );
    }
  }

  private meta(values: { [key: string]: JsonValue | undefined }): { [provider: string]: { [key: string]: JsonValue } } {
    const entries: { [key: string]: JsonValue } = {};
    for (const [name, value] of Object.entries(values)) if (value !== undefined) entries[name] = value;
    return { [this.key]: entries };
  }

  private itemAdded(item: AnyOutputItem): ModelStreamPart[] {
    switch (item.type) {
      case 'message':
        if (typeof item.id !== 'string') return [];
        this.openText.add(item.id);
        return [{ type: 'text-start', blockId: item.id, providerMetadata: this.meta({ itemId: item.id }) }];
      case 'function_call':
        if (!('call_id' in item)) return [];
        this.sawFunctionCall = true;
        this.openTools.set(item.id, { callId: item.call_id, name: item.name, args: item.arguments ?? '', hadDelta: false });
        return [{ type: 'tool-start', toolCallId: item.call_id, toolName: item.name }];
      case 'reasoning': {
        if (typeof item.id !== 'string') return [];
        const blockId = `${item.id}:0`;
        this.openReasoning.set(item.id, { summaryIndex: 0, blockId });
        return [{ type: 'reasoning-start', blockId, providerMetadata: this.meta({ itemId: item.id }) }];
      }
      default:
        return [];
    }
  }

  private summaryPartAdded(itemId: string, summaryIndex: number): ModelStreamPart[] {
    const open = this.openReasoning.get(itemId);
    if (open === undefined || summaryIndex <= open.summaryIndex) return [];
    const parts: ModelStreamPart[] = [{ type: 'reasoning-end', blockId: open.blockId, providerMetadata: this.meta({ itemId }) }];
    open.summaryIndex = summaryIndex;
    open.blockId = `${itemId}:${summaryIndex}`;
    parts.push({ type: 'reasoning-start', blockId: open.blockId, providerMetadata: this.meta({ itemId }) });
    return parts;
  }

  private textDelta(itemId: string, delta: string): ModelStreamPart[] {
    if (delta === '') return [];
    const parts: ModelStreamPart[] = [];
    if (!this.openText.has(itemId)) {
      this.openText.add(itemId);
      parts.push({ type: 'text-start', blockId: itemId, providerMetadata: this.meta({ itemId }) });
    }
    parts.push({ type: 'text-delta', blockId: itemId, chunk: delta });
    return parts;
  }

  private itemDone(item: AnyOutputItem): ModelStreamPart[] {
    switch (item.type) {
      case 'message':
        if (typeof item.id !== 'string' || !this.openText.delete(item.id)) return [];
        return [{ type: 'text-end', blockId: item.id, providerMetadata: this.meta({ itemId: item.id }) }];
      case 'function_call': {
        if (!('call_id' in item)) return [];
        const open = this.openTools.get(item.id);
        this.openTools.delete(item.id);
        const parts: ModelStreamPart[] = [];
        if (open === undefined) {
          this.sawFunctionCall = true;
          parts.push({ type: 'tool-start', toolCallId: item.call_id, toolName: item.name });
        }
        const toolArgs = open?.hadDelta ? open.args : (item.arguments ?? open?.args ?? '');
        parts.push({ type: 'tool-end', toolCallId: item.call_id, toolName: item.name, toolArgs, providerMetadata: this.meta({ itemId: item.id }) });
        return parts;
      }
      case 'reasoning': {
        if (typeof item.id !== 'string' || !('summary' in item)) return [];
        const open = this.openReasoning.get(item.id);
        if (open === undefined) return [];
        this.openReasoning.delete(item.id);
        return [
          {
            type: 'reasoning-end',
            blockId: open.blockId,
            providerMetadata: this.meta({ itemId: item.id, encryptedContent: item.encrypted_content ?? undefined }),
          },
        ];
      }
      case 'web_search_call': {
        const search = item as Extract<ResponsesOutputItem, { type: 'web_search_call' }>;
        const action = search.action ?? {};
        const status = search.status ?? 'completed';
        return [
          { type: 'builtin-tool-call', toolCallId: search.id, toolName: 'web_search', toolArgs: stringifyJson(action), providerMetadata: this.meta({ itemId: search.id }) },
          {
            type: 'builtin-tool-result',
            toolCallId: search.id,
            toolName: 'web_search',
            result: { status, action },
            isError: status === 'failed',
            providerMetadata: this.meta({ itemId: search.id }),
          },
        ];
      }
      default:
        return [];
    }
  }

  private finish(type: 'response.completed' | 'response.incomplete' | 'response.failed', response: ResponsesResponse): ModelStreamPart[] {
    const parts: ModelStreamPart[] = [];
    for (const [itemId, open] of this.openReasoning) parts.push({ type: 'reasoning-end', blockId: open.blockId, providerMetadata: this.meta({ itemId }) });
    for (const blockId of this.openText) parts.push({ type: 'text-end', blockId });
    for (const tool of this.openTools.values()) parts.push({ type: 'tool-end', toolCallId: tool.callId, toolName: tool.name, toolArgs: tool.args });
    this.openReasoning.clear();
    this.openText.clear();
    this.openTools.clear();
    this.finished = true;
    parts.push({
      type: 'finish',
      finishReason: this.finishReason(type, response),
      usage: toUsage(response),
      providerMetadata: this.meta({
        responseId: response.id,
        ...(response.error ? { error: response.error.message } : {}),
      }),
    });
    return parts;
  }

  private finishReason(type: string, response: ResponsesResponse): FinishReason {
    if (type === 'response.failed') return 'error';
    if (type === 'response.incomplete') {
      const reason = response.incomplete_details?.reason;
      if (reason === 'max_output_tokens') return 'length';
      if (reason === 'content_filter') return 'content-filter';
      return 'other';
    }
    if (this.sawFunctionCall) return 'tool-calls';
    if (this.sawRefusal) return 'content-filter';
    return 'stop';
  }
}

function toUsage(response: ResponsesResponse): Usage {
  const usage = response.usage;
  if (usage === undefined || usage === null) return { inputTokens: 0, outputTokens: 0 };
  const cached = usage.input_tokens_details?.cached_tokens;
  const reasoning = usage.output_tokens_details?.reasoning_tokens;
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    ...(cached === undefined || cached === null ? {} : { cachedInputTokens: cached }),
    ...(reasoning === undefined || reasoning === null ? {} : { reasoningTokens: reasoning }),
  };
}
