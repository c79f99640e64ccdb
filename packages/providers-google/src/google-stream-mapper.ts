import { fromBase64, stringifyJson } from '@tandem/provider-utils';
import { IncompleteResponseError, type JsonValue, type ModelStreamPart } from '@tandem/core/spec';
import type { GooglePart, GoogleStreamChunk, GoogleUsageMetadata } from './google-stream-chunk.js';
import { mapGoogleFinishReason } from './map-google-finish-reason.js';

type OpenBlock = { readonly kind: 'text' | 'reasoning'; readonly blockId: string; signature: string | undefined };

/**
 * Turns the chunks of one `streamGenerateContent` response (first candidate) into Tandem stream parts.
 * Stateful: one mapper per response. Gemini streams text and thoughts as deltas but function calls whole,
 * so each call becomes `tool-start`, one `tool-delta` and `tool-end`; calls without a wire `id` get one
 * from `generateId`. `end()` closes open blocks and emits `finish`, or throws `IncompleteResponseError`
 * when no chunk carried a `finishReason`.
 *
 * @example
 * ```ts
 * const mapper = new GoogleStreamMapper({ generateId: () => crypto.randomUUID() });
 * for (const chunk of chunks) for (const part of mapper.map(chunk)) handle(part);
 * for (const part of mapper.end()) handle(part);
 * ```
 */
export class GoogleStreamMapper {
  readonly #generateId: () => string;
  #open: OpenBlock | undefined;
  #nextBlock = 0;
  #hasToolCalls = false;
  #finishReason: string | undefined;
  #blockReason: string | undefined;
  #usage: GoogleUsageMetadata | undefined;
  #modelVersion: string | undefined;
  #responseId: string | undefined;
  #grounding: unknown;
  /** The id of the last `executableCode` part, so its result can name it. */
  #lastCodeId: string | undefined;

  constructor(options: { readonly generateId: () => string }) {
    this.#generateId = options.generateId;
  }

  /** Maps one chunk. */
  map(chunk: GoogleStreamChunk): ModelStreamPart[] {
    const out: ModelStreamPart[] = [];
    if (chunk.usageMetadata) this.#usage = chunk.usageMetadata;
    if (chunk.modelVersion) this.#modelVersion = chunk.modelVersion;
    if (chunk.responseId) this.#responseId = chunk.responseId;
    if (chunk.promptFeedback?.blockReason) this.#blockReason = chunk.promptFeedback.blockReason;
    const candidate = chunk.candidates?.[0];
    if (candidate === undefined) return out;
    for (const part of candidate.content?.parts ?? []) this.#part(part, out);
    if (candidate.groundingMetadata !== undefined) this.#grounding = candidate.groundingMetadata;
    if (candidate.finishReason) this.#finishReason = candidate.finishReason;
    return out;
  }

