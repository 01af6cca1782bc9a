import { INBOUND_BEHIND_BUDGET_MS, INBOUND_PER_MINUTE, type InboundFigure } from './inbound.ts';
import { NO_DOVECOT } from './mailbox.ts';
import type { Action, Throughput } from './mixed.ts';
import { int, ms, pass, type Row } from './report-format.ts';

/** Issue 35 / DESIGN §27: the inbound mailbox read while the mixed workload runs: its rows and missed budgets. */

export const INBOUND_LABEL = `inbound mail at ${int(INBOUND_PER_MINUTE)} a minute, during the mixed workload`;
/** DESIGN §11's mixed budget, which the mix must still meet while the mail is read */
const MIXED_WITH_MAIL = 'mixed staff workload while inbound mail is read';
/** the calls whose latency §11 budgets, in the order the row shows them */
const STAFF_CALLS: readonly Action[] = ['detail', 'list', 'view', 'counts', 'search', 'find'];

/** Every message stored, none left in INBOX, the appends on time, and the reader at most a second behind at p95. */
function inboundHeld(f: InboundFigure): boolean {
  return (
    f.stored === f.appended &&
    f.leftInInbox === 0 &&
    f.appendLateMs <= INBOUND_BEHIND_BUDGET_MS &&
    f.behind.p95 <= INBOUND_BEHIND_BUDGET_MS
  );
}

export function inboundRows(f: InboundFigure | null, mixedBudget: number, plainMix: Throughput): Row[] {
  const budget = `${int(INBOUND_PER_MINUTE)} a minute, none lost, p95 ≤ ${int(INBOUND_BEHIND_BUDGET_MS)} ms behind`;
  if (!f) return [{ figure: INBOUND_LABEL, value: `— (${NO_DOVECOT})`, bare: '', budget, result: 'skipped' }];
  const m = f.mixed;
  const lost = f.appended - f.stored;
  const late =
    f.appendLateMs > INBOUND_BEHIND_BUDGET_MS ? `, appends ${int(f.appendLateMs)} ms behind their clock` : '';
  const p95 = (t: Throughput, action: Action) => {
    const s = t.latencies?.[action];
    return s ? ms(s.p95) : '—';
  };
  const cpu = m.cpuMsPerRequest;
  return [
    {
      figure: INBOUND_LABEL,
      value: `${int(f.stored)} of ${int(f.appended)} stored (${int(lost)} lost, ${int(f.leftInInbox)} left in INBOX${late}), ${int(f.storedPerMinute)} a minute from the first APPEND to the last row; the reader behind p50 ${ms(f.behind.p50)} · p95 ${ms(f.behind.p95)} · max ${ms(f.behind.max)} ms; ${int(f.outcomes.reply)} replies on their orders, ${int(f.outcomes.unmatched)} with none, ${int(f.outcomes.bounce)} bounces marked`,
      bare: '',
      budget,
      result: pass(inboundHeld(f)),
    },
    {
      figure: `${MIXED_WITH_MAIL} (${m.seconds.toFixed(0)} s)`,
      value: `${int(m.requestsPerSecond)} req/s, ${m.errors} errors (p50 ${ms(m.latencyP50)} · p99 ${ms(m.latencyP99)} ms)${cpu ? `; CPU ${ms(cpu.server)} ms server${cpu.database ? ` + ${ms(cpu.database)} ms PostgreSQL` : ''} a request, the reader's included` : ''}`,
      bare: '',
      budget: `≥ ${int(mixedBudget)} req/s, 0 errors`,
      result: pass(m.requestsPerSecond >= mixedBudget && m.errors === 0),
    },
    {
      figure: 'staff calls under the mix: p95 with the mail (without)',
      value: `${STAFF_CALLS.filter((a) => m.latencies?.[a] || plainMix.latencies?.[a])
        .map((a) => `${a} ${p95(m, a)} (${p95(plainMix, a)})`)
        .join(' · ')} ms`,
      bare: '',
      budget: '—',
      result: 'info',
    },
  ];
}

export function inboundFailures(dialect: string, f: InboundFigure | null, mixedBudget: number): string[] {
  if (!f) return [];
  const out: string[] = [];
  const lost = f.appended - f.stored;
  if (lost > 0 || f.leftInInbox > 0) out.push(`${dialect}: inbound mail ${lost} lost, ${f.leftInInbox} left in INBOX`);
  if (f.appendLateMs > INBOUND_BEHIND_BUDGET_MS)
    out.push(`${dialect}: inbound mail appended ${int(f.appendLateMs)} ms behind ${int(INBOUND_PER_MINUTE)} a minute`);
  if (f.behind.p95 > INBOUND_BEHIND_BUDGET_MS)
    out.push(`${dialect}: inbound reader p95 ${ms(f.behind.p95)} ms behind > ${INBOUND_BEHIND_BUDGET_MS} ms`);
  if (f.mixed.requestsPerSecond < mixedBudget)
    out.push(`${dialect}: mixed while inbound mail is read ${int(f.mixed.requestsPerSecond)} req/s`);
  if (f.mixed.errors > 0) out.push(`${dialect}: mixed while inbound mail is read had ${f.mixed.errors} errors`);
  return out;
}
