import type { BidiModelEvent } from '@tandem/core/spec';
import { fromBase64 } from '@tandem/provider-utils';
import type { LiveServerMessage } from './live-server-message.js';

type ServerContent = NonNullable<LiveServerMessage['serverContent']>;
type Usage = NonNullable<LiveServerMessage['usageMetadata']>;

interface Response {
  readonly id: string;
  interrupted: boolean;
  hadCalls: boolean;
  spoke: boolean;
}

/** What a {@link LiveTurnMapper} needs. @internal */
export interface LiveTurnMapperOptions {
  /** A new response id (Gemini does not number its turns). */
  readonly responseId: () => string;
  /** An id for a function call that arrived without one. */
  readonly callId: () => string;
  /** Output sample rate when an audio part does not state it. */
  readonly outputRate: number;
}

/**
 * Turns Gemini Live server messages into Tandem bidi events. Gemini has no response ids and no response
 * start, so one model turn (its audio, output transcript and tool calls, up to `turnComplete`) becomes one
 * response with a generated id. `interrupted` is a barge-in; the interrupted turn ends at the
 * `turnComplete` that follows (or when the next turn's audio starts). Transcripts have no end marker
 * except `finished`; the user's utterance is closed when the model starts answering, and the model's at
 * the end of its turn. @internal
 */
export class LiveTurnMapper {
  private response: Response | undefined;
  private lastResponseId: string | undefined;
  private userSpeaking = false;

  constructor(private readonly options: LiveTurnMapperOptions) {}

  /** The events of one validated server message, in protocol order. */
  map(message: LiveServerMessage): BidiModelEvent[] {
    const out: BidiModelEvent[] = [];
    const content = message.serverContent;
    if (content !== undefined) this.content(content, out);
    if (message.toolCall !== undefined) {
      const group = message.toolCall.functionCalls.map((call) => ({
        toolCallId: call.id !== undefined && call.id !== '' ? call.id : this.options.callId(),
        toolName: call.name,
        toolArgs: JSON.stringify(call.args ?? {}),
      }));
      if (group.length > 0) {
        this.endUserTurn(out);
        if (this.response !== undefined) this.response.hadCalls = true;
        out.push({ type: 'tool-group', calls: group });
      }
    }
    if (message.usageMetadata !== undefined) out.push(this.usage(message.usageMetadata));
    if (content?.turnComplete === true) this.endResponse(out);
    return out;
  }

  private content(content: ServerContent, out: BidiModelEvent[]): void {
    const heard = content.inputTranscription;
    if (heard?.text !== undefined && heard.text !== '') {
      this.userSpeaking = true;
      out.push({ type: 'transcript', role: 'user', delta: heard.text, final: false });
    }
    if (heard?.finished === true) this.endUserTurn(out);
    if (content.interrupted === true) {
      const response = this.response;
      if (response !== undefined) response.interrupted = true;
      out.push({ type: 'barge-in', ...(response === undefined ? {} : { responseId: response.id }) });
      // What the model said so far is final: the user's words that interrupted it come after it.
      if (response?.spoke === true) {
        response.spoke = false;
        out.push({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId: response.id });
      }
    }
    for (const part of content.modelTurn?.parts ?? []) {
      const data = part.inlineData;
      if (data === undefined || !(data.mimeType ?? 'audio/pcm').startsWith('audio/')) continue; // text parts are thoughts here
      const response = this.startResponse(out, false);
      out.push({ type: 'audio', responseId: response.id, data: fromBase64(data.data), sampleRate: sampleRate(data.mimeType) ?? this.options.outputRate });
    }
    const said = content.outputTranscription;
    if (said?.text !== undefined && said.text !== '') {
      const response = this.startResponse(out, true);
      response.spoke = true;
      out.push({ type: 'transcript', role: 'assistant', delta: said.text, final: false, responseId: response.id });
    }
    if (said?.finished === true && this.response?.spoke === true) {
      this.response.spoke = false;
      out.push({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId: this.response.id });
    }
  }

  /** The response audio or a transcript belongs to; a new one when none is open (or, for audio, the open one was interrupted). */
  private startResponse(out: BidiModelEvent[], forTranscript: boolean): Response {
    const current = this.response;
    if (current !== undefined && (forTranscript || !current.interrupted)) return current;
    if (current !== undefined) this.endResponse(out);
    this.endUserTurn(out);
    const response: Response = { id: this.options.responseId(), interrupted: false, hadCalls: false, spoke: false };
    this.response = response;
    this.lastResponseId = response.id;
    out.push({ type: 'response-start', responseId: response.id });
    return response;
  }

  private endResponse(out: BidiModelEvent[]): void {
    this.endUserTurn(out);
    const response = this.response;
    if (response === undefined) return;
    this.response = undefined;
    if (response.spoke) out.push({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId: response.id });
    const stopReason = response.interrupted ? 'interrupted' : response.hadCalls ? 'tool-use' : 'complete';
    out.push({ type: 'response-end', responseId: response.id, stopReason });
  }

  private endUserTurn(out: BidiModelEvent[]): void {
    if (!this.userSpeaking) return;
    this.userSpeaking = false;
    out.push({ type: 'transcript', role: 'user', delta: '', final: true });
  }

  private usage(usage: Usage): BidiModelEvent {
    const thoughts = usage.thoughtsTokenCount;
    const responseId = this.response?.id ?? this.lastResponseId;
    return {
      type: 'usage',
      ...(responseId === undefined ? {} : { responseId }),
      usage: {
        inputTokens: (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0),
        outputTokens: (usage.responseTokenCount ?? 0) + (thoughts ?? 0),
        ...(usage.cachedContentTokenCount === undefined ? {} : { cachedInputTokens: usage.cachedContentTokenCount }),
        ...(thoughts === undefined ? {} : { reasoningTokens: thoughts }),
      },
    };
  }
}

/** The `rate` parameter of an `audio/pcm;rate=24000` media type. */
function sampleRate(mimeType: string | undefined): number | undefined {
  const match = /(?:^|;)\s*rate=(\d+)/.exec(mimeType ?? '');
  const rate = match?.[1] === undefined ? undefined : Number(match[1]);
  return rate !== undefined && rate > 0 ? rate : undefined;
}
