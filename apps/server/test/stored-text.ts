import { sql } from 'kysely';
import { dialectOf } from '../src/db/dialect.ts';
import { FILE_FOLDERS } from '../src/lib/file-store.ts';
import type { TestApp } from './test-app.ts';

/** A place a text was found: a table's row, a file, a reply. */
export interface Found {
  where: string;
  text: string;
}

const asText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : Buffer.isBuffer(value) || value instanceof Uint8Array
      ? Buffer.from(value).toString('latin1')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * Every row of every table of the app's database, each as one text: found by reading the schema
 * (sqlite_master; information_schema on PostgreSQL), so a table or column added later is searched too.
 * SQLite's search index shadow tables (FTS5) are included, as blobs read as bytes.
 */
export async function everyStoredRow(t: TestApp): Promise<Found[]> {
  const db = t.app.ctx.db;
  const postgres = dialectOf(db) === 'postgres';
  const tables = postgres
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by 1`.execute(db);
  const found: Found[] = [];
  for (const { name } of tables.rows) {
    // a row of PostgreSQL as one composite text; SQLite's columns joined
    const rows = postgres
      ? await sql<{ row: string }>`select x::text as row from ${sql.table(name)} as x`.execute(db)
      : await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows.rows) found.push({ where: name, text: Object.values(row).map(asText).join(' | ') });
  }
  return found;
}

/**
 * Every file the app's file store holds (DATA_DIR, or the bucket), folder by folder: documents,
 * images, invoices, mail (.eml) …, each as its bytes read as text.
 */
export async function everyStoredFile(t: TestApp): Promise<Found[]> {
  const files = t.app.ctx.files;
  const found: Found[] = [];
  for (const folder of FILE_FOLDERS) {
    for await (const entry of files.list(folder)) {
      const bytes = await files.read(folder, entry.name);
      if (bytes) found.push({ where: `${folder}/${entry.name}`, text: bytes.toString('latin1') });
    }
  }
  return found;
}

/** The places among `places` whose text holds any of `needles` (case-insensitive), with the needle. */
export function holding(places: readonly Found[], needles: readonly string[]): { where: string; needle: string }[] {
  const lowered = needles.map((n) => n.toLowerCase());
  return places.flatMap((place) => {
    const text = place.text.toLowerCase();
    return lowered.filter((n) => text.includes(n)).map((needle) => ({ where: place.where, needle }));
  });
}
