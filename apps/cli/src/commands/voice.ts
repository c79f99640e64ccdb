import { BidiAgent, textOutput, type BidiAgentInput, type BidiAgentOutput } from '@tandem/bidi';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-code.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { prepareVoice } from '../prepare.js';
import { findExecutable } from '../voice/find-executable.js';
import { soxInput, soxOutput } from '../voice/sox-audio.js';
import { TerminalLines } from '../voice/terminal-lines.js';
import { onInterrupt } from './interrupts.js';

/**
 * `tandem voice`: a realtime `BidiAgent` in the terminal — typed lines in, the transcript out; with
 * `--audio`, also the microphone and speaker through sox (`rec`/`play`). The conversation ends at the end
 * of input (Ctrl-D), when a stop tool ends it, or with Ctrl-C (exit 130). Prepared exactly like `chat`
 * (config, providers, tools, MCP servers, approvals): `--yes` approves tool calls, and without it each call
 * that needs approval is asked y/n in the terminal while the conversation goes on (the next line answers).
 */
export async function voiceCommand(options: GlobalOptions & { readonly audio?: boolean }): Promise<ExitCode> {
  const sox = options.audio === true ? { rec: findExecutable('rec'), play: findExecutable('play') } : undefined;
  if (sox !== undefined && (sox.rec === undefined || sox.play === undefined)) {
    throw new CliError(
      'usage',
      '--audio needs sox’s rec and play on PATH (Debian/Ubuntu: sudo apt install sox; macOS: brew install sox). Without --audio, type your turns.',
    );
  }
  await using prepared = await prepareVoice(options);
  const { choice } = prepared;
  const paint = painter(useColor(process.stderr, options));
  // Calls that need approval: --yes approves them (prepare); otherwise each is asked y/n while the conversation goes on.
  const lines = new TerminalLines(process.stdin, process.stderr, paint);
  process.stderr.write(`${paint(['bold', 'magenta'], 'tandem voice')} · model ${paint('bold', choice.id)} ${paint('dim', `(${choice.reason})`)}\n`);
  if (choice.isDemo) process.stderr.write(paint('yellow', 'The offline demo model answers typed turns by fixed rules (not an LLM): name a tool to call it.\n'));
  process.stderr.write(paint('dim', `Type a line and press Enter${sox === undefined ? '' : ', or speak'}; Ctrl-D ends the conversation, Ctrl-C stops it.\n`));
  const { tools, system, name, telemetry, approve } = prepared.agentOptions;
  const agent = new BidiAgent({
    model: choice.model,
    tools,
    approve: approve ?? ((request) => lines.approve(request)),
    ...(system === undefined ? {} : { system }),
    ...(telemetry === undefined ? {} : { name, telemetry }),
  });
  const inputs: BidiAgentInput[] = [lines.input()];
  const outputs: BidiAgentOutput[] = [textOutput()];
  if (sox?.rec !== undefined && sox.play !== undefined) {
    inputs.push(soxInput({ rec: sox.rec, sampleRate: choice.model.audio.inputRate }));
    outputs.push(soxOutput({ play: sox.play }));
  }
  const controller = new AbortController();
  const release = onInterrupt(controller);
  try {
    const { reason } = await agent.run({ inputs, outputs, signal: controller.signal });
    if (controller.signal.aborted) return ExitCode.interrupted;
    return reason === 'error' ? ExitCode.failure : ExitCode.ok;
  } finally {
    release();
    lines.close();
  }
}
