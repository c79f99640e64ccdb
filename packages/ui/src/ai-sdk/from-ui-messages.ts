import { toToolOutput, type AssistantPart, type Message, type Part, type ToolPart } from '@tandem/core';
import { deniedText } from '@tandem/core/runtime';
import { InvalidUIMessagesError } from './invalid-ui-messages-error.js';
import { readToolPart, type ToolPartView } from './read-tool-part.js';
import type { UIMessageLike } from './ui-message.js';

/**
 * Turns the messages `useChat` sends into core messages for `agent.run()`. An assistant UI message holds a
 * whole run, so it becomes one assistant message per model step (split at `step-start`), each followed by a
 * tool message with the step's results:
 * - a finished tool part (`output-available`, `output-error`, `output-denied`) becomes its call and its result —
 *   this is how a **client-side tool**'s output (`addToolOutput`) reaches the model;
 * - a part answered with `addToolApprovalResponse` (`approval-responded`) becomes its call, a
 *   `tool-approval-request` part, and a `tool-approval-response` part in a tool message after the step's
 *   results — so a run resumes the call (runs it, or records the denial);
 * - an unanswered approval (`approval-requested`) keeps its call and request, still pending;
 * - provider-executed tools become builtin call and result parts; `source-*`, `data-*` and streaming
 *   leftovers (`input-streaming`, preliminary outputs) are skipped.
 *
 * @throws InvalidUIMessagesError when the value is not a list of UI messages (answer it with 400).
 *
 * @example
 * ```ts
 * const { messages } = (await request.json()) as { messages: UIMessage[] };
 * const run = agent.run(model, fromUIMessages(messages), { signal: request.signal });
 * ```
 *
 * @category AI SDK UI
 */
export function fromUIMessages(uiMessages: readonly UIMessageLike[]): Message[] {
  if (!Array.isArray(uiMessages)) throw new InvalidUIMessagesError('messages', 'expected an array of UI messages');
  const out: Message[] = [];
  uiMessages.forEach((message: unknown, index) => convert(message, `messages[${index}]`, out));
  return out;
}

function convert(value: unknown, path: string, out: Message[]): void {
  if (!isRecord(value)) throw new InvalidUIMessagesError(path, 'expected a UI message object');
  const { role, parts } = value;
  if (!Array.isArray(parts)) throw new InvalidUIMessagesError(`${path}.parts`, 'expected an array');
  const id = typeof value['id'] === 'string' ? value['id'] : undefined;
  if (role === 'assistant') return assistant(parts, path, id, out);
  if (role !== 'user' && role !== 'system') throw new InvalidUIMessagesError(`${path}.role`, `expected 'user', 'assistant' or 'system', got ${JSON.stringify(role)}`);
  const converted: Part[] = [];
  parts.forEach((part: unknown, index) => {
    const partPath = `${path}.parts[${index}]`;
    if (!isRecord(part) || typeof part['type'] !== 'string') throw new InvalidUIMessagesError(partPath, 'expected a part with a string type');
    if (part['type'] === 'text') converted.push({ type: 'text', text: text(part, partPath) });
    else if (part['type'] === 'file' && role === 'user') converted.push(file(part, partPath));
  });
  out.push({ ...(id === undefined ? {} : { id }), role, parts: converted });
}

function assistant(parts: readonly unknown[], path: string, id: string | undefined, out: Message[]): void {
  let step: AssistantPart[] = [];
  let results: ToolPart[] = [];
  let responses: ToolPart[] = [];
  let count = 0;
  const flush = (): void => {
    if (step.length > 0) {
      out.push({ ...(id === undefined ? {} : { id: count === 0 ? id : `${id}-${count}` }), role: 'assistant', parts: step });
      count += 1;
      if (results.length > 0) out.push({ role: 'tool', parts: results });
      if (responses.length > 0) out.push({ role: 'tool', parts: responses });
    }
    step = [];
    results = [];
    responses = [];
  };
  parts.forEach((part: unknown, index) => {
    const partPath = `${path}.parts[${index}]`;
    if (!isRecord(part) || typeof part['type'] !== 'string') throw new InvalidUIMessagesError(partPath, 'expected a part with a string type');
    const type = part['type'];
    if (type === 'step-start') return flush();
    if (type === 'text') step.push({ type: 'text', text: text(part, partPath) });
    else if (type === 'reasoning') step.push({ type: 'reasoning', text: text(part, partPath) });
    else if (type === 'file') step.push(file(part, partPath));
    else if (type === 'dynamic-tool' || type.startsWith('tool-')) tool(readToolPart(part, partPath), step, results, responses);
  });
  flush();
}

function tool(view: ToolPartView | undefined, step: AssistantPart[], results: ToolPart[], responses: ToolPart[]): void {
  if (view === undefined) return;
  const { toolCallId, toolName, input } = view;
  const toolArgs = JSON.stringify(input ?? {});
  if (view.providerExecuted) {
    step.push({ type: 'builtin-tool-call', toolCallId, toolName, toolArgs });
    if (view.state === 'output-available' || view.state === 'output-error') {
      step.push({ type: 'builtin-tool-result', toolCallId, toolName, result: view.state === 'output-available' ? view.output : view.errorText, isError: view.state === 'output-error' });
    }
    return;
  }
  step.push({ type: 'tool-call', toolCallId, toolName, toolArgs, input: input ?? {} });
  switch (view.state) {
    case 'output-available':
      results.push({ type: 'tool-result', toolCallId, toolName, status: 'success', result: view.output, modelInput: toToolOutput(view.output) });
      return;
    case 'output-error':
      results.push({ type: 'tool-result', toolCallId, toolName, status: 'error', result: view.errorText, modelInput: { type: 'text', value: view.errorText } });
      return;
    case 'output-denied': {
      const denial = deniedText(view.approval?.reason);
      results.push({ type: 'tool-result', toolCallId, toolName, status: 'error', result: denial, modelInput: { type: 'text', value: denial } });
      return;
    }
    case 'approval-requested':
      step.push({ type: 'tool-approval-request', toolCallId, toolName, input: input ?? {} });
      return;
    case 'approval-responded': {
      step.push({ type: 'tool-approval-request', toolCallId, toolName, input: input ?? {} });
      const approved = view.approval?.approved === true;
      const reason = view.approval?.reason;
      responses.push({ type: 'tool-approval-response', toolCallId, approved, ...(reason === undefined ? {} : { reason }) });
      return;
    }
    default:
      return;
  }
}

function text(part: Record<string, unknown>, path: string): string {
  const value = part['text'];
  if (typeof value !== 'string') throw new InvalidUIMessagesError(`${path}.text`, 'expected a string');
  return value;
}

function file(part: Record<string, unknown>, path: string): Part & { type: 'file' } {
  const { url, mediaType, filename } = part;
  if (typeof url !== 'string' || typeof mediaType !== 'string') throw new InvalidUIMessagesError(path, 'a file part needs a string url and mediaType');
  let data: URL;
  try {
    data = new URL(url);
  } catch {
    throw new InvalidUIMessagesError(`${path}.url`, 'expected an absolute URL or a data: URL');
  }
  return { type: 'file', mediaType, data, ...(typeof filename === 'string' ? { filename } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
