import type { Contender } from './contender.js';
import type { Cell, Metric, TargetCheck } from './results.js';

/** Facts about the run printed above the tables. */
export interface RunInfo {
  readonly date: string;
  readonly node: string;
  readonly commit: string;
  readonly cpu: string;
  readonly os: string;
  readonly mode: string;
  readonly seconds: number;
}

function fmt(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function ratio(value: number, ref: number | undefined): string {
  if (ref === undefined || !Number.isFinite(ref) || ref === 0 || !Number.isFinite(value)) return '—';
  const r = value / ref;
  return `${r >= 100 ? fmt(r, 0) : r >= 10 ? fmt(r, 1) : fmt(r, 2)}×`;
}

/** Median of the best peer for a metric (lowest or highest, per `better`). */
export function fastestPeer(metric: Metric, contenders: readonly Contender[]): { id: string; value: number } | undefined {
  let best: { id: string; value: number } | undefined;
  for (const c of contenders) {
    if (c.kind !== 'peer') continue;
    const cell = metric.cells.get(c.id);
    if (cell?.kind !== 'value') continue;
    const v = cell.summary.median;
    if (best === undefined || (metric.better === 'lower' ? v < best.value : v > best.value)) best = { id: c.id, value: v };
  }
  return best;
}

/** The median of one contender's cell, if measured. */
export function medianOf(metric: Metric | undefined, id: string): number | undefined {
  const cell = metric?.cells.get(id);
  return cell?.kind === 'value' ? cell.summary.median : undefined;
}

function cellText(cell: Cell | undefined, digits: number): { median: string; spread: string; n: string; note: string } {
  if (cell === undefined) return { median: '—', spread: '', n: '', note: 'not measured' };
  if (cell.kind === 'pending') return { median: 'pending', spread: '', n: '', note: cell.reason };
  if (cell.kind === 'error') return { median: 'error', spread: '', n: '', note: cell.reason.replace(/\|/g, '\\|').slice(0, 160) };
  const s = cell.summary;
  return {
    median: fmt(s.median, digits),
    spread: s.n > 1 ? `${fmt(s.p10, digits)}–${fmt(s.p90, digits)}` : '',
    n: String(s.n),
    note: cell.note ?? '',
  };
}

/** Renders the whole report as Markdown. */
export function renderReport(
  info: RunInfo,
  contenders: readonly Contender[],
  metrics: readonly Metric[],
  targets: readonly TargetCheck[],
  notes: readonly string[],
): string {
  const lines: string[] = [];
  lines.push('# Tandem benchmarks', '');
  lines.push(`- Date: ${info.date}`, `- Node: ${info.node}`, `- Tandem commit: ${info.commit}`, `- CPU: ${info.cpu}`, `- OS: ${info.os}`, `- Mode: ${info.mode} (${fmt(info.seconds, 0)} s)`, '');
  lines.push('All contenders ran in this one Node process (cold start and install size use child processes), on the same workloads, each through its own public API with no network.', '');
  lines.push('| contender | package | version | driven through |', '| --- | --- | --- | --- |');
  for (const c of contenders) lines.push(`| ${c.id} | ${c.pkg === undefined ? '—' : `\`${c.pkg}\``} | ${c.version} | ${c.how} |`);
  lines.push('');
  lines.push('## Targets (Tandem, same run)', '', '| target | Tandem | verdict |', '| --- | --- | --- |');
  for (const t of targets) lines.push(`| ${t.target} | ${t.figure} | ${t.verdict} |`);
  lines.push('');
  const missed = targets.filter((t) => t.verdict === 'missed');
  if (missed.length > 0) {
    lines.push('### Missed targets: why, and what meeting each would take', '');
    for (const t of missed) lines.push(`- **${t.target}** (${t.figure}). ${t.why ?? 'No analysis recorded for this target.'}`);
    lines.push('');
  }
  let section = '';
  for (const metric of metrics) {
    if (metric.section !== section) {
      section = metric.section;
      lines.push(`## ${section}`, '');
      lines.push('| metric | contender | median | p10–p90 | n | × fastest peer | × floor | note |');
      lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
    }
    const digits = metric.digits ?? 2;
    const best = fastestPeer(metric, contenders);
    const floor = medianOf(metric, 'floor');
    let first = true;
    for (const c of contenders) {
      const cell = metric.cells.get(c.id);
      if (cell === undefined) continue;
      const t = cellText(cell, digits);
      const median = cell.kind === 'value' ? cell.summary.median : Number.NaN;
      const showRatios = metric.ratios !== false && cell.kind === 'value';
      const label = first ? `${metric.name} (${metric.unit} ${metric.better === 'lower' ? '↓' : '↑'})` : '';
      const who = metric.ratios !== false && c.id === best?.id ? `${c.id} (fastest peer)` : c.id;
      lines.push(
        `| ${label} | ${who} | ${t.median} | ${t.spread} | ${t.n} | ${showRatios ? ratio(median, best?.value) : ''} | ${showRatios ? ratio(median, floor) : ''} | ${t.note} |`,
      );
      first = false;
    }
    for (const [id, cell] of metric.cells) {
      if (contenders.some((c) => c.id === id)) continue;
      const t = cellText(cell, digits);
      lines.push(`| ${first ? `${metric.name} (${metric.unit} ${metric.better === 'lower' ? '↓' : '↑'})` : ''} | ${id} | ${t.median} | ${t.spread} | ${t.n} |  |  | ${t.note} |`);
      first = false;
    }
    if (!metrics.some((m, i) => i > metrics.indexOf(metric) && m.section === section)) lines.push('');
  }
  if (notes.length > 0) {
    lines.push('## Notes', '');
    for (const note of notes) lines.push(`- ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}
