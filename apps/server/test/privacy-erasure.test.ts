import { DETAIL_CONTRACTS, ERASED_NAME, PRIVACY_CONTRACTS, PRIVACY_MSG, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { addDispute, filesOf, finishedOrder } from './privacy-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, reauth, type TestApp } from './test-app.ts';
import { unzip } from './zip-entries.ts';

/** DESIGN §16: erasure on request and subject access, Admin only, each logged. */
describeEachDialect('erasure and subject access', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    await reauth(t, admin.token);
  });
  afterAll(() => t.close());

  const erase = (orderId: string, body: unknown, token: string | null = admin.token) =>
    api.raw(t, PRIVACY_CONTRACTS.erase, { params: { orderId }, body }, token);

  describe('POST /api/admin/orders/{orderId}/erase', () => {
    it('anonymises the order at once, deletes its files and logs who, why', async () => {
      const order = await finishedOrder(t, admin.token, STATUS.New);
      const res = await erase(order.orderId, { reason: 'Applicant asked by email on 24 Nov' });
      expect(res.json()).toEqual({ status: 1, message: PRIVACY_MSG.erased });
      for (const file of await filesOf(t, order.id)) expect(file).toEqual({ removed: true, present: false });
      const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: order.orderId } }, admin)).json().data;
      expect(detail).toMatchObject({
        first_name: ERASED_NAME,
        contact_email_address: null,
        data_removal: { reason: 'request' },
      });
      const again = await erase(order.orderId, { reason: 'twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PRIVACY_MSG.alreadyErased);
      const [audit] = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['member_id', 'detail'])
        .where('action', '=', 'order_erased')
        .where('target', '=', order.orderId)
        .execute();
      expect(audit?.member_id).toBe(admin.id);
      expect(JSON.parse(audit?.detail as string)).toEqual({ reason: 'Applicant asked by email on 24 Nov' });
    });

    it('refuses an order under legal hold unless told to override, and logs the override', async () => {
      const order = await finishedOrder(t, admin.token);
      await addDispute(t, order.id, 'under_review');
      const held = await erase(order.orderId, { reason: 'request' });
      expect(held.statusCode).toBe(409);
      expect(held.json()).toMatchObject({ message: PRIVACY_MSG.legalHold, data: { legalHold: true } });
      for (const file of await filesOf(t, order.id)) expect(file.present).toBe(true);
      const forced = await erase(order.orderId, { reason: 'court order', override: true });
      expect(forced.statusCode).toBe(200);
      const [audit] = await t.app.ctx.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'order_erased')
        .where('target', '=', order.orderId)
        .execute();
      expect(JSON.parse(audit?.detail as string)).toEqual({ reason: 'court order', legalHoldOverridden: true });
    });

    it('answers 404 for an unknown order, 400 without a reason, 403 for every other type, 401 without a token', async () => {
      expect((await erase('UKETA-99999999', { reason: 'x' })).statusCode).toBe(404);
      const order = await finishedOrder(t, admin.token);
      const missing = await erase(order.orderId, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ApiRefusal>().data.errors.reason).toBe(PRIVACY_MSG.reasonRequired);
      expect((await erase(order.orderId, { reason: 'x', override: 'yes' })).statusCode).toBe(400);
      for (const type of [ROLE.Manager, ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
        const caller = await createMember(t, type);
        expect((await erase(order.orderId, { reason: 'x' }, caller.token)).statusCode).toBe(403);
      }
      expect((await erase(order.orderId, { reason: 'x' }, null)).statusCode).toBe(401);
    });
  });

  describe('POST /api/admin/subject-export', () => {
    const exportFor = (email: string, token: string | null = admin.token) =>
      api(t, PRIVACY_CONTRACTS.subjectExport, { body: { email } }, token);

    it('answers a ZIP with a JSON per order and the person’s files, logged as read and exported', async () => {
      const order = await finishedOrder(t, admin.token);
      const res = await exportFor(order.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="subject-export-${order.email.toLowerCase()}.zip"`,
      );
      const entries = await unzip(res.rawPayload);
      const prefix = `files/${order.orderId}/`;
      expect([...entries.keys()].sort()).toEqual([
        'README.txt',
        expect.stringMatching(new RegExp(`^${prefix}document-.+\\.pdf$`)),
        expect.stringMatching(new RegExp(`^${prefix}passport-.+\\.png$`)),
        expect.stringMatching(new RegExp(`^${prefix}selfie-.+\\.png$`)),
        `orders/${order.orderId}.json`,
      ]);
      const json = JSON.parse(String(entries.get(`orders/${order.orderId}.json`)));
      expect(json.order).toMatchObject({ order_id: order.orderId, contact_email_address: order.email });
      expect(json.order).not.toHaveProperty('search_text');
      expect(json.mails.length).toBeGreaterThan(0);
      const access = await t.app.ctx.db
        .selectFrom('access_log')
        .select(['action', 'detail', 'member_id'])
        .where('order_id', '=', order.orderId)
        .where('action', '=', 'export')
        .execute();
      expect(access).toEqual([{ action: 'export', detail: order.email.toLowerCase(), member_id: admin.id }]);
      const [audit] = await t.app.ctx.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'subject_export')
        .where('target', '=', order.email.toLowerCase())
        .execute();
      expect(JSON.parse(audit?.detail as string)).toEqual({ orders: 1 });
    });

    it('answers 404 for an email nobody used (no empty ZIP), logged as an attempt; 400 for a bad one, 403 and 401 as the others', async () => {
      // issue 31: an empty ZIP with a success toast said "done" about nothing
      const res = await exportFor('Nobody@example.test');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: PRIVACY_MSG.exportNotFound });
      const [audit] = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['member_id', 'detail'])
        .where('action', '=', 'subject_export')
        .where('target', '=', 'nobody@example.test')
        .execute();
      expect(audit?.member_id).toBe(admin.id);
      expect(JSON.parse(audit?.detail as string)).toEqual({ orders: 0 });
      expect((await exportFor('not-an-email')).statusCode).toBe(400);
      const manager = await createMember(t, ROLE.Manager);
      expect((await exportFor('a@b.test', manager.token)).statusCode).toBe(403);
      expect((await exportFor('a@b.test', null)).statusCode).toBe(401);
    });
  });
});
