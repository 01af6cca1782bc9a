import { encodeOrderRef, findFolder, type OrderListItem, ROLE, type Role, STATUS } from '@eta/shared';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listItem } from '../../../test/fixtures.ts';
import { queueColumns } from './columns.tsx';
import { queueView } from './views.ts';

/**
 * The queue table's Action cell and headers, rendered to HTML in node (no DOM needed): the greyed
 * View of SPEC §2 is decided in the cell from the list item, so that is where it is checked.
 */
const ORDER_ID = 'UKETA-9F3K2Q';

const order = (overrides: Partial<OrderListItem>): OrderListItem => listItem({ order_id: ORDER_ID, ...overrides });

function columnsOf(folderName: string, role: Role) {
  const folder = findFolder(folderName);
  if (!folder) throw new Error(`unknown folder ${folderName}`);
  return queueColumns({ view: queueView(folder, role), onDelete: () => {} });
}

/** The Action cell of one row, as HTML. */
function actionCell(folderName: string, role: Role, item: OrderListItem): string {
  const action = columnsOf(folderName, role).find((c) => c.id === 'action');
  const cell = action?.cell as ((context: unknown) => ReactNode) | undefined;
  if (!cell) throw new Error('no Action column');
  return renderToStaticMarkup(createElement(MemoryRouter, null, cell({ row: { original: item } })));
}

const viewHref = `href="/admin/view-order/${encodeOrderRef(ORDER_ID)}"`;
const isGreyed = (html: string) => /<button[^>]*disabled=""[^>]*>View<\/button>/.test(html) && !html.includes(viewHref);
const isLink = (html: string) => html.includes(viewHref) && !html.includes('disabled');

describe('greyed View of an order someone else holds (SPEC §2)', () => {
  const other = { assign_to: 'Tara Team', assigned_to_me: false };
  const mine = { assign_to: 'Nina Night', assigned_to_me: true };
  const free = { assign_to: '', assigned_to_me: false };

  it.each([
    ['newOrder', STATUS.New],
    ['priorityOrder', STATUS.Priority],
    ['processMarchOrder', STATUS.ProcessMarch],
  ])('%s: disabled, naming the holder, when held by someone else; a link when free or mine', (folder, status) => {
    for (const role of [ROLE.Team, ROLE.Admin]) {
      const held = actionCell(folder, role, order({ process_status: status, ...other }));
      expect(isGreyed(held), `${role}: ${held}`).toBe(true);
      expect(held).toContain('title="Assigned to Tara Team"');
      expect(isLink(actionCell(folder, role, order({ process_status: status, ...mine })))).toBe(true);
      expect(isLink(actionCell(folder, role, order({ process_status: status, ...free })))).toBe(true);
    }
  });

  it.each([
    ['myOrder', STATUS.New],
    ['pendingorder', STATUS.Pending],
    ['awaitingorder', STATUS.Awaiting],
    ['completedorder', STATUS.Completed],
    ['allorder', STATUS.New],
    ['refundorder', STATUS.Refunds],
  ])('%s: a %j order held by someone else still links to the detail', (folder, status) => {
    expect(isLink(actionCell(folder, ROLE.Team, order({ process_status: status, ...other })))).toBe(true);
  });
});

