import { assertToolName, type FunctionTool, type Tool } from '@tandem/core';
import type { ToolDefinition } from '@tandem/core/spec';

/** The tools of one moment: the executable ones by name and the definitions the model gets. @internal */
export interface ToolSnapshot {
  readonly byName: ReadonlyMap<string, FunctionTool>;
  readonly definitions: readonly ToolDefinition[];
}

/** What `BidiAgentOptions.tools` holds: tools, and live tool lists (an `McpToolset`) among them. @internal */
export type ToolSources = readonly (Tool | readonly Tool[])[];

/**
 * A `BidiAgent`'s tools. A live list — an `Array` subclass that changes in place (an `McpToolset`), given
 * as `tools` or inside it, or any array inside `tools` — is read again whenever {@link current} is asked
 * (at each connect and before each tool group runs); the snapshot is rebuilt only when a tool changed. A
 * plain array of tools is read once. Names are checked at construction and on every change. @internal
 */
export class ToolCatalog {
  private seen: readonly Tool[] | undefined;
  private snapshot: ToolSnapshot;
  private broken: { readonly tools: readonly Tool[]; readonly error: unknown } | undefined;
  private readonly live: boolean;

  /** @throws TypeError for an invalid or duplicate tool name, or something that is not a tool. */
  constructor(private readonly sources: ToolSources) {
    this.live = isLiveList(sources) || sources.some((source) => Array.isArray(source));
    const flat = flatten(sources);
    this.snapshot = build(flat);
    if (this.live) this.seen = flat;
  }

  /** The tools as they are now. @throws TypeError when a refreshed list breaks the name rules. */
  current(): ToolSnapshot {
    if (!this.live) return this.snapshot;
    const flat = flatten(this.sources);
    if (this.seen !== undefined && sameTools(flat, this.seen)) return this.snapshot;
    // The same broken list throws the same error, so it is reported once.
    if (this.broken !== undefined && sameTools(flat, this.broken.tools)) throw this.broken.error;
    try {
      this.snapshot = build(flat);
    } catch (error) {
      this.broken = { tools: flat, error };
      throw error;
    }
    this.broken = undefined;
    this.seen = flat;
    return this.snapshot;
  }
}

function build(tools: readonly Tool[]): ToolSnapshot {
  const byName = new Map<string, FunctionTool>();
  const definitions: ToolDefinition[] = [];
  const names = new Set<string>();
  for (const tool of tools) {
    if (typeof tool !== 'object' || tool === null || (tool.kind !== 'function' && tool.kind !== 'provider')) {
      throw new TypeError(`BidiAgent: invalid tool ${String(tool)}; expected a tool made with tool(), defineTool() or a provider tool factory.`);
    }
    assertToolName(tool.name, 'BidiAgent tool name');
    if (names.has(tool.name)) throw new TypeError(`BidiAgent: two tools are named "${tool.name}"; tool names must be unique.`);
    names.add(tool.name);
    if (tool.kind === 'function') {
      byName.set(tool.name, tool);
      definitions.push({ kind: 'function', name: tool.name, description: tool.spec.description, inputSchema: tool.spec.params });
    } else {
      definitions.push(tool);
    }
  }
  return { byName, definitions };
}

/** A list that changes in place by design: an `Array` subclass (an `McpToolset`), not a plain array. */
function isLiveList(list: readonly unknown[]): boolean {
  return Object.getPrototypeOf(list) !== Array.prototype;
}

function flatten(sources: ToolSources): Tool[] {
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
