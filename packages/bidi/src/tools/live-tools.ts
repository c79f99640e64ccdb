import type { ToolCatalog, ToolSnapshot } from '@tandem/core/runtime';

/**
 * A conversation's view of the agent's tools: the catalog as it is now, or — when a refreshed live list
 * breaks the name rules — the last good one, reporting each such break once. @internal
 */
export class LiveTools {
  private last: ToolSnapshot | undefined;
  private lastError: unknown;

  constructor(
    private readonly catalog: ToolCatalog,
    private readonly report: (error: unknown) => void,
  ) {}

  current(): ToolSnapshot {
    try {
      this.last = this.catalog.current();
    } catch (error) {
      if (this.last === undefined) throw error;
      if (error !== this.lastError) this.report(error);
      this.lastError = error;
    }
    return this.last;
  }
}
