import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type IngestOrder, ingestOrderSchema } from '@eta/shared';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createIngestService } from '../modules/ingest/index.ts';

/** orders per transaction: big enough to be quick, small enough that a bad batch costs little */
export const IMPORT_BATCH = 500;

export interface ImportSummary {
  total: number;
  created: number;
  duplicates: number;
  invalid: number;
}

type Log = (line: string) => void;

function describeOrder(raw: unknown, index: number): string {
  const id = raw && typeof raw === 'object' && 'order_id' in raw ? String(raw.order_id) : '?';
  return `order #${index + 1} (${id})`;
}

/**
 * `npm run import -- FILE.json`: a JSON array of orders in the ingestion schema, through the same
 * service as POST /api/integrations/orders. Unlike the API, an invalid order does not stop the
 * rest: it is reported and skipped, and the exit code says some failed.
 */
export async function importOrders(config: Config, file: string, log: Log = console.log): Promise<ImportSummary> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of orders`);
  const app = await buildApp(config, { serveWeb: false, logger: false });
  const ingest = createIngestService(app.ctx);
  const summary: ImportSummary = { total: parsed.length, created: 0, duplicates: 0, invalid: 0 };
  try {
    for (let start = 0; start < parsed.length; start += IMPORT_BATCH) {
      const valid: IngestOrder[] = [];
      const fileIndex: number[] = [];
      parsed.slice(start, start + IMPORT_BATCH).forEach((raw, offset) => {
        const result = ingestOrderSchema.safeParse(raw);
        if (result.success) {
          valid.push(result.data);
          fileIndex.push(start + offset);
          return;
        }
        summary.invalid += 1;
        const problems = result.error.issues.map((i) => `${i.path.join('.') || '(order)'}: ${i.message}`);
        log(`  skipped ${describeOrder(raw, start + offset)}: ${problems.join('; ')}`);
      });
      const outcome = await ingest.ingest(valid, { source: 'import', skipInvalid: true });
      for (const r of outcome.rejected) {
        summary.invalid += 1;
        const problems = Object.entries(r.errors).map(([field, message]) => `${field}: ${message}`);
        log(`  skipped ${describeOrder(valid[r.index], fileIndex[r.index] as number)}: ${problems.join('; ')}`);
      }
      summary.created += outcome.created.length;
      summary.duplicates += outcome.duplicates.length;
      const done = Math.min(start + IMPORT_BATCH, parsed.length);
      log(
        `${done}/${parsed.length} read: ${summary.created} created, ${summary.duplicates} already there, ${summary.invalid} invalid`,
      );
    }
  } finally {
    await app.close();
  }
  return summary;
}

/** The command: relative paths are read from where npm was started, not from apps/server. */
export async function runImport(config: Config, file: string | undefined, invokedFrom: string): Promise<number> {
  if (!file) throw new Error('usage: npm run import -- FILE.json');
  const summary = await importOrders(config, path.resolve(invokedFrom, file));
  console.log(
    `Import finished: ${summary.created} created, ${summary.duplicates} already there, ${summary.invalid} invalid of ${summary.total}.`,
  );
  return summary.invalid > 0 ? 1 : 0;
}
