import { can, FOLDERS, findFolder, ROLE, ROLES, type Role } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { type BulkAction, type ColumnSet, queueView } from './views.ts';

/**
 * SPEC §2 and §6, written out folder by folder rather than derived the way views.ts derives them,
 * so a wrong rule there (or a folder moved from one group to another) fails here.
 */
const { Admin, Manager, Team, Telecaller, NightStaff } = ROLE;
const MANAGERS: readonly Role[] = [Admin, Manager];

interface Expected {
  /** bulk buttons, in the order shown, per role */
  bulk: (role: Role) => BulkAction[];
  /** the row's Delete next to View, per role */
  rowDelete: (role: Role) => boolean;
  columns: ColumnSet;
  greyHeld: boolean;
}

const isManager = (role: Role) => MANAGERS.includes(role);
/** New, priority and processing queues: Assign to me for all, Delete for Manager and Admin (SPEC §6). */
const processing = (columns: ColumnSet = 'standard', greyHeld = false): Expected => ({
  bulk: (role) => (isManager(role) ? ['assign', 'delete'] : ['assign']),
  rowDelete: isManager,
  columns,
  greyHeld,
});
/** Finished orders: nothing to assign; Delete for Manager and Admin only. */
const finished: Expected = {
  bulk: (role) => (isManager(role) ? ['delete'] : []),
  rowDelete: isManager,
  columns: 'standard',
  greyHeld: false,
};

const EXPECTED: Record<string, Expected> = {
  // My Orders: only Admin sees Delete Order; everyone sees Move to Original Folder.
  myOrder: {
    // SPEC §6: in My Orders only Admin deletes, by row as in bulk.
    bulk: (role) => (role === Admin ? ['unassign', 'delete'] : ['unassign']),
    rowDelete: (role) => role === Admin,
    columns: 'standard',
    greyHeld: false,
  },
  newOrder: processing('standard', true),
  priorityOrder: processing('standard', true),
  processMarchOrder: processing('standard', true),
  pendingorder: processing(),
  awaitingorder: processing(),
  awaitinggovtorder: processing(),
  contactcustomerorder: processing('noTelephone'),
  customercalledorder: processing(),
  completedorder: finished,
  rejectedOrder: finished,
  // ChargeBack: finished, with each order's dispute deadline ("Respond by", DESIGN §14).
  chargeBack: { ...finished, columns: 'chargeback' },
  // Order History: only Manager and Admin get Delete Order.
  allorder: finished,
  // Refunds: Delete Order plus Refunded it for Manager and Admin, only Refunded it for others; rows View only.
  refundorder: {
    bulk: (role) => (isManager(role) ? ['refund', 'delete'] : ['refund']),
    rowDelete: () => false,
    columns: 'refund',
    greyHeld: false,
  },
  // Already deleted: a Delete could only be refused, and there is nothing to assign.
  deletedorder: { bulk: () => [], rowDelete: () => false, columns: 'standard', greyHeld: false },
  // DESIGN §18: open orders past their service level, worked like any processing queue.
  overdueOrder: processing(),
};

const CASES = FOLDERS.flatMap((folder) => ROLES.map((role) => ({ folder: folder.name, role })));

describe('queue screens: bulk area and row actions (SPEC §2, §6)', () => {
  it('has an expectation for each of the fifteen folders and Overdue Orders', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(FOLDERS.map((f) => f.name).sort());
    expect(CASES).toHaveLength(16 * 5);
  });

  it.each(CASES)('$folder as $role', ({ folder: name, role }) => {
    const folder = findFolder(name);
    const expected = EXPECTED[name];
    if (!folder || !expected) throw new Error(`unknown folder ${name}`);
    expect(queueView(folder, role)).toEqual({
      bulk: expected.bulk(role),
      rowDelete: expected.rowDelete(role),
      columns: expected.columns,
      greyHeld: expected.greyHeld,
      showHolder: name !== 'myOrder',
    });
  });

  it('offers no Delete to a member whose role is unknown', () => {
    for (const folder of FOLDERS) {
      const view = queueView(folder, null);
      expect(view.bulk, folder.name).not.toContain('delete');
      expect(view.rowDelete, folder.name).toBe(false);
    }
  });
});

describe('the sidebar folders per role (SPEC §6)', () => {
  const visible = (role: Role) => FOLDERS.filter((folder) => can(role, folder.capability)).map((f) => f.name);

  it.each(ROLES)('%s', (role) => {
    const all = FOLDERS.map((f) => f.name);
    expect(visible(role)).toEqual(role === Telecaller ? all.filter((name) => name !== 'allorder') : all);
  });

  it('never shows Order History to Telecaller, and shows it to everyone else', () => {
    expect(ROLES.filter((role) => visible(role).includes('allorder'))).toEqual([Admin, Manager, Team, NightStaff]);
  });
});
