import {
  DETAIL_CONTRACTS,
  encodeId,
  MAIL_KIND,
  ORDER_EVENT,
  ORDERS_CONTRACTS,
  ROLE,
  TEAM_CONTRACTS,
} from '@eta/shared';
import { CamelCasePlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { createDomainEvents, type DomainEventMap } from '../src/lib/domain-events.ts';
import { createTransactions, inTransaction } from '../src/lib/transaction.ts';
import { DOCUMENT_BOUND_KINDS, MAIL_KINDS } from '../src/modules/mail/mail-kinds.ts';
import { announceOrderEvents } from '../src/modules/order-changes/index.ts';
import { runRetentionPass } from '../src/modules/privacy/index.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { buildOrder, INGEST_KEY, postOrders } from './orders-fixtures.ts';
import { ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

describe('the domain event bus', () => {
  const handle = connect({ databaseUrl: null, sqliteFile: ':memory:' });
  afterAll(() => handle.close());

  it('hands each event to its subscribers in order, until they unsubscribe', () => {
    const bus = createDomainEvents({ error: () => undefined });
    const seen: string[] = [];
    const off = bus.subscribe('member.changed', (e) => seen.push(`a:${e.memberId}`));
    bus.subscribe('member.changed', (e) => seen.push(`b:${e.change}`));
    bus.subscribe('mail.queued', () => seen.push('mail'));
    expect(bus.has('order.changed')).toBe(false);
    bus.publish('member.changed', { memberId: 7, change: 'updated' });
    off();
    bus.publish('member.changed', { memberId: 8, change: 'deleted' });
    expect(seen).toEqual(['a:7', 'b:updated', 'b:deleted']);
  });

  it('logs a subscriber that throws or rejects and never throws into the publisher', async () => {
    const logged: string[] = [];
    const bus = createDomainEvents({ error: (obj) => logged.push((obj as { err: Error }).err.message) });
    const seen: number[] = [];
    bus.subscribe('member.changed', () => {
      throw new Error('sync subscriber broke');
    });
    bus.subscribe('member.changed', () => Promise.reject(new Error('async subscriber broke')));
    bus.subscribe('member.changed', (e) => seen.push(e.memberId));
    expect(() => bus.publish('member.changed', { memberId: 1, change: 'created' })).not.toThrow();
    expect(seen).toEqual([1]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual(['sync subscriber broke', 'async subscriber broke']);
  });

  it('publishes the events of a write through a derived Kysely instance (withPlugin)', async () => {
    // once the bus was found by the Kysely instance in a module map: a derived one published nothing
    const bus = createDomainEvents({ error: () => undefined });
    const heard: number[] = [];
    bus.subscribe('order.changed', (e) => heard.push(e.orderDbId));
    const derived = createTransactions(handle.db.withPlugin(new CamelCasePlugin()), bus, (error) => {
      throw error;
    });
    await inTransaction(derived, async (_trx, tx) => {
      announceOrderEvents(tx, null, [{ orderId: 5, kind: ORDER_EVENT.remark, from: null, to: null }]);
    });
    expect(heard).toEqual([5]);
  });
});

describe('the mail kinds registry', () => {
  it('has an entry for every order mail kind; approval and resend are withdrawn with their document', () => {
    const orderKinds = Object.values(MAIL_KIND).filter((kind) => kind !== MAIL_KIND.passwordReset);
    expect(Object.keys(MAIL_KINDS).sort()).toEqual(orderKinds.sort());
    expect([...DOCUMENT_BOUND_KINDS].sort()).toEqual([MAIL_KIND.approval, MAIL_KIND.resend]);
  });
});

describeEachDialect('domain events published by the app after commit', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let admin: Member;
  let received: { [K in keyof DomainEventMap]: DomainEventMap[K][] };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    received = {
      'order.changed': [],
      'mail.queued': [],
      'member.changed': [],
      'session.revoked': [],
      'orders.arrived': [],
      'retention.passed': [],
      'notification.created': [],
      'refunds.requested': [],
      'order.customerReplied': [],
    };
    for (const name of Object.keys(received) as (keyof DomainEventMap)[]) {
      t.app.ctx.events.subscribe(name, (event) => void (received[name] as unknown[]).push(event));
    }
  });
  afterAll(() => t.close());
  const reset = () => {
    for (const list of Object.values(received)) list.length = 0;
  };

  it('publishes order.changed for each row of the event log, and mail.queued, once the upload committed', async () => {
    const id = await newOrder(t);
    const { id: dbId } = await orderRow(t, id);
    reset();
    const res = await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    expect(res.statusCode).toBe(201);
    const by = { id: tara.id, name: 'Tara Team' };
    expect(received['order.changed']).toEqual([
      { orderDbId: Number(dbId), orderId: null, kind: 'document', from: null, to: expect.any(String), actor: by },
      { orderDbId: Number(dbId), orderId: null, kind: 'processed_by', from: null, to: 'Tara Team', actor: by },
      { orderDbId: Number(dbId), orderId: null, kind: 'mail', from: null, to: MAIL_KIND.approval, actor: by },
    ]);
    const outbox = await t.app.ctx.db.selectFrom('mail_outbox').select('id').where('order_key', '=', dbId).execute();
    expect(received['mail.queued']).toEqual([{ mailIds: outbox.map((r) => Number(r.id)), orderDbIds: [Number(dbId)] }]);
  });

  it('publishes the rows each write path logs: assign, takeover, unassign, a move and a remark', async () => {
    const id = await newOrder(t);
    const { id: dbId } = await orderRow(t, id);
    const orderDbId = Number(dbId);
    reset();
    const bulk = (token: string, url: string) => call(t, 'PUT', `/api/admin/${url}`, token, { orderId: [id] });
    expect((await bulk(tara.token, 'assign-order-status')).statusCode).toBe(200);
    expect((await bulk(admin.token, 'assign-order-status')).statusCode).toBe(200);
    expect((await bulk(admin.token, 'unassign-order')).statusCode).toBe(200);
    const move = { orderId: id, updatingStatus: 'Completed' };
    expect((await api(t, ORDERS_CONTRACTS.move, { body: move }, tara)).statusCode).toBe(200);
    const remark = { orderId: id, remark: 'Called the applicant' };
    expect((await api(t, DETAIL_CONTRACTS.addRemark, { body: remark }, tara)).statusCode).toBe(201);
    const taraBy = { id: tara.id, name: 'Tara Team' };
    const adminBy = { id: admin.id, name: 'Ada Admin' };
    const change = (kind: string, from: string | null, to: string | null, actor: typeof taraBy) => ({
      orderDbId,
      orderId: null,
      kind,
      from,
      to,
      actor,
    });
    expect(received['order.changed']).toEqual([
      change('assign', null, 'Tara Team', taraBy),
      change('takeover', 'Tara Team', 'Ada Admin', adminBy),
      change('unassign', 'Ada Admin', null, adminBy),
      change('status', 'New', 'Completed', taraBy),
      change('processed_by', null, 'Tara Team', taraBy),
      change('remark', null, null, taraBy),
    ]);
  });

  it('publishes nothing for a change that was refused', async () => {
    const id = await newOrder(t);
    reset();
    // no document yet: the resend is refused inside its transaction
    const res = await api(t, DETAIL_CONTRACTS.resendMail, { body: { orderId: id, email: 'a@example.test' } }, tara);
    expect(res.statusCode).toBe(409);
    expect(received).toEqual({
      'order.changed': [],
      'mail.queued': [],
      'member.changed': [],
      'session.revoked': [],
      'orders.arrived': [],
      'retention.passed': [],
      'notification.created': [],
      'refunds.requested': [],
      'order.customerReplied': [],
    });
  });

  it('publishes notification.created for the member a remark mentions, once it committed', async () => {
    const id = await newOrder(t);
    reset();
    const remark = { orderId: id, remark: '@Ada Admin please look' };
    expect((await api(t, DETAIL_CONTRACTS.addRemark, { body: remark }, tara)).statusCode).toBe(201);
    expect(received['notification.created']).toEqual([
      {
        memberId: admin.id,
        notification: expect.objectContaining({ kind: 'mention', order_id: id, by: 'Tara Team' }),
      },
    ]);
  });

  it('publishes orders.arrived with the count of orders an ingestion created, none for repeats', async () => {
    reset();
    const orders = [buildOrder(), buildOrder()];
    expect((await postOrders(t, { orders })).statusCode).toBe(201);
    expect((await postOrders(t, { orders })).statusCode).toBe(200);
    expect(received['orders.arrived']).toEqual([{ count: 2 }]);
  });

  it('publishes retention.passed with what a pass removed, by kind', async () => {
    reset();
    await runRetentionPass(t.app.ctx);
    expect(received['retention.passed']).toEqual([
      { removed: { images: 0, documents: 0, personal: 0, inbound_mail: 0, files: 0, audit_rows: 0 } },
    ]);
  });

  it('publishes member.changed for a member added, changed and deleted, and order.changed for orders released', async () => {
    const held = await newOrder(t);
    const { id: heldDbId } = await orderRow(t, held);
    reset();
    const add = await api(
      t,
      TEAM_CONTRACTS.add,
      { body: { name: 'Evan Events', email: 'evan.events@example.test', password: 'Start#123', type: ROLE.Team } },
      admin,
    );
    expect(add.statusCode).toBe(201);
    const memberId = Number(
      (await t.app.ctx.db.selectFrom('staff').select('id').where('name', '=', 'Evan Events').executeTakeFirstOrThrow())
        .id,
    );
    const tmId = encodeId(memberId);
    const update = await api(
      t,
      TEAM_CONTRACTS.update,
      { body: { tmId, name: 'Evan Evented', email: 'evan.events@example.test', type: ROLE.Team } },
      admin,
    );
    expect(update.statusCode).toBe(200);
    await t.app.ctx.db.updateTable('orders').set({ assigned_to: memberId }).where('order_id', '=', held).execute();
    const removed = await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: tmId } }, admin);
    expect(removed.statusCode).toBe(200);
    expect(received['member.changed']).toEqual([
      { memberId, change: 'created' },
      { memberId, change: 'updated' },
      { memberId, change: 'deleted' },
    ]);
    expect(received['order.changed']).toEqual([
      {
        orderDbId: Number(heldDbId),
        orderId: null,
        kind: 'unassign',
        from: 'Evan Evented',
        to: null,
        actor: { id: admin.id, name: 'Ada Admin' },
      },
    ]);
  });
});

describeEachDialect('mail queued wakes the running worker', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // a poll far beyond the test: only mail.queued can make the worker look in time
    t = await buildTestApp(
      dialect,
      { INGEST_API_KEY: INGEST_KEY, MAIL_CLOUD_URL: sink.url },
      { build: { mailWorker: { pollMs: 3_600_000 } } },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends the approval mail of an upload without a poll or a drain by hand', async () => {
    const tara = await createMember(t, ROLE.Team, 'Tara Team');
    const id = await newOrder(t);
    const count = sink.messages.length;
    await uploadDocument(t, tara.token, { orderId: id, email: 'a@example.test' }, pdfFile());
    await sink.waitFor(count + 1);
    expect(ofOrder(sink, id)).toHaveLength(1);
  });
});
