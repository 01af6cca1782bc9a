import { type AccessLogRecord, DEFENCE_CONTRACTS, DEFENCE_MSG, PRIVACY_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { DOWNLOADS, packOrder, packRequest, readPdf, squash } from './defence-fixtures.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { imagesIn } from './image-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();
/** packOrder's passport image: a 320 x 220 PNG */
const PASSPORT = { width: 320, height: 220 };
const CE3 = squash('Visa Compelling Evidence 3.0');
const FROM_PURCHASE_IP = squash('from the purchase IP');

/** DESIGN §22: a pack states only what is true and helps, and its logs say what its bytes hold (issue 31). */
describeEachDialect('defence packs state only what is true (issue 31)', (dialect) => {
  let t: TestApp;
  let mary: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: NOW });
    mary = await createMember(t, ROLE.Manager, 'Mary Manager');
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
  });
  afterAll(() => t.close());

  /** The pack's bytes, read back, with the Activity row and the access-log row it left. */
  async function made(orderId: string, type: 1 | 2, extra: { includePassport?: boolean } = {}) {
    const res = await packRequest(t, mary.token, orderId, type, extra);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { id } = await orderRow(t, orderId);
    const activity = await t.app.ctx.db
      .selectFrom('order_events')
      .select(['kind', 'to_value', 'detail'])
      .where('order_key', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const log = await api(t, PRIVACY_CONTRACTS.accessLog, { query: { orderId, action: 'pack' } }, admin);
    const [access] = log.json().data as AccessLogRecord[];
    return {
      images: await imagesIn(res.rawPayload),
      text: squash((await readPdf(res.rawPayload)).all),
      activity,
      access: access?.detail,
    };
  }

  describe('the passport image (finding 8)', () => {
    it('pack 1 holds it only when asked for, and Activity and the access log say so only then', async () => {
      const order = await packOrder(t, mary.token, { downloads: 1 });
      const without = await made(order.orderId, 1);
      expect(without.images).toEqual([]);
      expect(without.activity).toMatchObject({ kind: 'defence_pack', to_value: '1', detail: 'fitted to Stripe' });
      expect(without.access).toBe('pack 1');

      const withPassport = await made(order.orderId, 1, { includePassport: true });
      expect(withPassport.images).toEqual([PASSPORT]);
      expect(withPassport.activity.detail).toBe('fitted to Stripe; passport image included');
      expect(withPassport.access).toBe('pack 1, passport included');
    });

    it('pack 2 holds no image and says none; asking it for the passport is refused (400), logging nothing', async () => {
      const order = await packOrder(t, mary.token, { downloads: 1 });
      const compact = await made(order.orderId, 2);
      expect(compact.images).toEqual([]);
      expect(compact.activity).toMatchObject({ to_value: '2', detail: 'fitted to Stripe' });
      expect(compact.access).toBe('pack 2');

      const refused = await packRequest(t, mary.token, order.orderId, 2, { includePassport: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        status: 0,
        message: DEFENCE_MSG.noPassportInPack2,
        data: { errors: { includePassport: DEFENCE_MSG.noPassportInPack2 } },
      });
      const letter = await api(
        t,
        DEFENCE_CONTRACTS.letter,
        { params: { orderId: order.orderId }, query: { defencePackType: '2', includePassport: 'true' } },
        mary,
      );
      expect(letter.statusCode).toBe(400);
      expect(letter.json().message).toBe(DEFENCE_MSG.noPassportInPack2);
      const { id } = await orderRow(t, order.orderId);
      const packs = await t.app.ctx.db
        .selectFrom('order_events')
        .select('id')
        .where('order_key', '=', id)
        .where('kind', '=', 'defence_pack')
        .execute();
      expect(packs).toHaveLength(1);
      const log = await api(
        t,
        PRIVACY_CONTRACTS.accessLog,
        { query: { orderId: order.orderId, action: 'pack' } },
        admin,
      );
      expect(log.json().total).toBe(1);
    });

    it('pack 1 asked for a passport the order no longer has holds none and says so', async () => {
      const order = await packOrder(t, mary.token, { downloads: 1 });
      const { id } = await orderRow(t, order.orderId);
      await t.app.ctx.db.deleteFrom('order_images').where('order_key', '=', id).execute();
      const asked = await made(order.orderId, 1, { includePassport: true });
      expect(asked.images).toEqual([]);
      expect(asked.activity.detail).toBe(
        'fitted to Stripe; passport image asked for, not included: none on file or unreadable',
      );
      expect(asked.access).toBe('pack 1');
    });
  });

  describe('Visa CE 3.0 and the purchase IP (finding 9)', () => {
    /** An order paid with card `fp`, from the IP and device of the disputed one, `days` before now. */
    const earlier = (fp: string, days: number) =>
      newOrder(t, {
        created_at: ago(days),
        card_fingerprint: fp,
        purchase_ip: '203.0.113.10',
        device_id: 'dev-ce3',
        process_status: STATUS.Completed,
      });
    /** A disputed order whose card has `history` earlier orders in the CE 3.0 window. */
    async function disputed(fp: string, history: number, purchaseIp = DOWNLOADS[0].ip) {
      const ids = [];
      for (let i = 0; i < history; i += 1) ids.push(await earlier(fp, 150 + i * 30));
      const order = await packOrder(t, mary.token, {
        fields: { card_fingerprint: fp, purchase_ip: purchaseIp, device_id: 'dev-ce3' },
      });
      return { ...order, earlier: ids };
    }

    it('states CE 3.0 with its matches, in both packs, for a fraud dispute that qualifies', async () => {
      const order = await disputed('fp_fraud_ok', 2);
      await openDispute(t, mary, order.orderId, { reasonCode: '10.4' });
      const full = await made(order.orderId, 1);
      expect(full.text).toContain(squash('qualifies: 2 earlier undisputed orders with the same card'));
      for (const id of order.earlier) expect(full.text).toContain(squash(id));
      const compact = await made(order.orderId, 2);
      expect(compact.text).toContain(squash('qualifies: 2 earlier undisputed orders with the same card'));
      for (const id of order.earlier) expect(compact.text).toContain(squash(id));
    });

    it('leaves CE 3.0 out for a fraud dispute that does not qualify, for any other dispute and without one', async () => {
      const short = await disputed('fp_fraud_short', 1);
      await openDispute(t, mary, short.orderId, { reasonCode: '10.4' });
      const notAsDescribed = await disputed('fp_nad', 2);
      await openDispute(t, mary, notAsDescribed.orderId, { reasonCode: '13.3' });
      const none = await disputed('fp_none', 2);
      for (const order of [short, notAsDescribed, none]) {
        for (const type of [1, 2] as const) {
          const pack = await made(order.orderId, type);
          expect(pack.text, `${order.orderId} pack ${type}`).not.toContain(CE3);
          expect(pack.text, `${order.orderId} pack ${type}`).not.toContain(squash('does not qualify'));
          for (const id of order.earlier) expect(pack.text).not.toContain(squash(id));
        }
      }
    });

    it('states the downloads from the purchase IP only when there is at least one, in both packs', async () => {
      const fromElsewhere = await packOrder(t, mary.token, { downloads: 1, fields: { purchase_ip: '192.0.2.250' } });
      const fromThere = await packOrder(t, mary.token, { downloads: 3, fields: { purchase_ip: DOWNLOADS[1].ip } });
      for (const type of [1, 2] as const) {
        expect((await made(fromElsewhere.orderId, type)).text, `pack ${type}`).not.toContain(FROM_PURCHASE_IP);
        expect((await made(fromThere.orderId, type)).text, `pack ${type}`).toContain(
          squash(`1 of 3 downloads from the purchase IP (${DOWNLOADS[1].ip})`),
        );
      }
    });
  });
});
