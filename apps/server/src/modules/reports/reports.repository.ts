import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whole UTC days `YYYY-MM-DD`, both included; null leaves that side open. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export interface CountryTally {
  nationality: string;
  count: number;
  standard_count: number;
  priority_count: number;
}

export interface ProcessedTally {
  name: string;
  count: number;
  /** of those, orders with a service level, and those whose first document came by its due time (080) */
  sla_measured: number;
  sla_met: number;
}

const num = (v: number | string | bigint | null) => Number(v ?? 0);

/**
 * The day tallies of migration 010 over a range: a few hundred rows a day at most, read in key order.
 * Days compare as text, as created_at does, since both are fixed-width ISO.
 */
export async function countryTallies(db: Db, range: DayRange): Promise<CountryTally[]> {
  let query = db
    .selectFrom('report_country_days')
    .select((eb) => [
      'nationality',
      eb.fn.sum<number | string>('n').as('count'),
      sql<number | string>`sum(case when processing_type = 'standard' then n else 0 end)`.as('standard_count'),
      sql<number | string>`sum(case when processing_type = 'priority' then n else 0 end)`.as('priority_count'),
    ])
    .groupBy('nationality')
    .having((eb) => eb.fn.sum('n'), '>', 0);
  if (range.from) query = query.where('report_day', '>=', range.from);
  if (range.to) query = query.where('report_day', '<=', range.to);
  const rows = await query.execute();
  return rows.map((r) => ({
    nationality: r.nationality,
    count: num(r.count),
    standard_count: num(r.standard_count),
    priority_count: num(r.priority_count),
  }));
}

export async function processedTallies(db: Db, range: DayRange): Promise<ProcessedTally[]> {
  let days = db
    .selectFrom('report_processed_days')
    .select((eb) => [
      'staff_id',
      eb.fn.sum<number | string>('n').as('n'),
      eb.fn.sum<number | string>('sla_measured').as('sla_measured'),
      eb.fn.sum<number | string>('sla_met').as('sla_met'),
    ])
    .groupBy('staff_id')
    .having((eb) => eb.fn.sum('n'), '>', 0);
  if (range.from) days = days.where('report_day', '>=', range.from);
  if (range.to) days = days.where('report_day', '<=', range.to);
  // Deleted members keep their name (soft delete), so their work still shows against them.
  const rows = await db
    .selectFrom(days.as('d'))
    .innerJoin('staff', 'staff.id', 'd.staff_id')
    .select(['staff.name', 'd.n', 'd.sla_measured', 'd.sla_met'])
    .execute();
  return rows.map((r) => ({
    name: r.name,
    count: num(r.n),
    sla_measured: num(r.sla_measured),
    sla_met: num(r.sla_met),
  }));
}

export interface CreatedDayTally {
  report_day: string;
  processing_type: string;
  n: number;
}

export interface ProcessedDayTally {
  report_day: string;
  n: number;
}

/** Orders created per day and processing type over whole days (the trend's created side). */
export async function createdDayTallies(db: Db, range: { from: string; to: string }): Promise<CreatedDayTally[]> {
  const rows = await db
    .selectFrom('report_country_days')
    .select((eb) => ['report_day', 'processing_type', eb.fn.sum<number | string>('n').as('n')])
    .where('report_day', '>=', range.from)
    .where('report_day', '<=', range.to)
    .groupBy(['report_day', 'processing_type'])
    .execute();
  return rows.map((r) => ({ report_day: r.report_day, processing_type: r.processing_type, n: num(r.n) }));
}

/** Orders processed per day, whoever processed them (the trend's completed side). */
export async function processedDayTallies(db: Db, range: { from: string; to: string }): Promise<ProcessedDayTally[]> {
  const rows = await db
    .selectFrom('report_processed_days')
    .select((eb) => ['report_day', eb.fn.sum<number | string>('n').as('n')])
    .where('report_day', '>=', range.from)
    .where('report_day', '<=', range.to)
    .groupBy('report_day')
    .execute();
  return rows.map((r) => ({ report_day: r.report_day, n: num(r.n) }));
}