  /** Call when the byte stream ends: closes the open block and returns the `finish` part. */
  end(): ModelStreamPart[] {
    if (this.#finishReason === undefined && this.#blockReason === undefined) {
      throw new IncompleteResponseError({ provider: 'google' });
    }
    const out: ModelStreamPart[] = [];
    this.#close(out);
    const usage = this.#usage ?? {};
    const thoughts = usage.thoughtsTokenCount ?? undefined;
    const metadata: { [key: string]: JsonValue } = {};
    if (this.#finishReason !== undefined) metadata['finishReason'] = this.#finishReason;
    if (this.#blockReason !== undefined) metadata['blockReason'] = this.#blockReason;
    if (this.#modelVersion !== undefined) metadata['modelVersion'] = this.#modelVersion;
    if (this.#responseId !== undefined) metadata['responseId'] = this.#responseId;
    if (this.#grounding !== undefined) metadata['groundingMetadata'] = this.#grounding as JsonValue;
    out.push({
      type: 'finish',
      finishReason:
        this.#finishReason === undefined ? 'content-filter' : mapGoogleFinishReason(this.#finishReason, this.#hasToolCalls),
      usage: {
        inputTokens: (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0),
        outputTokens: (usage.candidatesTokenCount ?? 0) + (thoughts ?? 0),
        ...(usage.cachedContentTokenCount == null ? {} : { cachedInputTokens: usage.cachedContentTokenCount }),
        ...(thoughts === undefined ? {} : { reasoningTokens: thoughts }),
      },
      providerMetadata: { google: metadata },
    });
    return out;
  }

  #part(part: GooglePart, out: ModelStreamPart[]): void {
    const signature = part.thoughtSignature ?? undefined;
    if (part.functionCall) {
      this.#close(out);
      const wireId = part.functionCall.id ?? undefined;
      const toolCallId = wireId ?? this.#generateId();
      const toolName = part.functionCall.name;
      const toolArgs = stringifyJson(part.functionCall.args ?? {});
      const metadata: { [key: string]: JsonValue } = {};
      if (wireId !== undefined) metadata['functionCallId'] = wireId;
      if (signature !== undefined) metadata['thoughtSignature'] = signature;
      this.#hasToolCalls = true;
      out.push(
        { type: 'tool-start', toolCallId, toolName },
        { type: 'tool-delta', toolCallId, chunk: toolArgs },
        { type: 'tool-end', toolCallId, toolName, toolArgs, providerMetadata: { google: metadata } },
      );
      return;
    }
    if (part.inlineData) {
      this.#close(out);
      out.push({ type: 'file', mediaType: part.inlineData.mimeType, data: fromBase64(part.inlineData.data) });
      return;
    }
    if (part.executableCode) {
      this.#close(out);
      const toolCallId = this.#generateId();
      this.#lastCodeId = toolCallId;
      out.push({
        type: 'builtin-tool-call',
        toolCallId,
        toolName: 'code_execution',
        toolArgs: stringifyJson(part.executableCode),
        providerMetadata: { google: signature === undefined ? {} : { thoughtSignature: signature } },
      });
      return;
    }
    if (part.codeExecutionResult) {
      this.#close(out);
      const outcome = part.codeExecutionResult.outcome ?? 'OUTCOME_OK';
      out.push({
        type: 'builtin-tool-result',
        toolCallId: this.#lastCodeId ?? this.#generateId(),
        toolName: 'code_execution',
        result: part.codeExecutionResult,
        isError: outcome !== 'OUTCOME_OK',
        providerMetadata: { google: {} },
      });
      return;
    }
    if (part.text === null || part.text === undefined) {
      // A bare signature (or an unknown part type): attach the signature to the open block.
      if (signature !== undefined) this.#ensureOpen('text', out).signature = signature;
      return;
    }
    const kind = part.thought ? 'reasoning' : 'text';
    if (part.text === '' && signature !== undefined && this.#open !== undefined) {
      // Gemini may close a block with an empty part that only carries the signature.
      this.#open.signature = signature;
      return;
    }
    const block = this.#ensureOpen(kind, out);
    if (part.text !== '') out.push({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', blockId: block.blockId, chunk: part.text });
    if (signature !== undefined) block.signature = signature;
  }

  #ensureOpen(kind: 'text' | 'reasoning', out: ModelStreamPart[]): OpenBlock {
    if (this.#open?.kind === kind) return this.#open;
    this.#close(out);
    const block: OpenBlock = { kind, blockId: String(this.#nextBlock++), signature: undefined };
    this.#open = block;
    out.push({ type: kind === 'text' ? 'text-start' : 'reasoning-start', blockId: block.blockId });
    return block;
  }

  #close(out: ModelStreamPart[]): void {
    const block = this.#open;
    if (block === undefined) return;
    this.#open = undefined;
    const type = block.kind === 'text' ? 'text-end' : 'reasoning-end';
    // Always tag the block as Gemini's, so history conversion can tell its reasoning from other vendors'.
    out.push({
      type,
      blockId: block.blockId,
      providerMetadata: { google: block.signature === undefined ? {} : { thoughtSignature: block.signature } },
    });
  }
}
