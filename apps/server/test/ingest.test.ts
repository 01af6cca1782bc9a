import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MSG, ORDER_EVENT, ORDER_MSG, ORDERS_CONTRACTS, REFUND_DATE_ONLY_IN_REFUNDS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildOrder, GIF_URL, INGEST_KEY, nextOrderId, PNG_URL, postOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type TestApp } from './test-app.ts';

const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describeEachDialect('order ingestion', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
  });
  afterAll(() => t.close());

  const orderRow = (orderId: string) =>
    t.app.ctx.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  const imageFiles = () => {
    const dir = path.join(t.config.dataDir, 'images');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('creates a batch with every field, its images and a created event', async () => {
    const a = buildOrder({
      order_id: nextOrderId('UKTA-'),
      first_name: 'Ada',
      sur_name: 'Lovelace',
      phone_number: 447700900001,
      processing_type: 'priority',
      amount: '49.995',
      currency: 'usd',
      created_at: '2026-01-15T08:30:00+02:00',
      criminal_conviction: 'no',
      a1b2c3d4e5: 'yes',
      passport_image: PNG_URL,
      upload_image: `data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`,
    });
    const b = buildOrder({ process_status: 'Awaiting', amount: 0 });
    const c = buildOrder({ order_id: nextOrderId('eTA-'), email: '', created_at: '2026-02-01T10:00:00' });
    const filesBefore = imageFiles().length;
    const res = await postOrders(t, { orders: [a, b, c] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 1,
      data: { created: [a.order_id, b.order_id, c.order_id], duplicates: [] },
    });

    const rowA = await orderRow(a.order_id as string);
    expect(rowA).toMatchObject({
      domain: 'secondary',
      process_status: STATUS.Priority,
      processing_type: 'priority',
      amount_minor: 5000,
      currency: 'USD',
      phone_number: '447700900001',
      criminal_conviction: 'no',
      created_at: '2026-01-15T06:30:00.000Z',
      assigned_to: null,
    });
    expect(JSON.parse(rowA?.extra_answers as string)).toEqual({ a1b2c3d4e5: 'yes' });
    expect(rowA?.search_text).toContain('ada lovelace');
    expect(rowA?.search_text).toContain(String(a.order_id).toLowerCase());
    expect(rowA?.search_text).toContain(String(a.contact_email_address));
    expect(await orderRow(b.order_id as string)).toMatchObject({
      process_status: STATUS.Awaiting,
      amount_minor: 0,
      domain: 'primary',
    });
    expect(await orderRow(c.order_id as string)).toMatchObject({
      domain: 'secondary',
      process_status: STATUS.New,
      email: null,
      created_at: '2026-02-01T10:00:00.000Z',
    });

    const images = await t.app.ctx.db
      .selectFrom('order_images')
      .selectAll()
      .where('order_key', '=', rowA?.id as number)
      .orderBy('kind')
      .execute();
    expect(images.map((i) => [i.kind, i.content_type])).toEqual([
      ['passport', 'image/png'],
      ['selfie', 'image/jpeg'],
    ]);
    const selfie = images[1];
    expect(selfie?.file_name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(readFileSync(path.join(t.config.dataDir, 'images', selfie?.file_name as string))).toEqual(JPEG_BYTES);
    expect(imageFiles().length).toBe(filesBefore + 2);
    expect(imageFiles().some((f) => f.endsWith('.tmp'))).toBe(false);

    const events = await t.app.ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_key', '=', rowA?.id as number)
      .execute();
    expect(events).toMatchObject([{ kind: 'created', to_value: STATUS.Priority, staff_id: null, detail: 'api' }]);
  });

  it('keeps text as sent, whatever its characters; a lone UTF-16 surrogate becomes U+FFFD', async () => {
    const odd = 'Zoë "Q" O\'Brien \\ tab\there\nline 😀 \u0001';
    const order = buildOrder({ first_name: odd, sur_name: 'Half\ud800Pair', address_line1: '{"not":"json"}' });
    expect((await postOrders(t, { orders: [order] })).statusCode).toBe(201);
    expect(await orderRow(order.order_id as string)).toMatchObject({
      first_name: odd,
      sur_name: 'Half\ufffdPair',
      address_line1: '{"not":"json"}',
      address_line2: null,
    });
  });

  it('accepts a single order object, and the new orders show in the folder counts', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const before = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, admin)).json().data;
    const one = buildOrder();
    const res = await postOrders(t, one);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ created: [one.order_id], duplicates: [] });
    const after = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, admin)).json().data;
    expect(after.newOrdersCount).toBe(before.newOrdersCount! + 1);
    expect(after.allOrdersCount).toBe(before.allOrdersCount! + 1);
  });

  it('takes a refund made elsewhere with its date, and a refund request without one', async () => {
    const team = await createMember(t, ROLE.Team);
    const refunded = buildOrder({ process_status: STATUS.Refunds, refund_date: '2025-03-04T05:06:07+01:00' });
    const requested = buildOrder({ process_status: STATUS.Refunds });
    expect((await postOrders(t, [refunded, requested])).statusCode).toBe(201);
    expect((await orderRow(refunded.order_id as string))?.refund_date).toBe('2025-03-04T04:06:07.000Z');
    expect((await orderRow(requested.order_id as string))?.refund_date).toBeNull();
    // "Refunded it" leaves the refund made elsewhere alone: no new date, no mail to its applicant.
    const res = await api(
      t,
      ORDERS_CONTRACTS.refund,
      { body: { orderId: [refunded.order_id as string, requested.order_id as string] } },
      team,
    );
    expect(res.json()).toMatchObject({
      status: 1,
      message: `1 of 2 orders marked as refunded. Already refunded: ${refunded.order_id}.`,
      data: { updated: [requested.order_id], unchanged: [refunded.order_id] },
    });
    expect((await orderRow(refunded.order_id as string))?.refund_date).toBe('2025-03-04T04:06:07.000Z');
  });

  it('refuses a refund date on an order not in Refunds, saying so', async () => {
    const order = buildOrder({ process_status: STATUS.Completed, refund_date: '2026-01-02T03:04:05Z' });
    const res = await postOrders(t, [order]);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors['orders.0.refund_date']).toBe(REFUND_DATE_ONLY_IN_REFUNDS);
  });

  it('takes orders sent in two batches at once once each: created by one, a duplicate for the other', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const before = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, admin)).json().data;
    const shared = [buildOrder(), buildOrder(), buildOrder()];
    const [x, y] = [buildOrder(), buildOrder()];
    const replies = await Promise.all([
      postOrders(t, { orders: [...shared, x] }),
      postOrders(t, { orders: [y, ...shared] }),
    ]);
    const data = replies.map((r) => r.json().data as { created: string[]; duplicates: string[] });
    const ids = (orders: Record<string, unknown>[]) => orders.map((o) => o.order_id as string).sort();
    expect(data.flatMap((d) => d.created).sort()).toEqual(ids([...shared, x, y]));
    expect(data.flatMap((d) => d.duplicates).sort()).toEqual(ids(shared));
    const created = await t.app.ctx.db
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_key')
      .select('orders.order_id')
      .where('orders.order_id', 'in', ids([...shared, x, y]))
      .where('order_events.kind', '=', ORDER_EVENT.created)
      .execute();
    expect(created.map((e) => e.order_id).sort()).toEqual(ids([...shared, x, y]));
    const after = (await api(t, ORDERS_CONTRACTS.folderCounts, {}, admin)).json().data;
    expect(after.newOrdersCount).toBe(before.newOrdersCount! + 5);
  });

  it('reports a repeat of a stored order as a duplicate and changes nothing', async () => {
    const order = buildOrder({ first_name: 'Original' });
    expect((await postOrders(t, order)).statusCode).toBe(201);
    const res = await postOrders(t, { orders: [{ ...order, first_name: 'Changed' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, data: { created: [], duplicates: [order.order_id] } });
    expect((await orderRow(order.order_id as string))?.first_name).toBe('Original');
  });

  it('creates the first of two equal ids in one batch and reports the second', async () => {
    const first = buildOrder({ first_name: 'First' });
    const other = buildOrder();
    const res = await postOrders(t, [first, other, { ...first, first_name: 'Second' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ created: [first.order_id, other.order_id], duplicates: [first.order_id] });
    expect((await orderRow(first.order_id as string))?.first_name).toBe('First');
  });

  it('refuses the whole batch when one order is invalid, naming index and field', async () => {
    const good = buildOrder({ passport_image: PNG_URL });
    const badEmail = buildOrder({ contact_email_address: 'not-an-email' });
    const badId = buildOrder({ order_id: 'ab', first_name: '' });
    const filesBefore = imageFiles().length;
    const res = await postOrders(t, { orders: [good, badEmail, badId] });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.errors).toMatchObject({
      'orders.1.contact_email_address': MSG.invalidEmail,
      'orders.2.order_id': expect.any(String),
      'orders.2.first_name': 'first_name is required.',
    });
    expect(body.data.errors['orders.0.order_id']).toBeUndefined();
    expect(await orderRow(good.order_id as string)).toBeUndefined();
    expect(await orderRow(badEmail.order_id as string)).toBeUndefined();
    expect(imageFiles().length).toBe(filesBefore);
  });

  it.each([
    ['an unknown status', { process_status: 'Shipped' }, 'process_status'],
    ['a negative amount', { amount: -1 }, 'amount'],
    ['a bad currency', { currency: 'POUND' }, 'currency'],
    ['a bad date', { created_at: 'yesterday' }, 'created_at'],
    [
      'a refund date outside Refunds',
      { process_status: STATUS.Completed, refund_date: '2026-01-02T03:04:05Z' },
      'refund_date',
    ],
    ['a bad refund date', { process_status: STATUS.Refunds, refund_date: 'last week' }, 'refund_date'],
    ['a bad processing type', { processing_type: 'express' }, 'processing_type'],
    ['a nested unknown field', { extra: { a: 1 } }, 'extra'],
    ['a text field too long', { post_code: 'x'.repeat(21) }, 'post_code'],
    ['an image that is not a data URL', { passport_image: 'https://example.test/a.png' }, 'passport_image'],
  ])('refuses %s', async (_name, override, field) => {
    const order = buildOrder(override);
    const res = await postOrders(t, [order]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toContain(`orders.0.${field}`);
    expect(await orderRow(order.order_id as string)).toBeUndefined();
  });

  it('refuses an image whose bytes are not JPEG, PNG or WebP, whatever it claims, and stores nothing', async () => {
    const good = buildOrder({ passport_image: PNG_URL, upload_image: PNG_URL });
    const bad = buildOrder({ passport_image: PNG_URL, upload_image: GIF_URL });
    const filesBefore = imageFiles().length;
    const res = await postOrders(t, { orders: [good, bad] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 0,
      message: ORDER_MSG.imageType,
      data: { errors: { 'orders.1.upload_image': ORDER_MSG.imageType } },
    });
    expect(await orderRow(good.order_id as string)).toBeUndefined();
    expect(imageFiles().length).toBe(filesBefore);
  });

  it('refuses an empty batch and more than 1,000 orders', async () => {
    expect((await postOrders(t, { orders: [] })).json().message).toBe(ORDER_MSG.ingestEmpty);
    const many = Array.from({ length: 1001 }, () => ({ order_id: 'x' }));
    const res = await postOrders(t, { orders: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.orders).toBe(ORDER_MSG.ingestTooMany);
  });

  it.each([
    ['a wrong key', 'wrong-key'],
    ['a key that only starts right', `${INGEST_KEY}x`],
    ['no key', null],
  ])('refuses %s with 401 in the envelope', async (_name, key) => {
    const order = buildOrder();
    const res = await postOrders(t, order, key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, message: ORDER_MSG.ingestKeyRefused });
    expect(await orderRow(order.order_id as string)).toBeUndefined();
  });

  it('does not take a staff token instead of the key', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/orders',
      headers: { authorization: admin.token },
      payload: buildOrder(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describeEachDialect('order ingestion without INGEST_API_KEY', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it.each([[INGEST_KEY], [''], [null]])('refuses every caller (key %j)', async (key) => {
    const res = await postOrders(t, buildOrder(), key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, message: ORDER_MSG.ingestKeyRefused });
  });
});
