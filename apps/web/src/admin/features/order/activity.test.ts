import { CLAIM_MSG, idleReleaseNote, ORDER_EVENT, STATUS } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './activity.ts';

const event = (kind: string, from: string | null, to: string | null, detail: string | null = null) => ({
  kind,
  from_value: from,
  to_value: to,
  detail,
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

describe('Activity lines of disputes (DESIGN §14)', () => {
  it('names the dispute opened, with its reason, amount and stage', () => {
    const opened = event(ORDER_EVENT.disputeOpened, null, 'Stripe dp_123', '10.4 Fraud, £49.99, Chargeback');
    expect(describeEvent(opened)).toEqual({
      what: 'Dispute opened: Stripe dp_123',
      note: '10.4 Fraud, £49.99, Chargeback',
    });
  });

  it('names the field changed and the dispute, with dates as the screen shows them', () => {
    const state = event(ORDER_EVENT.disputeChanged, 'Needs response', 'Won', 'State · Stripe dp_123');
    expect(describeEvent(state)).toEqual({
      what: 'Dispute changed: State',
      from: 'Needs response',
      to: 'Won',
      note: 'Stripe dp_123',
    });
    const due = event(ORDER_EVENT.disputeChanged, null, '2026-12-01', 'Respond by · Adyen 4837-77');
    expect(describeEvent(due)).toEqual({
      what: 'Dispute changed: Respond by',
      from: undefined,
      to: '01-12-2026',
      note: 'Adyen 4837-77',
    });
  });
});

describe('Activity lines of claims and follow-ups (DESIGN §18)', () => {
  it('shows a follow-up date set, changed and cleared, as the screen writes days', () => {
    expect(describeEvent(event(ORDER_EVENT.followUp, null, '2026-03-12'))).toEqual({
      what: 'Follow-up date set',
      from: undefined,
      to: '12-03-2026',
    });
    expect(describeEvent(event(ORDER_EVENT.followUp, '2026-03-12', '2026-03-14')).from).toBe('12-03-2026');
    expect(describeEvent(event(ORDER_EVENT.followUp, '2026-03-14', null))).toEqual({
      what: 'Follow-up date cleared',
      from: '14-03-2026',
      to: undefined,
    });
  });

  it('says why a claim went back: idle under the lease, or released from Manage Team', () => {
    const idle = event(ORDER_EVENT.unassign, 'Tara Team', null, idleReleaseNote(240));
    expect(describeEvent(idle)).toEqual({ what: 'Returned to its folder', note: idleReleaseNote(240) });
    const handover = event(ORDER_EVENT.unassign, 'Tara Team', null, CLAIM_MSG.handoverNote);
    expect(describeEvent(handover).note).toBe(CLAIM_MSG.handoverNote);
  });
});

describe('Activity lines of money through Stripe (DESIGN §26)', () => {
  it('says each step of a refund at Stripe with its amount', () => {
    expect(describeEvent(event(ORDER_EVENT.refundRequested, null, '£49.99', 'Stripe · refund 7'))).toEqual({
      what: 'Refund of £49.99 sent to Stripe',
      note: 'Stripe · refund 7',
    });
    expect(describeEvent(event(ORDER_EVENT.refundSucceeded, 'pending', '£49.99', 'Stripe · re_1')).what).toBe(
      'Refund of £49.99 made by Stripe',
    );
    const failed = event(ORDER_EVENT.refundFailed, 'pending', '£49.99', 'Stripe · re_1: expired_or_canceled_card');
    expect(describeEvent(failed)).toEqual({
      what: 'Refund of £49.99 failed at Stripe',
      note: 'Stripe · re_1: expired_or_canceled_card',
    });
  });

  it('says a fraud warning received, refunded or kept with its reason', () => {
    expect(describeEvent(event(ORDER_EVENT.fraudWarning, null, 'made_with_stolen_card', 'Stripe · issfr_1'))).toEqual({
      what: 'Early fraud warning received: made with stolen card',
      note: 'Stripe · issfr_1',
    });
    expect(describeEvent(event(ORDER_EVENT.fraudWarning, 'open', 'refunded', 'Stripe · issfr_1')).what).toBe(
      'Fraud warning: refunded now',
    );
    expect(describeEvent(event(ORDER_EVENT.fraudWarning, 'open', 'kept', 'Known customer'))).toEqual({
      what: 'Fraud warning: kept, no refund',
      note: 'Known customer',
    });
  });

  it('says evidence staged, submitted, or the dispute accepted', () => {
    expect(describeEvent(event(ORDER_EVENT.disputeEvidence, null, 'staged', 'Stripe dp_1')).what).toBe(
      'Dispute evidence staged at Stripe',
    );
    expect(describeEvent(event(ORDER_EVENT.disputeEvidence, null, 'submitted', 'Stripe dp_1')).what).toBe(
      'Dispute evidence submitted to Stripe',
    );
    expect(describeEvent(event(ORDER_EVENT.disputeEvidence, null, 'accepted', 'Stripe dp_1')).what).toBe(
      'Dispute accepted (conceded) at Stripe',
    );
  });
});
