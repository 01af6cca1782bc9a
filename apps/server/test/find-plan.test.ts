import { type Compilable, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDataset } from '../../../bench/src/generate.ts';
import { BENCH_PASSWORD } from '../../../bench/src/plan.ts';
import { relatedOrdersQuery } from '../src/modules/detail/related-orders.repository.ts';
import { exactMatchesQuery } from '../src/modules/orders/find.repository.ts';
import { planOf } from './query-plan.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

/**
 * Find's exact lookups and the detail's customer's other orders (DESIGN §23) read indexes only: the
 * order id's unique index, migration 030's payment and transaction indexes, migration 087's email
 * and phone-digit expression indexes and migration 040's card index. An expression in a query that
 * drifts from its index's (db/customer-keys.ts against the migration) fails here: the statement
 * would read every order, a million on the hot detail route. Planned over a few thousand generated
 * orders with their statistics, as PostgreSQL plans an empty table by other rules.
 */
describeEachDialect('find and related orders plans', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const passwordHash = await t.app.ctx.passwords.hash(BENCH_PASSWORD);
    await generateDataset(t.app.ctx.db, { orders: 4_000, seed: 12, now: Date.UTC(2026, 10, 1), passwordHash });
    if (dialect === 'postgres') await sql`analyze orders`.execute(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const plan = (query: Compilable<unknown>) => planOf(t.app.ctx.db, dialect, query);
  /** a full read of orders: SQLite's `SCAN orders` (not `SCAN orders USING INDEX`), PostgreSQL's Seq Scan */
  const fullScan = /SCAN orders(?! USING)|Seq Scan on orders/;

  it('finds by every exact key through its own index', async () => {
    const text = await plan(
      exactMatchesQuery(t.app.ctx.db, {
        orderIds: ['UKETA-1234567'],
        reference: 'pi_123',
        email: 'pat@mail.example',
        phoneDigits: '447700900321',
      }),
    );
    for (const index of [
      'orders_payment_reference',
      'orders_transaction_id',
      'orders_email_key',
      'orders_phone_digits',
    ]) {
      expect(text, text).toContain(index);
    }
    expect(text, text).toMatch(/order_id/);
    expect(text, text).not.toMatch(fullScan);
  });

  it('finds the customer’s other orders through the email, phone and card indexes', async () => {
    const query = relatedOrdersQuery(t.app.ctx.db, {
      id: 1,
      contact_email_address: 'Pat@Mail.Example',
      phone_number: '+44 7700 900321',
      card_fingerprint: 'fp_1',
    });
    if (!query) throw new Error('no query for an order with keys');
    for (const text of [await plan(query.any), await plan(query.newest)]) {
      for (const index of ['orders_email_key', 'orders_phone_digits', 'orders_card_fingerprint']) {
        expect(text, text).toContain(index);
      }
      expect(text, text).not.toMatch(fullScan);
    }
  });
});
