import {
  CLAIM_MSG,
  CLAIMS_CONTRACTS,
  claimsReleasedMessage,
  encodeId,
  ROLE,
  SERVER_MSG,
  STATUS,
  TEAM_CONTRACTS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { assignAs, buildOrder, bulkHelpers, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** DESIGN §18: Admin and Manager release every claim of a member at once (shift handovers). */
describeEachDialect('release claims', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let manager: Member;
  const { order, events, counts } = bulkHelpers(() => t);
  const releaseClaims = (member: Member | null, payload: unknown) =>
    api.raw(t, CLAIMS_CONTRACTS.releaseClaims, { body: payload }, member?.token ?? null);
  const of = (member: Member) => ({ teamMemberId: encodeId(member.id) });
  const ordersIn = (status: string, n: number) =>
    seedOrders(
      t,
      Array.from({ length: n }, () => buildOrder({ process_status: status })),
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin, 'Alice Admin');
    manager = await createMember(t, ROLE.Manager, 'Mark Manager');
  });
  afterAll(() => t.close());

  it('returns every order the member holds in an open status to its folder, and answers how many', async () => {
    const tara = await createMember(t, ROLE.Team, 'Tara Team');
    const open = [
      ...(await ordersIn(STATUS.New, 2)),
      ...(await ordersIn(STATUS.ProcessMarch, 1)),
      ...(await ordersIn(STATUS.Awaiting, 1)),
      ...(await ordersIn(STATUS.CustomerCalled, 1)),
    ];
    const [finished] = (await ordersIn(STATUS.Completed, 1)) as [string];
    await assignAs(tara.token, t, [...open, finished]);
    expect((await counts(tara)).myOrdersCount).toBe(5);

    const res = await releaseClaims(admin, of(tara));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: claimsReleasedMessage(5, 'Tara Team'), data: { released: 5 } });
    expect([...body.data.orderIds].sort()).toEqual([...open].sort());
    for (const id of open) {
      expect((await order(id)).assigned_to).toBeNull();
      // logged as an unassign by the member who released it, from the holder
      expect((await events(id)).at(-1)).toEqual({
        kind: 'unassign',
        staff_id: admin.id,
        staff_name: 'Alice Admin',
        from_value: 'Tara Team',
        to_value: null,
      });
    }
    // a finished order keeps who worked it
    expect((await order(finished)).assigned_to).toBe(tara.id);
    expect((await counts(tara)).myOrdersCount).toBe(0);

    const again = await releaseClaims(admin, of(tara));
    expect(again.json()).toEqual({
      status: 1,
      message: claimsReleasedMessage(0, 'Tara Team'),
      data: { released: 0, orderIds: [] },
    });
  });

  it('lets a Manager release anyone’s but an Admin’s (the team.manage limit), and an Admin an Admin’s', async () => {
    const nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
    const other = await createMember(t, ROLE.Admin, 'Otto Admin');
    const [a, b] = (await ordersIn(STATUS.New, 2)) as [string, string];
    await assignAs(nina.token, t, [a]);
    await assignAs(other.token, t, [b]);

    expect((await releaseClaims(manager, of(nina))).json().data.released).toBe(1);
    const refused = await releaseClaims(manager, of(other));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 0, message: CLAIM_MSG.managerAdminLimit });
    expect((await order(b)).assigned_to).toBe(other.id);
    expect((await releaseClaims(admin, of(other))).json().data.released).toBe(1);
    // one's own claims too
    await assignAs(manager.token, t, [b]);
    expect((await releaseClaims(manager, of(manager))).json().data.released).toBe(1);
  });

  it('is refused to Team, Telecaller and Night Staff (403) and without a token (401)', async () => {
    const tara = await createMember(t, ROLE.Team);
    for (const type of [ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
      const member = await createMember(t, type);
      const res = await releaseClaims(member, of(tara));
      expect(res.statusCode, type).toBe(403);
      expect(res.json().status).toBe(0);
    }
    const anonymous = await releaseClaims(null, of(tara));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
  });

  it('answers 400 for a missing or malformed id or unknown keys, 404 for an unknown or deleted member', async () => {
    const missing = await releaseClaims(admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: CLAIM_MSG.memberIdRequired,
      data: { errors: { teamMemberId: CLAIM_MSG.memberIdRequired } },
    });
    const malformed = await releaseClaims(admin, { teamMemberId: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiRefusal>().data.errors.teamMemberId).toBe(CLAIM_MSG.memberIdInvalid);
    expect((await releaseClaims(admin, { ...of(admin), extra: 1 })).statusCode).toBe(400);

    const unknown = await releaseClaims(admin, { teamMemberId: encodeId(999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SERVER_MSG.memberNotFound);
    const gone = await createMember(t, ROLE.Team);
    expect((await api(t, TEAM_CONTRACTS.remove, { body: of(gone) }, admin)).statusCode).toBe(200);
    expect((await releaseClaims(admin, of(gone))).statusCode).toBe(404);
  });
});
