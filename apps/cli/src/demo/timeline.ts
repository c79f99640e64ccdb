/** One tool call's real start and end, in ms since the prompt was sent. */
export interface TimelineEntry {
  readonly toolName: string;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * Draws calls on one time axis: `name  start  48 ms  end 650 ms  ····████████`, the bars scaled so the
 * latest end fills `width` columns.
 *
 * @example
 * ```ts
 * timelineLines([{ toolName: 'weather', startMs: 48, endMs: 650 }], 40);
 * ```
 */
export function timelineLines(entries: readonly TimelineEntry[], width = 40): string[] {
  const latest = Math.max(1, ...entries.map((entry) => entry.endMs));
  const nameWidth = Math.max(...entries.map((entry) => entry.toolName.length));
  return entries.map((entry) => {
    const from = Math.round((entry.startMs / latest) * width);
    const to = Math.max(from + 1, Math.round((entry.endMs / latest) * width));
    const bar = `${'·'.repeat(from)}${'█'.repeat(to - from)}`;
    return `${entry.toolName.padEnd(nameWidth)}  start ${ms(entry.startMs)}  end ${ms(entry.endMs)}  ${bar}`;
  });
}

/**
 * How long two or more calls ran at the same time: the length of the time all of them were running.
 *
 * @example
 * ```ts
 * overlapMs([{ toolName: 'a', startMs: 0, endMs: 600 }, { toolName: 'b', startMs: 10, endMs: 400 }]); // 390
 * ```
 */
export function overlapMs(entries: readonly TimelineEntry[]): number {
  if (entries.length < 2) return 0;
  const start = Math.max(...entries.map((entry) => entry.startMs));
  const end = Math.min(...entries.map((entry) => entry.endMs));
  return Math.max(0, end - start);
}

function ms(value: number): string {
  return `${String(Math.round(value)).padStart(5)} ms`;
}
