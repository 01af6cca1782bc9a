import { DETAIL_CONTRACTS, type LiveEvent, NOTIFICATIONS_CONTRACTS, ORDERS_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { isEvent, type LiveReader, listening, openLive } from './live-client.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const notifications = (reader: LiveReader) =>
  reader.events.filter((e: LiveEvent) => e.event === 'notification').map((e) => e.data);

/** DESIGN §23: a mention's `notification` event reaches the member named, on every tab, and nobody else. */
describeEachDialect('live notifications', (dialect) => {
  let t: TestApp;
  let base: string;
  let tara: Member;
  let nina: Member;
  let tom: Member;
  const open: LiveReader[] = [];
  const live = async (member: Member) => {
    const reader = await openLive(base, member.token);
    open.push(reader);
    await reader.next(isEvent('ready'));
    return reader;
  };
  const remark = async (member: Member, orderId: string, text: string) =>
    expect((await api(t, DETAIL_CONTRACTS.addRemark, { body: { orderId, remark: text } }, member)).statusCode).toBe(
      201,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    base = await listening(t);
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
    tom = await createMember(t, ROLE.Telecaller, 'Tom Caller');
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t.close();
  });

  it('sends the notification to the named member’s streams only', async () => {
    const [taraTab, taraOtherTab, ninaLive, tomLive] = [
      await live(tara),
      await live(tara),
      await live(nina),
      await live(tom),
    ];
    const id = await newOrder(t);
    await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [id] } }, tara);

    await remark(tom, id, '@Tara Team customer rang about this one');
    const heard = await taraTab.next(isEvent('notification'));
    expect(heard.data).toEqual({
      id: expect.any(Number),
      kind: 'mention',
      order_id: id,
      text: '@Tara Team customer rang about this one',
      by: 'Tom Caller',
      created_at: expect.any(String),
      read_at: null,
    });
    expect((await taraOtherTab.next(isEvent('notification'))).data).toEqual(heard.data);
    // what the bell lists is what the stream said
    const listed = (await api(t, NOTIFICATIONS_CONTRACTS.list, {}, tara)).json().data;
    expect(listed[0]).toEqual(heard.data);

    // Later messages reach each stream after earlier ones: once Nina and Tom each hear a mention of
    // their own, made after Tara's, they would already have heard hers had it been sent to them.
    await remark(tom, id, '@Nina Night over to you tonight');
    await remark(nina, id, '@Tom Caller noted');
    expect((await ninaLive.next(isEvent('notification'))).data.text).toBe('@Nina Night over to you tonight');
    expect((await tomLive.next(isEvent('notification'))).data.text).toBe('@Tom Caller noted');
    expect(notifications(ninaLive).map((n) => n.text)).toEqual(['@Nina Night over to you tonight']);
    expect(notifications(tomLive).map((n) => n.text)).toEqual(['@Tom Caller noted']);
    expect(notifications(taraTab)).toHaveLength(1);
  });
});
