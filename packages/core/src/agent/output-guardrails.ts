import type { Message } from '../spec/message/v1/message.js';
import { checkGuardrails } from '../guardrails/guardrail-set.js';
import type { GuardrailTrip } from '../guardrails/guardrail.js';
import type { StopReason } from './agent-types.js';
import type { RunProgress } from './run-context.js';
import { reportGuardrail } from './report-guardrail.js';

/** How the output check ended: the answer passed (or none was checked), or it tripped. @internal */
export type OutputVerdict =
  | { readonly type: 'passed' }
  /** The run was cancelled while the checks ran: the answer is kept unchecked and the cancel wins. */
  | { readonly type: 'cancelled' }
  | { readonly type: 'tripped'; readonly guardrail: GuardrailTrip; readonly message: Message | undefined };

/**
 * Checks the run's final answer (the held last assistant message) with the agent's output guardrails,
 * then stores and announces it — or its replacement (`replaceWith`), or nothing (withheld). A cancelled
 * run's answer is stored unchecked. @internal
 */
export async function checkOutput(progress: RunProgress, stopReason: StopReason, text: string, output: unknown, step: number): Promise<OutputVerdict> {
  const { config, recorder } = progress;
  const guardrails = config.options.guardrails?.output ?? [];
  const answer = recorder.heldAnswer;
  if (guardrails.length === 0 || answer === undefined || stopReason === 'cancelled' || config.state.cancelled) {
    await recorder.release();
    return { type: 'passed' };
  }
  const tripped = await checkGuardrails({
    guardrails,
    ctx: { stage: 'output', text, messages: [answer], history: config.state.messages, final: true, ...(output === undefined ? {} : { output }) },
    signal: config.state.abort.signal,
    report: (check) => reportGuardrail(progress, check, step),
  });
  if (tripped === undefined) {
    await recorder.release();
    return config.state.cancelled ? { type: 'cancelled' } : { type: 'passed' };
  }
  const replacement: Message | null =
    tripped.replaceWith === undefined ? null : { ...answer, parts: [{ type: 'text', text: tripped.replaceWith }] };
  await recorder.release(replacement);
  return { type: 'tripped', guardrail: { name: tripped.name, stage: 'output', reason: tripped.reason }, message: replacement ?? undefined };
}
