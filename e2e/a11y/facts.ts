import { type APIRequestContext, expect } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';

/**
 * Real data the accessibility pages are opened on, read (and where needed made) through the API as
 * staff would: an empty screen hides most of what can go wrong (rows, badges, links, charts).
 */
export interface A11yFacts {
  /** a Completed order with its approved eTA, remarks and mail history */
  documented: { orderId: string; email: string };
  /** an order with an open dispute (the ChargeBack queue's) */
  disputed: string;
  /** the encoded id of a Team member, for Manage Team's edit mode */
  teamMemberId: string;
}

interface ListItem {
  order_id: string;
  contact_email_address: string;
}

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  const body = await res.json();
  expect(res.status(), body.message).toBe(200);
  return body.data as T;
}

export async function gatherFacts(baseURL: string): Promise<A11yFacts> {
  const admin = await apiAs(baseURL, DEMO.admin);
  try {
    const completed = await data<ListItem[]>(admin, '/api/admin/get-orders-list/completedorder?page=1&limit=10');
    const first = completed[0];
    expect(first, 'the demo has Completed orders').toBeTruthy();
    const documented = { orderId: (first as ListItem).order_id, email: (first as ListItem).contact_email_address };
    // a remark with every flag, so Comment History shows a full row
    const remark = await admin.post('/api/admin/add-new-remark', {
      data: {
        orderId: documented.orderId,
        remark: 'Customer asked for a copy by post; explained the eTA is digital only.',
        remarkerName: 'Admin',
        whatsapp: 'Y',
        telephone: 'Y',
        statusRefund: '',
        voided: '',
        chargeBack: '',
      },
    });
    expect(remark.ok(), await remark.text()).toBe(true);

    const disputes = await data<{ order_id: string | null; state: string }[]>(
      admin,
      '/api/admin/disputes?state=needs_response&page=1&limit=10',
    );
    const disputed = disputes.find((d) => d.order_id)?.order_id;
    expect(disputed, 'the demo has an open dispute on an order').toBeTruthy();

    const team = await data<{ id: string; type: string }[]>(admin, '/api/admin/get-team-member-list');
    const member = team.find((m) => m.type === 'Team');
    expect(member, 'the demo has a Team member').toBeTruthy();
    return { documented, disputed: disputed as string, teamMemberId: (member as { id: string }).id };
  } finally {
    await admin.dispose();
  }
}
