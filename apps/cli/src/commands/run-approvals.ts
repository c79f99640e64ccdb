import { approvalResponse, type ApprovalRequest, type Message, type SessionStore } from '@tandem/core';
import { pendingApprovalRequests } from '@tandem/core/runtime';
import { CliError } from '../errors/cli-error.js';

/** The approval flags of `tandem run`. */
export interface RunApprovalFlags {
  /** `--approvals <wait|interrupt>`: `interrupt` pauses the run at a call that needs approval. */
  readonly approvals?: 'wait' | 'interrupt';
  /** `--approve <toolCallId>`, repeatable: resumes the paused run of `--session`, approving these calls. */
  readonly approve?: readonly string[];
  /** `--deny <toolCallId>`, repeatable: denies these calls. */
  readonly deny?: readonly string[];
  /** `--reason <text>`: why the `--deny` calls were denied (the model sees it). */
  readonly reason?: string;
  readonly session?: string;
  readonly continue?: boolean;
}

/** One call that waits for approval, as `--json` and `tandem sessions show` report it. */
export interface PendingApproval {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /** Set for a call of a nested run (a sub-agent): the outer call's id. */
  readonly parentToolCallId?: string;
}

/** Whether the command answers a paused run (`--approve` / `--deny`) instead of sending a prompt. */
export function answersApprovals(flags: RunApprovalFlags): boolean {
  return (flags.approve?.length ?? 0) + (flags.deny?.length ?? 0) > 0;
}

/**
 * Checks the approval flags before anything starts: `--approve`/`--deny` need a session (`--session <id>` or
 * `--continue`) and no prompt; `--reason` goes with `--deny`; a call is answered once.
 *
 * @throws CliError (`usage`) saying what to change.
 */
export function checkApprovalFlags(flags: RunApprovalFlags, hasPrompt: boolean): void {
  const approve = flags.approve ?? [];
  const deny = flags.deny ?? [];
  if (flags.reason !== undefined && deny.length === 0) throw new CliError('usage', '--reason goes with --deny <toolCallId> (the reason the model is told).');
  if (approve.length + deny.length === 0) return;
  if (flags.session === undefined && flags.continue !== true) {
    throw new CliError('usage', '--approve/--deny answer a paused run: name its session with --session <id> (tandem sessions show <id> lists what waits).');
  }
  if (hasPrompt) throw new CliError('usage', 'Give either a prompt or --approve/--deny (which resume the paused run), not both; send the prompt in a later run.');
  const seen = new Set<string>();
  for (const id of [...approve, ...deny]) {
    if (seen.has(id)) throw new CliError('usage', `Tool call "${id}" is answered twice; pass it once, to --approve or to --deny.`);
    seen.add(id);
  }
}

/** The calls a stored session waits on. */
export async function pendingApprovals(store: SessionStore, sessionId: string): Promise<PendingApproval[]> {
  return pendingApprovalRequests(await store.load(sessionId)).map(toPendingApproval);
}

/**
 * The input that resumes the paused run of `sessionId`: one approval response per answered call.
 *
 * @throws CliError (`usage`) for an id the session does not wait on, listing those it does.
 */
export async function resumeInput(flags: RunApprovalFlags, store: SessionStore, sessionId: string): Promise<Message[]> {
  const waiting = await pendingApprovals(store, sessionId);
  const known = new Set(waiting.map((call) => call.toolCallId));
  for (const id of [...(flags.approve ?? []), ...(flags.deny ?? [])]) {
    if (known.has(id)) continue;
    const list = waiting.length === 0 ? 'none waits for approval' : `waiting: ${waiting.map((call) => `${call.toolCallId} (${call.toolName})`).join(', ')}`;
    throw new CliError('usage', `Session ${sessionId} has no tool call "${id}" waiting for approval (${list}).`);
  }
  const reason = flags.reason === undefined || flags.reason.trim() === '' ? undefined : flags.reason;
  return [...(flags.approve ?? []).map((id) => approvalResponse(id, true)), ...(flags.deny ?? []).map((id) => approvalResponse(id, false, reason))];
}

/** `result.interruptions` as the `--json` result line carries them. */
export function interruptionsJson(interruptions: readonly ApprovalRequest[]): PendingApproval[] {
  return interruptions.map(toPendingApproval);
}

/** What `tandem run` says on stderr when the run paused: each waiting call and the commands that resume it. */
export function pausedNotice(interruptions: readonly ApprovalRequest[], sessionId: string | undefined): string {
  const calls = interruptions.map((call) => `${call.toolName} (${call.toolCallId})`).join(', ');
  if (sessionId === undefined) return `paused: ${calls} ${interruptions.length === 1 ? 'needs' : 'need'} approval, but this run has no session to resume from.`;
  const first = interruptions[0]?.toolCallId ?? '<toolCallId>';
  return `paused: ${calls} ${interruptions.length === 1 ? 'needs' : 'need'} approval. Resume with: tandem run --session ${sessionId} --approve ${first} (or --deny ${first} --reason "…"; tandem sessions show ${sessionId} lists what waits).`;
}

function toPendingApproval(request: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown; readonly parentToolCallId?: string }): PendingApproval {
  return {
    toolCallId: request.toolCallId,
    toolName: request.toolName,
    input: request.input,
    ...(request.parentToolCallId === undefined ? {} : { parentToolCallId: request.parentToolCallId }),
  };
}
