import { describe, expect, it } from 'vitest';
import { FOLDERS, findFolder } from './folders.ts';
import { can, canManageMember, memberChangeNeedsConfirmation, ROLE, ROLES } from './roles.ts';
import { parseStatus, STATUS } from './statuses.ts';

describe('permission matrix (DESIGN §7)', () => {
  it('keeps Order History from Telecaller only', () => {
    expect(ROLES.filter((r) => !can(r, 'orders.history'))).toEqual([ROLE.Telecaller]);
  });

  it('gives deletion, team, processed-by and gateways to Admin and Manager only', () => {
    for (const capability of ['orders.delete', 'team.manage', 'reports.processedBy', 'gateways.manage'] as const) {
      expect(ROLES.filter((r) => can(r, capability))).toEqual([ROLE.Admin, ROLE.Manager]);
    }
  });

  it('lets Admin and Manager take over held orders, and only Admin delete from My Orders or manage Admins', () => {
    expect(ROLES.filter((r) => can(r, 'orders.takeover'))).toEqual([ROLE.Admin, ROLE.Manager]);
    expect(ROLES.filter((r) => can(r, 'myOrders.delete'))).toEqual([ROLE.Admin]);
    expect(ROLES.filter((r) => can(r, 'team.manageAdmins'))).toEqual([ROLE.Admin]);
  });

  it('lets a Manager manage everyone but Admins', () => {
    expect(canManageMember(ROLE.Manager, ROLE.Team)).toBe(true);
    expect(canManageMember(ROLE.Manager, ROLE.Admin)).toBe(false);
    expect(canManageMember(ROLE.Admin, ROLE.Admin)).toBe(true);
    expect(canManageMember(ROLE.Team, ROLE.Team)).toBe(false);
  });

  it('lets every staff type see passport and selfie images by default (DESIGN §22)', () => {
    expect(ROLES.filter((r) => can(r, 'images.view'))).toEqual(ROLES);
  });

  it('refuses a missing role', () => {
    expect(can(null, 'orders.work')).toBe(false);
  });
});

describe('confirm it is you for Admins (DESIGN §22)', () => {
  it('asks when an Admin is added, changed, made or unmade, and for no other member', () => {
    expect(memberChangeNeedsConfirmation(null, ROLE.Admin)).toBe(true);
    expect(memberChangeNeedsConfirmation(ROLE.Team, ROLE.Admin)).toBe(true);
    expect(memberChangeNeedsConfirmation(ROLE.Admin, ROLE.Admin)).toBe(true);
    expect(memberChangeNeedsConfirmation(ROLE.Admin, ROLE.Manager)).toBe(true);
    for (const type of ROLES.filter((r) => r !== ROLE.Admin)) {
      expect(memberChangeNeedsConfirmation(null, type)).toBe(false);
      expect(memberChangeNeedsConfirmation(ROLE.Team, type)).toBe(false);
    }
  });
});

describe('folders and statuses (SPEC §2, §4)', () => {
  it('has the fifteen folders of SPEC and DESIGN §18’s Overdue Orders, with distinct names, paths and count fields', () => {
    expect(FOLDERS).toHaveLength(16);
    for (const key of ['name', 'path', 'countField'] as const) {
      expect(new Set(FOLDERS.map((f) => f[key])).size).toBe(16);
    }
  });

  it('matches folder names case-insensitively', () => {
    expect(findFolder('PENDINGORDER')?.countField).toBe('pendingOrdersCount');
    expect(findFolder('nope')).toBeUndefined();
  });

  it('keeps the trailing space of Awaiting and accepts it trimmed', () => {
    expect(STATUS.Awaiting).toBe('Awaiting ');
    expect(parseStatus('Awaiting')).toBe('Awaiting ');
    expect(parseStatus('Awaiting ')).toBe('Awaiting ');
    expect(parseStatus('awaiting')).toBeNull();
  });
});
