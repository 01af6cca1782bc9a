import { describe, expect, it } from 'vitest';
import { CLAIM_MSG, claimsReleasedMessage, NEXT_ORDER_FOLDERS, nextOrderFolder, nextOrderPick } from './claims.ts';
import { canReleaseClaimsOf, ROLE, ROLES } from './roles.ts';
import { STATUS } from './statuses.ts';

describe('Next order and released claims (DESIGN §18)', () => {
  it('works New, Priority and Process 5th March, each with its one status, by name in any case', () => {
    expect(NEXT_ORDER_FOLDERS.map((next) => [next.folder.name, next.status])).toEqual([
      ['newOrder', STATUS.New],
      ['priorityOrder', STATUS.Priority],
      ['processMarchOrder', STATUS.ProcessMarch],
    ]);
    expect(nextOrderFolder('PRIORITYORDER')?.status).toBe(STATUS.Priority);
    for (const name of ['myOrder', 'pendingorder', 'allorder', 'nope']) expect(nextOrderFolder(name)).toBeUndefined();
    expect(CLAIM_MSG.nextOrderFolder).toBe('folder must be one of urgent, newOrder, priorityOrder, processMarchOrder.');
  });

  it('picks the soonest due across the three folders for `urgent`, the oldest of one folder otherwise', () => {
    expect(nextOrderPick('Urgent')).toEqual({
      statuses: [STATUS.New, STATUS.Priority, STATUS.ProcessMarch],
      soonestDue: true,
      capabilities: ['orders.work', 'orders.work', 'orders.work'],
    });
    expect(nextOrderPick('newOrder')).toEqual({
      statuses: [STATUS.New],
      soonestDue: false,
      capabilities: ['orders.work'],
    });
    expect(nextOrderPick('pendingorder')).toBeUndefined();
  });

  it('lets Admin and Manager release claims, a Manager never an Admin’s', () => {
    expect(ROLES.filter((role) => canReleaseClaimsOf(role, ROLE.Team))).toEqual([ROLE.Admin, ROLE.Manager]);
    expect(canReleaseClaimsOf(ROLE.Manager, ROLE.Admin)).toBe(false);
    expect(canReleaseClaimsOf(ROLE.Manager, ROLE.Manager)).toBe(true);
    expect(canReleaseClaimsOf(ROLE.Admin, ROLE.Admin)).toBe(true);
  });

  it('says how many orders went back, and whose', () => {
    expect(claimsReleasedMessage(0, 'Tara')).toBe('Tara holds no orders.');
    expect(claimsReleasedMessage(1, 'Tara')).toBe('1 order of Tara returned to its folder.');
    expect(claimsReleasedMessage(3, 'Tara')).toBe('3 orders of Tara returned to their folders.');
  });
});
