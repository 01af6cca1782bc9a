import { describe, expect, it } from 'vitest';
import { STATUS_LABEL, statusLabel } from './status-labels.ts';
import { ORDER_STATUSES, STATUS } from './statuses.ts';

describe('status labels', () => {
  it('names every status in words, never a raw value', () => {
    for (const status of ORDER_STATUSES) {
      expect(STATUS_LABEL[status], status).toMatch(/^[A-Z][a-z0-9]*( [A-Za-z0-9]+)*$/);
    }
    expect(statusLabel(STATUS.ProcessMarch)).toBe('Process 5th March');
    expect(statusLabel(STATUS.AwaitingGovt)).toBe('Awaiting Govt');
    expect(statusLabel(STATUS.Awaiting)).toBe('Awaiting Customer');
    expect(statusLabel('Awaiting')).toBe('Awaiting Customer');
    expect(statusLabel(STATUS.ChargeBack)).toBe('Charge Back');
  });

  it('leaves an unknown value as it is, and nothing as empty', () => {
    expect(statusLabel('Archived')).toBe('Archived');
    expect(statusLabel(null)).toBe('');
  });
});
