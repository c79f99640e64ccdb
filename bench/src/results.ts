import type { Summary } from './stats.js';

/** A measured figure of one contender, or why there is none. */
export type Cell =
  | { readonly kind: 'value'; readonly summary: Summary; readonly note?: string }
  | { readonly kind: 'pending'; readonly reason: string }
  | { readonly kind: 'error'; readonly reason: string };

/** One metric measured across the contenders. */
export interface Metric {
  /** Section heading, e.g. "1. Tool-call overhead". */
  readonly section: string;
  readonly name: string;
  readonly unit: string;
  readonly better: 'lower' | 'higher';
  /** Number formatting. */
  readonly digits?: number;
  /** By contender id. */
  readonly cells: Map<string, Cell>;
  /** Whether ratios make sense for this metric (not for e.g. heap growth near zero). */
  readonly ratios?: boolean;
}

/** A target from the issue and how Tandem did. */
export interface TargetCheck {
  readonly target: string;
  readonly figure: string;
  readonly verdict: 'met' | 'missed' | 'pending' | 'n/a';
  /** For a missed target: why it is missed, and what meeting it would take (printed under the targets table). */
  readonly why?: string;
}

/** A single-number cell (no spread). */
export function single(value: number, note?: string): Cell {
  return {
    kind: 'value',
    summary: { n: 1, median: value, p10: value, p90: value, min: value, max: value, mad: 0 },
    ...(note === undefined ? {} : { note }),
  };
}
