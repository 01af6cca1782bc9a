import {
  CLAIMABLE_STATUSES,
  FOLLOW_UP_STATUSES,
  ORDER_STATUSES,
  SLA_PAUSED_STATUSES,
  SLA_RUNNING_STATUSES,
  STATUS,
} from '@eta/shared';
import { describe, expect, it } from 'vitest';
import type { DialectName } from '../src/db/dialect.ts';
import { MIGRATIONS } from '../src/db/migrate.ts';
import { captureDatabase } from './sql-capture.ts';

/*
 * Migrations write statuses as SQL text (frozen in time, never imported: migrate.ts), in triggers and
 * partial indexes that must hold the same orders as the shared constants say. Each migration's `up`
 * is run here on both dialects without a database (sql-capture.ts) and every status it writes is read
 * back out of the SQL: an IN list of quoted literals naming a status, or a comparison with one. A
 * status added to or renamed in packages/shared, or a new migration that writes statuses, fails here
 * until the migration that brings the database along is written and named below.
 */
const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];
const STATUSES = new Set<string>(ORDER_STATUSES);
const inList = (statuses: readonly string[]) => `in ${JSON.stringify(statuses)}`;
const equal = (status: string) => `= ${JSON.stringify(status)}`;

/** What each migration writes, in the shared constants' terms; a migration not named writes none. */
const EXPECTED: Record<string, readonly string[]> = {
  // the ChargeBack queue's partial index: the folder's one status
  '030_disputes': [equal(STATUS.ChargeBack)],
  // running, paused, and both (the open orders); the overdue index keeps SLA_RUNNING_STATUSES' very order
  '080_service_levels': [
    inList(SLA_RUNNING_STATUSES),
    inList(SLA_PAUSED_STATUSES),
    inList([...SLA_RUNNING_STATUSES, ...SLA_PAUSED_STATUSES]),
  ],
  '084_overdue_days': [inList(SLA_RUNNING_STATUSES)],
  // Next order urgent's partial index: the free orders of the claimable statuses, in their order
  '090_urgent_claims': [inList(CLAIMABLE_STATUSES)],
  // the Awaiting queues' follow-up sort: one partial index per follow-up status
  '093_queue_filters': FOLLOW_UP_STATUSES.map(equal),
};

/** every status list and status comparison in `text`, as inList / equal write them */
function statusesWritten(text: string): string[] {
  const found = new Set<string>();
  for (const [, items] of text.matchAll(/\bin\s*\(\s*('[^']*'(?:\s*,\s*'[^']*')*)\s*\)/gi)) {
    const literals = [...(items as string).matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
    if (literals.some((l) => STATUSES.has(l))) found.add(inList(literals));
  }
  for (const [, literal] of text.matchAll(/(?:=|<>)\s*'([^']*)'/g))
    if (STATUSES.has(literal as string)) found.add(equal(literal as string));
  return [...found].sort();
}

describe.each(DIALECTS)("migrations' status lists equal the shared constants [%s]", (dialect) => {
  it.each(Object.keys(MIGRATIONS))('%s', async (name) => {
    const { db, log } = captureDatabase(dialect);
    await MIGRATIONS[name]?.up(db);
    expect(statusesWritten(log.join('\n'))).toEqual([...(EXPECTED[name] ?? [])].sort());
  });
});
