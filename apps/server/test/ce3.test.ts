import { DETAIL_CONTRACTS, DISPUTES_CONTRACTS, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { packRequest, readPdf, squash } from './defence-fixtures.ts';
import { newOrder } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

describeEachDialect('Visa Compelling Evidence 3.0 (DESIGN §15)', (dialect) => {
  let t: TestApp;
  let team: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: NOW });
    team = await createMember(t, 'Team');
  });
  afterAll(() => t.close());

  /** An order paid with card `fp` from the same IP and device, `days` before now. */
  const paid = (fp: string, days: number, extra: Record<string, unknown> = {}) =>
    newOrder(t, {
      created_at: ago(days),
      card_fingerprint: fp,
      purchase_ip: '203.0.113.7',
      device_id: 'dev-1',
      process_status: STATUS.Completed,
      ...extra,
    });

  it('finds the earlier orders of the same card on the dispute, the detail and in pack 1', async () => {
    const first = await paid('fp_ok', 200);
    const second = await paid('fp_ok', 130);
    await paid('fp_ok', 119.5); // too recent
    await paid('fp_ok', 366); // too old
    await paid('fp_other', 150); // another card
    const orderId = await paid('fp_ok', 0);
    const dispute = await openDispute(t, team, orderId, { reasonCode: '10.4' });

    const one = await api(t, DISPUTES_CONTRACTS.one, { params: { id: dispute.id } }, team);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.ce3).toEqual({
      eligible: true,
      matches: [
        { order_id: first, created_at: ago(200), shared: ['purchase_ip', 'device_id'] },
        { order_id: second, created_at: ago(130), shared: ['purchase_ip', 'device_id'] },
      ],
    });
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;
    expect(detail.ce3).toEqual(one.json().data.ce3);
    // the Disputes screen's list carries the same result on the dispute's row
    const list = await api(t, DISPUTES_CONTRACTS.list, { query: { page: '1', limit: '500' } }, team);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((d: { id: number }) => d.id === dispute.id);
    expect(row!.ce3).toEqual(one.json().data.ce3);

    const pack = await packRequest(t, team.token, orderId, 1);
    expect(pack.statusCode).toBe(200);
    const text = squash((await readPdf(pack.rawPayload)).all);
    expect(text).toContain(
      squash('Visa Compelling Evidence 3.0 qualifies: 2 earlier undisputed orders with the same card'),
    );
    expect(text).toContain(squash(first));
    expect(text).toContain(squash(second));
    expect(text).not.toContain(squash('downloads from the purchase IP'));
    const compact = await packRequest(t, team.token, orderId, 2);
    expect(squash((await readPdf(compact.rawPayload)).all)).toContain(squash('qualifies: 2 earlier undisputed orders'));
  });

  it('does not count an earlier order that was disputed itself', async () => {
    await paid('fp_disputed', 200);
    const disputedBefore = await paid('fp_disputed', 150);
    await openDispute(t, team, disputedBefore);
    const orderId = await paid('fp_disputed', 0);
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;
    expect(detail.ce3.eligible).toBe(false);
    expect(detail.ce3.matches).toHaveLength(1);
  });

  it('is not assessed for an order without a card fingerprint, nor for an unmatched dispute', async () => {
    const orderId = await newOrder(t, { process_status: STATUS.Completed });
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;
    expect(detail.ce3).toEqual({ eligible: false, matches: [] });
    const dispute = await openDispute(t, team, orderId);
    const list = (await api(t, DISPUTES_CONTRACTS.list, { query: { page: '1', limit: '500' } }, team)).json().data;
    expect(list.find((d: { id: number }) => d.id === dispute.id)!.ce3).toEqual({ eligible: false, matches: [] });
    // issue 31 (DESIGN §22): a pack states CE 3.0 only when it qualifies; "not assessed" helps nobody
    const pack = await packRequest(t, team.token, orderId, 1);
    expect(squash((await readPdf(pack.rawPayload)).all)).not.toContain(squash('Visa Compelling Evidence 3.0'));
  });
});
