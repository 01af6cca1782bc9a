import { describe, expect, it } from 'vitest';
import { confirmDetail } from './useQueueActions.ts';

describe('a bulk confirmation says what it will do', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `UKETA-${1000 + i}`);

  it('names up to three orders, and counts more', () => {
    expect(confirmDetail({ action: 'delete', orderIds: ids(1) })).toBe('Delete order UKETA-1000.');
    expect(confirmDetail({ action: 'delete', orderIds: ids(3) })).toBe(
      'Delete orders UKETA-1000, UKETA-1001, UKETA-1002.',
    );
    expect(confirmDetail({ action: 'delete', orderIds: ids(1300) })).toBe('Delete 1,300 orders.');
  });

  it('names the real original folder: Priority for priority orders (issue 33)', () => {
    expect(confirmDetail({ action: 'unassign', orderIds: ids(1), statuses: ['Priority Processing'] })).toBe(
      'Move order UKETA-1000 back to Priority Orders.',
    );
    expect(confirmDetail({ action: 'unassign', orderIds: ids(2), statuses: ['moveToProcessMarch', 'Awaiting '] })).toBe(
      'Move orders UKETA-1000, UKETA-1001 back to their folders: Process 5th March Orders, Awaiting Customer.',
    );
  });

  it('names the holder of an order an Admin takes over (issue 33)', () => {
    expect(confirmDetail({ action: 'assign', orderIds: ids(1), holders: ['Hal Team'] })).toBe(
      'Assign order UKETA-1000 to you. Held by Hal Team. Assigning takes it over from them; the takeover is logged on the order.',
    );
  });

  it('says what each action does', () => {
    expect(confirmDetail({ action: 'assign', orderIds: ids(2) })).toBe('Assign orders UKETA-1000, UKETA-1001 to you.');
    expect(confirmDetail({ action: 'unassign', orderIds: ids(4), statuses: ['New', 'New', 'New', 'New'] })).toBe(
      'Move 4 orders back to New Orders.',
    );
    expect(confirmDetail({ action: 'refund', orderIds: ids(1) })).toBe(
      'Mark order UKETA-1000 refunded and mail the applicant.',
    );
    expect(confirmDetail({ action: 'refund', orderIds: ids(5) })).toBe(
      'Mark 5 orders refunded and mail each applicant.',
    );
  });
});
