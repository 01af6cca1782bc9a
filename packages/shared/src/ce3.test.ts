import { describe, expect, it } from 'vitest';
import { type Ce3Order, ce3Eligibility } from './ce3.ts';

const DAY = 86_400_000;
const DISPUTED_AT = Date.parse('2030-06-15T12:00:00.000Z');

function order(id: string, daysBefore: number, overrides: Partial<Ce3Order> = {}): Ce3Order {
  return {
    order_id: id,
    created_at: new Date(DISPUTED_AT - daysBefore * DAY).toISOString(),
    card_fingerprint: 'fp_1',
    purchase_ip: '203.0.113.7',
    device_id: 'dev-1',
    contact_email_address: 'Jane@Example.com',
    address_line1: '12 Sample Road',
    town_and_city: 'Springfield',
    post_code: 'AB1 2CD',
    country: 'United States',
    disputed: false,
    ...overrides,
  };
}
const disputed = order('D', 0);

describe('Visa CE 3.0 eligibility', () => {
  it('needs two earlier undisputed orders with the same card, each sharing two elements', () => {
    const result = ce3Eligibility(disputed, [order('A', 200), order('B', 130)]);
    expect(result.eligible).toBe(true);
    expect(result.matches.map((m) => m.order_id)).toEqual(['A', 'B']);
    expect(result.matches[0]?.shared).toEqual(['purchase_ip', 'device_id', 'contact_email_address', 'postal_address']);
  });

  it('counts orders 120 to 365 days before, not 119 nor 366', () => {
    expect(ce3Eligibility(disputed, [order('A', 120), order('B', 365)]).eligible).toBe(true);
    const near = ce3Eligibility(disputed, [order('A', 119), order('B', 200)]);
    expect(near.matches.map((m) => m.order_id)).toEqual(['B']);
    expect(near.eligible).toBe(false);
    expect(ce3Eligibility(disputed, [order('A', 366), order('B', 200)]).eligible).toBe(false);
  });

  it('needs two shared elements in each: one is not enough', () => {
    const one = {
      purchase_ip: '198.51.100.1',
      device_id: 'other',
      contact_email_address: 'x@y.z',
      address_line1: 'Elsewhere',
    };
    const result = ce3Eligibility(disputed, [order('A', 200, one), order('B', 150)]);
    expect(result.matches.map((m) => m.order_id)).toEqual(['B']);
    expect(result.eligible).toBe(false);
    const two = { purchase_ip: '198.51.100.1', device_id: 'other' };
    expect(ce3Eligibility(disputed, [order('A', 200, two), order('B', 150)]).matches[0]?.shared).toEqual([
      'contact_email_address',
      'postal_address',
    ]);
  });

  it('leaves out a disputed earlier order, another card, and a disputed order without a fingerprint', () => {
    expect(ce3Eligibility(disputed, [order('A', 200, { disputed: true }), order('B', 150)]).eligible).toBe(false);
    expect(ce3Eligibility(disputed, [order('A', 200, { card_fingerprint: 'fp_2' }), order('B', 150)]).eligible).toBe(
      false,
    );
    const noCard = { ...disputed, card_fingerprint: null };
    expect(ce3Eligibility(noCard, [order('A', 200), order('B', 150)])).toEqual({ eligible: false, matches: [] });
  });

  it('compares values that are present only: two empty device ids share nothing', () => {
    const bare = { device_id: null, purchase_ip: null };
    const result = ce3Eligibility({ ...disputed, ...bare }, [order('A', 200, bare), order('B', 150, bare)]);
    expect(result.matches[0]?.shared).toEqual(['contact_email_address', 'postal_address']);
  });
});
