import type { ToolDefinition } from '../spec/language-model/v1/tool-definition.js';
import type { FunctionTool, Tool } from '../tool/tool.js';
import { toToolDefinitions } from '../internal/tool-definitions.js';

/** What the agent uses on one model call: the executable tools by name and the definitions the model sees. @internal */
export interface ToolSnapshot {
  readonly byName: ReadonlyMap<string, FunctionTool>;
  readonly definitions: readonly ToolDefinition[];
}

const EMPTY: ToolSnapshot = { byName: new Map(), definitions: [] };

/**
 * An agent's tools. The given list — and any list inside it, such as an `McpToolset`, which a server
 * refreshes in place — is read again before each model call; the definitions are rebuilt only when a tool
 * changed. Names are checked at construction and on every change. @internal
 */
export class ToolCatalog {
  private flat: readonly Tool[] = [];
  private snapshot: ToolSnapshot | undefined;

  constructor(private readonly sources: readonly (Tool | readonly Tool[])[] | undefined) {
    if (sources !== undefined && sources.length > 0) this.current();
  }

  /** The tools as they are now. @throws TypeError when a refreshed list breaks the name rules. */
  current(): ToolSnapshot {
    const sources = this.sources;
    if (sources === undefined || sources.length === 0) return EMPTY;
    const flat = flatten(sources);
    if (this.snapshot !== undefined && sameTools(flat, this.flat)) return this.snapshot;
    const definitions = toToolDefinitions(flat);
    const byName = new Map<string, FunctionTool>();
    for (const tool of flat) if (tool.kind === 'function') byName.set(tool.name, tool);
    this.flat = flat;
    this.snapshot = { byName, definitions };
    return this.snapshot;
  }
}

function flatten(sources: readonly (Tool | readonly Tool[])[]): Tool[] {
  const flat: Tool[] = [];
  for (const source of sources) {
    if (Array.isArray(source)) for (const tool of source as readonly Tool[]) flat.push(tool);
    else flat.push(source as Tool);
  }
  return flat;
}

function sameTools(a: readonly Tool[], b: readonly Tool[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
