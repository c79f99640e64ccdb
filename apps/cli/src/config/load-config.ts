import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { CliError } from '../errors/cli-error.js';
import { configErrorMessage, TandemConfig, type AgentConfig, type McpServerConfig, type ProviderConfig } from './config-schema.js';

/** The name looked for from the working directory upward. */
export const CONFIG_FILE_NAME = 'tandem.config.json';

/** A validated config with relative paths resolved from its folder. */
export interface LoadedConfig {
  /** The file read, or undefined when there is none. */
  readonly file: string | undefined;
  /** The folder relative paths resolve from (the config's folder, else the working directory). */
  readonly dir: string;
  readonly model?: string;
  readonly system?: string;
  readonly maxSteps?: number;
  readonly providers: readonly ProviderConfig[];
  /** Absolute paths of tool modules. */
  readonly tools: readonly string[];
  readonly mcpServers: Readonly<Record<string, McpServerConfig>>;
  /** Named agents (`agents`), in the file's order; empty without them. */
  readonly agents?: Readonly<Record<string, AgentConfig>>;
  /** The entry agent's name (`agent`; default the first of `agents`). */
  readonly agent?: string;
}

/**
 * Reads `--config <file>`, or the nearest `tandem.config.json` from `cwd` upward; none is fine (an empty
 * config). Throws a `config` {@link CliError} (exit 3) naming the file, the JSON path and what was expected.
 *
 * @example
 * ```ts
 * const config = loadConfig({ cwd: process.cwd(), file: options.config });
 * ```
 */
export function loadConfig(options: { readonly cwd: string; readonly file?: string }): LoadedConfig {
  const file = options.file === undefined ? findConfig(options.cwd) : resolve(options.cwd, options.file);
  if (file === undefined) return { file: undefined, dir: options.cwd, providers: [], tools: [], mcpServers: {}, agents: {} };
  let text: string;
  try {
    // A UTF-8 byte-order mark (editors on Windows write one) is not part of the JSON.
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new CliError('config', `Cannot read config ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError('config', `Invalid config ${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = TandemConfig.safeParse(json);
  if (!parsed.success) throw new CliError('config', configErrorMessage(file, parsed.error.issues));
  const dir = dirname(file);
  const config = parsed.data;
  return {
    file,
    dir,
    model: config.model,
    system: config.system,
    maxSteps: config.maxSteps,
    providers: (config.providers ?? []).map((entry) => ({ ...entry, package: resolveSpecifier(dir, entry.package) })),
    tools: (config.tools ?? []).map((path) => resolve(dir, path)),
    mcpServers: Object.fromEntries(Object.entries(config.mcpServers ?? {}).map(([name, server]) => [name, resolveServer(dir, server)])),
    agents: config.agents ?? {},
    agent: config.agent ?? Object.keys(config.agents ?? {})[0],
  };
}

/** The nearest `tandem.config.json` in `cwd` or a parent folder. @example `findConfig('/home/me/project/src')` */
export function findConfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function resolveServer(dir: string, server: McpServerConfig): McpServerConfig {
  if ('url' in server) return server;
  return {
    ...server,
    // A relative command path (./server.sh) and cwd resolve from the config's folder, which is also the
    // server's working directory by default.
    command: server.command.includes('/') && !isAbsolute(server.command) ? resolve(dir, server.command) : server.command,
    cwd: resolve(dir, server.cwd ?? '.'),
  };
}

/** A package name stays as it is; a relative module path resolves from the config's folder. */
function resolveSpecifier(dir: string, specifier: string): string {
  return specifier.startsWith('./') || specifier.startsWith('../') ? resolve(dir, specifier) : specifier;
}
