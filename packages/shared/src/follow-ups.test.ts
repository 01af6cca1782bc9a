import { describe, expect, it } from 'vitest';
import { followUpOnLabel, isFollowUpDue, utcDay } from './follow-ups.ts';
import { followUpSchema } from './schemas/follow-ups.ts';
import { STATUS } from './statuses.ts';

const at = (iso: string) => Date.parse(iso);

describe('follow-up dates (DESIGN §18)', () => {
  it('is due from its day on, UTC, and only in Awaiting Customer or Awaiting Govt', () => {
    const order = { process_status: STATUS.Awaiting, follow_up_on: '2026-03-11' };
    expect(isFollowUpDue(order, at('2026-03-10T23:59:59.999Z'))).toBe(false);
    expect(isFollowUpDue(order, at('2026-03-11T00:00:00.000Z'))).toBe(true);
    expect(isFollowUpDue(order, at('2027-01-01T00:00:00.000Z'))).toBe(true);
    expect(isFollowUpDue({ ...order, process_status: STATUS.AwaitingGovt }, at('2026-03-11T12:00:00Z'))).toBe(true);
    expect(isFollowUpDue({ ...order, process_status: STATUS.Completed }, at('2026-03-12T00:00:00Z'))).toBe(false);
    expect(isFollowUpDue({ ...order, follow_up_on: null }, at('2026-03-12T00:00:00Z'))).toBe(false);
    expect(utcDay(at('2026-03-10T23:30:00-02:00'))).toBe('2026-03-11');
  });

  it('takes a real YYYY-MM-DD day or null, and labels it as the screens write days', () => {
    const parse = (followUpOn: unknown) => followUpSchema.safeParse({ orderId: 'UKETA-123456', followUpOn }).success;
    expect(parse('2028-02-29')).toBe(true);
    expect(parse(null)).toBe(true);
    for (const bad of ['2027-02-29', '2026-3-1', '', undefined, 20260301]) expect(parse(bad)).toBe(false);
    expect(followUpOnLabel('2026-03-11')).toBe('Follow up on 11-03-2026');
  });
});
