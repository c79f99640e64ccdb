import type { HttpServerConfig } from '../config/config-schema.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { CliError } from '../errors/cli-error.js';
import { describeError } from '../errors/describe-error.js';
import { ExitCode } from '../errors/exit-code.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { onInterrupt } from './interrupts.js';

/** A remote MCP server named on the command line. */
interface Target {
  /** The config key, or the URL itself. */
  readonly name: string;
  readonly server: HttpServerConfig;
}

/**
 * `tandem mcp login <server>`: signs in to a remote MCP server of `mcpServers` (or at a URL) now, so later
 * commands find its tokens in `~/.tandem/mcp-tokens.json`. A previous sign-in is forgotten first. Prints
 * the page to open, waits for the sign-in (Ctrl-C gives up: exit 130), then connects once to check it.
 */
export async function mcpLoginCommand(server: string, options: GlobalOptions): Promise<ExitCode> {
  const target = findTarget(loadConfig({ cwd: process.cwd(), file: options.config }), server);
  const [{ getHttpTools }, { cliTokenStorage, mcpTokensPath, serverOAuth, tokenKey }] = await Promise.all([
    import('@tandem/mcp'),
    import('../mcp/server-oauth.js'),
  ]);
  const paint = painter(useColor(process.stdout, options));
  const storage = cliTokenStorage();
  const key = tokenKey(target.server.url);
  await storage.remove(key);
  const controller = new AbortController();
  const release = onInterrupt(controller);
  try {
    const auth = serverOAuth(target.name, target.server, { storage });
    const tools = await getHttpTools(target.server.url, { headers: target.server.headers, timeoutMs: target.server.timeoutMs, auth, signal: controller.signal });
    await tools.close();
  } catch (error) {
    if (controller.signal.aborted) {
      process.stderr.write(`tandem: sign-in to MCP server "${target.name}" given up.\n`);
      return ExitCode.interrupted;
    }
    throw new CliError('startup', `Signing in to MCP server "${target.name}" (${target.server.url}) failed: ${describeError(error)}`, { cause: error });
  } finally {
    release();
  }
  const record = await storage.load(key);
  if (record?.tokens === undefined) {
    process.stdout.write(`MCP server "${target.name}" (${target.server.url}) did not ask for authorization: there is nothing to sign in to.\n`);
    return ExitCode.ok;
  }
  process.stdout.write(
    `${paint('green', '✔')} Signed in to MCP server "${target.name}" (${target.server.url}). Its tokens are kept in ${mcpTokensPath()} (readable by you only); \`tandem mcp logout ${server}\` removes them.\n`,
  );
  return ExitCode.ok;
}

/** `tandem mcp logout <server>`: removes the stored tokens (and client registration) of a remote MCP server. */
export async function mcpLogoutCommand(server: string, options: GlobalOptions): Promise<ExitCode> {
  const target = findTarget(loadConfig({ cwd: process.cwd(), file: options.config }), server);
  const { cliTokenStorage, mcpTokensPath, tokenKey } = await import('../mcp/server-oauth.js');
  const storage = cliTokenStorage();
  const key = tokenKey(target.server.url);
  if ((await storage.load(key)) === undefined) {
    process.stdout.write(`No sign-in is stored for MCP server "${target.name}" (${target.server.url}).\n`);
    return ExitCode.ok;
  }
  await storage.remove(key);
  process.stdout.write(`Signed out of MCP server "${target.name}" (${target.server.url}): its tokens were removed from ${mcpTokensPath()}.\n`);
  return ExitCode.ok;
}

/** A server of the config's `mcpServers` by name, or an http(s) URL. */
function findTarget(config: LoadedConfig, server: string): Target {
  const entry = config.mcpServers[server];
  if (entry !== undefined) {
    if (!('url' in entry)) {
      throw new CliError('usage', `MCP server "${server}" is started with a command (stdio); only servers with a "url" sign in with OAuth.`);
    }
    return { name: server, server: entry };
  }
  if (/^https?:\/\//i.test(server)) {
    try {
      return { name: server, server: { url: new URL(server).href } };
    } catch {
      // not a URL after all
    }
  }
  const remote = Object.entries(config.mcpServers).filter(([, value]) => 'url' in value).map(([name]) => name);
  const where = config.file === undefined ? 'there is no tandem.config.json here' : `${config.file} has ${remote.length === 0 ? 'no remote servers' : `these remote servers: ${remote.join(', ')}`}`;
  throw new CliError('usage', `Unknown MCP server "${server}": name a server of "mcpServers" with a "url", or give its URL (${where}).`);
}
