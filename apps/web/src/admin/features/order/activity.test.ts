import { STATUS } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './activity.ts';

const event = (kind: string, from: string | null, to: string | null) => ({
  kind,
  from_value: from,
  to_value: to,
  detail: null,
  staff_name: 'Tara Team',
  created_at: '2026-11-24T01:50:55.000Z',
});

describe('Activity lines of refunds', () => {
  it('shows the move when an order was moved to Refunds', () => {
    expect(describeEvent(event('refund', STATUS.Completed, STATUS.Refunds))).toEqual({
      what: 'Marked as refunded',
      from: 'Completed',
      to: 'Refunds',
    });
  });

  it('shows no move when a refund request was refunded where it waited', () => {
    expect(describeEvent(event('refund', STATUS.Refunds, STATUS.Refunds))).toEqual({ what: 'Marked as refunded' });
  });
});
