import type { Target } from './databases.ts';
import { INGEST_BATCH, INGEST_IN_FLIGHT, type IngestFigure } from './ingest.ts';
import { int, ms, type Row } from './report-format.ts';

/** How orders get in: the dataset's generation and import, and ingestion through the API (issue 22). */

/** The dataset's rows: building it in memory, and writing it with its related rows and triggers. */
export function datasetRows(d: Target['dataset']): Row[] {
  const reused = d.reused ? ' (kept from an earlier run)' : '';
  return [
    {
      figure: 'dataset generation',
      value: `${int(d.orders / Math.max(d.generateSeconds, 1e-9))} orders/s (${d.generateSeconds.toFixed(1)} s)${reused}`,
      bare: '',
      budget: '—',
      result: 'info',
    },
    {
      figure: 'dataset import',
      value: `${int(d.orders / Math.max(d.importSeconds, 1e-9))} orders/s (${d.importSeconds.toFixed(1)} s, ${int(Object.values(d.rows).reduce((a, b) => a + b, 0))} rows)${reused}`,
      bare: '',
      budget: '—',
      result: 'info',
    },
  ];
}

/**
 * POST /api/integrations/orders on a fresh database (ingest.ts), beside the import: the figure's
 * name stays the same from run to run, so the previous report's value shows beside it.
 */
export function ingestionRow(f: IngestFigure | null, postgres: boolean): Row {
  const figure = `ingestion through the API (batches of ${int(INGEST_BATCH)}, ${INGEST_IN_FLIGHT} in flight, fresh database)`;
  if (!f) return { figure, value: '— (not run)', bare: '', budget: '—', result: 'info' };
  const perOrder = (seconds: number) => ms((seconds * 1000) / Math.max(f.orders, 1));
  const cpu = `${perOrder(f.cpu.server)} ms server${postgres ? ` + ${perOrder(f.cpu.database)} ms PostgreSQL` : ''}`;
  return {
    figure,
    value: `${int(f.orders / Math.max(f.seconds, 1e-9))} orders/s (${int(f.orders)} orders in ${f.seconds.toFixed(1)} s; CPU an order: ${cpu})`,
    bare: '',
    budget: '—',
    result: 'info',
  };
}
