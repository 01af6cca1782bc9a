import { DISPUTE_STATES, disputeLabel, ORDER_STATUSES, paymentProcessorOf, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ORDER_COUNT, seedDemoOrders } from '../src/seed/demo-orders.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/staff.ts';
import { buildTestApp, call, createMember, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('demo orders', (dialect) => {
  let t: TestApp;
  let created: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoAccounts(t.app.ctx);
    created = await seedDemoOrders(t.app.ctx);
  });
  afterAll(() => t.close());

  const orders = () =>
    t.app.ctx.db
      .selectFrom('orders')
      .select([
        'id',
        'order_id',
        'domain',
        'process_status',
        'processing_type',
        'assigned_to',
        'refund_date',
        'nationality',
      ])
      .select(['phone_number', 'country_code', 'job', 'created_at', 'criminal_conviction'])
      .execute();

  it('seeds about 300 orders covering every status, both domains and both processing types', async () => {
    expect(created).toBe(DEMO_ORDER_COUNT);
    const rows = await orders();
    expect(rows).toHaveLength(DEMO_ORDER_COUNT);
    expect(new Set(rows.map((r) => r.process_status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(rows.map((r) => r.domain))).toEqual(new Set(['primary', 'secondary']));
    expect(new Set(rows.map((r) => r.processing_type))).toEqual(new Set(['standard', 'priority']));
    expect(new Set(rows.map((r) => r.nationality)).size).toBeGreaterThan(10);
    for (const prefix of ['UKETA-', 'UK-', 'UKTA-', 'eTA-']) {
      expect(
        rows.some((r) => r.order_id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(rows.every((r) => r.phone_number && r.country_code && r.criminal_conviction)).toBe(true);
    // Reserved example domains only: the demo's mails must never reach a real inbox.
    const emails = await t.app.ctx.db.selectFrom('orders').select('contact_email_address').execute();
    expect(emails.every((r) => /@example\.(com|net|org)$/.test(r.contact_email_address ?? ''))).toBe(true);
    const oldest = Math.min(...rows.map((r) => Date.parse(r.created_at)));
    expect(Date.now() - oldest).toBeGreaterThan(30 * 24 * 3600 * 1000);
    expect(Date.now() - oldest).toBeLessThanOrEqual(91 * 24 * 3600 * 1000);
  });

  it('gives refunds a refund date, leaves some refund requests to refund, and some open orders to each demo member', async () => {
    const rows = await orders();
    const refunds = rows.filter((r) => r.process_status === STATUS.Refunds);
    const refunded = refunds.filter((r) => r.refund_date !== null);
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((r) => (r.refund_date as string) >= r.created_at)).toBe(true);
    // Refund requests from the websites wait for "Refunded it" on the Refunds queue.
    expect(refunds.length - refunded.length).toBeGreaterThan(0);
    const staff = await t.app.ctx.db
      .selectFrom('staff')
      .select(['id', 'email', 'type'])
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    for (const member of staff) {
      expect(rows.filter((r) => r.assigned_to === member.id).length, member.type).toBeGreaterThan(0);
    }
    expect(staff.map((s) => s.type)).toContain(ROLE.Telecaller);
  });

  it('gives every order the purchase evidence a website sends (DESIGN §15)', async () => {
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select(['purchase_ip', 'card_fingerprint', 'gateway_name', 'payment_reference', 'transaction_id'])
      .execute();
    expect(rows.every((r) => r.purchase_ip && r.card_fingerprint && r.gateway_name)).toBe(true);
    expect(rows.every((r) => r.payment_reference === r.transaction_id)).toBe(true);
  });

  it('stores a passport and a selfie image for every order', async () => {
    const images = await t.app.ctx.db.selectFrom('order_images').select(['kind', 'content_type']).execute();
    expect(images.filter((i) => i.kind === 'passport')).toHaveLength(DEMO_ORDER_COUNT);
    expect(images.filter((i) => i.kind === 'selfie')).toHaveLength(DEMO_ORDER_COUNT);
    expect(images.every((i) => i.content_type === 'image/png')).toBe(true);
  });

  it('opens disputes in every state on charged-back orders, some due within three days, and one unmatched', async () => {
    const disputes = await t.app.ctx.db
      .selectFrom('disputes')
      .leftJoin('orders', 'orders.id', 'disputes.order_id')
      .select(['disputes.state', 'disputes.respond_by', 'disputes.respond_by_estimated', 'orders.process_status'])
      .execute();
    expect(new Set(disputes.map((d) => d.state))).toEqual(new Set(DISPUTE_STATES));
    const open = disputes.filter((d) => d.state === 'needs_response');
    const soon = open.filter((d) => Date.parse(d.respond_by as string) - Date.now() <= 3 * 24 * 3600 * 1000);
    expect(soon.length).toBeGreaterThanOrEqual(3);
    expect(open.some((d) => Date.parse(d.respond_by as string) < Date.now())).toBe(true);
    expect(disputes.some((d) => d.respond_by_estimated === 1)).toBe(true);
    expect(disputes.filter((d) => d.process_status === null)).toHaveLength(1);
    expect(disputes.filter((d) => d.process_status !== null).every((d) => d.process_status === STATUS.ChargeBack)).toBe(
      true,
    );
  });

  it("opens each dispute with the processor that took its order's payment, and its letter is addressed there", async () => {
    const rows = await t.app.ctx.db
      .selectFrom('disputes')
      .innerJoin('orders', 'orders.id', 'disputes.order_id')
      .select(['disputes.processor', 'orders.order_id', 'orders.payment_processor', 'orders.gateway_name'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const member = await createMember(t, ROLE.Manager);
    for (const row of rows) {
      expect(row.processor, row.order_id).toBe(paymentProcessorOf(row) ?? 'other');
      const letter = await call(t, 'GET', `/api/admin/defence-letter/${row.order_id}`, member.token);
      const addressee = row.processor === 'other' ? row.gateway_name : disputeLabel(row.processor);
      expect(letter.json().data.to, row.order_id).toEqual(['The Disputes Team', addressee]);
    }
    // more than one processor, so the dispute report and filters have something to show
    expect(new Set(rows.map((r) => r.processor)).size).toBeGreaterThanOrEqual(3);
  });

  it('seeds nothing into a database that already has orders', async () => {
    expect(await seedDemoOrders(t.app.ctx)).toBe(0);
    expect(await orders()).toHaveLength(DEMO_ORDER_COUNT);
  });
});
