import { type APIRequestContext, expect } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';
import { customerMail, deliver, PDF_ATTACHMENT } from '../mailbox.ts';

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
  /** a saved view shared by the Admin */
  savedViewId: number;
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

    // DESIGN §25: a customer's reply with an attachment on the documented order, a mail that found no
    // order, and a template; read from the mailbox by the running server as any reply would be
    await deliver(
      await customerMail({
        to: 'replies@inbox.e2e.test',
        subject: `Re: Your eTA ${documented.orderId}`,
        text: 'Thank you. My passport photo is attached again, in case it helps.',
        attachments: [PDF_ATTACHMENT],
      }),
    );
    await deliver(
      await customerMail({ to: 'replies@inbox.e2e.test', subject: 'Where is my travel permit?', text: 'Hello?' }),
    );
    await expect
      .poll(
        async () => {
          const detail = await data<{ conversation: { direction: string }[] }>(
            admin,
            `/api/admin/get-orders-details/${documented.orderId}`,
          );
          return detail.conversation.some((m) => m.direction === 'in');
        },
        { message: 'the reply reaches its order', timeout: 30_000 },
      )
      .toBe(true);
    await expect
      .poll(async () => (await data<unknown[]>(admin, '/api/admin/inbound-mail')).length, {
        message: 'the mail with no order is listed',
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const template = await admin.post('/api/admin/mail-templates', {
      data: {
        name: 'Clearer passport photo',
        subject: 'Your eTA {{order_id}}: a clearer photo, please',
        body: 'Dear {{first_name}}, please reply with a clearer photo of your passport page.',
        folders: ['awaitingorder'],
        publicNote: 'We need a clearer photo of your passport page: please reply to our mail.',
      },
    });
    expect(template.status(), await template.text()).toBe(201);

    const view = await admin.post('/api/admin/views', {
      data: { name: 'Overdue priority', folder: 'priorityOrder', filters: { sla: 'overdue' }, shared: true },
    });
    expect(view.status(), await view.text()).toBe(201);
    const savedViewId = ((await view.json()) as { data: { id: number } }).data.id;

    return { documented, disputed: disputed as string, teamMemberId: (member as { id: string }).id, savedViewId };
  } finally {
    await admin.dispose();
  }
}
