// A loopback OpenAI-compatible model for the CLI's tests: the Responses API streaming events (POST
// /v1/responses, stream: true) as the vendor's API reference "Streaming events" documents them — event
// names, fields and order — served by ProviderTestServer, which records every request the CLI sends.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SseEvent, SseResponse } from '@tandem/core/testing';

let responses = 0;

function response(id: string, status: 'in_progress' | 'completed', output: readonly unknown[]): Record<string, unknown> {
  return {
    id,
    object: 'response',
    created_at: 1764400000,
    status,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: 'gpt-4.1-2025-04-14',
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage:
      status === 'completed'
        ? { input_tokens: 20, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 25 }
        : null,
    user: null,
    metadata: {},
  };
}

function sse(items: readonly Record<string, unknown>[]): SseResponse {
  const events: SseEvent[] = items.map((item, sequence) => ({ event: item['type'] as string, data: JSON.stringify({ ...item, sequence_number: sequence }) }));
  return { type: 'sse', events };
}

/** A streamed answer of plain text. */
export function textAnswer(text: string): SseResponse {
  const id = `resp_cli${String(++responses)}`;
  const itemId = `msg_cli${String(responses)}`;
  const part = { type: 'output_text', annotations: [], text };
  const done = { id: itemId, type: 'message', status: 'completed', content: [part], role: 'assistant' };
  return sse([
    { type: 'response.created', response: response(id, 'in_progress', []) },
    { type: 'response.in_progress', response: response(id, 'in_progress', []) },
    { type: 'response.output_item.added', output_index: 0, item: { id: itemId, type: 'message', status: 'in_progress', content: [], role: 'assistant' } },
    { type: 'response.content_part.added', item_id: itemId, output_index: 0, content_index: 0, part: { ...part, text: '' } },
    { type: 'response.output_text.delta', item_id: itemId, output_index: 0, content_index: 0, delta: text, logprobs: [] },
    { type: 'response.output_text.done', item_id: itemId, output_index: 0, content_index: 0, text, logprobs: [] },
    { type: 'response.content_part.done', item_id: itemId, output_index: 0, content_index: 0, part },
    { type: 'response.output_item.done', output_index: 0, item: done },
    { type: 'response.completed', response: response(id, 'completed', [done]) },
  ]);
}

/** A streamed answer that calls one function. */
export function functionCall(callId: string, name: string, args: Record<string, unknown>): SseResponse {
  const id = `resp_cli${String(++responses)}`;
  const itemId = `fc_cli${String(responses)}`;
  const argumentsText = JSON.stringify(args);
  const done = { id: itemId, type: 'function_call', status: 'completed', arguments: argumentsText, call_id: callId, name };
  return sse([
    { type: 'response.created', response: response(id, 'in_progress', []) },
    { type: 'response.in_progress', response: response(id, 'in_progress', []) },
    { type: 'response.output_item.added', output_index: 0, item: { ...done, status: 'in_progress', arguments: '' } },
    { type: 'response.function_call_arguments.delta', item_id: itemId, output_index: 0, delta: argumentsText },
    { type: 'response.function_call_arguments.done', item_id: itemId, output_index: 0, arguments: argumentsText },
    { type: 'response.output_item.done', output_index: 0, item: done },
    { type: 'response.completed', response: response(id, 'completed', [done]) },
  ]);
}

/** One item of a Responses API request's `input`, as the CLI sent it. */
export interface InputItem {
  readonly type?: string;
  readonly role?: string;
  readonly content?: unknown;
  readonly call_id?: string;
  readonly name?: string;
  readonly output?: unknown;
}

/** The `input` items of a captured request. */
export function inputOf(request: { readonly body: unknown } | undefined): InputItem[] {
  return ((request?.body as { input?: InputItem[] } | undefined)?.input ?? []) as InputItem[];
}

/** The text of an input item (a message's text content, or a function call output). */
export function itemText(item: InputItem): string {
  if (typeof item.output === 'string') return item.output;
  if (typeof item.content === 'string') return item.content;
  if (Array.isArray(item.content)) return item.content.map((part: { text?: string }) => part.text ?? '').join('');
  return '';
}

/** A folder with a tandem.config.json whose model is the loopback server's (`local:test-model`). */
export function localModelProject(parent: string, baseURL: string, name = 'project'): string {
  const folder = mkdtempSync(join(parent, `${name}-`));
  writeFileSync(
    join(folder, 'tandem.config.json'),
    JSON.stringify({
      model: 'local:test-model',
      providers: [{ package: '@tandem/providers-openai', name: 'local', options: { baseURL, apiKey: 'sk-loopback', maxRetries: 0 } }],
    }),
  );
  return folder;
}
