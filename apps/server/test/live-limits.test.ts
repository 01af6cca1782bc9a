import { LIVE, LIVE_MSG, ROLE } from '@eta/shared';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type LiveReader, listening, openLive } from './live-client.ts';
import { buildTestApp, createMember, describeEachDialect, login, TEST_PASSWORD, type TestApp } from './test-app.ts';

/** Live streams are bounded (DESIGN §22): 5 open per session, 20 per member; one more answers 429. */
describeEachDialect('live stream limits', (dialect) => {
  let t: TestApp;
  let base: string;
  let open: LiveReader[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    base = await listening(t);
  });
  afterEach(() => {
    for (const reader of open) reader.close();
    open = [];
  });
  afterAll(() => t.close());

  const live = async (token: string) => {
    const reader = await openLive(base, token);
    open.push(reader);
    return reader;
  };
  /** One stream more: refused with its envelope, or opened (then kept to be closed). */
  async function oneMore(token: string): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${base}/api/admin/live`, { headers: { authorization: token } });
    if (res.status === 200) {
      await res.body?.cancel();
      return { status: 200, body: null };
    }
    return { status: res.status, body: await res.json() };
  }

  it(`refuses a session's stream beyond ${LIVE.maxStreamsPerSession}, and lets one in again once one closes`, async () => {
    const member = await createMember(t, ROLE.Team);
    const streams: LiveReader[] = [];
    for (let i = 0; i < LIVE.maxStreamsPerSession; i += 1) streams.push(await live(member.token));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    expect(await oneMore(member.token)).toEqual({
      status: 429,
      body: { status: 0, message: LIVE_MSG.tooManyStreams },
    });
    // the member's other session has its own five
    const other = await login(t, member.email, TEST_PASSWORD);
    expect((await live(other)).status).toBe(200);
    streams[0]?.close();
    await streams[0]?.ended;
    // the server hears of the closed socket a moment later: ask until it lets the new one in
    let again = await live(member.token);
    for (let waited = 0; again.status !== 200 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await live(member.token);
    }
    expect(again.status).toBe(200);
    expect((await oneMore(member.token)).status).toBe(429);
  });

  it(`refuses a member's stream beyond ${LIVE.maxStreamsPerMember} across their sessions`, async () => {
    const member = await createMember(t, ROLE.Manager);
    const sessions = LIVE.maxStreamsPerMember / LIVE.maxStreamsPerSession;
    for (let s = 0; s < sessions; s += 1) {
      const token = s === 0 ? member.token : await login(t, member.email, TEST_PASSWORD);
      for (let i = 0; i < LIVE.maxStreamsPerSession; i += 1) expect((await live(token)).status).toBe(200);
    }
    const fresh = await login(t, member.email, TEST_PASSWORD);
    expect(await oneMore(fresh)).toEqual({ status: 429, body: { status: 0, message: LIVE_MSG.tooManyStreams } });
    // another member is not held back by this one's streams
    const someone = await createMember(t, ROLE.Manager);
    expect((await oneMore(someone.token)).status).toBe(200);
  });
});
