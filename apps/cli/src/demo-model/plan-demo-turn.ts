import type { FunctionToolDefinition, Message, ModelRequest } from '@tandem/core/spec';
import { keyValuePairs } from './key-value-pairs.js';
import { toolOccurrences } from './named-tools.js';
import { narrateResults } from './narrate-results.js';
import { toolInput } from './tool-input.js';

/**
 * One tool call the demo model makes.
 *
 * @example
 * ```ts
 * const call: DemoToolCall = { toolCallId: 'demo_call_1', toolName: 'weather', input: { city: 'Oslo' } };
 * ```
 *
 * @category Demo model
 */
export interface DemoToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: Record<string, unknown>;
}

/**
 * What the offline demo model does next, decided by {@link planDemoTurn}:
 * - `call-tools`: say `text`, then call `calls` — one response, so one concurrent tool group;
 * - `narrate`: the last message holds tool results; `text` reports them;
 * - `answer`: no tool was named; `text` explains how to name one.
 *
 * @example
 * ```ts
 * const plan: DemoPlan = planDemoTurn(request);
 * if (plan.kind === 'call-tools') console.log(plan.calls.map((call) => call.toolName));
 * ```
 *
 * @category Demo model
 */
export type DemoPlan =
  | { readonly kind: 'call-tools'; readonly reasoning: string; readonly text: string; readonly calls: readonly DemoToolCall[] }
  | { readonly kind: 'narrate'; readonly text: string }
  | { readonly kind: 'answer'; readonly text: string };

/**
 * The rules of the offline demo model, as a pure function of a model request (its tools and messages):
 *
 * - When the last message holds tool results, it narrates them (and calls nothing, so a run always ends).
 * - Otherwise it reads the last user message. A tool is named when its exact name appears as a whole
 *   word, not inside another tool's name; every named tool is called, all in one response (one
 *   concurrent group), in the order they are named.
 * - Each `key=value` word goes to the tool named most recently before it when that tool's input schema
 *   has the property, else to every named tool whose schema has it, converted to the property's type; other properties get their schema `default`, and required ones without a
 *   default get the empty value of their type.
 * - With no tool named, it answers with what it can do.
 *
 * @example
 * ```ts
 * const plan = planDemoTurn({ tools: [weather, flights], messages: [userMessage('weather city=Oslo and flights city=Oslo')] });
 * // { kind: 'call-tools', calls: [{ toolName: 'weather', input: { city: 'Oslo' } }, { toolName: 'flights', input: { city: 'Oslo' } }], … }
 * ```
 *
 * @category Demo model
 */
export function planDemoTurn(request: Pick<ModelRequest, 'messages' | 'tools'>): DemoPlan {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') return { kind: 'narrate', text: narrateResults(last) };
  const tools = request.tools.filter((tool): tool is FunctionToolDefinition => tool.kind === 'function');
  const prompt = lastUserText(request.messages);
  const pairs = keyValuePairs(prompt);
  const occurrences = toolOccurrences(
    prompt,
    tools.map((tool) => tool.name),
    pairs,
  );
  const names = [...new Set(occurrences.map((occurrence) => occurrence.name))];
  if (names.length === 0) return { kind: 'answer', text: explain(prompt, tools) };

  const byName = new Map(names.map((name) => [name, tools.find((candidate) => candidate.name === name) as FunctionToolDefinition]));
  const values = new Map(names.map((name) => [name, new Map<string, string>()]));
  for (const pair of pairs) {
    // The tool named most recently before the word takes it when it has the property; else every named tool that has it.
    const before = occurrences.filter((occurrence) => occurrence.end <= pair.start).at(-1)?.name;
    const targets = before !== undefined && hasProperty(byName.get(before), pair.key) ? [before] : names.filter((name) => hasProperty(byName.get(name), pair.key));
    for (const name of targets) values.get(name)?.set(pair.key, pair.value);
  }
  let next = countToolCalls(request.messages);
  const calls = names.map((toolName): DemoToolCall => {
    next += 1;
    const schema = (byName.get(toolName) as FunctionToolDefinition).inputSchema;
    return { toolCallId: `demo_call_${String(next)}`, toolName, input: toolInput(schema, values.get(toolName) ?? new Map()) };
  });
  const used = pairs.filter(({ key }) => calls.some((call) => key in call.input)).map(({ key, value }) => `${key}=${/[\s"]/.test(value) || value === '' ? JSON.stringify(value) : value}`);
  const reasoning =
    `Named ${names.length === 1 ? 'tool' : 'tools'}: ${names.join(', ')}.` +
    (used.length > 0 ? ` Arguments from the prompt: ${used.join(' ')}.` : ' No key=value arguments for them.');
  const text = names.length === 1 ? `Calling ${names[0] ?? ''}.` : `Calling ${list(names)} at the same time, as one tool group.`;
  return { kind: 'call-tools', reasoning, text, calls };
}

function hasProperty(tool: FunctionToolDefinition | undefined, key: string): boolean {
  const properties = tool?.inputSchema['properties'];
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, key);
}

function lastUserText(messages: readonly Message[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== 'user') continue;
    return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

function countToolCalls(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-call') count += 1;
  return count;
}

function explain(prompt: string, tools: readonly FunctionToolDefinition[]): string {
  const heard = prompt.trim() === '' ? '' : `You said: "${shorten(prompt.trim(), 120)}". `;
  const intro = "I am the offline demo model: I follow fixed rules and don't understand language. ";
  if (tools.length === 0) return `${heard}${intro}I call tools you name, but there are none here — add some with --tools <module> or --mcp.`;
  return (
    `${heard}${intro}Name a tool and I call it, with key=value words as its arguments — for example "${example(tools)}". ` +
    `Name several and they run together. Tools: ${tools.map((tool) => tool.name).join(', ')}.`
  );
}

/** `weather city=…`: the first tool with a property, and that property. */
function example(tools: readonly FunctionToolDefinition[]): string {
  for (const tool of tools) {
    const properties = tool.inputSchema['properties'];
    const first = typeof properties === 'object' && properties !== null ? Object.keys(properties)[0] : undefined;
    if (first !== undefined) return `${tool.name} ${first}=…`;
  }
  return tools[0]?.name ?? '';
}

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
