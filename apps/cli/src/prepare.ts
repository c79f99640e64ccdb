import { resolve } from 'node:path';
import type { AgentOptions, Tool } from '@tandem/core';
import type { BidiModel, LanguageModel } from '@tandem/core/spec';
import { loadConfig, type LoadedConfig } from './config/load-config.js';
import { chooseBidiModel, chooseModel, type ModelChoice, type ModelChoiceInput } from './model/choose-model.js';
import type { GlobalOptions } from './options.js';
import { ProviderCatalog } from './providers/provider-catalog.js';
import { flagServers } from './tools/mcp-server-specs.js';
import { loadToolCatalog, type ToolCatalog } from './tools/tool-catalog.js';

/** What a command that runs an agent needs: the config, the providers, the model, the tools and the agent's options. */
export interface Prepared<Model = LanguageModel> extends AsyncDisposable {
  readonly config: LoadedConfig;
  readonly providers: ProviderCatalog;
  readonly choice: ModelChoice<Model>;
  readonly catalog: ToolCatalog;
  /** Tools, system prompt, step limit, telemetry and approvals — the same for `Agent` and `BidiAgent`. */
  readonly agentOptions: AgentOptions;
}

/** Options of {@link prepare}. */
export interface PrepareOptions {
  /** Use the offline demo model whatever the options say (`tandem demo`). */
  readonly demo?: boolean;
  /** Extra tools of the command. */
  readonly extraTools?: readonly Tool[];
  /** Skip the user's tools and MCP servers (`tandem demo` brings its own). */
  readonly onlyExtraTools?: boolean;
  readonly cwd?: string;
  /** Answers approval requests when `--yes` is not given (default: the command asks). */
  readonly approve?: AgentOptions['approve'];
  /** Where `--verbose` sends MCP servers' stderr (default: process.stderr). */
  readonly log?: (line: string) => void;
}

/**
 * Loads, in this order (so the cheap failures come first): the config (exit 3), the providers, the
 * model (exit 2 for a bad `--model`), then the tools and MCP servers (exit 4), and with `--trace` the
 * span exporter. `chat` and `run` use it; `tandem voice` uses {@link prepareVoice}, the same path with a
 * realtime model.
 *
 * @example
 * ```ts
 * await using prepared = await prepare(options);
 * const run = new Agent(prepared.agentOptions).run(prepared.choice.model, prompt);
 * ```
 */
export function prepare(options: GlobalOptions, extra: PrepareOptions = {}): Promise<Prepared<LanguageModel>> {
  return prepareWith(options, extra, chooseModel);
}

/**
 * {@link prepare} for `tandem voice`: the same config, providers, tools, MCP servers, tracing and
 * approvals, with a realtime (bidi) model.
 *
 * @example
 * ```ts
 * await using prepared = await prepareVoice(options, { approve: askInTheTerminal });
 * const agent = new BidiAgent({ ...prepared.agentOptions, model: prepared.choice.model });
 * ```
 */
export function prepareVoice(options: GlobalOptions, extra: PrepareOptions = {}): Promise<Prepared<BidiModel>> {
  return prepareWith(options, extra, chooseBidiModel);
}

async function prepareWith<Model>(
  options: GlobalOptions,
  extra: PrepareOptions,
  choose: (input: ModelChoiceInput) => Promise<ModelChoice<Model>>,
): Promise<Prepared<Model>> {
  const cwd = extra.cwd ?? process.cwd();
  const config = loadConfig({ cwd, file: options.config });
  const providers = await ProviderCatalog.fromConfig(config);
  const choice = await choose({ flag: options.model, config, providers, demo: extra.demo });
  const log = extra.log ?? ((line: string) => process.stderr.write(line));
  const own = extra.onlyExtraTools === true;
  const catalog = await loadToolCatalog({
    config: own ? { ...config, tools: [], mcpServers: {} } : config,
    modules: own ? [] : (options.tools ?? []).map((path) => resolve(cwd, path)),
    servers: own ? [] : flagServers(options),
    builtins: !own && options.builtinTools !== false,
    cwd,
    allowPaths: options.allowPath,
    extra: extra.extraTools,
    onStderr: options.verbose === true ? (server, chunk) => log(`[${server}] ${chunk}`) : undefined,
  });
  // --trace: spans over OTLP/HTTP (the OpenTelemetry SDK loads only then); flushed before the process exits.
  const tracing = options.trace === true ? await (await import('./tracing/start-tracing.js')).startTracing({ warn: (line) => log(`tandem: warning: ${line}\n`) }) : undefined;
  const agentOptions: AgentOptions = {
    tools: catalog.tools,
    ...(tracing === undefined ? {} : { name: 'tandem', telemetry: tracing.telemetry }),
    ...(options.system ?? config.system) === undefined ? {} : { system: options.system ?? config.system },
    ...(options.maxSteps ?? config.maxSteps) === undefined ? {} : { maxSteps: options.maxSteps ?? config.maxSteps },
    // --yes approves every call of a tool that needs approval; otherwise the command asks (or refuses).
    ...(options.yes === true ? { approve: () => true } : extra.approve === undefined ? {} : { approve: extra.approve }),
  };
  return { config, providers, choice, catalog, agentOptions, [Symbol.asyncDispose]: () => catalog.close() };
}
