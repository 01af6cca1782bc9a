import {
  type AccessLogRecord,
  DETAIL_CONTRACTS,
  PERMISSIONS,
  PRIVACY_CONTRACTS,
  ROLE,
  ROLES,
  type Role,
  SERVER_MSG,
} from '@eta/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY, PNG_URL } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * DESIGN §22 "Passport and selfie images are shown on request": reading an order is not reading its
 * passport. Each image view is one access-log row of its own, and seeing images is the capability
 * `images.view` (every staff type by default, in the role table).
 */
describeEachDialect('passport and selfie images on request', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let tara: Member;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { build: { onRoute: (r) => void routes.push(r) } });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  const readsOf = async (orderId: string): Promise<[string, string | null][]> => {
    const res = await api(t, PRIVACY_CONTRACTS.accessLog, { query: { orderId } }, admin);
    expect(res.statusCode).toBe(200);
    return (res.json().data as AccessLogRecord[]).map((r) => [r.action, r.detail]);
  };
  const image = (orderId: string, kind: 'passport' | 'selfie', member: Member = tara) =>
    api(t, DETAIL_CONTRACTS.image, { params: { orderId, kind } }, member);

  it('a detail view is a detail row and no image row, though the detail links both images', async () => {
    const orderId = await newOrder(t, { passport_image: PNG_URL, upload_image: PNG_URL });
    const res = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images.passport).toMatch(/\/passport$/);
    expect(await readsOf(orderId)).toEqual([['detail', null]]);
  });

  it('one image fetch is exactly one image row, naming the image', async () => {
    const orderId = await newOrder(t, { passport_image: PNG_URL, upload_image: PNG_URL });
    const passport = await image(orderId, 'passport');
    expect(passport.statusCode).toBe(200);
    expect(passport.headers['content-type']).toBe('image/png');
    expect(await readsOf(orderId)).toEqual([['image', 'passport']]);
    expect((await image(orderId, 'selfie')).statusCode).toBe(200);
    expect(await readsOf(orderId)).toEqual([
      ['image', 'selfie'],
      ['image', 'passport'],
    ]);
  });

  it('the image route asks for images.view, which every staff type holds by default', () => {
    expect(DETAIL_CONTRACTS.image.access).toEqual({ capability: 'images.view' });
    const registered = routes.find((r) => r.url === '/api/admin/order-image/:orderId/:kind');
    expect(registered?.config).toMatchObject({ capability: 'images.view' });
    expect(PERMISSIONS['images.view']).toEqual(ROLES);
  });

  describe('with a role table that keeps images from Team', () => {
    const table = PERMISSIONS as Record<keyof typeof PERMISSIONS, readonly Role[]>;
    const defaults = table['images.view'];
    beforeAll(() => {
      table['images.view'] = defaults.filter((role) => role !== ROLE.Team);
    });
    afterAll(() => {
      table['images.view'] = defaults;
    });

    it('refuses Team the image (403) and logs no read, while Team still opens the order', async () => {
      const orderId = await newOrder(t, { passport_image: PNG_URL });
      const refused = await image(orderId, 'passport');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 0, message: SERVER_MSG.forbidden });
      const detail = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara);
      expect(detail.statusCode).toBe(200);
      expect((await image(orderId, 'passport', admin)).statusCode).toBe(200);
      expect(await readsOf(orderId)).toEqual([
        ['image', 'passport'],
        ['detail', null],
      ]);
    });
  });
});
