import type { BrowserFigure } from './browser.ts';
import type { BundleSize } from './bundle.ts';
import type { Target } from './databases.ts';
import type { Percentiles } from './http.ts';
import type { InboundFigure } from './inbound.ts';
import type { IngestFigure } from './ingest.ts';
import type { LatencyFigure } from './latency.ts';
import type { LiveFigure } from './live.ts';
import { describeCheck, type MachineCheck } from './machine.ts';
import type { Throughput } from './mixed.ts';
import type { PreviousReport } from './previous.ts';
import type { RatioFigure } from './ratios.ts';
import { datasetRows, ingestionRow } from './report-data.ts';
import { int, kb, mb, ms, pass, type Row } from './report-format.ts';
import { inboundFailures, inboundRows } from './report-inbound.ts';
import { browserFailures, browserRows, liveFailures, liveRow } from './report-live.ts';
import { ratioFailures, ratioRows } from './report-ratios.ts';
import type { RetentionFigure } from './retention.ts';

export type { Row } from './report-format.ts';
export { BROWSER_BUDGET, browserRows, liveRow } from './report-live.ts';

export interface DbResult {
  target: Target;
  latencies: LatencyFigure[];
  bareLatency: LatencyFigure;
  /** DESIGN §20: a sidebar folder click and View, timed in Chromium (browser.ts) */
  browser: BrowserFigure[];
  /** DESIGN §20: a change reaching other members' live streams, 100 streams open throughout (live.ts) */
  live: LiveFigure | null;
  mixed: Throughput;
  bare: Throughput;
  peakMemory: number | null;
  privateMemory: number | null;
  serverVersion: string;
  /** each call of the mix alone: CPU milliseconds a call (run.ts callCosts) */
  callCosts: CallCost[];
  /** DESIGN §27: staff routes' throughput as a share of the bare route's, alternated (ratios.ts) */
  ratios: RatioFigure[];
  /** DESIGN §20: a retention pass over about 100,000 expired orders, and staff calls meanwhile */
  retention: RetentionFigure | null;
  /** issue 35, DESIGN §27: the mix again while mail arrives at 1,000 a minute (inbound.ts); null: no dovecot */
  inbound: InboundFigure | null;
  /** issue 22: orders pushed through POST /api/integrations/orders on a fresh database (ingest.ts) */
  ingestion: IngestFigure | null;
}

export interface CallCost {
  action: string;
  /** its weight in the mix */
  weight: number;
  requestsPerSecond: number;
  errors: number;
  server: number;
  database: number;
}

/** Where the mixed workload's CPU goes: each call's cost alone, weighted by its share of the mix. */
function callCostTable(costs: readonly CallCost[], postgres: boolean): string {
  if (costs.length === 0) return '';
  const total = costs.reduce((sum, c) => sum + c.weight * (c.server + c.database), 0);
  const lines = [
    `CPU per call, each call alone for a few seconds (ms a call${postgres ? ': server + PostgreSQL' : ''}), and its share of the mix's CPU:`,
    '',
    '| call | weight | CPU ms a call | share of the mix | alone |',
    '|---|---|---|---|---|',
  ];
  for (const c of [...costs].sort((a, b) => b.weight * (b.server + b.database) - a.weight * (a.server + a.database))) {
    const cpu = postgres ? `${c.server.toFixed(2)} + ${c.database.toFixed(2)}` : c.server.toFixed(2);
    const share = total > 0 ? (100 * c.weight * (c.server + c.database)) / total : 0;
    lines.push(
      `| ${c.action} | ${c.weight}% | ${cpu} | ${share.toFixed(0)}% | ${int(c.requestsPerSecond)} req/s${c.errors ? `, ${c.errors} errors` : ''} |`,
    );
  }
  return lines.join('\n');
}

export interface RunInfo {
  orders: number;
  samples: number;
  connections: number;
  seconds: number;
  /** server processes (WORKERS) */
  workers: number;
  startedAt: string;
  minutes: number;
  machine: string;
  /** the same fixed work timed at the start and the end of the run (machine.ts) */
  checks: { start: MachineCheck; end: MachineCheck };
  bundles: { admin: BundleSize | null; public: BundleSize | null };
}

/** The hypervisor's steal during the mix, where the machine reports it. */
const stolenNote = (share: number | null | undefined) =>
  share === null || share === undefined
    ? ''
    : `; the host took ${(share * 100).toFixed(1)}% of the machine's CPU time meanwhile (steal)`;

/** DESIGN §11, in milliseconds at p95 for the latencies. */
const LATENCY_BUDGET: Record<string, number> = {
  counts: 10,
  'list-first': 15,
  'list-deep-all': 15,
  'list-deep-completed': 15,
  'search-id': 50,
  'search-email': 50,
  'search-surname': 50,
  detail: 10,
  // issue 35: the same budget with a 50-message conversation on the order
  'detail-conversation': 10,
  'report-country': 200,
  'report-processed': 200,
  // DESIGN §20
  pack: 2000,
  // DESIGN §27
  'find-id': 50,
  'find-email': 50,
  'find-surname': 50,
  'list-filtered': 15,
  'view-count': 15,
};
export const MIXED_BUDGET = 2_000;
export const BUNDLE_BUDGET = { admin: 250 * 1024, public: 60 * 1024 };

