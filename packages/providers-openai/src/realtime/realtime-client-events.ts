import type { Message, ToolDefinition, ToolOutput } from '@tandem/core/spec';
import { emitProviderWarning, toDataUrl } from '@tandem/provider-utils';
import type { OpenAITurnDetection } from './openai-realtime-options.js';

/** A client event of the Realtime API (a JSON object with a `type`). */
export type RealtimeClientEvent = { readonly type: string; readonly [key: string]: unknown };

/** Options of the `session.update` the provider sends after connecting. */
export interface RealtimeSessionOptions {
  readonly modelId: string;
  readonly system?: string;
  readonly tools: readonly ToolDefinition[];
  readonly voice?: string;
  /** `null`: no input transcription. */
  readonly transcriptionModel?: string | null;
  /** `null`: no turn detection; `undefined`: the server's default (`server_vad`). */
  readonly turnDetection?: OpenAITurnDetection;
  readonly sampleRate: number;
}

/**
 * The `session.update` event: instructions, function tools, PCM16 audio in and out, turn detection and
 * input transcription.
 * @internal
 */
export function sessionUpdate(options: RealtimeSessionOptions): RealtimeClientEvent {
  const tools = realtimeTools(options.tools);
  const format = { type: 'audio/pcm', rate: options.sampleRate };
  const transcription = options.transcriptionModel === null ? null : { model: options.transcriptionModel ?? 'gpt-4o-mini-transcribe' };
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      model: options.modelId,
      ...(options.system === undefined ? {} : { instructions: options.system }),
      output_modalities: ['audio'],
      audio: {
        input: { format, turn_detection: turnDetection(options.turnDetection), transcription },
        output: { format, ...(options.voice === undefined ? {} : { voice: options.voice }) },
      },
      tools,
      tool_choice: 'auto',
    },
  };
}

/**
 * The `session.update` of a live change (a handoff, `bidiAgent.update()`): only the fields given — new
 * instructions, the full new tool list, the output voice.
 * @internal
 */
export function liveSessionUpdate(update: { readonly system?: string; readonly tools?: readonly ToolDefinition[]; readonly voice?: string }): RealtimeClientEvent {
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      ...(update.system === undefined ? {} : { instructions: update.system }),
      ...(update.tools === undefined ? {} : { tools: realtimeTools(update.tools), tool_choice: 'auto' }),
      ...(update.voice === undefined ? {} : { audio: { output: { voice: update.voice } } }),
    },
  };
}

/** A note for the model that is not a user turn: a `system` message item. @internal */
export function contextItem(text: string): RealtimeClientEvent {
  return { type: 'conversation.item.create', item: { type: 'message', role: 'system', content: [{ type: 'input_text', text }] } };
}

/** Function tools as the session takes them; provider tools are left out with a warning. */
function realtimeTools(definitions: readonly ToolDefinition[]): object[] {
  const tools = [];
  for (const tool of definitions) {
    if (tool.kind === 'function') tools.push({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema });
    else emitProviderWarning(`OpenAI Realtime: provider tool ${tool.id} is not supported on realtime sessions and was left out.`);
  }
  return tools;
}

/** The wire form of the `turn_detection` option (snake_case, unset fields left out). */
function turnDetection(option: OpenAITurnDetection | undefined): object | null {
  if (option === null) return null;
  if (option === undefined) return { type: 'server_vad' };
  const common = {
    ...(option.createResponse === undefined ? {} : { create_response: option.createResponse }),
    ...(option.interruptResponse === undefined ? {} : { interrupt_response: option.interruptResponse }),
  };
  if (option.type === 'semantic_vad') return { type: 'semantic_vad', ...(option.eagerness === undefined ? {} : { eagerness: option.eagerness }), ...common };
  return {
    type: 'server_vad',
    ...(option.threshold === undefined ? {} : { threshold: option.threshold }),
    ...(option.prefixPaddingMs === undefined ? {} : { prefix_padding_ms: option.prefixPaddingMs }),
    ...(option.silenceDurationMs === undefined ? {} : { silence_duration_ms: option.silenceDurationMs }),
    ...(option.idleTimeoutMs === undefined ? {} : { idle_timeout_ms: option.idleTimeoutMs }),
    ...common,
  };
}

/**
 * Replays a conversation as `conversation.item.create` events (text, images, function calls and their
 * outputs; audio files are left out — their transcripts are the text parts).
 * @internal
 */
export function historyItems(messages: readonly Message[]): RealtimeClientEvent[] {
  const events: RealtimeClientEvent[] = [];
  const item = (value: object): void => {
    events.push({ type: 'conversation.item.create', item: value });
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      const content = message.parts.flatMap((part): { type: string; text?: string; image_url?: string }[] => {
        if (part.type === 'text') return [{ type: 'input_text', text: part.text }];
        if (part.type === 'file' && part.mediaType.startsWith('image/') && part.data instanceof Uint8Array) {
          return [{ type: 'input_image', image_url: toDataUrl(part.mediaType, part.data) }];
        }
        return [];
      });
      if (content.length > 0) item({ type: 'message', role: 'user', content });
    } else if (message.role === 'assistant') {
      const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
      if (text !== '') item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
      for (const part of message.parts) {
        if (part.type === 'tool-call') item({ type: 'function_call', call_id: part.toolCallId, name: part.toolName, arguments: part.toolArgs });
      }
    } else {
      for (const part of message.parts) {
        if (part.type === 'tool-result') item({ type: 'function_call_output', call_id: part.toolCallId, output: outputText(part.modelInput) });
      }
    }
  }
  return events;
}

/**
 * The text of a tool output for `function_call_output` (realtime outputs are strings: content blocks
 * keep their text; files are named, not sent).
 * @internal
 */
export function outputText(output: ToolOutput): string {
  if (output.type === 'text') return output.value;
  if (output.type === 'json') return JSON.stringify(output.value);
  return output.value.map((block) => (block.type === 'text' ? block.text : `[${block.mediaType} file]`)).join('\n');
}
