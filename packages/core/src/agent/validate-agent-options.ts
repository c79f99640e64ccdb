import type { AgentOptions } from './agent-types.js';

/** Checks the settings of `new Agent()` that cannot wait for a run. @internal */
export function validateAgentOptions(options: AgentOptions): void {
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
  if (options.approvals !== undefined && options.approvals !== 'wait' && options.approvals !== 'interrupt') {
    throw new TypeError(`Agent: approvals must be 'wait' or 'interrupt', got ${String(options.approvals)}.`);
  }
  const approvalTimeoutMs = options.approvalTimeoutMs;
  if (approvalTimeoutMs !== undefined && !(typeof approvalTimeoutMs === 'number' && approvalTimeoutMs > 0 && Number.isFinite(approvalTimeoutMs))) {
    throw new TypeError(`Agent: approvalTimeoutMs must be a positive number of milliseconds, got ${String(approvalTimeoutMs)}.`);
  }
  const session = options.session;
  if (session !== undefined && (typeof session.id !== 'string' || session.id === '' || typeof session.store?.load !== 'function')) {
    throw new TypeError('Agent: session must be { store, id } with a SessionStore and a non-empty string id.');
  }
}
