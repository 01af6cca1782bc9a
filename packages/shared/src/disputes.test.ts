import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftLabel, dueBeforeIso, isDueSoon } from './disputes.ts';
import { categoryOfReason, estimateRespondBy, findReasonCode, REASON_CODES, responseDaysOf } from './reason-codes.ts';

const NOW = Date.parse('2030-06-15T12:00:00.000Z');

describe('days left to respond', () => {
  it.each([
    ['2030-06-15T17:00:00.000Z', 1, '1 day left'],
    ['2030-06-16T12:00:00.000Z', 1, '1 day left'],
    ['2030-06-16T12:00:00.001Z', 2, '2 days left'],
    ['2030-06-27T23:59:59.999Z', 13, '13 days left'],
    ['2030-06-15T12:00:00.000Z', 0, 'Overdue'],
    ['2030-06-15T07:00:00.000Z', -1, 'Overdue'],
    ['2030-06-13T12:00:00.000Z', -2, 'Overdue'],
  ])('%s is %i (%s)', (respondBy, days, label) => {
    expect(daysLeft(respondBy, NOW)).toBe(days);
    expect(daysLeftLabel(daysLeft(respondBy, NOW))).toBe(label);
  });

  it('is due soon at 3 days or fewer, overdue included', () => {
    expect([4, 3, 1, 0, -5].map(isDueSoon)).toEqual([false, true, true, true, true]);
    expect(dueBeforeIso(NOW)).toBe('2030-06-18T12:00:00.000Z');
  });
});

describe('reason codes', () => {
  it('lists each code once, with a category and a known network', () => {
    const codes = REASON_CODES.map((r) => r.code.toUpperCase());
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(REASON_CODES.map((r) => r.network))).toEqual(new Set(['visa', 'mastercard', 'amex', 'discover']));
  });

  it('finds a code whatever its case or spaces, and gives its category', () => {
    expect(findReasonCode(' c08 ')).toMatchObject({ network: 'amex', category: 'not_received' });
    expect(categoryOfReason('10.4')).toBe('fraud');
    expect(categoryOfReason('4841')).toBe('cancelled');
    expect(categoryOfReason('UA02')).toBe('fraud');
    expect(categoryOfReason('product_not_received')).toBe('not_received');
    expect(categoryOfReason('who-knows')).toBe('general');
  });

  it("estimates the deadline from the network's window, to the end of that UTC day", () => {
    expect(responseDaysOf('13.1')).toBe(30);
    expect(responseDaysOf('4837')).toBe(45);
    expect(responseDaysOf('F29')).toBe(20);
    expect(responseDaysOf('NF')).toBe(30);
    expect(responseDaysOf('unknown')).toBe(7);
    expect(estimateRespondBy('13.1', '2030-01-31T22:00:00.000Z')).toBe('2030-03-02T23:59:59.999Z');
    expect(estimateRespondBy('F29', '2030-06-01T00:00:00.000Z')).toBe('2030-06-21T23:59:59.999Z');
  });
});
