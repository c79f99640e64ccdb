#!/usr/bin/env node
// The `tandem` command: parses the command line and dispatches to src/commands/<name>.ts (loaded lazily,
// so `tandem --help` starts fast).
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { ExitCode } from './errors/exit-code.js';
import { installChildReaper } from './lifecycle/child-processes.js';
import { runExitTasks } from './lifecycle/exit-tasks.js';
import type { GlobalOptions } from './options.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
const positiveInteger = (value: string): number => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a positive whole number.');
  return number;
};

const HELP_AFTER = `
Model choice without --model: the config's "model"; else the first provider whose key is set
(OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY, AWS credentials);
else Ollama at OLLAMA_HOST (default http://127.0.0.1:11434) when it runs; else the offline demo model.

The offline demo model is a deterministic teaching model, not an LLM: it calls the tools your
message names (several at once, as one concurrent group), takes key=value words as their
arguments, and narrates the results. No key, no network. Try: tandem demo

Config: tandem.config.json, found from the working directory upward (or --config <file>).
Sessions: every chat and run is kept in ~/.tandem/sessions.db (TANDEM_HOME moves the folder);
--continue resumes the last one started in this folder, --session <id> a given one.
Tracing: --trace exports OpenTelemetry spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT.
Remote MCP servers that ask for OAuth are signed in to (the page opens in a browser where there is
one); tokens are kept in ~/.tandem/mcp-tokens.json (0600). tandem mcp login|logout <server>.
Tool approval: calls of tools that need approval ask y/n (chat, and run on a terminal); without a
terminal they are refused unless --yes approves them. tandem run --approvals interrupt pauses the run
instead; resume it later with tandem run --session <id> --approve <toolCallId> (or --deny <toolCallId>
--reason "…"); tandem sessions show <id> lists the calls that wait.
Exit codes: 0 ok · 1 model/provider error · 2 bad usage · 3 bad config · 4 a tool module or MCP
server failed to start · 130 interrupted.`;

