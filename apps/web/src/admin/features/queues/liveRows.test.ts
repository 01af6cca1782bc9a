import { API_STATUS, type ApiEnvelope, findFolder, type OrderListItem, STATUS } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import type { LiveChange } from '../../../store/liveSlice.ts';
import { listItem } from '../../../test/fixtures.ts';
import { applyLiveChanges } from './liveRows.ts';

const ME = 'Tara Team';
const change = (orderId: string, status: string, assignee: string | null): LiveChange => ({
  orderId,
  status,
  assignee,
  by: 'Nina Night',
  kind: 'status',
  from: null,
  at: 1,
});
const page = (ids: string[], total: number): ApiEnvelope<OrderListItem[]> => ({
  status: API_STATUS.ok,
  message: 'Order list',
  data: ids.map((order_id) => listItem({ order_id })),
  total,
});

/** DESIGN §22: a row on screen shows where its order stands now, or leaves the page. */
describe('live changes on a queue page', () => {
  it('sets status and holder in place, mine when the holder is me, and drops what the folder no longer holds', () => {
    const reply = page(['A', 'B', 'C', 'D'], 12);
    applyLiveChanges(reply, findFolder('newOrder')!, ME, [
      change('A', STATUS.New, 'Nina Night'),
      change('B', STATUS.Completed, null),
      change('C', STATUS.New, ME),
      change('Z', STATUS.Completed, null),
    ]);
    expect(reply.data?.map((r) => [r.order_id, r.process_status, r.assign_to, r.assigned_to_me])).toEqual([
      ['A', STATUS.New, 'Nina Night', false],
      ['C', STATUS.New, ME, true],
      ['D', STATUS.New, '', false],
    ]);
    // one of the page's rows left; an order off the page changes nothing here
    expect(reply.total).toBe(11);
  });

  it('a release clears the holder; the same change twice changes nothing more', () => {
    const reply = page(['A'], 1);
    reply.data![0]!.assign_to = 'Nina Night';
    const released = change('A', STATUS.New, null);
    applyLiveChanges(reply, findFolder('newOrder')!, ME, [released, released]);
    expect(reply.data?.[0]).toMatchObject({ assign_to: '', assigned_to_me: false });
    const moved = change('A', STATUS.Pending, null);
    applyLiveChanges(reply, findFolder('newOrder')!, ME, [moved, moved]);
    expect(reply).toMatchObject({ data: [], total: 0 });
  });

  it('drops from My Orders what another member now holds; leaves a refusal alone', () => {
    const mine = page(['A'], 1);
    applyLiveChanges(mine, findFolder('myOrder')!, ME, [change('A', STATUS.New, 'Mark Manager')]);
    expect(mine.data).toEqual([]);
    const refused: ApiEnvelope<OrderListItem[]> = { status: API_STATUS.fail, message: 'No' };
    applyLiveChanges(refused, findFolder('newOrder')!, ME, [change('A', STATUS.Pending, null)]);
    expect(refused).toEqual({ status: API_STATUS.fail, message: 'No' });
  });
});
