import {
  type CountryReportRow,
  compareReportRows,
  type ProcessedByReportRow,
  periodOf,
  REPORT_MSG,
  type ReportRange,
  slaMetPercent,
  TREND_MAX_PERIODS,
  TREND_MSG,
  type TrendRequest,
  type TrendRow,
  trendDays,
  trendPeriods,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { countryTallies, createdDayTallies, processedDayTallies, processedTallies } from './reports.repository.ts';

/**
 * SPEC §2 reports over whole UTC days. Orders count whatever their status now (a refunded or
 * deleted order was still ordered); processed means processed_by is set (DESIGN §6: first
 * uploader, else who completed it), dated when it was set.
 */
export function createReportService(ctx: AppContext) {
  const days = (range: ReportRange) => ({ from: range.fromDate, to: range.toDate });

  return {
    async countryOrders(range: ReportRange): Promise<CountryReportRow[]> {
      const rows = (await countryTallies(ctx.db, days(range))).map((r) => ({
        ...r,
        nationality: r.nationality === '' ? null : r.nationality,
      }));
      // Sorted here rather than in SQL: the same order on both databases whatever their collation.
      return rows.sort((a, b) =>
        compareReportRows({ name: a.nationality, count: a.count }, { name: b.nationality, count: b.count }),
      );
    },

    async processedBy(range: ReportRange): Promise<ProcessedByReportRow[]> {
      const rows = await processedTallies(ctx.db, days(range));
      return rows.sort(compareReportRows).map((r) => ({
        processed_by: r.name,
        count: r.count,
        // DESIGN §18, from the same day tallies (migration 080)
        sla_met_percent: slaMetPercent(r.sla_met, r.sla_measured),
      }));
    },

    /**
     * DESIGN §21: the day tallies summed per day, then bucketed here into the shared periods, so
     * the server and the screens agree on every period (zeros included) on both databases.
     */
    async orderTrend(request: TrendRequest): Promise<TrendRow[]> {
      const range = trendDays(request, ctx.clock());
      // A fromDate after today, with no toDate, is the same mistake as one after an explicit toDate.
      if (range.from > range.to) throw AppError.badRequest(REPORT_MSG.rangeOrder, { fromDate: REPORT_MSG.rangeOrder });
      const periods = trendPeriods(range.from, range.to, request.groupBy);
      if (periods.length > TREND_MAX_PERIODS) {
        throw AppError.badRequest(TREND_MSG.tooLong, { fromDate: TREND_MSG.tooLong });
      }
      const rows = new Map<string, TrendRow>(
        periods.map((period) => [
          period,
          { period, count: 0, standard_count: 0, priority_count: 0, completed_count: 0 },
        ]),
      );
      const at = (day: string) => rows.get(periodOf(day, request.groupBy));
      const [created, processed] = await Promise.all([
        createdDayTallies(ctx.db, range),
        processedDayTallies(ctx.db, range),
      ]);
      for (const tally of created) {
        const row = at(tally.report_day);
        if (!row) continue;
        if (tally.processing_type === 'standard') row.standard_count += tally.n;
        else if (tally.processing_type === 'priority') row.priority_count += tally.n;
        row.count = row.standard_count + row.priority_count;
      }
      for (const tally of processed) {
        const row = at(tally.report_day);
        if (row) row.completed_count += tally.n;
      }
      return [...rows.values()];
    },
  };
}
