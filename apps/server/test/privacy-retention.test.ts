import { DETAIL_CONTRACTS, ERASED_NAME, ORDER_EVENT, REPORTS_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetentionPass } from '../src/modules/privacy/index.ts';
import { api } from './api-client.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { addDispute, ageOrder, filesOf, finishedOrder, runRetentionCli } from './privacy-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const ZERO_DAYS = { RETENTION_IMAGES_DAYS: '0', RETENTION_DOCUMENTS_DAYS: '0', RETENTION_PERSONAL_DAYS: '0' };

/** DESIGN §16: nothing personal outlives its period, except under legal hold; reports still add up. */
describeEachDialect('retention', (dialect) => {
  describe('npm run retention with 0-day periods', () => {
    let t: TestApp;
    let admin: Member;
    let done: Awaited<ReturnType<typeof finishedOrder>>;
    let chargeback: Awaited<ReturnType<typeof finishedOrder>>;
    let openDispute: Awaited<ReturnType<typeof finishedOrder>>;
    let recentlyClosed: Awaited<ReturnType<typeof finishedOrder>>;
    let longClosed: Awaited<ReturnType<typeof finishedOrder>>;
    let working: Awaited<ReturnType<typeof finishedOrder>>;
    let countsBefore: unknown;

    const countryReport = async () => (await api(t, REPORTS_CONTRACTS.countryOrders, { body: {} }, admin)).json().data;

    beforeAll(async () => {
      const first = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
      admin = await createMember(first, ROLE.Admin);
      t = first;
      done = await finishedOrder(t, admin.token);
      chargeback = await finishedOrder(t, admin.token, STATUS.ChargeBack);
      openDispute = await finishedOrder(t, admin.token);
      await addDispute(t, openDispute.id, 'needs_response');
      recentlyClosed = await finishedOrder(t, admin.token);
      await addDispute(t, recentlyClosed.id, 'won', 10);
      longClosed = await finishedOrder(t, admin.token);
      await addDispute(t, longClosed.id, 'lost', 200);
      working = await finishedOrder(t, admin.token, STATUS.New);
      for (const o of [done, chargeback, openDispute, recentlyClosed, longClosed, working]) await ageOrder(t, o.id, 1);
      countsBefore = await countryReport();
      await first.close({ keepStorage: true });
      const run = await runRetentionCli(first.storage, { ...ZERO_DAYS, REQUIRE_2FA: '' });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Retention pass done: \{"images":2,"documents":2,"personal":2,/);
      t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { reuse: first.storage });
    });
    afterAll(() => t.close());

    it('removes the images and documents of a finished order, files and all, and anonymises it', async () => {
      for (const file of await filesOf(t, done.id)) expect(file).toEqual({ removed: true, present: false });
      const order = await t.app.ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', done.id)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        first_name: ERASED_NAME,
        sur_name: ERASED_NAME,
        contact_email_address: null,
        phone_number: null,
        nationality: 'United States',
        process_status: STATUS.Completed,
        search_text: done.orderId.toLowerCase(),
        removal_reason: 'retention',
      });
      const mails = await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'html'])
        .where('order_key', '=', done.id)
        .execute();
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) expect(mail).toEqual({ to_address: ERASED_NAME, html: '' });
    });

    it('says on the detail what was removed and when, and never serves a removed file', async () => {
      const res = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: done.orderId } }, admin);
      const detail = res.json().data;
      expect(detail.data_removal).toEqual({
        images_removed_at: expect.any(String),
        documents_removed_at: expect.any(String),
        personal_erased_at: expect.any(String),
        reason: 'retention',
      });
      expect(detail.images).toEqual({ passport: null, selfie: null });
      expect(detail.uploadDoc[0]!.removed_at).toEqual(expect.any(String));
      // the personal pass is erasure's own code: the document's copy of the name goes too (DESIGN §22)
      expect(detail.uploadDoc[0]!.customer_name).toBe(ERASED_NAME);
      expect((await call(t, 'GET', detail.uploadDoc[0]!.url, admin.token)).statusCode).toBe(404);
      expect(
        (await api(t, DETAIL_CONTRACTS.image, { params: { orderId: done.orderId, kind: 'passport' } }, admin))
          .statusCode,
      ).toBe(404);
      const removals = detail.events.filter((e: { kind: string }) => e.kind === ORDER_EVENT.dataRemoved);
      expect(removals.map((e) => e.detail).sort()).toEqual([
        'Passport and selfie images removed under the 0-day retention rule',
        'Personal data erased under the 0-day retention rule',
        'eTA documents removed under the 0-day retention rule',
      ]);
      // no member did it: the system (an erasure on request names its member)
      for (const removal of removals) expect(removal.staff_name).toBe('');
    });

    it('keeps everything of an order under legal hold or still being worked', async () => {
      for (const held of [chargeback, openDispute, recentlyClosed, working]) {
        for (const file of await filesOf(t, held.id)) expect(file).toEqual({ removed: false, present: true });
        const order = await t.app.ctx.db
          .selectFrom('orders')
          .select(['first_name', 'personal_erased_at'])
          .where('id', '=', held.id)
          .executeTakeFirstOrThrow();
        expect(order).toEqual({ first_name: 'Jane', personal_erased_at: null });
      }
      // a dispute closed 200 days ago holds nothing any more
      for (const file of await filesOf(t, longClosed.id)) expect(file).toEqual({ removed: true, present: false });
    });

    it('leaves the reports’ counts as they were, and logs the run with its counts', async () => {
      expect(await countryReport()).toEqual(countsBefore);
      const [run] = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['member_id', 'detail'])
        .where('action', '=', 'retention_run')
        .execute();
      expect(run?.member_id).toBeNull();
      // per order: passport, selfie, document and the approval mail's .eml (queued whether written or not)
      expect(JSON.parse(run?.detail as string)).toMatchObject({
        images: 2,
        documents: 2,
        personal: 2,
        filesDeleted: 8,
      });
      expect(await t.app.ctx.db.selectFrom('file_deletions').selectAll().execute()).toEqual([]);
    });

    it('finds nothing more to do on a second pass', async () => {
      const again = await runRetentionPass(t.app.ctx);
      expect(again).toMatchObject({ images: 0, documents: 0, personal: 0, filesDeleted: 0 });
    });
  });

  describe('with the default periods', () => {
    let t: TestApp;
    let admin: Member;
    beforeAll(async () => {
      t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
      admin = await createMember(t, ROLE.Admin);
    });
    afterAll(() => t.close());

    it('removes images after 30 days, documents after 540, personal fields after 2,190, each in its time', async () => {
      const ages = [10, 31, 541, 2191];
      const orders = [];
      for (const age of ages) {
        const order = await finishedOrder(t, admin.token);
        await ageOrder(t, order.id, age);
        orders.push(order);
      }
      await runRetentionPass(t.app.ctx);
      const state = await t.app.ctx.db
        .selectFrom('orders')
        .select(['id', 'images_removed_at', 'documents_removed_at', 'personal_erased_at'])
        .where(
          'id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('id')
        .execute();
      expect(
        state.map((o) => [
          o.images_removed_at !== null,
          o.documents_removed_at !== null,
          o.personal_erased_at !== null,
        ]),
      ).toEqual([
        [false, false, false],
        [true, false, false],
        [true, true, false],
        [true, true, true],
      ]);
    });
  });
});
