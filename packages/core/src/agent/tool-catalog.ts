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
 * An agent's tools. A live list — an `Array` subclass such as an `McpToolset`, which a server refreshes
 * in place, given as `tools` or inside it — is read again before each model call, and the definitions
 * are rebuilt only when a tool changed; a plain array of tools is read once. Names are checked at
 * construction and on every change. @internal
 */
export class ToolCatalog {
  /** What the snapshot was built from — kept only when some list is live (to notice changes). */
  private seen: readonly Tool[] | undefined;
  private snapshot: ToolSnapshot | undefined;
  private readonly live: boolean;

  constructor(private readonly sources: readonly (Tool | readonly Tool[])[] | undefined) {
    this.live = sources !== undefined && (isLiveList(sources) || sources.some((source) => Array.isArray(source)));
    if (sources !== undefined && sources.length > 0) this.current();
  }

  /** The tools as they are now. @throws TypeError when a refreshed list breaks the name rules. */
  current(): ToolSnapshot {
    const sources = this.sources;
    if (sources === undefined || sources.length === 0) return EMPTY;
    if (this.snapshot !== undefined && !this.live) return this.snapshot;
    const flat = this.live ? flatten(sources) : (sources as readonly Tool[]);
    if (this.snapshot !== undefined && this.seen !== undefined && sameTools(flat, this.seen)) return this.snapshot;
    const definitions = toToolDefinitions(flat);
    const byName = new Map<string, FunctionTool>();
    for (const tool of flat) if (tool.kind === 'function') byName.set(tool.name, tool);
    if (this.live) this.seen = flat;
    this.snapshot = { byName, definitions };
    return this.snapshot;
  }
}

/** A list that changes in place by design: an `Array` subclass (an `McpToolset`), not a plain array. */
function isLiveList(list: readonly unknown[]): boolean {
  return Object.getPrototypeOf(list) !== Array.prototype;
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
