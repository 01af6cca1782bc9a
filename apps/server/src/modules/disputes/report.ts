import { DISPUTE_REPORT_DIMENSIONS, type DisputeReportRow, isOpenDispute, type ReportRange } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { reportTallies } from './disputes.repository.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * DESIGN §14's report over the disputes opened in the range (whole UTC days; the schema refuses a reversed one): per processor and per
 * reason category, a row per currency (amounts are never added across currencies). Win rate is won
 * over every decided dispute, accepted ones included: a dispute conceded is money lost
 * (docs/decisions/0089-the-report-s-win-rate-is-won-won-lost-accepted.md). Rows: most disputes first,
 * then by key and currency, so ties never swap.
 */
export function createDisputeReport(ctx: AppContext) {
  return async (range: ReportRange): Promise<DisputeReportRow[]> => {
    const bounds = {
      from: range.fromDate ? `${range.fromDate}T00:00:00.000Z` : null,
      to: range.toDate ? nextDay(range.toDate) : null,
    };
    const rows: DisputeReportRow[] = [];
    for (const dimension of DISPUTE_REPORT_DIMENSIONS) {
      const byKey = new Map<string, DisputeReportRow>();
      for (const tally of await reportTallies(ctx.db, dimension, bounds)) {
        const id = `${tally.key}\u0000${tally.currency}`;
        let row = byKey.get(id);
        if (!row) {
          row = {
            dimension,
            key: tally.key,
            currency: tally.currency,
            opened: 0,
            won: 0,
            lost: 0,
            accepted: 0,
            open: 0,
            win_rate: null,
            amount_won_minor: 0,
            amount_lost_minor: 0,
          };
          byKey.set(id, row);
        }
        row.opened += tally.n;
        if (tally.state === 'won') {
          row.won += tally.n;
          row.amount_won_minor += tally.amount;
        } else if (tally.state === 'lost' || tally.state === 'accepted') {
          row[tally.state] += tally.n;
          row.amount_lost_minor += tally.amount;
        } else if (isOpenDispute(tally.state)) row.open += tally.n;
      }
      const sorted = [...byKey.values()].sort(
        (a, b) => b.opened - a.opened || a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency),
      );
      for (const row of sorted) {
        const decided = row.won + row.lost + row.accepted;
        row.win_rate = decided === 0 ? null : Math.round((row.won / decided) * 10_000) / 10_000;
        rows.push(row);
      }
    }
    return rows;
  };
}
