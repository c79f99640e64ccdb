import type { BidiModelEvent, BidiResponseStopReason, BidiToolCall } from '@tandem/core/spec';
import { fromBase64 } from '@tandem/provider-utils';
import type { NovaOutputEvent } from './nova-sonic-output-event.js';

interface ContentInfo {
  readonly type: 'TEXT' | 'AUDIO' | 'TOOL';
  readonly role: string | undefined;
  /** `generationStage` of a TEXT block: `SPECULATIVE` (planned speech) or `FINAL` (what was said). */
  readonly stage: string | undefined;
  /** Open when the user barged in: its remaining output is dropped. */
  interrupted: boolean;
}

interface ResponseState {
  readonly id: string;
  interrupted: boolean;
  spokeText: boolean;
  hadCalls: boolean;
}

/**
 * Turns Nova Sonic output events into bidi model events. A response starts with the first assistant
 * output of a turn (SPECULATIVE text, audio or a tool use) and ends at the END_TURN of its FINAL text, at
 * `completionEnd`, at a barge-in (`stopReason: INTERRUPTED`, or the `{ "interrupted" : true }` text), or
 * when its tool calls are handed over (`tool-use`). Only FINAL assistant text becomes transcript; USER
 * text is the user's transcript. The `toolUse` events of back-to-back TOOL blocks form one group, emitted
 * at the next non-tool event or by {@link flushQuietGroup} once the stream goes quiet.
 * @internal
 */
export class NovaSonicEventMapper {
  /** Ids of the tool calls this connection's model made (results for others are carried over as text). */
  readonly knownCalls = new Set<string>();
  private completionId: string | undefined;
  private readonly contents = new Map<string, ContentInfo>();
  private response: ResponseState | undefined;
  private lastResponseId: string | undefined;
  private bargedIn: string | undefined;
  private responseCount = 0;
  private pendingCalls: BidiToolCall[] = [];
  private groupEnded = false;
  /** USER blocks open: the user's speech is being transcribed. */
  private readonly userBlocks = new Set<string>();

  constructor(private readonly outputRate: number) {}

  /** No response in progress, no calls being collected, and the user is not speaking. */
  get idle(): boolean {
    return this.response === undefined && this.pendingCalls.length === 0 && this.userBlocks.size === 0;
  }

  /** A TOOL block ended with `TOOL_USE` and its calls wait for the group boundary. */
  get groupReady(): boolean {
    return this.groupEnded && this.pendingCalls.length > 0;
  }

  map(event: NovaOutputEvent): BidiModelEvent[] {
    switch (event.name) {
      case 'completionStart':
        this.completionId = event.body.completionId;
        return [];
      case 'contentStart':
        return this.contentStart(event.body);
      case 'textOutput':
        return this.textOutput(event.body.contentId, event.body.content, event.body.role);
      case 'audioOutput': {
        if (this.contents.get(event.body.contentId)?.interrupted === true) return [];
        const out = this.ensureResponse();
        if (this.response?.interrupted === true) return out;
        out.push({ type: 'audio', responseId: this.response!.id, data: fromBase64(event.body.content), sampleRate: this.outputRate });
        return out;
      }
      case 'toolUse': {
        const out = this.ensureResponse();
        this.pendingCalls.push({ toolCallId: event.body.toolUseId, toolName: event.body.toolName, toolArgs: event.body.content ?? '' });
        this.knownCalls.add(event.body.toolUseId);
        this.response!.hadCalls = true;
        this.groupEnded = false;
        return out;
      }
      case 'contentEnd':
        return this.contentEnd(event.body.contentId, event.body.type, event.body.stopReason);
      case 'completionEnd': {
        const out = [...this.flushGroup(), ...this.endResponse(event.body.stopReason === 'INTERRUPTED' ? 'interrupted' : 'complete')];
        this.completionId = undefined;
        return out;
      }
      case 'usageEvent': {
        const delta = event.body.details?.delta;
        const inputTokens = (delta?.input?.speechTokens ?? 0) + (delta?.input?.textTokens ?? 0);
        const outputTokens = (delta?.output?.speechTokens ?? 0) + (delta?.output?.textTokens ?? 0);
        if (inputTokens === 0 && outputTokens === 0) return [];
        return [{ type: 'usage', usage: { inputTokens, outputTokens }, ...(this.response === undefined ? {} : { responseId: this.response.id }) }];
      }
    }
  }

  /**
   * The stream went quiet after a TOOL block (or, with `streamEnded`, ended): hand over the collected calls,
   * ending the response with `tool-use`, so every call the model made runs and gets its one result.
   */
  flushQuietGroup(streamEnded = false): BidiModelEvent[] {
    if (this.pendingCalls.length === 0 || (!streamEnded && !this.groupEnded)) return [];
    return [...this.flushGroup(), ...this.endResponse('tool-use')];
  }