describe('row actions and columns (SPEC §2, §6)', () => {
  const hasDelete = (html: string) => />Delete<\/button>/.test(html);

  it('shows the row Delete to Admin and Manager only, and never on Refunds or Deleted Orders', () => {
    for (const role of [ROLE.Admin, ROLE.Manager]) {
      expect(hasDelete(actionCell('newOrder', role, order({})))).toBe(true);
      expect(hasDelete(actionCell('allorder', role, order({})))).toBe(true);
      expect(hasDelete(actionCell('refundorder', role, order({ process_status: STATUS.Refunds })))).toBe(false);
      expect(hasDelete(actionCell('deletedorder', role, order({ process_status: STATUS.Deleted })))).toBe(false);
    }
    for (const role of [ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
      expect(hasDelete(actionCell('newOrder', role, order({})))).toBe(false);
    }
  });

  it.each([
    ['newOrder', ['Order Id', 'Name', 'Email', 'Telephone', 'Date & Time', 'Status', 'Action']],
    ['chargeBack', ['Order Id', 'Respond by', 'Name', 'Email', 'Telephone', 'Date & Time', 'Status', 'Action']],
    ['contactcustomerorder', ['Order Id', 'Name', 'Email', 'Date & Time', 'Status', 'Action']],
    ['refundorder', ['Order Id', 'Email', 'Telephone', 'Date & Time', 'Refund Date', 'Status', 'Action']],
  ])('%s has the columns %j', (folder, headers) => {
    const shown = columnsOf(folder, ROLE.Team)
      .filter((c) => c.id !== 'select')
      .map((c) => c.header);
    expect(shown).toEqual(headers);
  });
});

describe('row checkboxes', () => {
  const hasSelect = (folder: string, role: Role) => columnsOf(folder, role).some((c) => c.id === 'select');

  it('are there only where a bulk action can use them', () => {
    expect(hasSelect('newOrder', ROLE.Team)).toBe(true);
    expect(hasSelect('refundorder', ROLE.Manager)).toBe(true);
    // Deleted Orders has no bulk action for anyone: no boxes to tick for nothing
    for (const role of [ROLE.Admin, ROLE.Manager, ROLE.Team, ROLE.Telecaller, ROLE.NightStaff])
      expect(hasSelect('deletedorder', role)).toBe(false);
  });
});

describe("ChargeBack's Respond by column (DESIGN §14)", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  /** A deadline `ms` from now, as the list sends it. */
  const dueIn = (ms: number) => new Date(Date.now() + ms).toISOString();

  function respondByCell(respondBy: string | null): string {
    const column = columnsOf('chargeBack', ROLE.Team).find((c) => c.id === 'respond_by');
    const cell = column?.cell as ((context: unknown) => ReactNode) | undefined;
    if (!cell) throw new Error('no Respond by column');
    return renderToStaticMarkup(
      createElement('div', null, cell({ row: { original: order({ respond_by: respondBy }) } })),
    );
  }
  const red = (html: string) => /class="[^"]*text-danger[^"]*"/.test(html);

  it('shows the day and the days left, in red at three days or fewer', () => {
    const soon = respondByCell(dueIn(2 * DAY - HOUR));
    expect(soon).toContain('2 days left');
    expect(red(soon)).toBe(true);
    const edge = respondByCell(dueIn(3 * DAY - HOUR));
    expect(edge).toContain('3 days left');
    expect(red(edge)).toBe(true);
  });

  it('shows the days left without red further off', () => {
    const later = respondByCell(dueIn(10 * DAY - HOUR));
    expect(later).toContain('10 days left');
    expect(red(later)).toBe(false);
  });

  it('says Overdue, in red, once the deadline has passed', () => {
    const late = respondByCell(dueIn(-HOUR));
    expect(late).toContain('Overdue');
    expect(late).not.toContain('days left');
    expect(red(late)).toBe(true);
  });

  it("shows the deadline's UTC day, and '-' for an order with none", () => {
    expect(respondByCell('2031-01-05T23:59:59.999Z')).toContain('05-01-2031');
    const none = respondByCell(null);
    expect(none).toBe('<div><span>-</span></div>');
  });

  it('sorts on the server by respond_by, the id its header click sends', () => {
    const column = columnsOf('chargeBack', ROLE.Team).find((c) => c.header === 'Respond by');
    expect(column?.id).toBe('respond_by');
    expect(column?.enableSorting).not.toBe(false);
  });
});

describe('refund state in the queues (DESIGN §26)', () => {
  const statusCell = (item: OrderListItem) => {
    const status = columnsOf('refundorder', ROLE.Team).find((c) => c.header === 'Status');
    const cell = status?.cell as ((context: unknown) => ReactNode) | undefined;
    if (!cell) throw new Error('no Status column');
    return renderToStaticMarkup(
      createElement(MemoryRouter, null, cell({ getValue: () => item.process_status, row: { original: item } })),
    );
  };

  it('shows the latest refund state from the list row beside the status, and nothing without one', () => {
    expect(statusCell(order({ process_status: STATUS.Refunds, refund_state: 'failed' }))).toMatch(
      /class="badge text-bg-danger"[^>]*>Refund failed</,
    );
    expect(statusCell(order({ process_status: STATUS.Refunds, refund_state: 'succeeded' }))).toContain('>Refunded<');
    expect(statusCell(order({ process_status: STATUS.Refunds, refund_state: null }))).not.toContain('refund-state');
  });
});
