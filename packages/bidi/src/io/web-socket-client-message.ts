import type { BidiInput } from '@tandem/core/spec';
import type { BidiInputEnd } from '../bidi-agent-input.js';
import { base64ToPcm16 } from '../pcm/pcm16-base64.js';

/** A playback report from the client: it has heard `ms` milliseconds of response `responseId`. @internal */
export interface PlayedMessage {
  readonly type: 'played';
  readonly responseId: string;
  readonly ms: number;
}

/** The client's answer to a `tool-approval-request`. @internal */
export type ApprovalMessage =
  | { readonly type: 'approve'; readonly toolCallId: string }
  | { readonly type: 'deny'; readonly toolCallId: string; readonly reason?: string };

/** Parses a client JSON message; returns an error text for anything it does not understand. @internal */
export function parseClientMessage(text: string): BidiInput | BidiInputEnd | PlayedMessage | ApprovalMessage | string {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return 'Send JSON text frames ({"type":"text","text":"…"}) or binary PCM16 audio frames.';
  }
  if (typeof message !== 'object' || message === null) return 'A message must be a JSON object with a "type".';
  const fields = message as { [key: string]: unknown };
  switch (fields.type) {
    case 'text':
      return typeof fields.text === 'string' ? { type: 'text', text: fields.text } : '"text" messages need a string "text".';
    case 'image':
      return typeof fields.mediaType === 'string' && typeof fields.data === 'string'
        ? { type: 'image', mediaType: fields.mediaType, data: base64ToPcm16(fields.data) }
        : '"image" messages need "mediaType" and base64 "data".';
    case 'audio':
      return typeof fields.data === 'string' && typeof fields.sampleRate === 'number' && fields.sampleRate > 0
        ? { type: 'audio', data: base64ToPcm16(fields.data), sampleRate: fields.sampleRate }
        : '"audio" messages need base64 "data" and a positive "sampleRate".';
    case 'played':
      return typeof fields.responseId === 'string' && typeof fields.ms === 'number' && Number.isFinite(fields.ms) && fields.ms >= 0
        ? { type: 'played', responseId: fields.responseId, ms: fields.ms }
        : '"played" messages need a string "responseId" and a non-negative number "ms".';
    case 'approve':
      return typeof fields.toolCallId === 'string' && fields.toolCallId !== ''
        ? { type: 'approve', toolCallId: fields.toolCallId }
        : '"approve" messages need the "toolCallId" of a tool-approval-request.';
    case 'deny':
      if (typeof fields.toolCallId !== 'string' || fields.toolCallId === '') return '"deny" messages need the "toolCallId" of a tool-approval-request.';
      if (fields.reason !== undefined && typeof fields.reason !== 'string') return 'The "reason" of a "deny" message must be a string.';
      return { type: 'deny', toolCallId: fields.toolCallId, ...(fields.reason === undefined ? {} : { reason: fields.reason }) };
    case 'end':
      return { type: 'end', reason: 'complete' };
    default:
      return `Unknown message type ${JSON.stringify(fields.type) ?? 'undefined'}; use text, image, audio, played, approve, deny or end.`;
  }
}
