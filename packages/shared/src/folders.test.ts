import { describe, expect, it } from 'vitest';
import type { BulkAction, ColumnSet, TileAccent } from './folder-views.ts';
import { FOLDERS, type FolderDef } from './folders.ts';
import { type Capability, PERMISSIONS } from './roles.ts';
import { LIST_SORT_COLUMNS } from './schemas/queues.ts';
import { SLA_RUNNING_STATUSES } from './service-levels.ts';
import { OPEN_STATUSES, STATUS } from './statuses.ts';

/**
 * Each folder's view facts are complete and agree with the folder's own definition, so a folder
 * added as one entry cannot offer what its orders do not allow (SPEC §2, §6; DESIGN §6).
 */
const ACTIONS: readonly BulkAction[] = ['assign', 'unassign', 'refund', 'delete'];
const COLUMN_SETS: readonly ColumnSet[] = ['standard', 'noTelephone', 'refund', 'chargeback'];
const ACCENTS: readonly TileAccent[] = ['primary', 'info', 'danger', 'warning', 'success', 'dark'];
const isCapability = (value: unknown): value is Capability => typeof value === 'string' && value in PERMISSIONS;

const actionsOf = (folder: FolderDef) => folder.view.bulk.map((button) => button.action);
const capabilityOf = (folder: FolderDef, action: BulkAction) =>
  folder.view.bulk.find((button) => button.action === action)?.capability;
const holdsOnly = (folder: FolderDef, status: string) => folder.statuses?.length === 1 && folder.statuses[0] === status;
/** orders still being worked, which an assignment puts into someone's My Orders */
const isProcessing = (folder: FolderDef) =>
  !folder.mine && folder.statuses !== null && folder.statuses.every((s) => OPEN_STATUSES.includes(s));

describe.each(FOLDERS.map((folder) => [folder.name, folder] as const))('folder %s', (_name, folder) => {
  const { view } = folder;

  it('has every view fact, each of a known kind', () => {
    expect(Object.keys(view).sort()).toEqual([
      'bulk',
      'columns',
      'dashboardTile',
      'defaultSort',
      'greyHeld',
      'rowDelete',
    ]);
    expect(COLUMN_SETS).toContain(view.columns);
    expect(LIST_SORT_COLUMNS).toContain(view.defaultSort.sort);
    expect(['asc', 'desc']).toContain(view.defaultSort.order);
    expect(typeof view.greyHeld).toBe('boolean');
    for (const button of view.bulk) {
      expect(ACTIONS).toContain(button.action);
      expect(isCapability(button.capability), button.action).toBe(true);
    }
    expect(view.rowDelete === null || isCapability(view.rowDelete)).toBe(true);
    if (view.dashboardTile) expect(ACCENTS).toContain(view.dashboardTile.accent);
  });

  it('offers each bulk action once, in SPEC order', () => {
    const actions = actionsOf(folder);
    expect(actions).toEqual(ACTIONS.filter((action) => actions.includes(action)));
  });

  it('offers Assign to me exactly in processing queues, and Move to Original Folder only in My Orders', () => {
    expect(actionsOf(folder).includes('assign')).toBe(isProcessing(folder));
    expect(actionsOf(folder).includes('unassign')).toBe(folder.mine);
  });

  it('offers Refunded it and the refund columns exactly where refunds wait', () => {
    const refunds = holdsOnly(folder, STATUS.Refunds);
    expect(actionsOf(folder).includes('refund')).toBe(refunds);
    expect(view.columns === 'refund').toBe(refunds);
  });

  it('offers no Delete where orders are already deleted, and the row Delete asks what the bulk one asks', () => {
    if (holdsOnly(folder, STATUS.Deleted)) {
      expect(actionsOf(folder)).not.toContain('delete');
      expect(view.rowDelete).toBeNull();
    }
    if (view.rowDelete !== null) expect(capabilityOf(folder, 'delete')).toBe(view.rowDelete);
    // Deleting needs a deleting capability, never merely the right to work orders.
    const deleting = capabilityOf(folder, 'delete');
    if (deleting) expect(['orders.delete', 'myOrders.delete']).toContain(deleting);
  });

  it('greys held orders only in a processing queue', () => {
    if (view.greyHeld) expect(isProcessing(folder)).toBe(true);
  });
});

describe('folders together', () => {
  it('have distinct names, paths and count fields', () => {
    for (const key of ['name', 'path', 'countField'] as const) {
      const values = FOLDERS.map((folder) => folder[key].toLowerCase());
      expect(new Set(values).size, key).toBe(FOLDERS.length);
    }
  });

  it('put SPEC §2’s five tiles on the dashboard, then Overdue Orders (DESIGN §18), each in its own colour', () => {
    const tiles = FOLDERS.filter((folder) => folder.view.dashboardTile);
    expect(tiles.map((folder) => folder.name)).toEqual([
      'myOrder',
      'newOrder',
      'priorityOrder',
      'pendingorder',
      'completedorder',
      'overdueOrder',
    ]);
    expect(new Set(tiles.map((folder) => folder.view.dashboardTile?.accent)).size).toBe(tiles.length);
  });

  it('grey held orders in New, Priority and Process March only (SPEC §2)', () => {
    expect(FOLDERS.filter((folder) => folder.view.greyHeld).map((folder) => folder.name)).toEqual([
      'newOrder',
      'priorityOrder',
      'processMarchOrder',
    ]);
  });
});

describe('Overdue Orders (DESIGN §18)', () => {
  const overdue = FOLDERS.filter((folder) => folder.overdue);

  it('is the one time-bound folder, after SPEC’s fifteen, open to every staff type', () => {
    expect(overdue.map((folder) => folder.name)).toEqual(['overdueOrder']);
    expect(FOLDERS.at(-1)).toBe(overdue[0]);
    expect(overdue[0]).toMatchObject({
      path: 'overdue-order',
      label: 'Overdue Orders',
      countField: 'overdueOrdersCount',
      capability: 'orders.work',
      mine: false,
    });
  });

  it('spans the open statuses whose clock runs, in the order migration 080’s index lists them', () => {
    expect(overdue[0]?.statuses).toEqual([
      STATUS.New,
      STATUS.Priority,
      STATUS.ProcessMarch,
      STATUS.Pending,
      STATUS.ContactCustomer,
      STATUS.CustomerCalled,
    ]);
    expect(overdue[0]?.statuses).toEqual(SLA_RUNNING_STATUSES);
  });

  it('shows the longest overdue first', () => {
    expect(overdue[0]?.view.defaultSort).toEqual({ sort: 'sla_due_at', order: 'asc' });
  });
});
