import type { AgentOptions } from './agent-types.js';
import { assertKnownOptions } from '../util/assert-known-options.js';
import { validateGuardrails } from '../guardrails/validate-guardrails.js';
import { assertDuration } from '../util/assert-duration.js';

// Every key of AgentOptions: a new option that is not added here fails the typecheck.
const AGENT_OPTION_KEYS = Object.keys({
  name: true,
  tools: true,
  system: true,
  stopWhen: true,
  maxSteps: true,
  toolExecution: true,
  hooks: true,
  toolChoice: true,
  maxOutputTokens: true,
  temperature: true,
  topP: true,
  stopSequences: true,
  seed: true,
  providerOptions: true,
  approve: true,
  approvals: true,
  approvalTimeoutMs: true,
  session: true,
  telemetry: true,
  context: true,
  guardrails: true,
  description: true,
  model: true,
  handoffs: true,
  maxHandoffs: true,
  cancelGraceMs: true,
  clock: true,
} satisfies Record<keyof AgentOptions, true>);

/** Names other agent libraries use for an Agent option. */
const AGENT_OPTION_ALIASES: Readonly<Record<string, string>> = {
  instructions: 'system',
  systemPrompt: 'system',
  prompt: 'system',
  maxTurns: 'maxSteps',
  maxIterations: 'maxSteps',
  maxTokens: 'maxOutputTokens',
  stop: 'stopSequences',
  tool_choice: 'toolChoice',
  onApproval: 'approve',
  inputGuardrails: 'guardrails',
  outputGuardrails: 'guardrails',
};

/** Checks the settings of `new Agent()` that cannot wait for a run. @internal */
export function validateAgentOptions(options: AgentOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('new Agent(options): pass an options object such as { tools: [myTool], system: \'Be brief.\' }.');
  }
  assertKnownOptions('new Agent()', options, AGENT_OPTION_KEYS, AGENT_OPTION_ALIASES);
  const maxSteps = options.maxSteps ?? 20;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new TypeError(`Agent: maxSteps must be a positive integer, got ${String(maxSteps)}.`);
  }
  const start = options.toolExecution?.start;
  if (start !== undefined && start !== 'after-response' && start !== 'eager') {
    throw new TypeError(`Agent: toolExecution.start must be 'after-response' or 'eager', got ${String(start)}.`);
  }
  const concurrency = options.toolExecution?.concurrency;
  if (concurrency !== undefined && concurrency !== 'sequential' && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new TypeError(`Agent: toolExecution.concurrency must be a positive integer or 'sequential', got ${String(concurrency)}.`);
  }
  if (options.approve !== undefined && typeof options.approve !== 'function') {
    throw new TypeError('Agent: approve must be a function (request) => boolean | { approved: false, reason } (or a promise of one).');
  }
  const context = options.context;
  if (context !== undefined && (typeof context !== 'object' || context === null || typeof context.prepare !== 'function')) {
    throw new TypeError('Agent: context must be a context manager ({ prepare(messages, info) }), e.g. slidingWindow({ maxTokens: 100_000 }).');
  }
  if (options.approvals !== undefined && options.approvals !== 'wait' && options.approvals !== 'interrupt') {
    throw new TypeError(`Agent: approvals must be 'wait' or 'interrupt', got ${String(options.approvals)}.`);
  }
  assertDuration('Agent: approvalTimeoutMs', options.approvalTimeoutMs);
  validateGuardrails('Agent', options.guardrails);
  const maxHandoffs = options.maxHandoffs ?? 10;
  if (!Number.isInteger(maxHandoffs) || maxHandoffs < 0) {
    throw new TypeError(`Agent: maxHandoffs must be a non-negative integer, got ${String(maxHandoffs)}.`);
  }
  if (options.handoffs !== undefined && !Array.isArray(options.handoffs)) {
    throw new TypeError('Agent: handoffs must be an array of agents (or handoff(agent, { … }) values).');
  }
  assertDuration('Agent: cancelGraceMs', options.cancelGraceMs, true);
  const clock = options.clock;
  if (clock !== undefined && (typeof clock !== 'object' || clock === null || typeof clock.setTimeout !== 'function' || typeof clock.clearTimeout !== 'function')) {
    throw new TypeError('Agent: clock must be a Clock ({ now(), setTimeout(fn, ms), clearTimeout(handle) }), e.g. systemClock from @tandem/core.');
  }
  const session = options.session;
  if (session !== undefined && (typeof session.id !== 'string' || session.id === '' || typeof session.store?.load !== 'function')) {
    throw new TypeError('Agent: session must be { store, id } with a SessionStore and a non-empty string id.');
  }
}
