import type { ToolDefinition } from '../spec/language-model/v1/tool-definition.js';
import type { FunctionTool, Tool } from '../tool-definition/tool.js';
import { toToolDefinitions } from '../tool-definition/tool-definitions.js';

/**
 * An agent's tools at one moment: the executable (function) tools by name, and the definitions the model
 * is given (function and provider tools, in order).
 *
 * @example
 * ```ts
 * const { byName, definitions } = catalog.current();
 * const weather = byName.get('weather'); // the FunctionTool to run for a call named "weather"
 * ```
 *
 * @category Tool runtime
 */
export interface ToolSnapshot {
  readonly byName: ReadonlyMap<string, FunctionTool>;
  readonly definitions: readonly ToolDefinition[];
}

/**
 * Options of {@link ToolCatalog}.
 *
 * @category Tool runtime
 */
export interface ToolCatalogOptions {
  /** Who owns the tools, named in the errors (e.g. `'BidiAgent'`: "Invalid BidiAgent tool name …"). */
  readonly owner?: string;
}

const EMPTY: ToolSnapshot = { byName: new Map(), definitions: [] };
const NO_OPTIONS: ToolCatalogOptions = Object.freeze({});

/**
 * A snapshot built from a plain tool list, and the tools it was built from (a copy: the list may change);
 * `catalog` is the one catalog agents built from that list share ({@link sharedToolCatalog}).
 */
interface SharedSnapshot {
  readonly tools: readonly Tool[];
  readonly snapshot: ToolSnapshot;
  catalog?: ToolCatalog;
}

/**
 * Snapshots of plain (not live) tool lists, keyed by their first tool: agents built from the same tools —
 * a server making one `Agent` per session from one definition — share one `byName` map and one list of
 * definitions instead of each holding its own. Weak, so it never keeps a tool alive.
 */
const SHARED = new WeakMap<Tool, SharedSnapshot[]>();
/** Distinct lists remembered per first tool (lists that share a first tool but differ are rare). */
const SHARED_PER_KEY = 8;

/**
 * An agent's tools, as `Agent` and `BidiAgent` hold them. A live list — an `Array` subclass such as an
 * `McpToolset`, which a server refreshes in place, given as `tools` or inside it, or any array inside
 * `tools` — is read again at each {@link ToolCatalog.current} (before each model call, at each connect),
 * and the snapshot is rebuilt only when a tool changed; a plain array of tools is read once. Names are
 * checked at construction (a `TypeError`) and on every change: a refreshed list that breaks the rules
 * throws from `current()` — the same error object while the list stays the same, so a caller that keeps
 * the last good snapshot can report each break once.
 *
 * @example
 * ```ts
 * import { ToolCatalog } from '@tandem/core/runtime';
 *
 * const catalog = new ToolCatalog([weather, mcpToolset], { owner: 'VoiceAgent' });
 * const { byName, definitions } = catalog.current(); // again before each call: sees the server's changes
 * ```
 *
 * @category Tool runtime
 */
export class ToolCatalog {
  /** What the snapshot was built from — kept only when some list is live (to notice changes). */
  private seen: readonly Tool[] | undefined;
  private snapshot: ToolSnapshot | undefined;
  private broken: { readonly tools: readonly Tool[]; readonly error: unknown } | undefined;
  private readonly live: boolean;

  /** @throws TypeError for an invalid or duplicate tool name, or something that is not a tool. */
  constructor(
    private readonly sources: readonly (Tool | readonly Tool[])[] | undefined,
    private readonly options: ToolCatalogOptions = NO_OPTIONS,
  ) {
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
    if (this.broken !== undefined && sameTools(flat, this.broken.tools)) throw this.broken.error;
    if (!this.live) {
      const shared = sharedSnapshot(flat);
      if (shared !== undefined) return (this.snapshot = shared);
    }
    let definitions: ToolDefinition[];
    try {
      definitions = toToolDefinitions(flat, this.options.owner);
    } catch (error) {
      if (this.live) this.broken = { tools: flat, error };
      throw error;
    }
    const byName = new Map<string, FunctionTool>();
    for (const tool of flat) if (tool.kind === 'function') byName.set(tool.name, tool);
    this.broken = undefined;
    if (this.live) this.seen = flat;
    this.snapshot = { byName, definitions };
    if (!this.live) share(flat, this.snapshot);
    return this.snapshot;
  }
}

/** No tools: one catalog for every agent without any. */
const NO_TOOLS = new ToolCatalog(undefined);

/**
 * The catalog for an `Agent`'s `tools`: agents built from the same plain list — a server making one agent
 * per session from one definition — share one catalog (a plain list is read once, so it never changes);
 * a live list gets one of its own. @internal
 *
 * @throws TypeError for an invalid or duplicate tool name, or something that is not a tool.
 *
 * @example
 * ```ts
 * sharedToolCatalog([weather]) === sharedToolCatalog([weather]); // true: one catalog per definition
 * ```
 */
export function sharedToolCatalog(sources: readonly (Tool | readonly Tool[])[] | undefined): ToolCatalog {
  if (sources === undefined || sources.length === 0) return NO_TOOLS;
  if (isLiveList(sources) || sources.some((source) => Array.isArray(source))) return new ToolCatalog(sources);
  const tools = sources as readonly Tool[];
  const known = sharedEntry(tools);
  if (known?.catalog !== undefined) return known.catalog;
  const catalog = new ToolCatalog(tools);
  const entry = known ?? sharedEntry(tools);
  if (entry !== undefined) entry.catalog = catalog;
  return catalog;
}

function sharedSnapshot(tools: readonly Tool[]): ToolSnapshot | undefined {
  return sharedEntry(tools)?.snapshot;
}

function sharedEntry(tools: readonly Tool[]): SharedSnapshot | undefined {
  const first = tools[0];
  if (first === undefined || typeof first !== 'object') return undefined;
  return SHARED.get(first)?.find((entry) => sameTools(entry.tools, tools));
}

function share(tools: readonly Tool[], snapshot: ToolSnapshot): void {
  const first = tools[0];
  if (first === undefined || typeof first !== 'object') return;
  const entries = SHARED.get(first) ?? [];
  if (entries.length >= SHARED_PER_KEY) entries.shift();
  entries.push({ tools: [...tools], snapshot });
  SHARED.set(first, entries);
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