async function main(argv: readonly string[]): Promise<number> {
  let dispatched: Promise<ExitCode> | undefined;
  const dispatch = (load: () => Promise<ExitCode>) => {
    dispatched = load();
  };

  const program = new Command('tandem')
    .description('Chat with an AI agent whose tools run concurrently — in your terminal, offline by default.')
    .version(version, '-V, --version')
    .option('-m, --model <provider:id>', 'the model, e.g. openai:gpt-5-mini, anthropic, ollama:qwen3, demo (the offline demo model)')
    .option('-s, --system <text>', 'system prompt')
    .option('--max-steps <n>', 'most model calls per turn (default 20)', positiveInteger)
    .option('--mcp <command line>', 'start an MCP server over stdio and use its tools (repeatable)', collect)
    .option('--mcp-url <url>', 'use the tools of a remote MCP server (repeatable)', collect)
    .option('--header <K=V>', 'HTTP header for --mcp-url servers (repeatable)', collect)
    .option('--tools <module>', 'an ES module whose exports are tools (repeatable)', collect)
    .option('-y, --yes', 'approve every call of tools that need approval (otherwise chat asks y/n)')
    .option('--no-builtin-tools', 'leave out the built-in tools (read_file, list_directory, search_files, fetch_url, run_command, write_file, current_time)')
    .option('--allow-path <dir>', 'a folder the built-in file tools may use besides the working directory tree (repeatable)', collect)
    .option('-c, --config <file>', 'config file (default: tandem.config.json, looked for upward)')
    .option('--continue', 'chat/run: resume the last session started in this folder')
    .option('--session <id>', 'chat/run: resume (or start) the session with this id')
    .option('--trace', 'export OpenTelemetry spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT')
    .addOption(
      new Option('--context <mode>', 'chat: long conversations — summarize older turns past 100,000 tokens (default), keep a window of the newest, or send everything').choices(['summarize', 'window', 'none']),
    )
    .option('--verbose', 'stack traces on errors, and MCP servers’ stderr')
    .option('--no-color', 'no ANSI colors (NO_COLOR works too)')
    .addHelpText('after', HELP_AFTER)
    .showSuggestionAfterError(true)
    .exitOverride();

  const globals = (command: Command): GlobalOptions => command.optsWithGlobals<GlobalOptions>();

  program
    .command('chat')
    .description('interactive chat with a live tool panel (the default on a terminal)')
    .action((_options, command: Command) => dispatch(async () => (await import('./commands/chat.js')).chatCommand(globals(command))));
  program
    .command('run')
    .description('run one prompt and print the answer (prompt from the argument, -p, or stdin)')
    .argument('[prompt...]', 'the prompt')
    .option('-p, --prompt <text>', 'the prompt')
    .option('--json', 'print the run as NDJSON: one event per line, then a final {"type":"result", …, "sessionId"} line')
    .addOption(
      new Option('--approvals <mode>', 'calls that need approval: wait (ask on the terminal, else refuse) or interrupt (pause the run; resume with --approve/--deny)').choices([
        'wait',
        'interrupt',
      ]),
    )
    .option('--approve <toolCallId>', 'resume the paused run of --session <id>, approving this call (repeatable)', collect)
    .option('--deny <toolCallId>', 'resume the paused run of --session <id>, denying this call (repeatable)', collect)
    .option('--reason <text>', 'with --deny: the reason the model is told')
    .action((words: string[], _options, command: Command) =>
      dispatch(async () => (await import('./commands/run.js')).runCommand(words, globals(command))),
    );
  program
    .command('voice')
    .description('talk with a realtime (bidi) agent: typed text in, text out')
    .addOption(new Option('--audio', 'microphone and speaker through sox (rec/play)'))
    .action((_options, command: Command) => dispatch(async () => (await import('./commands/voice.js')).voiceCommand(globals(command))));
  program
    .command('tools')
    .description('list every tool: built-in, from tool modules and from MCP servers')
    .option('--json', 'print [{ name, description, inputSchema, source }]')
    .action((_options, command: Command) => dispatch(async () => (await import('./commands/tools.js')).toolsCommand(globals(command))));
  program
    .command('providers')
    .description('list the model providers, whether their keys are set (never the keys), and the model in use')
    .option('--json', 'print as JSON')
    .action((_options, command: Command) =>
      dispatch(async () => (await import('./commands/providers.js')).providersCommand(globals(command))),
    );
  program
    .command('demo')
    .description('the offline showcase: concurrent tools, a streaming tool, an MCP tool and the stop tool')
    .action((_options, command: Command) => dispatch(async () => (await import('./commands/demo.js')).demoCommand(globals(command))));
  const sessions = program.command('sessions').description('list, show and remove the stored conversations (~/.tandem/sessions.db)');
  sessions
    .command('list', { isDefault: true })
    .description('the sessions, most recently updated first: id, updated, messages, folder')
    .option('--json', 'print [{ id, createdAt, updatedAt, messageCount, cwd, title }]')
    .action((_options, command: Command) =>
      dispatch(async () => (await import('./commands/sessions.js')).sessionsListCommand(globals(command))),
    );
  sessions
    .command('show')
    .description('print a conversation')
    .argument('<id>', 'the session id (tandem sessions list)')
    .option('--json', 'print its messages as JSON')
    .action((id: string, _options, command: Command) =>
      dispatch(async () => (await import('./commands/sessions.js')).sessionsShowCommand(id, globals(command))),
    );
  sessions
    .command('rm')
    .description('delete a session')
    .argument('<id>', 'the session id')
    .action((id: string) => dispatch(async () => (await import('./commands/sessions.js')).sessionsRemoveCommand(id)));
  const mcp = program.command('mcp').description('sign in to and out of remote MCP servers that use OAuth');
  mcp
    .command('login')
    .description('sign in now to a remote MCP server of tandem.config.json (its name) or at a URL')
    .argument('<server>', 'a name from "mcpServers", or the server URL')
    .action((server: string, _options, command: Command) =>
      dispatch(async () => (await import('./commands/mcp.js')).mcpLoginCommand(server, globals(command))),
    );
  mcp
    .command('logout')
    .description('forget the stored tokens of a remote MCP server')
    .argument('<server>', 'a name from "mcpServers", or the server URL')
    .action((server: string, _options, command: Command) =>
      dispatch(async () => (await import('./commands/mcp.js')).mcpLogoutCommand(server, globals(command))),
    );
  program.allowExcessArguments(true).action((_options, command: Command) => {
    if (command.args.length > 0) {
      command.error(`error: unknown command '${command.args[0] ?? ''}' (commands: chat, run, voice, tools, providers, demo, sessions, mcp; see tandem --help)`, {
        code: 'commander.unknownCommand',
        exitCode: 2,
      });
    }
    // No command: chat on a terminal; otherwise run the prompt piped on stdin.
    if (process.stdin.isTTY === true && process.stdout.isTTY === true) {
      dispatch(async () => (await import('./commands/chat.js')).chatCommand(globals(command)));
    } else {
      dispatch(async () => (await import('./commands/run.js')).runCommand([], globals(command)));
    }
  });

  try {
    await program.parseAsync(argv, { from: 'node' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      // `tandem mcp` without its subcommand shows the help as an error.
      if (error.code === 'commander.help') return error.exitCode === 0 ? 0 : 2;
      return 2; // commander printed the message
    }
    throw error;
  }
  return dispatched === undefined ? 0 : await dispatched;
}

async function report(error: unknown, verbose: boolean): Promise<number> {
  const [{ CliError }, { describeError }] = await Promise.all([import('./errors/cli-error.js'), import('./errors/describe-error.js')]);
  process.stderr.write(`tandem: ${describeError(error)}\n`);
  if (verbose && error instanceof Error && error.stack !== undefined) process.stderr.write(`${error.stack}\n`);
  return CliError.isInstance(error) ? error.exitCode : 1;
}

/**
 * Finishes what must outlive the command (spans still to export: at most 3 s), sets the exit code and lets
 * the process end; a handle something left open cannot keep it alive past a grace period.
 */
async function finish(code: number): Promise<void> {
  await runExitTasks(3000);
  process.exitCode = code;
  setTimeout(() => process.exit(code), 1500).unref();
}

// A reader that goes away (`tandem run … | head`) ends the command quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// Every child tandem started (MCP servers, run_command's process groups) is killed when it exits, however it exits.
installChildReaper();

main(process.argv).then(finish, async (error: unknown) => finish(await report(error, process.argv.includes('--verbose'))));