  private contentStart(body: Extract<NovaOutputEvent, { name: 'contentStart' }>['body']): BidiModelEvent[] {
    const stage = generationStage(body.additionalModelFields);
    this.contents.set(body.contentId, { type: body.type, role: body.role, stage, interrupted: false });
    if (body.role === 'USER') this.userBlocks.add(body.contentId);
    const out: BidiModelEvent[] = [];
    if (body.type !== 'TOOL' && this.pendingCalls.length > 0) out.push(...this.flushGroup(), ...this.endResponse('tool-use'));
    if (body.type === 'TOOL' || (body.role === 'ASSISTANT' && (body.type === 'AUDIO' || stage === 'SPECULATIVE'))) out.push(...this.ensureResponse());
    return out;
  }

  private textOutput(contentId: string, content: string, fallbackRole: string | undefined): BidiModelEvent[] {
    const info = this.contents.get(contentId);
    if (isInterruptedNotice(content)) return this.interrupt();
    const role = info?.role ?? fallbackRole;
    if (role === 'USER') return content === '' ? [] : [{ type: 'transcript', role: 'user', delta: content, final: true }];
    if (role !== 'ASSISTANT' || info?.stage === 'SPECULATIVE' || info?.interrupted === true || content === '') return [];
    if (this.response === undefined && this.lastResponseId !== undefined) {
      // What was actually said of a response that already ended (a barge-in cut it off).
      return [{ type: 'transcript', role: 'assistant', delta: content, final: true, responseId: this.lastResponseId }];
    }
    const out = this.ensureResponse();
    const response = this.response!;
    out.push({ type: 'transcript', role: 'assistant', delta: response.spokeText ? ` ${content}` : content, final: false, responseId: response.id });
    response.spokeText = true;
    return out;
  }

  private contentEnd(contentId: string, type: string | undefined, stopReason: string | undefined): BidiModelEvent[] {
    const info = this.contents.get(contentId);
    this.contents.delete(contentId);
    this.userBlocks.delete(contentId);
    if (stopReason === 'INTERRUPTED') return this.interrupt();
    if ((type ?? info?.type) === 'TOOL') {
      if (this.pendingCalls.length > 0) this.groupEnded = true;
      return [];
    }
    const finalAssistantText = info?.role === 'ASSISTANT' && info.type === 'TEXT' && info.stage !== 'SPECULATIVE';
    if (stopReason === 'END_TURN' && finalAssistantText) return [...this.flushGroup(), ...this.endResponse('complete')];
    return [];
  }

  /** The user barged in: hand over collected calls (they keep running), report it once, end the response. */
  private interrupt(): BidiModelEvent[] {
    const out = this.flushGroup();
    for (const info of this.contents.values()) if (info.role === 'ASSISTANT') info.interrupted = true;
    const response = this.response;
    if (response !== undefined) {
      response.interrupted = true;
      this.bargedIn = response.id;
      out.push({ type: 'barge-in', responseId: response.id }, ...this.endResponse('interrupted'));
    } else if (this.bargedIn !== (this.lastResponseId ?? '')) {
      // No response is active (Bedrock may already have ended it while the client still plays its audio).
      this.bargedIn = this.lastResponseId ?? '';
      out.push({ type: 'barge-in', ...(this.lastResponseId === undefined ? {} : { responseId: this.lastResponseId }) });
    }
    return out;
  }

  private flushGroup(): BidiModelEvent[] {
    if (this.pendingCalls.length === 0) return [];
    const calls = this.pendingCalls;
    this.pendingCalls = [];
    this.groupEnded = false;
    return [{ type: 'tool-group', calls }];
  }

  private ensureResponse(): BidiModelEvent[] {
    if (this.response !== undefined) return [];
    const id = `${this.completionId ?? 'nova-sonic'}:${String(++this.responseCount)}`;
    this.response = { id, interrupted: false, spokeText: false, hadCalls: false };
    this.lastResponseId = id;
    return [{ type: 'response-start', responseId: id }];
  }

  private endResponse(reason: BidiResponseStopReason): BidiModelEvent[] {
    const response = this.response;
    if (response === undefined) return [];
    this.response = undefined;
    const out: BidiModelEvent[] = [];
    if (response.spokeText) out.push({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId: response.id });
    const stopReason = reason === 'complete' && response.hadCalls ? 'tool-use' : reason;
    out.push({ type: 'response-end', responseId: response.id, stopReason });
    return out;
  }
}

function generationStage(additionalModelFields: string | undefined): string | undefined {
  if (additionalModelFields === undefined) return undefined;
  try {
    const fields = JSON.parse(additionalModelFields) as unknown;
    if (typeof fields === 'object' && fields !== null && 'generationStage' in fields && typeof fields.generationStage === 'string') {
      return fields.generationStage;
    }
  } catch {
    // Not JSON: no stage.
  }
  return undefined;
}

/** Nova Sonic's barge-in notice inside a text block: `{ "interrupted" : true }`. */
function isInterruptedNotice(content: string): boolean {
  const text = content.trim();
  if (!text.startsWith('{') || !text.includes('interrupted')) return false;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && 'interrupted' in value && value.interrupted === true;
  } catch {
    return false;
  }
}
