/**
 * The messages the server sends the page (JSON text frames; binary frames are PCM16 audio of the
 * response of the last `response-start`). `hello` and `audio-metrics` are the app's own; the rest are
 * `webSocketIO`'s: `audio-format`, `clear`, its `error` replies, and every `BidiAgent` event.
 */
export type ServerMessage = (
  | {
      readonly type: 'hello';
      readonly model: { readonly id: string; readonly label: string; readonly offlineDemo: boolean };
      readonly inputSampleRate: number;
      readonly outputSampleRate: number;
      readonly tools: readonly { readonly name: string; readonly description: string }[];
      readonly limits: { readonly maxFrameBytes: number; readonly maxMessagesPerSecond: number };
    }
  | { readonly type: 'audio-format'; readonly encoding: 'pcm16le'; readonly sampleRate: number; readonly channels: 1 }
  | { readonly type: 'audio-metrics'; readonly responseId: string; readonly metrics: { readonly speechEndToFirstAudioMs?: number; readonly toolResultToFirstAudioMs?: number } }
  | { readonly type: 'clear' }
  | { readonly type: 'connection-start'; readonly generation: number }
  | { readonly type: 'connection-restart'; readonly reason: string; readonly generation: number }
  | { readonly type: 'response-start'; readonly responseId: string }
  | { readonly type: 'response-complete'; readonly responseId: string; readonly stopReason: string }
  | { readonly type: 'transcript'; readonly role: 'user' | 'assistant'; readonly delta: string; readonly final: boolean }
  | { readonly type: 'barge-in'; readonly responseId?: string }
  | { readonly type: 'tool-start'; readonly groupId: string; readonly toolCallId: string; readonly toolName: string }
  | { readonly type: 'tool-end'; readonly groupId: string; readonly toolCall: { readonly toolCallId: string; readonly toolName: string; readonly toolArgs: string; readonly input?: unknown } }
  | { readonly type: 'partial-tool-call-result'; readonly groupId: string; readonly toolCallId: string; readonly toolName: string; readonly value: unknown; readonly seq: number }
  | { readonly type: 'tool-retry'; readonly groupId: string; readonly toolCallId: string; readonly attempt: number; readonly delayMs: number }
  | { readonly type: 'tool-approval-request'; readonly groupId: string; readonly toolCallId: string; readonly toolName: string; readonly input: unknown }
  | { readonly type: 'tool-approval-response'; readonly toolCallId: string; readonly approved: boolean; readonly reason?: string; readonly by: 'spoken'; readonly transcript: string }
  | { readonly type: 'tool-call-result'; readonly groupId: string; readonly results: readonly WireToolResult[]; readonly metrics: { readonly durationMs: number } }
  | { readonly type: 'tool-group-complete'; readonly groupId: string; readonly results: readonly WireToolResult[]; readonly metrics: { readonly durationMs: number } }
  | { readonly type: 'error'; readonly code?: string; readonly message?: string; readonly error?: { readonly name?: string; readonly message?: string }; readonly fatal?: boolean }
  | { readonly type: 'audio-dropped'; readonly droppedChunks: number; readonly droppedMs: number }
  | { readonly type: 'connection-close'; readonly reason: string }
  | { readonly type: 'usage' }
) & {
  /** Set on events of an agent nested in a tool: the outer call's id. */
  readonly parentToolCallId?: string;
};

/** A tool result as JSON. */
export interface WireToolResult {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly status: 'success' | 'error' | 'cancelled' | (string & {});
  readonly result: unknown;
  readonly modelInput?: { readonly type: string; readonly value: unknown };
}

/** The messages the page sends (besides binary PCM16 microphone frames). */
export type ClientMessage =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'played'; readonly responseId: string; readonly ms: number }
  | { readonly type: 'approve'; readonly toolCallId: string }
  | { readonly type: 'deny'; readonly toolCallId: string; readonly reason?: string }
  | { readonly type: 'end' };

/** Parses a server text frame; `undefined` for anything that is not a JSON object with a string `type`. */
export function parseServerMessage(text: string): ServerMessage | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') return value as ServerMessage;
  } catch {
    // not JSON
  }
  return undefined;
}
