import { type AccessLogRecord, type AuditLogRecord, csvCell, encodeId, maskSessionId, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packOrder, packRequest, saveTransaction } from './defence-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import {
  buildTestApp,
  call,
  createMember,
  describeEachDialect,
  login,
  type Member,
  reauth,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36';

/** DESIGN §16: who read whose personal data, and who did what to accounts, the team and gateways. */
describeEachDialect('access and audit logs', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let tara: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_IP: '1000', INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    await reauth(t, admin.token);
    tara = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => t.close());

  const accessLog = async (query: string): Promise<{ data: AccessLogRecord[]; total: number }> => {
    const res = await call(t, 'GET', `/api/admin/access-log?${query}`, admin.token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const auditLog = async (query: string): Promise<AuditLogRecord[]> => {
    const res = await call(t, 'GET', `/api/admin/audit-log?${query}`, admin.token);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  describe('access log', () => {
    it('records the detail, the passport image, the document, the letter and the pack, each with member and IP', async () => {
      const order = await packOrder(t, admin.token, { downloads: 0 });
      await saveTransaction(t, admin.token, order.orderId);
      const id = encodeURIComponent(order.orderId);
      const detail = await call(t, 'GET', `/api/admin/get-orders-details/${id}`, tara.token);
      const documentUrl = detail.json().data.uploadDoc[0].url as string;
      expect((await call(t, 'GET', `/api/admin/order-image/${id}/passport`, tara.token)).statusCode).toBe(200);
      expect((await call(t, 'GET', documentUrl, tara.token)).statusCode).toBe(200);
      expect((await call(t, 'GET', `/api/admin/defence-letter/${id}?defencePackType=2`, tara.token)).statusCode).toBe(
        200,
      );
      expect((await packRequest(t, tara.token, order.orderId, 1, { includePassport: true })).statusCode).toBe(200);
      // refused and missing reads hand nothing out: not recorded
      expect((await call(t, 'GET', `/api/admin/order-image/${id}/selfie`, tara.token)).statusCode).toBe(404);

      const { data, total } = await accessLog(`orderId=${id}&memberId=${encodeId(tara.id)}`);
      expect(total).toBe(5);
      expect(data.map((r) => [r.action, r.detail])).toEqual([
        ['pack', 'pack 1, passport included'],
        ['letter', 'pack 2'],
        ['document', expect.stringMatching(/^document \d+$/)],
        ['image', 'passport'],
        ['detail', null],
      ]);
      for (const row of data) {
        expect(row).toMatchObject({
          order_id: order.orderId,
          member_id: encodeId(tara.id),
          member_name: 'Tara Team',
          ip: '127.0.0.1',
        });
      }
    });

    it('filters by action and time, pages with a total, and exports every matching row as CSV', async () => {
      const order = await packOrder(t, admin.token, { document: null });
      for (let i = 0; i < 3; i += 1)
        await call(t, 'GET', `/api/admin/get-orders-details/${order.orderId}`, admin.token);
      const page = await accessLog(`orderId=${order.orderId}&action=detail&limit=2&page=2`);
      expect(page.total).toBe(3);
      expect(page.data).toHaveLength(1);
      const future = await accessLog(`orderId=${order.orderId}&from=2999-01-01`);
      expect(future.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await accessLog(`orderId=${order.orderId}&from=${today}&to=${today}`)).total).toBe(3);
      const csv = await call(t, 'GET', `/api/admin/access-log/csv?orderId=${order.orderId}`, admin.token);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="access-log.csv"');
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('Date & Time (UTC),Member,IP,Action,Order ID,Detail');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`Ada Admin,127.0.0.1,Viewed the order,${order.orderId},`);
    });

    it('answers an empty page for an unknown member, 400 naming a bad filter', async () => {
      expect((await accessLog('memberId=nobody')).total).toBe(0);
      const bad = await call(t, 'GET', '/api/admin/access-log?action=peek', admin.token);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().data.errors)).toEqual(['action']);
      const date = await call(t, 'GET', '/api/admin/access-log?from=yesterday', admin.token);
      expect(Object.keys(date.json().data.errors)).toEqual(['from']);
      expect((await call(t, 'GET', '/api/admin/access-log?limit=501', admin.token)).statusCode).toBe(400);
    });
  });

  describe('audit log', () => {
    it('records sign-ins with IP and user agent, failed ones with the reason, and logout', async () => {
      const member = await createMember(t, ROLE.Telecaller, 'Theo Telecaller');
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        headers: { 'user-agent': BROWSER },
        payload: { email: member.email, password: TEST_PASSWORD },
      });
      const token = ok.json().data.jwtToken as string;
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: member.email, password: 'wrong' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: 'stranger@example.test', password: 'wrong' },
      });
      await call(t, 'POST', '/api/admin/logout', token);

      const mine = await auditLog(`memberId=${encodeId(member.id)}`);
      expect(mine.map((r) => [r.action, r.detail?.reason ?? null])).toEqual([
        ['logout', null],
        ['sign_in_failed', 'wrong password'],
        ['sign_in', null],
        ['sign_in', null],
      ]);
      expect(mine[2]).toMatchObject({
        member_name: 'Theo Telecaller',
        target: member.email,
        ip: '127.0.0.1',
        user_agent: BROWSER,
      });
      const strangers = await auditLog('action=sign_in_failed');
      expect(strangers.find((r) => r.target === 'stranger@example.test')).toMatchObject({
        member_id: null,
        detail: { reason: 'unknown email' },
      });
    });

    it('records team changes field by field, and never a password', async () => {
      const added = await call(t, 'POST', '/api/admin/add-team-member', admin.token, {
        name: 'Nora Night',
        email: 'nora.audit@example.test',
        password: 'Secret#999',
        type: ROLE.NightStaff,
      });
      const tmId = added.json().data.id as string;
      await call(t, 'POST', '/api/admin/update-team-member', admin.token, {
        name: 'Nora Nightingale',
        email: 'nora.audit@example.test',
        type: ROLE.Team,
        password: 'Other#9999',
        tmId,
      });
      await call(t, 'PUT', '/api/admin/delete-team-member', admin.token, { teamMemberId: tmId });
      const rows = (await auditLog(`memberId=${encodeId(admin.id)}`)).filter(
        (r) => r.target === 'nora.audit@example.test',
      );
      expect(rows.map((r) => [r.action, r.detail])).toEqual([
        ['member_deleted', { name: 'Nora Nightingale', type: ROLE.Team, ordersReleased: 0 }],
        [
          'member_updated',
          { name: ['Nora Night', 'Nora Nightingale'], type: [ROLE.NightStaff, ROLE.Team], password: 'changed' },
        ],
        ['member_created', { name: 'Nora Night', type: ROLE.NightStaff }],
      ]);
      const csv = await call(t, 'GET', '/api/admin/audit-log/csv', admin.token);
      expect(csv.body).not.toMatch(/Secret#999|Other#9999|argon2/);
    });

    it('records password changes, session revocations and gateway changes with before and after', async () => {
      const member = await createMember(t, ROLE.Team);
      const other = await login(t, member.email, TEST_PASSWORD);
      const sessions = (await call(t, 'GET', '/api/admin/sessions', other)).json().data as {
        id: string;
        current: boolean;
      }[];
      const target = sessions.find((s) => !s.current)?.id as string;
      await call(t, 'DELETE', `/api/admin/sessions/${target}`, admin.token);
      await reauth(t, other);
      await call(t, 'POST', '/api/admin/change-password', other, { newPassword: 'Changed#111' });
      const gateways = (await call(t, 'GET', '/api/admin/payment-gateways', admin.token)).json().data as {
        id: string;
        gateway_name: string;
        is_active: string;
        is_secondary_domain: number;
      }[];
      const before = gateways.find((g) => g.is_secondary_domain === 0 && g.is_active === '1');
      const next = gateways.find((g) => g.is_secondary_domain === 0 && g.is_active === '0');
      await call(t, 'POST', '/api/admin/payment-gateway-setting', admin.token, {
        gatewayDetails: { gatewayId: next?.id, isSecondaryDomain: 0 },
      });

      const revoked = (await auditLog('action=session_revoked')).find((r) => r.target === member.email);
      expect(revoked).toMatchObject({ member_name: 'Ada Admin', detail: { session: target } });
      const changed = (await auditLog('action=password_changed')).find((r) => r.member_id === encodeId(member.id));
      expect(changed?.detail).toBeNull();
      const [gateway] = await auditLog('action=gateway_changed');
      expect(gateway).toMatchObject({
        target: 'primary domain',
        detail: { gateway: [before?.gateway_name, next?.gateway_name] },
      });
    });

    it('masks session ids in its CSV as the screen does (issue 31: the CSV held them whole)', async () => {
      const member = await createMember(t, ROLE.Team);
      const other = await login(t, member.email, TEST_PASSWORD);
      const sessions = (await call(t, 'GET', '/api/admin/sessions', other)).json().data as {
        id: string;
        current: boolean;
      }[];
      const target = sessions.find((s) => !s.current)?.id as string;
      expect((await call(t, 'DELETE', `/api/admin/sessions/${target}`, admin.token)).statusCode).toBe(200);
      const csv = (await call(t, 'GET', '/api/admin/audit-log/csv?action=session_revoked', admin.token)).body;
      expect(target.length).toBeGreaterThan(10);
      expect(csv).not.toContain(target);
      const line = csv.split('\r\n').find((l) => l.includes(member.email)) as string;
      expect(line).toContain(csvCell(JSON.stringify({ session: maskSessionId(target) })));
    });

    it('is Admin only: 403 for every other type, 401 without a token', async () => {
      for (const type of [ROLE.Manager, ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
        const caller = await createMember(t, type);
        for (const url of [
          '/api/admin/access-log',
          '/api/admin/audit-log',
          '/api/admin/access-log/csv',
          '/api/admin/audit-log/csv',
        ]) {
          expect((await call(t, 'GET', url, caller.token)).statusCode).toBe(403);
        }
      }
      expect((await call(t, 'GET', '/api/admin/audit-log')).statusCode).toBe(401);
    });
  });
});
