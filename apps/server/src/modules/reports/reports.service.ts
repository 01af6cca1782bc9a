import { type CountryReportRow, compareReportRows, type ProcessedByReportRow, type ReportRange } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { countryTallies, processedTallies } from './reports.repository.ts';

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
      return rows.sort(compareReportRows).map((r) => ({ processed_by: r.name, count: r.count }));
    },
  };
}
