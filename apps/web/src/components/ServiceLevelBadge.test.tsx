import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  findFolder,
  folderRoute,
  ORDERS_API,
  type OrderListItem,
  type ServiceLevelFields,
  STATUS,
} from '@eta/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../test/fakeServer.ts';
import { listItem, orderDetail, TEAM_MEMBER } from '../test/fixtures.ts';
import { renderAdmin, signInWith } from '../test/renderAdmin.tsx';
import { ServiceLevelBadge } from './ServiceLevelBadge.tsx';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const open = (fields: Partial<ServiceLevelFields>): ServiceLevelFields => ({
  process_status: STATUS.New,
  sla_due_at: iso(NOW + 3 * HOUR + 30 * 60_000),
  sla_met_at: null,
  sla_paused_at: null,
  ...fields,
});

describe('service level badge (DESIGN §18)', () => {
  const badge = (order: ServiceLevelFields) => {
    const { container } = render(<ServiceLevelBadge order={order} now={NOW} />);
    return container.querySelector('[data-testid="sla-badge"]');
  };

  it('counts down in amber close to the due time, quietly before, in red once past', () => {
    expect(badge(open({}))?.textContent).toBe('Due in 3 h');
    expect(badge(open({}))?.getAttribute('data-tone')).toBe('soon');
    expect(badge(open({}))?.className).toContain('bg-warning');
    expect(badge(open({ sla_due_at: iso(NOW + 50 * HOUR) }))?.textContent).toBe('Due in 2 d');
    const late = badge(open({ sla_due_at: iso(NOW - 1) }));
    expect(late?.textContent).toBe('Overdue');
    expect(late?.className).toContain('bg-danger');
    expect(late?.getAttribute('title')).toBe('Service level due 2026-11-20 11:59 UTC');
  });

  it('holds the time left while the order waits', () => {
    const waiting = badge(open({ process_status: STATUS.Awaiting, sla_paused_at: iso(NOW - 10 * HOUR) }));
    expect(waiting?.textContent).toBe('Paused, 13 h left');
  });

  it('shows nothing once met or for a closed order', () => {
    expect(badge(open({ sla_met_at: iso(NOW - HOUR) }))).toBeNull();
    expect(badge(open({ process_status: STATUS.Completed, sla_due_at: iso(NOW - HOUR) }))).toBeNull();
    expect(badge(open({ sla_due_at: null }))).toBeNull();
  });

  it('sits under the status of each row of the Overdue Orders queue', async () => {
    const folder = findFolder('overdueOrder')!;
    const rows: OrderListItem[] = [
      listItem({ order_id: 'UKETA-000001', sla_due_at: iso(Date.now() - HOUR) }),
      listItem({ order_id: 'UKETA-000002', sla_due_at: iso(Date.now() - 2 * HOUR), process_status: STATUS.Pending }),
    ];
    const server = staffServer(TEAM_MEMBER, { overdueOrdersCount: 2 }).on(
      filled(ORDERS_API.list, { orderName: folder.name }),
      { status: API_STATUS.ok, message: 'Order list', data: rows, total: rows.length },
    );
    await signInWith(server);
    renderAdmin(folderRoute(folder.path));
    expect(await screen.findByText('UKETA-000002')).toBeTruthy();
    const body = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(body.map((row) => within(row).getByTestId('sla-badge').textContent)).toEqual(['Overdue', 'Overdue']);
    // the sixteenth folder in the sidebar, with its count, and the list asked longest overdue first
    expect(screen.getByRole('link', { name: /^Overdue Orders/ }).textContent).toBe('Overdue Orders2');
    const asked = server.calls(filled(ORDERS_API.list, { orderName: folder.name })).at(-1)!.query;
    expect([asked.get('sort'), asked.get('order')]).toEqual(['sla_due_at', 'asc']);
  });

  it('sits beside the status in the order detail header', async () => {
    const orderId = 'UKETA-4M7Q2Z';
    const order = orderDetail({ order_id: orderId, sla_due_at: iso(Date.now() + 5 * HOUR + 30 * 60_000) });
    const server = staffServer(TEAM_MEMBER).on(filled(DETAIL_API.detail, { orderId }), {
      status: API_STATUS.ok,
      message: DETAIL_MSG.detail,
      data: order,
    });
    await signInWith(server);
    renderAdmin(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(orderId)}`);
    const status = await screen.findByTestId('order-status');
    expect(within(status.parentElement!).getByTestId('sla-badge').textContent).toBe('Due in 5 h');
  });
});
