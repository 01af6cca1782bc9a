import { AUTH_CONTRACTS, encodeId, GATEWAY_CONTRACTS, ROLE, SERVER_MSG, TEAM_CONTRACTS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildTestApp, createMember, describeEachDialect, reauth, type TestApp } from './test-app.ts';

/** Writes that race: the database decides, and the loser hears why instead of a 500. */
describeEachDialect('concurrent team and gateway writes', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('gives one of two racing adds of the same email a 409, never a 500', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const add = () =>
      api(
        t,
        TEAM_CONTRACTS.add,
        { body: { name: 'Racer', email: 'racer@example.test', password: 'secret12', type: ROLE.Team } },
        admin,
      );
    const codes = (await Promise.all([add(), add(), add(), add()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
  });

  it('gives racing updates to one email a 409 each but one, never a 500', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(t, ROLE.Team)));
    const results = await Promise.all(
      members.map((m) =>
        api(
          t,
          TEAM_CONTRACTS.update,
          {
            body: {
              name: m.name,
              email: 'same-target@example.test',
              password: '',
              type: ROLE.Team,
              tmId: encodeId(m.id),
            },
          },
          admin,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SERVER_MSG.emailTaken);
  });

  it('leaves exactly one active gateway per domain when managers switch it at once', async () => {
    const admin = await createMember(t, ROLE.Admin);
    await reauth(t, admin.token);
    const list = (await api(t, GATEWAY_CONTRACTS.list, {}, admin)).json().data as {
      id: string;
      is_secondary_domain: number;
    }[];
    const primary = list.filter((g) => g.is_secondary_domain === 0);
    const results = await Promise.all(
      [...primary, ...primary].map((g) =>
        api(
          t,
          GATEWAY_CONTRACTS.activate,
          { body: { gatewayDetails: { gatewayId: g.id, isSecondaryDomain: 0 } } },
          admin,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const after = (await api(t, GATEWAY_CONTRACTS.list, {}, admin)).json().data as {
      is_active: string;
      is_secondary_domain: number;
    }[];
    expect(after.filter((g) => g.is_secondary_domain === 0 && g.is_active === '1')).toHaveLength(1);
    expect(after.filter((g) => g.is_secondary_domain === 1 && g.is_active === '1')).toHaveLength(1);
  });

  it('refuses a team password under 6 characters, and treats spaces on update as blank', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const short = await api(
      t,
      TEAM_CONTRACTS.add,
      { body: { name: 'Short', email: 'short@example.test', password: '12345', type: ROLE.Team } },
      admin,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: SERVER_MSG.memberPasswordMin,
      data: { errors: { password: SERVER_MSG.memberPasswordMin } },
    });
    const member = await createMember(t, ROLE.Team);
    const spaces = await api(
      t,
      TEAM_CONTRACTS.update,
      {
        body: {
          name: member.name,
          email: member.email,
          password: '      ',
          type: ROLE.Team,
          tmId: encodeId(member.id),
        },
      },
      admin,
    );
    expect(spaces.statusCode).toBe(200);
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, member)).statusCode).toBe(200);
  });
});
