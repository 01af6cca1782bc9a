import { describe, expect, it } from 'vitest';
import { movedMessage, usEasternStamp } from './detail.ts';
import { STATUS } from './statuses.ts';

describe('remark dates on the US Eastern clock', () => {
  it.each([
    // winter: UTC-5
    ['2026-01-15T17:04:05Z', '01-15-2026', '12:04:05 PM'],
    ['2026-01-15T04:59:59Z', '01-14-2026', '11:59:59 PM'],
    // summer (daylight saving): UTC-4
    ['2026-07-04T13:00:00Z', '07-04-2026', '09:00:00 AM'],
    ['2026-07-04T04:00:00Z', '07-04-2026', '12:00:00 AM'],
  ])('%s → %s %s', (iso, date, time) => {
    expect(usEasternStamp(iso)).toEqual({ us_date: date, us_time: time });
  });
});

describe("the order detail's move messages", () => {
  it("names the status moved to, and a delete answers with SPEC §8's delete toast", () => {
    expect(movedMessage(STATUS.Awaiting)).toBe('Order has been moved to Awaiting Customer successfully');
    expect(movedMessage(STATUS.ContactCustomer)).toBe('Order has been moved to Contact Customer successfully');
    expect(movedMessage(STATUS.Deleted)).toBe('Order has been deleted successfully');
  });
});
