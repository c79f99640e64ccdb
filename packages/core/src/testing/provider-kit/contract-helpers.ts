import assert from 'node:assert/strict';
import type { FunctionToolDefinition } from '../../spec/language-model/v1/tool-definition.js';
import type { LanguageModel } from '../../spec/language-model/v1/language-model-v1.js';
import type { ModelRequest } from '../../spec/language-model/v1/model-request.js';
import type { CollectedModelStream } from './collect-model-stream.js';
import type { ContractCase, ContractExpectation, ProviderContractOptions } from './provider-contract-options.js';
import { ProviderTestServer } from './provider-test-server.js';
import { recordingSleep, type RecordingSleep } from './recording-sleep.js';

/**
 * The function tools of every contract request. Fixtures call these: `weather` (`{ city }`) and
 * `current_time` (no arguments).
 *
 * @example
 * ```ts
 * expect(server.requests[0]?.body).toMatchObject({ tools: [{ name: 'weather' }, { name: 'current_time' }] });
 * ```
 *
 * @category Provider contract kit
 */
export const contractTools: readonly FunctionToolDefinition[] = [
  {
    kind: 'function',
    name: 'weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  },
  {
    kind: 'function',
    name: 'current_time',
    description: 'The current time.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
];

/**
 * The default API key of the contract suite; it must never appear in an error.
 *
 * @category Provider contract kit
 */
export const CONTRACT_API_KEY = 'sk-contract-SECRET-7f3a9c2e5b1d';

export function contractRequest(overrides?: Partial<ModelRequest>): ModelRequest {
  return {
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
    tools: contractTools,
    ...overrides,
  };
}

export interface ContractHarness {
  readonly server: ProviderTestServer;
  readonly sleep: RecordingSleep;
  readonly apiKey: string | undefined;
  model(fetchImpl?: typeof fetch): LanguageModel;
}

/** Starts a server, runs `body`, and always closes the server. */
export async function withHarness(
  options: ProviderContractOptions,
  body: (harness: ContractHarness) => Promise<void>,
): Promise<void> {
  const server = await ProviderTestServer.start();
  const sleep = recordingSleep();
  const apiKey = options.apiKey === null ? undefined : (options.apiKey ?? CONTRACT_API_KEY);
  try {
    await body({
      server,
      sleep,
      apiKey,
      model: (fetchImpl = fetch) =>
        options.createModel({
          baseURL: server.baseURL(options.basePath ?? '/v1'),
          fetch: fetchImpl,
          apiKey,
          sleep: sleep.sleep,
          maxRetries: 2,
        }),
    });
  } finally {
    await server.close();
  }
}

export function assertExpectation(result: CollectedModelStream, expected: ContractExpectation, label: string): void {
  if (expected.text !== undefined) assert.equal(result.text, expected.text, `${label}: text`);
  if (expected.reasoning !== undefined) assert.equal(result.reasoning, expected.reasoning, `${label}: reasoning`);
  if (expected.toolCalls !== undefined) {
    assert.deepEqual(
      result.toolCalls.map((c) => ({ toolName: c.toolName, input: c.input })),
      expected.toolCalls.map((c) => ({ toolName: c.toolName, input: c.input })),
      `${label}: tool calls`,
    );
    const ids = new Set(result.toolCalls.map((c) => c.toolCallId));
    assert.equal(ids.size, result.toolCalls.length, `${label}: tool call ids must be unique`);
    for (const id of ids) assert.ok(id.length > 0, `${label}: empty tool call id`);
  }
  assert.equal(result.finishReason, expected.finishReason, `${label}: finish reason`);
  if (expected.usage !== undefined) {
    for (const [key, value] of Object.entries(expected.usage)) {
      assert.equal(result.usage[key as keyof typeof result.usage], value, `${label}: usage.${key}`);
    }
  }
}

export function assertRequest(options: ProviderContractOptions, server: ProviderTestServer, index = 0): void {
  const request = server.requests[index];
  assert.ok(request !== undefined, `expected request #${index + 1} to reach the server`);
  assert.equal(request.method, options.expectedRequest.method ?? 'POST');
  const { path } = options.expectedRequest;
  if (typeof path === 'string') assert.equal(request.path, path);
  else assert.match(request.path, path);
}

/** Runs `fn` and returns what it threw; fails when it does not throw. */
export async function captureError(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  assert.fail('expected the call to throw, but it completed');
}

/** Fails when `secret` appears anywhere in the error: message, stack, JSON, own properties or causes. */
export function assertNoSecret(error: unknown, secret: string | undefined): void {
  if (secret === undefined) return;
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      assert.ok(!value.includes(secret), `the API key leaked into ${path}`);
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Error) {
      visit(value.message, `${path}.message`);
      visit(value.stack, `${path}.stack`);
      visit(String(value), `String(${path})`);
      visit(value.cause, `${path}.cause`);
    }
    for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`);
  };
  visit(error, 'error');
  let json = '';
  try {
    json = JSON.stringify(error) ?? '';
  } catch {
    json = '';
  }
  assert.ok(!json.includes(secret), 'the API key leaked into JSON.stringify(error)');
}

export function caseRequest(contractCase: ContractCase): ModelRequest {
  return contractRequest(contractCase.request);
}

type LogMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';

/**
 * Runs `fn` while recording everything written through `console.*` and `process.emitWarning`
 * (and still forwarding it), so a test can assert no secret was logged.
 */
export async function withLogCapture<T>(fn: () => Promise<T>): Promise<{ result: T; logs: string[] }> {
  const logs: string[] = [];
  const methods: LogMethod[] = ['log', 'info', 'warn', 'error', 'debug'];
  const originals = methods.map((method) => [method, console[method]] as const);
  const proc = globalThis.process;
  const originalEmitWarning = proc.emitWarning;
  const record = (args: readonly unknown[]): void => {
    logs.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack ?? ''}` : typeof arg === 'string' ? arg : safeJson(arg))).join(' '));
  };
  for (const [method, original] of originals) {
    console[method] = (...args: unknown[]) => {
      record(args);
      original.apply(console, args);
    };
  }
  proc.emitWarning = ((...args: unknown[]) => {
    record(args);
  }) as typeof proc.emitWarning;
  try {
    return { result: await fn(), logs };
  } finally {
    for (const [method, original] of originals) console[method] = original;
    proc.emitWarning = originalEmitWarning;
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
