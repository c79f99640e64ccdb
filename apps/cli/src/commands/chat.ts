import { ChatController } from '../chat/chat-controller.js';
import { CliError } from '../errors/cli-error.js';
import type { ExitCode } from '../errors/exit-code.js';
import { chooseModel } from '../model/choose-model.js';
import type { GlobalOptions } from '../options.js';
import { useColor } from '../output/color.js';
import { prepare } from '../prepare.js';
import { openCommandSession } from '../sessions/open-command-session.js';
import { loadInk } from './load-ink.js';
import { chatContext } from '../chat/chat-context.js';
import { entryAgent } from '../agents/config-agents.js';

/**
 * `tandem chat`: an interactive conversation with a live tool panel. Needs a terminal on stdin and stdout.
 * The conversation is kept in `~/.tandem/sessions.db` (a new session, or the one `--continue` /
 * `--session <id>` names; `/clear` starts another). Resolves with the exit code: 0 for `/exit` or Ctrl-D,
 * 130 for Ctrl-C twice at the prompt.
 */
export async function chatCommand(options: GlobalOptions): Promise<ExitCode> {
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) {
    throw new CliError('usage', 'tandem chat needs a terminal; for scripts and pipes use: tandem run "<prompt>" (or --json).');
  }
  const cwd = process.cwd();
  const warnings: string[] = [];
  await using opened = await openCommandSession(options, cwd, (line) => warnings.push(line));
  await using prepared = await prepare(options);
  const { ink, react } = await loadInk({ color: useColor(process.stdout, options) });
  const { ChatApp } = await import('../ui/chat-app.js');
  let code: ExitCode = 0;
  const view = { app: undefined as { unmount(): void } | undefined };
  const exitApp = (value: number): void => {
    code = value as ExitCode;
    view.app?.unmount();
  };
  const agentOptions = { ...prepared.agentOptions, ...chatContext(options.context) };
  const { agent, multiAgent, names } = entryAgent(prepared.config, agentOptions);
  const controller = new ChatController({
    agentOptions,
    agent,
    multiAgent,
    autoApprove: options.yes === true,
    model: prepared.choice.model,
    modelId: prepared.choice.id,
    isDemo: prepared.choice.isDemo,
    tools: prepared.catalog.entries,
    switchModel: async (value) => chooseModel({ flag: value, config: prepared.config, providers: prepared.providers }),
    exit: exitApp,
    ...(opened === undefined
      ? {}
      : {
          session: {
            store: opened.catalog.store,
            id: opened.choice.id,
            newId: () => opened.catalog.newId(),
            onTurn: (id: string, text: string) => opened.catalog.remember(id, cwd, text),
          },
        }),
  });
  const sources = [...new Set(prepared.catalog.entries.map((entry) => entry.source))];
  const banner = {
    modelId: prepared.choice.id,
    reason: prepared.choice.reason,
    isDemo: prepared.choice.isDemo,
    toolCount: prepared.catalog.entries.length,
    sources,
    notes: [
      options.yes === true ? 'Every tool call is approved (--yes).' : 'Tools that need approval ask y/n before they run (--yes approves all).',
      sessionNote(opened?.choice),
      ...(multiAgent ? [`Agents: ${names.join(', ')} (turns start at ${names[0] ?? ''}; the prompt shows who answers).`] : []),
      ...(opened?.choice.note === undefined ? [] : [opened.choice.note]),
      ...warnings.map((line) => `Warning: ${line}`),
    ],
  };
  const app = ink.render(
    react.createElement(ChatApp, {
      controller,
      banner,
      onExit: (value: number) => {
        code = value as ExitCode;
      },
    }),
    { exitOnCtrlC: false },
  );
  view.app = app;
  // SIGINT/SIGTERM from outside the terminal (kill -INT): cancel a running turn, else leave with 130.
  const onSignal = (): void => {
    if (controller.state.running) controller.cancel();
    else exitApp(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await app.waitUntilExit();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    controller.cancel();
  }
  return code;
}

/** The banner line about the session. */
function sessionNote(choice: { readonly id: string; readonly resumed: boolean; readonly messageCount: number } | undefined): string {
  if (choice === undefined) return 'This conversation is not saved.';
  if (choice.resumed) return `Session ${choice.id}: resumed with its ${String(choice.messageCount)} earlier messages (tandem sessions show ${choice.id}).`;
  return `Session ${choice.id} (saved; tandem --continue resumes it here).`;
}
