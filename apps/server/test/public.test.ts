import { encodeOrderRef, INBOX_CONTRACTS, MSG, PUBLIC_MSG, ROLE, SERVER_MSG, STATUS } from '@eta/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { api } from './api-client.ts';
import { accessTokenFor, addDocument, createOrder, front, rejectDocument } from './public-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('public track order and access tokens', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const track = (payload: unknown) => front(t, 'track-order', payload);

  it('answers a matching order id and email with status 1 and a 30-minute token scoped to the order', async () => {
    const order = await createOrder(t);
    const res = await track({ orderId: order.orderId, email: order.email });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: PUBLIC_MSG.trackOk });
    expect(body.data.orderRef).toBe(encodeOrderRef(order.orderId));
    const claims = decodeJwt(body.data.accessToken);
    expect(claims.sub).toBe(order.orderId);
    expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 60);
  });

  it('matches the email case-insensitively and ignores surrounding spaces in both fields', async () => {
    const order = await createOrder(t);
    const res = await track({ orderId: `  ${order.orderId} `, email: `  ${order.email.toUpperCase()}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(1);
  });

  it('gives a wrong order id and a wrong email exactly the same status-0 answer', async () => {
    const order = await createOrder(t);
    const other = await createOrder(t);
    const wrongId = await track({ orderId: `${order.orderId}X`, email: order.email });
    const wrongEmail = await track({ orderId: order.orderId, email: 'someone.else@example.test' });
    const otherOrdersEmail = await track({ orderId: order.orderId, email: other.email });
    for (const res of [wrongId, wrongEmail, otherOrdersEmail]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: PUBLIC_MSG.trackNoMatch });
    }
    expect(wrongId.body).toBe(wrongEmail.body);
  });

  it.each([
    [{ email: 'a@example.test' }, 'orderId', MSG.trackOrderIdRequired],
    [{ orderId: '   ', email: 'a@example.test' }, 'orderId', MSG.trackOrderIdRequired],
    [{ orderId: 'UKETA-1' }, 'email', MSG.trackEmailRequired],
    [{ orderId: 'UKETA-1', email: '' }, 'email', MSG.trackEmailRequired],
  ])('refuses %j with the track-order message of SPEC §5', async (payload, field, message) => {
    const res = await track(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
  });

  it('refuses unknown keys in the body', async () => {
    const order = await createOrder(t);
    const res = await track({ orderId: order.orderId, email: order.email, admin: true });
    expect(res.statusCode).toBe(400);
  });

  describe('get-download-history', () => {
    it('needs an access token: none or a forged one is 401 in the envelope', async () => {
      const order = await createOrder(t);
      for (const token of [null, 'not-a-token', `${await accessTokenFor(t, order)}x`]) {
        const res = await front(t, 'get-download-history', { orderId: order.orderId }, { token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 401, message: PUBLIC_MSG.accessNeeded });
      }
    });

    it('accepts the token with or without the Bearer prefix', async () => {
      const order = await createOrder(t);
      const token = await accessTokenFor(t, order);
      for (const authorization of [token, `Bearer ${token}`]) {
        const res = await front(t, 'get-download-history', { orderId: order.orderId }, { token: authorization });
        expect(res.statusCode).toBe(200);
      }
    });

    it("refuses another order's token with 403, so one order's documents are never reachable with another's", async () => {
      const mine = await createOrder(t);
      const theirs = await createOrder(t);
      await addDocument(t, theirs);
      const myToken = await accessTokenFor(t, mine);
      const res = await front(t, 'get-download-history', { orderId: theirs.orderId }, { token: myToken });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: PUBLIC_MSG.otherOrder });
    });

    it('refuses a staff token, and staff routes refuse an order token', async () => {
      const order = await createOrder(t);
      const staff = await createMember(t, ROLE.Admin);
      const asStaff = await front(t, 'get-download-history', { orderId: order.orderId }, { token: staff.token });
      expect(asStaff.statusCode).toBe(401);
      const orderToken = await accessTokenFor(t, order);
      for (const url of ['/api/user_info', '/api/admin/get-team-member-list', '/api/admin/payment-gateways']) {
        const res = await call(t, 'GET', url, orderToken);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 401, message: SERVER_MSG.unauthorized });
      }
    });

    it('shows an order with no document yet: empty list, documentReady false, path null', async () => {
      const order = await createOrder(t);
      const token = await accessTokenFor(t, order);
      const res = await front(t, 'get-download-history', { orderId: order.orderId }, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 1,
        message: PUBLIC_MSG.history,
        data: [],
        mainResult: {
          order_id: order.orderId,
          first_name: 'Jane',
          sur_name: expect.stringMatching(/^Doe/),
          full_name: expect.stringMatching(/^Jane Doe/),
          domain: 'primary',
          documentReady: false,
          applicationRejected: false,
          process_status: STATUS.Completed,
          publicNote: null,
        },
        path: null,
      });
    });

    it('says where the order is, and while it awaits the customer the note of the last template sent (DESIGN §25)', async () => {
      const order = await createOrder(t);
      const admin = await createMember(t, ROLE.Admin, 'Ada Admin');
      const template = async (name: string, publicNote: string | null) =>
        (
          await api(
            t,
            INBOX_CONTRACTS.createTemplate,
            { body: { name, subject: 'About {{order_id}}', body: 'Dear {{first_name}}', publicNote } },
            admin,
          )
        ).json().data.id as number;
      const send = async (templateId: number | null) =>
        expect(
          (
            await api(
              t,
              INBOX_CONTRACTS.sendCustomerMail,
              {
                body: {
                  orderId: order.orderId,
                  templateId,
                  subject: 'About {{order_id}}',
                  body: 'Dear {{first_name}}',
                },
              },
              admin,
            )
          ).statusCode,
        ).toBe(201);
      await send(await template('Old photo', 'Send us a photo.'));
      await send(await template('Passport scan', 'Send us a scan of your passport page.'));
      // a typed mail, and a template without a note, leave the last note standing
      await send(null);
      await send(await template('Thanks', null));
      const history = async () => {
        const token = await accessTokenFor(t, order);
        return (await front(t, 'get-download-history', { orderId: order.orderId }, { token })).json().mainResult;
      };
      // not awaiting the customer: the status, and no note
      expect(await history()).toMatchObject({ process_status: STATUS.Completed, publicNote: null });
      await t.app.ctx.db
        .updateTable('orders')
        .set({ process_status: STATUS.Awaiting })
        .where('order_id', '=', order.orderId)
        .execute();
      expect(await history()).toMatchObject({
        process_status: STATUS.Awaiting,
        publicNote: 'Send us a scan of your passport page.',
      });
    });

    it('gives the current document as path.file1, the latest upload winning', async () => {
      const order = await createOrder(t, 'eTA-');
      await addDocument(t, order);
      const latest = await addDocument(t, order);
      const token = await accessTokenFor(t, order);
      const body = (await front(t, 'get-download-history', { orderId: order.orderId }, { token })).json();
      expect(body.path).toEqual({ file1: latest.file1, customer_name: 'Jane Doe' });
      expect(body.mainResult).toMatchObject({ domain: 'secondary', documentReady: true });
    });

    it('gives path null when the current document is rejected', async () => {
      const order = await createOrder(t);
      const doc = await addDocument(t, order);
      await rejectDocument(t, doc.id);
      const token = await accessTokenFor(t, order);
      const body = (await front(t, 'get-download-history', { orderId: order.orderId }, { token })).json();
      expect(body.path).toBeNull();
      expect(body.mainResult.documentReady).toBe(false);
      // the page says what the rejection mail said, not "not ready yet"
      expect(body.mainResult.applicationRejected).toBe(true);
    });

    it('refuses the token once its 30 minutes are over', async () => {
      const order = await createOrder(t);
      const token = await accessTokenFor(t, order);
      t.advance(29 * 60 * 1000);
      expect((await front(t, 'get-download-history', { orderId: order.orderId }, { token })).statusCode).toBe(200);
      t.advance(2 * 60 * 1000);
      const res = await front(t, 'get-download-history', { orderId: order.orderId }, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
    });
  });
});

describeEachDialect('public routes are limited per IP', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope past the limit, for that address only', async () => {
    const order = await createOrder(t);
    const attempt = (ip: string) =>
      front(t, 'track-order', { orderId: order.orderId, email: 'guess@example.test' }, { ip });
    for (let i = 0; i < 3; i += 1) expect((await attempt('198.51.100.20')).statusCode).toBe(404);
    const limited = await attempt('198.51.100.20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 0, message: SERVER_MSG.tooManyRequests });
    // Even the right email is refused from that address until the window passes.
    const right = await front(
      t,
      'track-order',
      { orderId: order.orderId, email: order.email },
      { ip: '198.51.100.20' },
    );
    expect(right.statusCode).toBe(429);
    expect((await attempt('198.51.100.21')).statusCode).toBe(404);
  });

  it('counts requests with a forged access token against the limit too', async () => {
    const forged = () =>
      front(t, 'get-download-history', { orderId: 'UKETA-000001' }, { ip: '198.51.100.30', token: 'forged' });
    for (let i = 0; i < 3; i += 1) expect((await forged()).statusCode).toBe(401);
    expect((await forged()).statusCode).toBe(429);
  });
});

describe('landing-site branding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      PUBLIC_BASE_URL_PRIMARY: 'https://apply-eta.example',
      PUBLIC_BASE_URL_SECONDARY: 'https://uk-eta-travel.example',
      SITE_NAME_SECONDARY: 'UK ETA Travel',
      SITE_CONTACT_URL_SECONDARY: 'https://uk-eta-travel.example/support',
      SITE_HEADER_LINKS_SECONDARY: 'Home=https://uk-eta-travel.example/,FAQ=https://uk-eta-travel.example/faq',
    });
  });
  afterAll(() => t.close());

  const branding = (query: string, host?: string) =>
    t.app.inject({ method: 'GET', url: `/api/front/branding${query}`, headers: host ? { host } : {} });

  it("follows the order id's prefix, whether or not the order exists", async () => {
    const res = await branding(`?orderRef=${encodeOrderRef('UKTA-NOT-AN-ORDER')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      domain: 'secondary',
      siteName: 'UK ETA Travel',
      logoUrl: null,
      homeUrl: 'https://uk-eta-travel.example/',
      headerLinks: [
        { label: 'Home', url: 'https://uk-eta-travel.example/' },
        { label: 'FAQ', url: 'https://uk-eta-travel.example/faq' },
      ],
      contactUrl: 'https://uk-eta-travel.example/support',
      complaintUrl: 'https://uk-eta-travel.example/complaints',
      termsUrl: 'https://uk-eta-travel.example/terms-and-conditions',
      copyright: '© 2025 UK ETA Travel',
    });
    const primary = (await branding(`?orderRef=${encodeOrderRef('UKETA-1234')}`)).json().data;
    expect(primary).toMatchObject({ domain: 'primary', contactUrl: 'https://apply-eta.example/contact-us' });
    expect(primary.copyright).toBe(`© 2025 ${primary.siteName}`);
  });

  it('follows the request host before an order is known', async () => {
    expect((await branding('', 'uk-eta-travel.example')).json().data.domain).toBe('secondary');
    expect((await branding('', 'apply-eta.example')).json().data.domain).toBe('primary');
    expect((await branding('', 'elsewhere.example')).json().data.domain).toBe('primary');
  });
});

describe('landing-site settings', () => {
  it('lists every bad site setting at start', () => {
    const env = {
      DATA_DIR: '/tmp/eta-unused',
      JWT_SECRET: 's'.repeat(40),
      SITE_HEADER_LINKS_PRIMARY: 'Home=https://ok.example/,Broken link',
      SITE_CONTACT_URL_SECONDARY: 'javascript:alert(1)',
      SITE_LOGO_URL_PRIMARY: 'not a url',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('SITE_HEADER_LINKS_PRIMARY');
      expect(problems).toContain('SITE_CONTACT_URL_SECONDARY');
      expect(problems).toContain('SITE_LOGO_URL_PRIMARY');
    }
  });
});
