import { userMessage, type AgentResult, type Message } from '@tandem/core';
import { entryAgent } from '../agents/config-agents.js';
import { CliError } from '../errors/cli-error.js';
import { describeError } from '../errors/describe-error.js';
import { ExitCode } from '../errors/exit-code.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { toJsonValue } from '../output/to-json-value.js';
import { prepare } from '../prepare.js';
import { openCommandSession, type CommandSession } from '../sessions/open-command-session.js';
import { RunPanel } from '../ui/run-panel.js';
import { ApprovalPrompter } from './approval-prompter.js';
import { onInterrupt } from './interrupts.js';
import { readStdin } from './read-stdin.js';
import { answersApprovals, checkApprovalFlags, interruptionsJson, pausedNotice, resumeInput, type RunApprovalFlags } from './run-approvals.js';

/** Options of `tandem run`. */
export interface RunCommandOptions extends GlobalOptions, RunApprovalFlags {
  /** `-p, --prompt <text>` */
  readonly prompt?: string;
  /** `--json`: the run as NDJSON. */
  readonly json?: boolean;
}

/**
 * `tandem run "<prompt>"`: runs one prompt (from the argument, `-p`, or stdin when it is not a TTY) and
 * prints the answer; with `--json`, every event as one JSON line and a final `{ "type": "result" }` line
 * (with the `sessionId`). The tool panel goes to stderr when stderr is a TTY. The conversation is kept in
 * `~/.tandem/sessions.db`: a new session, or the one `--continue` / `--session <id>` names.
 *
 * Approvals: `--approvals interrupt` pauses the run at a call that needs approval (it ends `interrupted`,
 * exit 0, and the `--json` result line carries `interruptions`); `--session <id> --approve <toolCallId>` /
 * `--deny <toolCallId> [--reason …]` resumes it, in this process or any later one.
 */
