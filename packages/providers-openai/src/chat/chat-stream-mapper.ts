import { APICallError, type FinishReason, type ModelStreamPart, type Usage } from '@tandem/core/spec';
import { mapOpenAICompatibleOverflow, stringifyJson } from '@tandem/provider-utils';
import type { ChatAnnotation, ChatStreamData } from './chat-chunk.js';

interface OpenTool {
  readonly id: string;
  readonly name: string;
  args: string;
}

/**
 * Turns Chat Completions chunks into {@link ModelStreamPart}s. Tool calls are tracked by their `index`;
 * the stream is complete only at the `[DONE]` sentinel (after the usage chunk), where open blocks and tool
 * calls are closed and `finish` is emitted. `url_citation` annotations (web search) become one
 * `builtin-tool-call`/`builtin-tool-result` pair named after `builtinToolName`.
 */
export class ChatStreamMapper {
  finished = false;
  private readonly url: string;
  private readonly builtinToolName: string;
  private textOpen = false;
  private reasoningOpen = false;
  private readonly tools = new Map<number, OpenTool>();
  private finishReason: string | undefined;
  private sawRefusal = false;
  private usage: Usage = { inputTokens: 0, outputTokens: 0 };
  private readonly sources: { url: string; title?: string }[] = [];
  private responseId: string | undefined;

  constructor(options: { url: string; builtinToolName: string }) {
    this.url = options.url;
    this.builtinToolName = options.builtinToolName;
  }

  map(data: ChatStreamData): ModelStreamPart[] {
    if ('error' in data) {
      throw mapOpenAICompatibleOverflow(
        new APICallError({
          message: `Stream error: ${data.error.message}`,
          url: this.url,
          responseBody: stringifyJson(data),
          isRetryable: false,
        }),
      );
    }
    this.responseId ??= data.id ?? undefined;
    if (data.usage) this.usage = toUsage(data.usage);
    const parts: ModelStreamPart[] = [];
    for (const choice of data.choices) {
      const delta = choice.delta;
      if (delta) {
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (reasoning) {
          if (!this.reasoningOpen) parts.push({ type: 'reasoning-start', blockId: 'reasoning-0' });
          this.reasoningOpen = true;
          parts.push({ type: 'reasoning-delta', blockId: 'reasoning-0', chunk: reasoning });
        }
        const text = delta.content ?? delta.refusal;
        if (text) {
          this.closeReasoning(parts);
          if (!this.textOpen) parts.push({ type: 'text-start', blockId: 'text-0' });
          this.textOpen = true;
          parts.push({ type: 'text-delta', blockId: 'text-0', chunk: text });
          if (delta.refusal) this.sawRefusal = true;
        }
        for (const call of delta.tool_calls ?? []) this.toolDelta(call.index, call.id, call.function?.name, call.function?.arguments, parts);
        for (const annotation of delta.annotations ?? []) this.annotation(annotation);
      }
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return parts;
  }

  /** Handles the `[DONE]` sentinel: closes everything and emits `finish`. */
  done(): ModelStreamPart[] {
    const parts: ModelStreamPart[] = [];
    this.closeReasoning(parts);
    if (this.textOpen) parts.push({ type: 'text-end', blockId: 'text-0' });
    this.textOpen = false;
    for (const tool of [...this.tools.entries()].sort(([a], [b]) => a - b).map(([, t]) => t)) {
      parts.push({ type: 'tool-end', toolCallId: tool.id, toolName: tool.name, toolArgs: tool.args });
    }
    if (this.sources.length > 0) {
      const toolCallId = `${this.builtinToolName}-${this.responseId ?? '0'}`;
      parts.push({ type: 'builtin-tool-call', toolCallId, toolName: this.builtinToolName, toolArgs: '{}' });
      parts.push({ type: 'builtin-tool-result', toolCallId, toolName: this.builtinToolName, result: { sources: this.sources } });
    }
    this.finished = true;
    const reason = this.sawRefusal && (this.finishReason === undefined || this.finishReason === 'stop') ? 'content_filter' : this.finishReason;
    parts.push({ type: 'finish', finishReason: mapFinishReason(reason, this.tools.size > 0), usage: this.usage });
    return parts;
  }

  private closeReasoning(parts: ModelStreamPart[]): void {
    if (this.reasoningOpen) parts.push({ type: 'reasoning-end', blockId: 'reasoning-0' });
    this.reasoningOpen = false;
  }

  private toolDelta(index: number, id: string | null | undefined, name: string | null | undefined, args: string | null | undefined, parts: ModelStreamPart[]): void {
    let tool = this.tools.get(index);
    if (tool === undefined) {
      const toolCallId = id ?? `call_${index}`;
      tool = { id: toolCallId, name: name ?? '', args: '' };
      this.tools.set(index, tool);
      parts.push({ type: 'tool-start', toolCallId, toolName: tool.name });
    }
    if (args) {
      tool.args += args;
      parts.push({ type: 'tool-delta', toolCallId: tool.id, chunk: args });
    }
  }

  private annotation(annotation: ChatAnnotation): void {
    const citation = annotation.url_citation;
    if (annotation.type !== 'url_citation' || !citation) return;
    if (this.sources.some((s) => s.url === citation.url)) return;
    this.sources.push({ url: citation.url, ...(citation.title ? { title: citation.title } : {}) });
  }
}

function mapFinishReason(reason: string | undefined, hadTools: boolean): FinishReason {
  switch (reason) {
    case 'stop':
      return hadTools ? 'tool-calls' : 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    default:
      return hadTools ? 'tool-calls' : 'other';
  }
}

function toUsage(usage: NonNullable<Extract<ChatStreamData, { choices: unknown }>['usage']>): Usage {
  const cached = usage.prompt_tokens_details?.cached_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: usage.prompt_tokens ?? 0,
    outputTokens: usage.completion_tokens ?? 0,
    ...(cached ? { cachedInputTokens: cached } : {}),
    ...(reasoning ? { reasoningTokens: reasoning } : {}),
  };
}
