import { describe, expect, it } from 'vitest';
import { findFolder } from './folders.ts';
import { folderHoldsOrder, mayFollowOrder, parseSseFrames, sseFrame } from './live.ts';
import { ROLE } from './roles.ts';
import { STATUS } from './statuses.ts';

describe('live stream frames', () => {
  it('reads back what the server writes, across chunk boundaries', () => {
    const text = sseFrame('counts', { newOrdersCount: 3 }) + sseFrame('order', { orderId: 'UK1', status: 'New' });
    const cut = 17;
    const first = parseSseFrames(text.slice(0, cut));
    expect(first.events).toEqual([]);
    const second = parseSseFrames(first.rest + text.slice(cut));
    expect(second.events).toEqual([
      { event: 'counts', data: { newOrdersCount: 3 } },
      { event: 'order', data: { orderId: 'UK1', status: 'New' } },
    ]);
    expect(second.rest).toBe('');
  });

  it('skips heartbeats, unknown events and data that is not JSON', () => {
    const text = `: heartbeat\n\nevent: other\ndata: {}\n\nevent: presence\ndata: nope\n\nevent: presence\r\ndata: {"orderId":"A","viewers":[]}\r\n\r\n`;
    expect(parseSseFrames(text).events).toEqual([{ event: 'presence', data: { orderId: 'A', viewers: [] } }]);
  });

  it('keeps an unfinished frame for the next chunk', () => {
    const { events, rest } = parseSseFrames('event: ready\ndata: {"at":"x"}\n');
    expect(events).toEqual([]);
    expect(rest).toBe('event: ready\ndata: {"at":"x"}\n');
  });
});

describe('who may follow an order', () => {
  it('follows the folders a type may open', () => {
    expect(mayFollowOrder(ROLE.Telecaller, STATUS.New, false)).toBe(true);
    expect(mayFollowOrder(ROLE.Admin, 'no such status', false)).toBe(true);
    // Order History (every status) is not a Telecaller's folder
    expect(mayFollowOrder(ROLE.Telecaller, 'no such status', false)).toBe(false);
    expect(mayFollowOrder(ROLE.Telecaller, 'no such status', true)).toBe(false);
  });
});

describe('which list holds an order after a change', () => {
  const holds = (name: string, status: string, assignee: string | null) =>
    folderHoldsOrder(findFolder(name)!, { status, assignee }, 'Tara Team');

  it('keeps an order whose status the folder holds, whoever holds it; drops one moved out', () => {
    expect(holds('newOrder', STATUS.New, 'Nina Night')).toBe(true);
    expect(holds('newOrder', STATUS.ContactCustomer, null)).toBe(false);
    expect(holds('allorder', STATUS.Deleted, null)).toBe(true);
  });

  it('keeps in My Orders only what the member holds', () => {
    expect(holds('myOrder', STATUS.New, 'Tara Team')).toBe(true);
    expect(holds('myOrder', STATUS.New, 'Mark Manager')).toBe(false);
    expect(holds('myOrder', STATUS.New, null)).toBe(false);
  });
});