export async function runCommand(words: readonly string[], options: RunCommandOptions): Promise<ExitCode> {
  const resuming = answersApprovals(options);
  checkApprovalFlags(options, options.prompt !== undefined || words.join(' ').trim() !== '');
  const prompt = resuming ? undefined : await readPrompt(words, options);
  const { stdout, stderr, stdin } = process;
  const errPaint = painter(useColor(stderr, options));
  const interrupt = options.approvals === 'interrupt';
  // Calls that need approval: asked on the terminal when there is one; otherwise refused (--yes approves).
  // --json output is for programs: it never asks, even on a terminal. --approvals interrupt pauses instead.
  const interactive = options.json !== true && stdin.isTTY === true && stderr.isTTY === true;
  const cwd = process.cwd();
  await using opened = await openCommandSession(options, cwd, (line) => stderr.write(`${errPaint('yellow', 'tandem: warning:')} ${line}\n`));
  const input: Message[] = prompt === undefined ? await resumeFrom(opened, options) : [userMessage(prompt)];
  await using prepared = await prepare(options, { approve: interactive || interrupt ? undefined : options.json === true ? refuseInJson : refuseApproval });
  const prompter = interactive && !interrupt && options.yes !== true ? new ApprovalPrompter(stdin, stderr, errPaint) : undefined;
  const panel = stderr.isTTY === true ? new RunPanel((line) => stderr.write(line), errPaint) : undefined;
  let midLine = false;
  const panelWrite = (): void => {
    if (midLine && stdout.isTTY === true && options.json !== true) {
      stdout.write('\n');
      midLine = false;
    }
  };
  if (options.verbose === true) stderr.write(errPaint('dim', `model ${prepared.choice.id} (${prepared.choice.reason})\n`));
  else if (prepared.choice.isDemo && stderr.isTTY === true) stderr.write(errPaint('dim', `Using the offline demo model (${prepared.choice.reason}).\n`));
  const sessionId = opened?.choice.id;
  if (opened !== undefined) {
    const { choice } = opened;
    if (choice.note !== undefined) stderr.write(`${errPaint('yellow', 'tandem:')} ${choice.note}\n`);
    if (options.verbose === true) {
      stderr.write(errPaint('dim', `session ${choice.id} (${choice.resumed ? `resumed, ${String(choice.messageCount)} messages` : 'new'})\n`));
    }
    if (prompt !== undefined) opened.catalog.remember(choice.id, cwd, prompt);
  }

  const controller = new AbortController();
  const release = onInterrupt(controller);
  const session = opened === undefined ? undefined : { store: opened.catalog.store, id: opened.choice.id };
  const run = entryAgent(prepared.config, prepared.agentOptions).agent.run(prepared.choice.model, input, {
    signal: controller.signal,
    ...(session === undefined ? {} : { session }),
    ...(interrupt ? { approvals: 'interrupt' as const } : {}),
  });
  let result: AgentResult | undefined;
  let failure: unknown;
  try {
    for await (const event of run) {
      if (options.json === true) stdout.write(`${JSON.stringify(toJsonValue(event))}\n`);
      else if (event.type === 'text-delta' && event.parentToolCallId === undefined) {
        stdout.write(event.chunk);
        midLine = !event.chunk.endsWith('\n');
      } else if (event.type === 'step-start' && event.step > 1 && midLine) {
        stdout.write('\n');
        midLine = false;
      }
      if (panel !== undefined && (event.type === 'tool-end' || event.type === 'tool-call-result' || event.type === 'tool-approval-request')) panelWrite();
      panel?.onEvent(event);
      // --yes: the approve option answered at once.
      if (event.type === 'tool-approval-request' && options.yes === true) panel?.answered(event.toolCallId, true);
      if (event.type === 'tool-approval-request' && event.parentToolCallId === undefined && options.yes !== true && !interrupt) {
        if (prompter !== undefined) prompter.ask(run, event, (id, approved) => panel?.answered(id, approved));
        else if (options.json !== true) {
          stderr.write(`${errPaint('yellow', 'tandem:')} ${event.toolName} needs approval; refused, because tandem run is not on a terminal (--yes approves tool calls; --approvals interrupt pauses the run for a later --approve).\n`);
        }
      }
    }
    result = await run.result;
  } catch (error) {
    failure = error;
  } finally {
    release();
    prompter?.close();
  }

  if (options.json === true) {
    const line = result === undefined
      ? { type: 'result', stopReason: 'error', text: '', usage: null, error: toJsonValue(failure), sessionId: sessionId ?? null }
      : {
          type: 'result',
          stopReason: result.stopReason,
          text: result.text,
          usage: result.usage,
          sessionId: sessionId ?? null,
          ...(result.stopReason === 'interrupted' ? { interruptions: interruptionsJson(result.interruptions) } : {}),
        };
    stdout.write(`${JSON.stringify(toJsonValue(line))}\n`);
  } else if (midLine) stdout.write('\n');

  if (result === undefined) {
    stderr.write(`${errPaint('red', 'tandem:')} ${describeError(failure)}\n`);
    if (options.verbose === true && failure instanceof Error && failure.stack !== undefined) stderr.write(`${failure.stack}\n`);
    return ExitCode.failure;
  }
  switch (result.stopReason) {
    case 'interrupted':
      if (options.json !== true) stderr.write(`${errPaint('yellow', 'tandem:')} ${pausedNotice(result.interruptions, sessionId)}\n`);
      return ExitCode.ok;
    case 'cancelled':
      stderr.write(`${errPaint('yellow', 'tandem:')} interrupted; the run was cancelled.\n`);
      return ExitCode.interrupted;
    case 'error':
      stderr.write(`${errPaint('red', 'tandem:')} the model's response ended with an error.\n`);
      return ExitCode.failure;
    case 'maxSteps':
      stderr.write(`${errPaint('yellow', 'tandem: warning:')} stopped at the step limit (--max-steps) while the model still wanted tools.\n`);
      return ExitCode.ok;
    case 'maxTokens':
      stderr.write(`${errPaint('yellow', 'tandem: warning:')} the answer was cut off at the output token limit.\n`);
      return ExitCode.ok;
    case 'contentFilter':
      stderr.write(`${errPaint('yellow', 'tandem: warning:')} the provider stopped the answer (content filter).\n`);
      return ExitCode.ok;
    default:
      return ExitCode.ok;
  }
}

/** The approval responses that resume the paused run of the command's session. */
async function resumeFrom(opened: CommandSession | undefined, options: RunCommandOptions): Promise<Message[]> {
  // --approve/--deny need --session or --continue, and a command that names a session has one (or failed).
  if (opened === undefined) throw new CliError('usage', '--approve/--deny need the session of the paused run (--session <id>).');
  return resumeInput(options, opened.catalog.store, opened.choice.id);
}

/** Without a terminal to ask on, a call that needs approval is refused with a reason the model sees. */
function refuseApproval(): { approved: false; reason: string } {
  return { approved: false, reason: 'it needs approval and tandem run has no terminal to ask on (--yes approves tool calls)' };
}

/** In `--json` mode nothing is asked: a call that needs approval is refused, saying how to allow it. */
function refuseInJson(): { approved: false; reason: string } {
  return { approved: false, reason: 'approval needed: run with --yes or --approvals interrupt' };
}

async function readPrompt(words: readonly string[], options: RunCommandOptions): Promise<string> {
  if (options.prompt !== undefined && words.length > 0) throw new CliError('usage', 'Give the prompt either as an argument or with -p, not both.');
  const given = options.prompt ?? words.join(' ');
  if (given.trim() !== '') return given;
  if (process.stdin.isTTY !== true) {
    const piped = await readStdin(process.stdin);
    if (piped.trim() !== '') return piped.trim();
  }
  throw new CliError('usage', 'Missing prompt: pass it as an argument (tandem run "…"), with -p, or on stdin.');
}
