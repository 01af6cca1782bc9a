import {
  ACCOUNT_CONTRACTS,
  type AccessLogRecord,
  AUTH_CONTRACTS,
  type AuditLogRecord,
  csvCell,
  DEFENCE_CONTRACTS,
  DETAIL_CONTRACTS,
  encodeId,
  GATEWAY_CONTRACTS,
  maskSessionId,
  PRIVACY_CONTRACTS,
  ROLE,
  TEAM_CONTRACTS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
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
      const detail = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, tara);
      const documentUrl = detail.json().data.uploadDoc[0]!.url as string;
      expect(
        (await api(t, DETAIL_CONTRACTS.image, { params: { orderId: id, kind: 'passport' } }, tara)).statusCode,
      ).toBe(200);
      expect((await call(t, 'GET', documentUrl, tara.token)).statusCode).toBe(200);
      expect(
        (await api(t, DEFENCE_CONTRACTS.letter, { params: { orderId: id }, query: { defencePackType: '2' } }, tara))
          .statusCode,
      ).toBe(200);
      expect((await packRequest(t, tara.token, order.orderId, 1, { includePassport: true })).statusCode).toBe(200);
      // refused and missing reads hand nothing out: not recorded
      expect((await api(t, DETAIL_CONTRACTS.image, { params: { orderId: id, kind: 'selfie' } }, tara)).statusCode).toBe(
        404,
      );

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
        await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: order.orderId } }, admin);
      const page = await accessLog(`orderId=${order.orderId}&action=detail&limit=2&page=2`);
      expect(page.total).toBe(3);
      expect(page.data).toHaveLength(1);
      const future = await accessLog(`orderId=${order.orderId}&from=2999-01-01`);
      expect(future.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await accessLog(`orderId=${order.orderId}&from=${today}&to=${today}`)).total).toBe(3);
      const csv = await api(t, PRIVACY_CONTRACTS.accessLogCsv, { query: { orderId: order.orderId } }, admin);
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
      expect(Object.keys(bad.json<ApiRefusal>().data.errors)).toEqual(['action']);
      const date = await api(t, PRIVACY_CONTRACTS.accessLog, { query: { from: 'yesterday' } }, admin);
      expect(Object.keys(date.json<ApiRefusal>().data.errors)).toEqual(['from']);
      expect((await api(t, PRIVACY_CONTRACTS.accessLog, { query: { limit: '501' } }, admin)).statusCode).toBe(400);
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
      await api(t, ACCOUNT_CONTRACTS.logout, {}, token);

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
      const added = await api(
        t,
        TEAM_CONTRACTS.add,
        {
          body: { name: 'Nora Night', email: 'nora.audit@example.test', password: 'Secret#999', type: ROLE.NightStaff },
        },
        admin,
      );
      const tmId = added.json().data.id as string;
      await api(
        t,
        TEAM_CONTRACTS.update,
        {
          body: {
            name: 'Nora Nightingale',
            email: 'nora.audit@example.test',
            type: ROLE.Team,
            password: 'Other#9999',
            tmId,
          },
        },
        admin,
      );
      await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: tmId } }, admin);
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
      const csv = await api(t, PRIVACY_CONTRACTS.auditLogCsv, {}, admin);
      expect(csv.body).not.toMatch(/Secret#999|Other#9999|argon2/);
    });

    it('records password changes, session revocations and gateway changes with before and after', async () => {
      const member = await createMember(t, ROLE.Team);
      const other = await login(t, member.email, TEST_PASSWORD);
      const sessions = (await api(t, ACCOUNT_CONTRACTS.sessions, {}, other)).json().data as {
        id: string;
        current: boolean;
      }[];
      const target = sessions.find((s) => !s.current)?.id as string;
      await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: target } }, admin);
      await reauth(t, other);
      await api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'Changed#111' } }, other);
      const gateways = (await api(t, GATEWAY_CONTRACTS.list, {}, admin)).json().data as {
        id: string;
        gateway_name: string;
        is_active: string;
        is_secondary_domain: number;
      }[];
      const before = gateways.find((g) => g.is_secondary_domain === 0 && g.is_active === '1');
      const next = gateways.find((g) => g.is_secondary_domain === 0 && g.is_active === '0');
      await api(
        t,
        GATEWAY_CONTRACTS.activate,
        { body: { gatewayDetails: { gatewayId: next!.id, isSecondaryDomain: 0 } } },
        admin,
      );

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
      const sessions = (await api(t, ACCOUNT_CONTRACTS.sessions, {}, other)).json().data as {
        id: string;
        current: boolean;
      }[];
      const target = sessions.find((s) => !s.current)?.id as string;
      expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: target } }, admin)).statusCode).toBe(200);
      const csv = (await api(t, PRIVACY_CONTRACTS.auditLogCsv, { query: { action: 'session_revoked' } }, admin)).body;
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
      expect((await api(t, PRIVACY_CONTRACTS.auditLog, {})).statusCode).toBe(401);
    });
  });
});