export function latencyRow(f: LatencyFigure, bare: Percentiles | null): Row {
  const budget = LATENCY_BUDGET[f.key];
  if (!f.stats)
    return {
      figure: f.label,
      value: `— (${f.missing})`,
      bare: '',
      budget: f.skipped && budget !== undefined ? `p95 ≤ ${budget} ms` : '',
      result: f.skipped ? 'skipped' : 'not measured',
    };
  const s = f.stats;
  return {
    figure: f.label,
    value: `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · p99 ${ms(s.p99)} ms`,
    bare: bare ? `${(s.p95 / bare.p95).toFixed(1)}×` : '',
    budget: budget === undefined ? '—' : `p95 ≤ ${budget} ms`,
    result: budget === undefined ? 'info' : pass(s.p95 <= budget),
  };
}

export function failures(results: readonly DbResult[], info: RunInfo): string[] {
  const out: string[] = [];
  for (const r of results) {
    for (const f of r.latencies) {
      const budget = LATENCY_BUDGET[f.key];
      if (budget === undefined) continue;
      if (!f.stats) {
        if (!f.skipped) out.push(`${r.target.dialect}: ${f.label} not measured`);
      } else if (f.stats.p95 > budget)
        out.push(`${r.target.dialect}: ${f.label} p95 ${ms(f.stats.p95)} ms > ${budget} ms`);
    }
    for (const f of r.retention?.during ?? []) {
      const budget = LATENCY_BUDGET[f.key];
      if (budget !== undefined && f.stats.p95 > budget)
        out.push(`${r.target.dialect}: ${f.label} during retention p95 ${ms(f.stats.p95)} ms > ${budget} ms`);
    }
    out.push(...browserFailures(r.target.dialect, r.browser));
    out.push(...liveFailures(r.target.dialect, r.live));
    if (r.mixed.requestsPerSecond < MIXED_BUDGET)
      out.push(`${r.target.dialect}: mixed ${int(r.mixed.requestsPerSecond)} req/s`);
    if (r.mixed.errors > 0) out.push(`${r.target.dialect}: mixed workload had ${r.mixed.errors} errors`);
    out.push(...inboundFailures(r.target.dialect, r.inbound, MIXED_BUDGET));
    out.push(...ratioFailures(r.target.dialect, r.ratios));
  }
  for (const key of ['admin', 'public'] as const) {
    const b = info.bundles[key];
    if (b && b.gzipBytes > BUNDLE_BUDGET[key]) out.push(`${key} JS ${kb(b.gzipBytes)} gzipped`);
  }
  return out;
}

