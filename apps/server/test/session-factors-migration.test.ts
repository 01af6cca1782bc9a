import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect.ts';
import { migrateTo } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { createPgDatabase, DIALECTS } from './test-app.ts';

const BEFORE = '085_search_by_date';
const ENROLLED = '2026-05-10T10:00:00.000Z';

/**
 * Migration 086 over sessions already open: one begun after its member turned 2FA on was opened with
 * a code; one begun before it ends (turning 2FA on now ends the member's other sessions); a member
 * without 2FA keeps sessions of the password. On PostgreSQL a confirmation is announced as a
 * revocation is, so every instance drops its kept copy.
 */
for (const dialect of DIALECTS) {
  describe(`session factors migration (086) [${dialect}]`, () => {
    let handle: DbHandle;
    let drop: (() => Promise<void>) | null = null;
    let pgUrl: string | null = null;
    const db = () => handle.db as Kysely<Database>;
    const stateOf = async (id: string) =>
      db()
        .selectFrom('staff_sessions')
        .select(['factors', 'confirmed_at'])
        .select((eb) => eb('revoked_at', 'is not', null).as('ended'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    beforeAll(async () => {
      const database = dialect === 'postgres' ? await createPgDatabase() : null;
      drop = database?.drop ?? null;
      pgUrl = database?.url ?? null;
      handle = connect({ databaseUrl: pgUrl, sqliteFile: ':memory:', preparedStatements: false });
      await migrateTo(handle.db, BEFORE);
      const member = (email: string, enrolledAt: string | null) => ({
        name: email,
        email,
        password_hash: 'x',
        type: 'Admin',
        created_at: '2026-05-01T10:00:00.000Z',
        updated_at: '2026-05-01T10:00:00.000Z',
        two_factor_enabled_at: enrolledAt,
        totp_secret: enrolledAt ? 'v1:sealed' : null,
      });
      const [withCode, withoutCode] = await db()
        .insertInto('staff')
        .values([member('a@example.test', ENROLLED), member('b@example.test', null)])
        .returning('id')
        .execute();
      const session = (id: string, staffId: number, createdAt: string) => ({
        id,
        staff_id: staffId,
        created_at: createdAt,
        last_seen_at: createdAt,
        expires_at: '2026-06-01T10:00:00.000Z',
        ip: null,
        user_agent: null,
        revoked_at: null,
      });
      await sql`INSERT INTO staff_sessions (id, staff_id, created_at, last_seen_at, expires_at, ip, user_agent, revoked_at)
        VALUES ${sql.join(
          [
            session('before-enrolment', Number(withCode?.id), '2026-05-09T10:00:00.000Z'),
            session('after-enrolment', Number(withCode?.id), '2026-05-11T10:00:00.000Z'),
            session('password-only', Number(withoutCode?.id), '2026-05-11T10:00:00.000Z'),
          ].map((s) => sql`(${sql.join(Object.values(s))})`),
        )}`.execute(handle.db);
      await migrateTo(handle.db, null);
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });

    it('ends the sessions begun before their member enrolled, and gives the others their factors', async () => {
      const ended = (value: unknown) => Boolean(Number(value));
      const before = await stateOf('before-enrolment');
      expect(ended(before.ended)).toBe(true);
      const after = await stateOf('after-enrolment');
      expect({ ...after, ended: ended(after.ended) }).toEqual({
        factors: 'password,totp',
        confirmed_at: null,
        ended: false,
      });
      const plain = await stateOf('password-only');
      expect({ ...plain, ended: ended(plain.ended) }).toEqual({
        factors: 'password',
        confirmed_at: null,
        ended: false,
      });
    });

    if (dialect === 'postgres') {
      it('announces a confirmation and a change of factors on the sessions channel', async () => {
        const heard: string[] = [];
        const listener = new pg.Client({ connectionString: pgUrl as string });
        await listener.connect();
        listener.on('notification', (message) => heard.push(message.payload as string));
        await listener.query('LISTEN eta_session_revoked');
        await db()
          .updateTable('staff_sessions')
          .set({ confirmed_at: ENROLLED })
          .where('id', '=', 'after-enrolment')
          .execute();
        await db()
          .updateTable('staff_sessions')
          .set({ factors: 'password,totp' })
          .where('id', '=', 'password-only')
          .execute();
        await db()
          .updateTable('staff_sessions')
          .set({ last_seen_at: ENROLLED })
          .where('id', '=', 'after-enrolment')
          .execute();
        for (let waited = 0; heard.length < 2 && waited < 5000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await listener.end();
        // last seen is written once a minute per session: it is no change the guard cares about
        expect(heard).toEqual(['after-enrolment', 'password-only']);
      });
    }
  });
}
