import { resolve } from 'node:path';
import { loadConfig } from '../config/load-config.js';
import type { ExitCode } from '../errors/exit-code.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { preview } from '../output/preview.js';
import { flagServers } from '../tools/mcp-server-specs.js';
import { loadToolCatalog, type CatalogEntry } from '../tools/tool-catalog.js';

/** One tool as `tandem tools --json` prints it. */
export interface ToolListing {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: unknown;
  readonly source: string;
}

/**
 * `tandem tools`: every tool a session would have — built-in, from tool modules, from each MCP server —
 * with its input schema; `--json` prints `[{ name, description, inputSchema, source }]`.
 */
export async function toolsCommand(options: GlobalOptions & { readonly json?: boolean }): Promise<ExitCode> {
  const cwd = process.cwd();
  const config = loadConfig({ cwd, file: options.config });
  await using catalog = await loadToolCatalog({
    config,
    modules: (options.tools ?? []).map((path) => resolve(cwd, path)),
    servers: flagServers(options),
    builtins: options.builtinTools !== false,
    cwd,
    allowPaths: options.allowPath,
    onStderr: options.verbose === true ? (server, chunk) => process.stderr.write(`[${server}] ${chunk}`) : undefined,
  });
  const listings = catalog.entries.map(listing);
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify(listings, null, 2)}\n`);
    return 0;
  }
  const paint = painter(useColor(process.stdout, options));
  for (const tool of listings) {
    process.stdout.write(`${paint('bold', tool.name)} ${paint('dim', `[${tool.source}]`)}\n`);
    if (tool.description !== '') process.stdout.write(`  ${preview(tool.description, 200)}\n`);
    process.stdout.write(`  input: ${describeSchema(tool.inputSchema)}\n`);
  }
  process.stdout.write(paint('dim', `${String(listings.length)} tools\n`));
  return 0;
}

function listing({ tool, source }: CatalogEntry): ToolListing {
  if (tool.kind === 'function') return { name: tool.name, description: tool.spec.description, inputSchema: tool.spec.params, source };
  return { name: tool.name, description: `Provider tool ${tool.id}, run by the model's provider.`, inputSchema: tool.args, source };
}

function describeSchema(schema: unknown): string {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  if (properties === undefined || Object.keys(properties).length === 0) return '(none)';
  const required = new Set(((schema as { required?: unknown }).required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([key, property]) => `${key}${required.has(key) ? '' : '?'}: ${typeof property.type === 'string' ? property.type : Array.isArray(property.type) ? property.type.join('|') : 'any'}`)
    .join(', ');
}
