import type { BrowserFigure } from './browser.ts';
import { LIVE_BUDGET_MS, type LiveFigure } from './live.ts';
import { int, ms, pass, type Row } from './report-format.ts';

/** The figures DESIGN §20 added in a browser and on the live stream: their rows and missed budgets. */

/** DESIGN §20, in milliseconds at p95, measured in Chromium from the click to the frame painted. */
export const BROWSER_BUDGET: Record<BrowserFigure['key'], number> = { 'folder-click': 150, 'order-view': 250 };

/** The browser figures' rows: p50/p95 of the clicks, their budget and result. */
export function browserRows(figures: readonly BrowserFigure[]): Row[] {
  return figures.map((f) => {
    const budget = `p95 ≤ ${BROWSER_BUDGET[f.key]} ms`;
    if (!f.stats) return { figure: f.label, value: `— (${f.missing})`, bare: '', budget, result: 'not measured' };
    const s = f.stats;
    return {
      figure: f.label,
      value: `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · max ${ms(s.max)} ms (${int(s.count)} clicks)`,
      bare: '',
      budget,
      result: pass(s.p95 <= BROWSER_BUDGET[f.key]),
    };
  });
}

/** The live stream's row: a change to every other member's open stream (DESIGN §20). */
export function liveRow(f: LiveFigure | null): Row {
  const figure = "live: a change reaches other members' streams";
  const budget = `p95 ≤ ${LIVE_BUDGET_MS} ms, none lost`;
  if (!f?.stats) return { figure, value: `— (${f?.missing ?? 'not run'})`, bare: '', budget, result: 'not measured' };
  const s = f.stats;
  return {
    figure,
    value: `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · max ${ms(s.max)} ms (${int(f.changes)} changes, ${int(s.count)} arrivals on ${f.streams} streams open throughout the run, ${int(f.lost)} lost)`,
    bare: '',
    budget,
    result: pass(s.p95 <= LIVE_BUDGET_MS && f.lost === 0),
  };
}

export function liveFailures(dialect: string, f: LiveFigure | null): string[] {
  if (!f?.stats) return [`${dialect}: live stream figure not measured`];
  const out: string[] = [];
  if (f.stats.p95 > LIVE_BUDGET_MS) out.push(`${dialect}: live p95 ${ms(f.stats.p95)} ms > ${LIVE_BUDGET_MS} ms`);
  if (f.lost > 0) out.push(`${dialect}: live stream lost ${f.lost} events`);
  return out;
}

export function browserFailures(dialect: string, figures: readonly BrowserFigure[]): string[] {
  return figures.flatMap((f) => {
    if (!f.stats) return [`${dialect}: ${f.label} not measured`];
    const budget = BROWSER_BUDGET[f.key];
    return f.stats.p95 > budget ? [`${dialect}: ${f.label} p95 ${ms(f.stats.p95)} ms > ${budget} ms`] : [];
  });
}
