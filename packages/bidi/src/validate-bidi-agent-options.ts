import { assertKnownOptions, validateGuardrails } from '@tandem/core/runtime';
import type { BidiAgentOptions } from './bidi-agent-options.js';

const BIDI_AGENT_OPTION_KEYS = Object.keys({
  model: true,
  name: true,
  description: true,
  voice: true,
  handoffs: true,
  tools: true,
  system: true,
  messages: true,
  context: true,
  approve: true,
  session: true,
  telemetry: true,
  clock: true,
  invocationState: true,
  toolExecution: true,
  hooks: true,
  approvals: true,
  lateResultNote: true,
  guardrails: true,
  guardrailIntervalChars: true,
  queue: true,
  reconnect: true,
  responseWaitMs: true,
  cancelGraceMs: true,
  stopGraceMs: true,
} satisfies Record<keyof BidiAgentOptions, true>);

/** Names other realtime SDKs use for a BidiAgent option. */
const BIDI_AGENT_OPTION_ALIASES: Readonly<Record<string, string>> = {
  instructions: 'system',
  systemPrompt: 'system',
  prompt: 'system',
  history: 'messages',
  onApproval: 'approve',
  maxReconnects: 'reconnect',
  outputGuardrails: 'guardrails',
};

/** Checks the options of `new BidiAgent()` that a conversation would otherwise trip over later. @internal */
export function validateOptions(options: BidiAgentOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError("new BidiAgent(options): pass an options object such as { model: openai.realtime('gpt-realtime'), tools: [myTool] }.");
  }
  assertKnownOptions('new BidiAgent()', options, BIDI_AGENT_OPTION_KEYS, BIDI_AGENT_OPTION_ALIASES);
  if (options.approve !== undefined && typeof options.approve !== 'function') {
    throw new TypeError('BidiAgent: approve must be a function (request) => boolean | { approved: false, reason } (or a promise of one).');
  }
  const context = options.context;
  if (context !== undefined && (typeof context !== 'object' || context === null || typeof context.prepare !== 'function')) {
    throw new TypeError('BidiAgent: context must be a context manager ({ prepare(messages, info) }), e.g. slidingWindow({ maxMessages: 40 }).');
  }
  validateGuardrails('BidiAgent', options.guardrails, ['output']);
  const interval = options.guardrailIntervalChars;
  if (interval !== undefined && !(Number.isInteger(interval) && interval >= 1)) {
    throw new TypeError(`BidiAgent: guardrailIntervalChars must be a positive integer, got ${String(interval)}.`);
  }
  const session = options.session;
  if (session !== undefined && (typeof session.id !== 'string' || session.id === '' || typeof session.store?.load !== 'function')) {
    throw new TypeError('BidiAgent: session must be { store, id } with a SessionStore and a non-empty string id.');
  }
}
