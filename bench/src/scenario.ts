/** One scripted tool call, identical for every contender. */
export interface CallSpec {
  readonly id: string;
  readonly name: string;
  /** Raw JSON arguments. */
  readonly args: string;
}

/**
 * What every contender's fake model plays: first a response with `calls` (skipped when empty),
 * then — once the tool results are in — a text response streamed as `deltas`.
 */
export interface Scenario {
  readonly calls: readonly CallSpec[];
  readonly deltas: readonly string[];
  /** `deltas` joined. */
  readonly text: string;
  /** The single tool every call goes to. */
  readonly tool: BenchTool;
}

/** The tool of a scenario: `run` is what each SDK's tool executes. */
export interface BenchTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the input; no SDK validates it (every SDK gets a plain JSON Schema, no zod). */
  readonly schema: Record<string, unknown>;
  run(input: unknown): string | Promise<string>;
}

/** A plain object JSON Schema `{ i: integer }`. */
export const INDEX_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: { i: { type: 'integer' } },
  required: ['i'],
  additionalProperties: false,
};

/** A tool that answers at once with a short string. */
export function echoTool(): BenchTool {
  return { name: 'echo', description: 'Returns ok.', schema: INDEX_SCHEMA, run: () => 'ok' };
}

/** The same tool as an `async` function (`async () => 'ok'`), as real tools are: the headline per-call path. */
export function asyncEchoTool(): BenchTool {
  return { name: 'echo', description: 'Returns ok.', schema: INDEX_SCHEMA, run: async () => 'ok' };
}

/** A tool that waits `ms` on a real timer, then answers. */
export function waitTool(ms: number): BenchTool {
  return {
    name: 'wait',
    description: `Waits ${ms} ms.`,
    schema: INDEX_SCHEMA,
    run: () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), ms)),
  };
}

/** `k` calls of `tool`, then a one-delta final answer. */
export function toolCallScenario(k: number, tool: BenchTool): Scenario {
  const calls = Array.from({ length: k }, (_, i) => ({ id: `call_${i}`, name: tool.name, args: `{"i":${i}}` }));
  return { calls, deltas: ['All done.'], text: 'All done.', tool };
}

/** A single text response of `n` deltas of 4 characters, no tool calls. */
export function streamingScenario(n: number): Scenario {
  const deltas = Array.from({ length: n }, (_, i) => String(i % 10000).padStart(4, '0'));
  return { calls: [], deltas, text: deltas.join(''), tool: echoTool() };
}

/**
 * Makes `make(scenario)` once per scenario: what a server defines once and shares between the agents
 * it builds per session (tools, the model client), so memory rows count what one session adds.
 */
export function perScenario<T>(make: (scenario: Scenario) => T): (scenario: Scenario) => T {
  const made = new WeakMap<Scenario, T>();
  return (scenario) => {
    let value = made.get(scenario);
    if (value === undefined) {
      value = make(scenario);
      made.set(scenario, value);
    }
    return value;
  };
}
