import type { Message as AGUIMessage, ResumeEntry, Tool as AGUITool } from '@ag-ui/core';
import type { FunctionTool, Message, Part } from '@tandem/core';

/**
 * AG-UI messages as core messages. Tool messages become results (an `error` field makes an error result);
 * each `resume` entry answers the interrupt of the call with that id: `resolved` approves it unless its
 * payload says `approved: false`, `cancelled` denies it (`payload.reason` is the reason). @internal
 */
export function fromAGUIMessages(messages: readonly AGUIMessage[], resume: readonly ResumeEntry[] = []): Message[] {
  const out: Message[] = [];
  const toolNames = new Map<string, string>();
  const answered = new Set(resume.map((entry) => entry.interruptId));
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        out.push({ id: message.id, role: 'user', parts: contentParts(message.content) });
        break;
      case 'system':
      case 'developer':
        out.push({ id: message.id, role: 'system', parts: [{ type: 'text', text: message.content }] });
        break;
      case 'assistant': {
        const parts: Part[] = [];
        if (typeof message.content === 'string' && message.content !== '') parts.push({ type: 'text', text: message.content });
        for (const call of message.toolCalls ?? []) {
          toolNames.set(call.id, call.function.name);
          const input = parse(call.function.arguments);
          parts.push({ type: 'tool-call', toolCallId: call.id, toolName: call.function.name, toolArgs: call.function.arguments, ...(input === undefined ? {} : { input }) });
          if (answered.has(call.id)) parts.push({ type: 'tool-approval-request', toolCallId: call.id, toolName: call.function.name, input: input ?? {} });
        }
        if (parts.length > 0) out.push({ id: message.id, role: 'assistant', parts });
        break;
      }
      case 'tool': {
        const text = typeof message.content === 'string' ? message.content : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
        const failed = typeof message.error === 'string' && message.error !== '';
        const value = failed ? (message.error as string) : text;
        const part: Part = { type: 'tool-result', toolCallId: message.toolCallId, toolName: toolNames.get(message.toolCallId) ?? 'unknown', status: failed ? 'error' : 'success', result: value, modelInput: { type: 'text', value } };
        const last = out.at(-1);
        if (last?.role === 'tool') out[out.length - 1] = { ...last, parts: [...last.parts, part] };
        else out.push({ role: 'tool', parts: [part] });
        break;
      }
      default:
        break;
    }
  }
  if (resume.length > 0) {
    out.push({
      role: 'tool',
      parts: resume.map((entry) => {
        const payload = (typeof entry.payload === 'object' && entry.payload !== null ? entry.payload : {}) as { approved?: unknown; reason?: unknown };
        const approved = entry.status === 'resolved' && payload.approved !== false;
        return { type: 'tool-approval-response', toolCallId: entry.interruptId, approved, ...(typeof payload.reason === 'string' ? { reason: payload.reason } : {}) };
      }),
    });
  }
  return out;
}

/** The client's frontend tools as schema-only tools: the model may call them, the client runs them. @internal */
export function frontendTools(tools: readonly AGUITool[]): FunctionTool[] {
  return tools.map((tool) => ({
    kind: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: (tool.parameters as FunctionTool['inputSchema'] | undefined) ?? { type: 'object', properties: {} },
  }));
}

function contentParts(content: AGUIMessage['content']): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const parts: Part[] = [];
  for (const part of content as readonly { type: string; text?: string }[]) if (part.type === 'text' && typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
  return parts;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