/** The table of one database; each figure beside the previous committed report's (DESIGN §20). */
function table(rows: Row[], before: (figure: string) => string | null): string {
  const lines = ['| figure | value | previous report | vs bare route | budget | result |', '|---|---|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${r.figure} | ${r.value} | ${before(r.figure) ?? '—'} | ${r.bare} | ${r.budget} | ${r.result} |`);
  return lines.join('\n');
}

const sectionName = (r: DbResult) => (r.target.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');

function dbSection(r: DbResult, previous: PreviousReport | null): string {
  const bare = r.bareLatency.stats;
  const d = r.target.dataset;
  const main = r.latencies.filter((f) => !f.key.startsWith('list:'));
  const rows: Row[] = main.map((f) => latencyRow(f, bare));
  rows.push(liveRow(r.live));
  rows.push(...browserRows(r.browser));
  rows.push({
    figure: `mixed staff workload (${r.mixed.seconds.toFixed(0)} s)`,
    value: `${int(r.mixed.requestsPerSecond)} req/s, ${r.mixed.errors} errors (p50 ${ms(r.mixed.latencyP50)} · p99 ${ms(r.mixed.latencyP99)} ms)`,
    bare: `${((r.mixed.requestsPerSecond / r.bare.requestsPerSecond) * 100).toFixed(0)}% of bare`,
    budget: `≥ ${int(MIXED_BUDGET)} req/s, 0 errors`,
    result: pass(r.mixed.requestsPerSecond >= MIXED_BUDGET && r.mixed.errors === 0),
  });
  const cpu = r.mixed.cpuMsPerRequest;
  if (cpu) {
    const total = cpu.server + cpu.database;
    rows.push({
      figure: 'CPU per mixed request',
      value: `${ms(cpu.server)} ms server${r.target.dialect === 'postgres' ? ` + ${ms(cpu.database)} ms PostgreSQL` : ''} → at most ${int(1000 / total)} req/s a core${stolenNote(r.mixed.stolenShare)}`,
      bare: '',
      budget: '—',
      result: 'info',
    });
  }
  rows.push({
    figure: 'bare Fastify route (ceiling)',
    value: `${int(r.bare.requestsPerSecond)} req/s, ${r.bare.errors} errors; latency ${bare ? `p50 ${ms(bare.p50)} · p95 ${ms(bare.p95)} ms` : ''}`,
    bare: '1×',
    budget: '—',
    result: 'info',
  });
  rows.push(...inboundRows(r.inbound, MIXED_BUDGET, r.mixed));
  rows.push(...ratioRows(r.target.dialect, r.ratios));
  if (r.retention) {
    const t = r.retention;
    rows.push({
      figure: 'retention pass (`npm run retention`, images and documents)',
      value: `${int(t.orders)} expired orders in ${t.seconds.toFixed(1)} s (${int(t.orders / Math.max(t.seconds, 1e-9))} orders/s), beside one member's calls`,
      bare: '',
      budget: '—',
      result: 'info',
    });
    for (const f of t.during) {
      const budget = LATENCY_BUDGET[f.key];
      rows.push({
        figure: `${f.label}, while it runs`,
        value: `p50 ${ms(f.stats.p50)} · p95 ${ms(f.stats.p95)} · p99 ${ms(f.stats.p99)} ms (${int(f.stats.count)} calls)`,
        bare: '',
        budget: budget === undefined ? '—' : `p95 ≤ ${budget} ms`,
        result: budget === undefined ? 'info' : pass(f.stats.p95 <= budget),
      });
    }
  }
  rows.push(...datasetRows(d), ingestionRow(r.ingestion, r.target.dialect === 'postgres'));
  rows.push({
    figure: 'server memory',
    value:
      r.peakMemory === null
        ? 'unknown'
        : `peak RSS ${mb(r.peakMemory)} (VmHWM, counts mapped database pages); private ${r.privateMemory === null ? '?' : mb(r.privateMemory)} at the end (RssAnon)`,
    bare: '',
    budget: '—',
    result: 'info',
  });
  const folders = r.latencies
    .filter((f) => f.key.startsWith('list:'))
    .map(
      (f) =>
        `| ${f.label.replace('list page 1: ', '')} | ${f.stats ? `${ms(f.stats.p50)} / ${ms(f.stats.p95)} / ${ms(f.stats.p99)}` : '—'} |`,
    );
  const mix = Object.entries(r.mixed.mix ?? {})
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${((n / r.mixed.total) * 100).toFixed(0)}%`)
    .join(', ');
  return [
    `## ${sectionName(r)} (${r.serverVersion})`,
    '',
    table(rows, (figure) => previous?.figure(sectionName(r), figure) ?? null),
    '',
    `Mixed workload calls: ${mix}.${r.mixed.failures?.length ? ` First failures: ${r.mixed.failures.join('; ')}` : ''}`,
    '',
    callCostTable(r.callCosts, r.target.dialect === 'postgres'),
    '',
    '<details><summary>List page 1 per folder (p50 / p95 / p99 ms)</summary>',
    '',
    '| folder | ms |',
    '|---|---|',
    ...folders,
    '',
    '</details>',
  ].join('\n');
}

export function renderReport(results: readonly DbResult[], info: RunInfo, previous: PreviousReport | null): string {
  const missed = failures(results, info);
  const bundles = (['admin', 'public'] as const).map((key) => {
    const b = info.bundles[key];
    const label = key === 'admin' ? 'admin first-load JS' : 'public page JS';
    if (!b) return `| ${label} | not built | ≤ ${kb(BUNDLE_BUDGET[key])} | not measured |`;
    return `| ${label} (${b.files.length} files) | ${kb(b.gzipBytes)} gzipped (${kb(b.bytes)} raw) | ≤ ${kb(BUNDLE_BUDGET[key])} | ${pass(b.gzipBytes <= BUNDLE_BUDGET[key])} |`;
  });
  return [
    '# Benchmark results',
    '',
    `${info.orders.toLocaleString('en')} orders; ${info.samples} sequential calls per latency figure (one kept-alive connection, after a warm-up); mixed workload ${info.connections} connections for ${info.seconds} s; the server as ${info.workers === 1 ? 'one process' : `${info.workers} processes (WORKERS=${info.workers})`}; load from a separate process on loopback. Run ${info.startedAt} (${info.minutes.toFixed(1)} min) on ${info.machine}.`,
    '',
    `Machine check (fixed work, lower is faster; it tells a slow machine from slow code): ${describeCheck(info.checks.start)} at the start, ${describeCheck(info.checks.end)} at the end.`,
    '',
    missed.length === 0 ? '**Every DESIGN §11 budget met.**' : `**Budgets missed:** ${missed.join('; ')}.`,
    '',
    previous?.ranAt
      ? `"previous report": the committed report of the run of ${previous.ranAt}, on whatever machine made it (its machine check tells).`
      : '"previous report": none was committed before this one.',
    '',
    ...results.flatMap((r) => [dbSection(r, previous), '']),
    '## Front-end bundles',
    '',
    '| entry | size | budget | result |',
    '|---|---|---|---|',
    ...bundles,
    '',
  ].join('\n');
}
