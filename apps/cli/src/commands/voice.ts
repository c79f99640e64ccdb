import { resolve } from 'node:path';
import { BidiAgent, textInput, textOutput, type BidiAgentInput, type BidiAgentOutput } from '@tandem/bidi';
import { loadConfig } from '../config/load-config.js';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-code.js';
import { chooseBidiModel } from '../model/choose-model.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { ProviderCatalog } from '../providers/provider-catalog.js';
import { flagServers } from '../tools/mcp-server-specs.js';
import { loadToolCatalog } from '../tools/tool-catalog.js';
import { findExecutable } from '../voice/find-executable.js';
import { soxInput, soxOutput } from '../voice/sox-audio.js';
import { onInterrupt } from './interrupts.js';

/**
 * `tandem voice`: a realtime `BidiAgent` in the terminal — typed lines in, the transcript out; with
 * `--audio`, also the microphone and speaker through sox (`rec`/`play`). The conversation ends at the end
 * of input (Ctrl-D), when a stop tool ends it, or with Ctrl-C (exit 130).
 */
export async function voiceCommand(options: GlobalOptions & { readonly audio?: boolean }): Promise<ExitCode> {
  const sox = options.audio === true ? { rec: findExecutable('rec'), play: findExecutable('play') } : undefined;
  if (sox !== undefined && (sox.rec === undefined || sox.play === undefined)) {
    throw new CliError(
      'usage',
      '--audio needs sox’s rec and play on PATH (Debian/Ubuntu: sudo apt install sox; macOS: brew install sox). Without --audio, type your turns.',
    );
  }
  const cwd = process.cwd();
  const config = loadConfig({ cwd, file: options.config });
  const providers = await ProviderCatalog.fromConfig(config);
  const choice = await chooseBidiModel({ flag: options.model, config, providers });
  await using catalog = await loadToolCatalog({
    config,
    modules: (options.tools ?? []).map((path) => resolve(cwd, path)),
    servers: flagServers(options),
    onStderr: options.verbose === true ? (server, chunk) => process.stderr.write(`[${server}] ${chunk}`) : undefined,
  });
  const paint = painter(useColor(process.stderr, options));
  process.stderr.write(`${paint(['bold', 'magenta'], 'tandem voice')} · model ${paint('bold', choice.id)} ${paint('dim', `(${choice.reason})`)}\n`);
  if (choice.isDemo) process.stderr.write(paint('yellow', 'The offline demo model answers typed turns by fixed rules (not an LLM): name a tool to call it.\n'));
  process.stderr.write(paint('dim', `Type a line and press Enter${sox === undefined ? '' : ', or speak'}; Ctrl-D ends the conversation, Ctrl-C stops it.\n`));

  // --trace: the conversation as a bidi_session span (the OpenTelemetry SDK loads only then), exported before exit.
  const tracing = options.trace === true ? await (await import('../tracing/start-tracing.js')).startTracing({ warn: (line) => process.stderr.write(`tandem: warning: ${line}\n`) }) : undefined;
  const agent = new BidiAgent({
    model: choice.model,
    tools: catalog.tools,
    ...((options.system ?? config.system) === undefined ? {} : { system: options.system ?? config.system }),
    ...(tracing === undefined ? {} : { name: 'tandem', telemetry: tracing.telemetry }),
  });
  const inputs: BidiAgentInput[] = [textInput()];
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
  }
}
