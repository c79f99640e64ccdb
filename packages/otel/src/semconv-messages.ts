import { bytesToBase64 } from '@tandem/core/runtime';
import type { FinishReason, Message, Part, ToolDefinition } from '@tandem/core';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

function modality(mediaType: string): string {
  const top = mediaType.split('/')[0] ?? '';
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'document';
}

/** Makes any value JSON-safe: bytes as base64, URLs as their href, functions and symbols dropped. */
export function toJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return bytesToBase64(value);
  if (value instanceof URL) return value.href;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') out[key] = toJson(item);
    return out;
  }
  return null;
}

/** One Tandem part as a part of the GenAI conventions' message schema. */
function part(p: Part): Json {
  switch (p.type) {
    case 'text':
      return { type: 'text', content: p.text };
    case 'reasoning':
      return { type: 'reasoning', content: p.text };
    case 'file':
      return p.data instanceof URL
        ? { type: 'uri', mime_type: p.mediaType, modality: modality(p.mediaType), uri: p.data.href }
        : { type: 'blob', mime_type: p.mediaType, modality: modality(p.mediaType), content: toJson(p.data) };
    case 'tool-call':
      return { type: 'tool_call', id: p.toolCallId, name: p.toolName, arguments: p.input === undefined ? p.toolArgs : toJson(p.input) };
    case 'builtin-tool-call':
      return { type: 'tool_call', id: p.toolCallId, name: p.toolName, arguments: p.toolArgs };
    case 'tool-result':
      return { type: 'tool_call_response', id: p.toolCallId, response: toJson(p.result) };
    case 'builtin-tool-result':
      return { type: 'tool_call_response', id: p.toolCallId, response: toJson(p.result) };
    case 'tool-approval-request':
      return { type: 'tool_approval_request', id: p.toolCallId, name: p.toolName, arguments: toJson(p.input) };
    case 'tool-approval-response':
      return { type: 'tool_approval_response', id: p.toolCallId, approved: p.approved };
    case 'compaction':
      return { type: 'compaction', content: p.summary, replaces_through_message_id: p.replacesThroughMessageId };
  }
}

/** `gen_ai.input.messages`: the messages sent to the model, as JSON text. */
export function inputMessages(messages: readonly Message[]): string {
  return JSON.stringify(messages.map((message) => ({ role: message.role, parts: message.parts.map(part) })));
}

const FINISH_REASONS: { readonly [reason in FinishReason]: string } = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_call',
  'content-filter': 'content_filter',
  error: 'error',
  other: 'other',
};

/** A Tandem finish reason as the conventions spell it (`tool-calls` → `tool_call`). */
export function finishReason(reason: FinishReason | string): string {
  return (FINISH_REASONS as { readonly [reason: string]: string })[reason] ?? reason;
}

/** `gen_ai.output.messages`: what the model answered, as JSON text. */
export function outputMessages(message: Message, reason: string): string {
  return JSON.stringify([{ role: message.role, parts: message.parts.map(part), finish_reason: reason }]);
}

/** `gen_ai.system_instructions`: the system prompt, as JSON text. */
export function systemInstructions(system: string): string {
  return JSON.stringify([{ type: 'text', content: system }]);
}

/** `gen_ai.tool.definitions`: the tools offered to the model, as JSON text. */
export function toolDefinitions(tools: readonly ToolDefinition[]): string {
  return JSON.stringify(
    tools.map((tool) =>
      tool.kind === 'function'
        ? { type: 'function', name: tool.name, description: tool.description, parameters: toJson(tool.inputSchema) }
        : { type: tool.id, name: tool.name, arguments: toJson(tool.args) },
    ),
  );
}

/** A tool result value for `gen_ai.tool.call.result`: strings as they are, anything else as JSON text. */
export function resultText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(toJson(value));
}
