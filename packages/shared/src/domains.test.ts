import { describe, expect, it } from 'vitest';
import { domainOfOrderId } from './domains.ts';

describe('domain by order id prefix (DESIGN §6)', () => {
  it.each([
    ['UKETA-0001', 'primary'],
    ['UK-123456', 'primary'],
    ['UKTA-12345', 'secondary'],
    ['eTA-123456', 'secondary'],
    ['XYZ-123456', 'primary'],
  ])('%s belongs to the %s domain', (orderId, domain) => {
    expect(domainOfOrderId(orderId)).toBe(domain);
  });

  it('lets the longest prefix win (UKTA over UK)', () => {
    expect(domainOfOrderId('UKTA99')).toBe('secondary');
  });

  it('looks only at the first 6 characters', () => {
    expect(domainOfOrderId('X-eTA-1', { primary: ['UK'], secondary: ['eTA'] })).toBe('primary');
    expect(domainOfOrderId('12345eTA', { primary: [], secondary: ['eTA'] })).toBe('primary');
  });
});
