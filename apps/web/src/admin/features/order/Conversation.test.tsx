import {
  ADMIN_ROUTE,
  API_STATUS,
  type ConversationItem,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  INBOX_API,
  INBOX_MSG,
  type MailTemplateRecord,
  type OrderDetail,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../lib/endpoint.ts';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The order detail's Conversation section and its write form (DESIGN §25), against a fake server. */
const ORDER_ID = 'UKETA-4M7Q2Z';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;
const detailReply = (order: OrderDetail) => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: order });

const mail = (over: Partial<ConversationItem>): ConversationItem => ({
  id: 1,
  direction: 'out',
  at: '2026-11-20T10:00:00.000Z',
  from: 'desk@eta.test',
  to: 'ann@example.com',
  subject: 'We need your passport photo',
  text: 'Dear Ann, please send it.',
  html: null,
  delivery: 'sent',
  delivery_detail: null,
  attachments: [],
  ...over,
});

const template = (over: Partial<MailTemplateRecord>): MailTemplateRecord => ({
  id: 1,
  name: 'Photo needed',
  subject: 'About {{order_id}}',
  body: 'Dear {{first_name}}, send a photo.',
  folders: [],
  public_note: null,
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

const templatesReply = (data: MailTemplateRecord[]) => ({ status: API_STATUS.ok, message: INBOX_MSG.templates, data });

describe('order conversation', () => {
  it('lists both sides by time with delivery words, a sandboxed HTML frame and attachment downloads', async () => {
    const order = orderDetail({ order_id: ORDER_ID });
    order.conversation = [
      mail({ id: 1, delivery: 'bounced', delivery_detail: '550 5.1.1 no such user' }),
      mail({
        id: 2,
        direction: 'in',
        from: 'ann@example.com',
        to: 'desk@eta.test',
        subject: 'Re: photo',
        html: '<p>Here it is</p><img src="https://tracker.example/pixel.gif">',
        delivery: 'received',
        attachments: [{ id: 7, name: 'photo.jpg', type: 'image/jpeg', size: 20480 }],
      }),
    ];
    // Email History shows each mail's delivery too
    order.mailHistory = [
      {
        id: 1,
        order_id: ORDER_ID,
        create_ts: '2026-11-20T10:00:00.000Z',
        remainder_mail: 0,
        kind: 'customer',
        provider: 'cloud',
        to_address: 'ann@example.com',
        status: 'sent',
        attempts: 1,
        last_error: null,
        sent_at: '2026-11-20T10:00:00.000Z',
        uploadDoc: null,
        delivery: 'complained',
        delivery_detail: 'abuse report',
      },
    ];
    const server = staffServer(TEAM_MEMBER).on(DETAIL, detailReply(order)).on(INBOX_API.templates, templatesReply([]));
    await signInWith(server);
    renderAdmin(detailPath);

    const section = (await screen.findByRole('heading', { name: 'Conversation' })).closest('section')!;
    const mails = within(section).getAllByTestId('conversation-mail');
    expect(mails).toHaveLength(2);
    expect(within(mails[0]!).getByText('Bounced')).toBeTruthy();
    expect(within(mails[0]!).getByText('550 5.1.1 no such user')).toBeTruthy();
    expect(within(mails[0]!).getByText('Dear Ann, please send it.')).toBeTruthy();
    expect(within(mails[1]!).getByText('Received')).toBeTruthy();
    expect(within(mails[1]!).getByText(/ann@example\.com → desk@eta\.test/)).toBeTruthy();

    const history = screen.getByTestId('email-history');
    expect(within(history).getByText('Complained')).toBeTruthy();
    expect(within(history).getByText('abuse report')).toBeTruthy();

    // the customer's HTML: a frame with no permission at all, whose document loads nothing remote
    const frame = within(mails[1]!).getByTitle('Mail: Re: photo') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(doc).toContain('<p>Here it is</p>');

    // the attachment is fetched with the staff token, at the attachment route
    await userEvent.click(within(mails[1]!).getByRole('button', { name: /photo\.jpg/ }));
    const attachmentPath = pathOf(INBOX_API.attachment, { id: 7 }).replace(/^\//, '');
    await waitFor(() => expect(server.requests.some((r) => r.path === attachmentPath)).toBe(true));
    const download = server.requests.find((r) => r.path === attachmentPath)!;
    expect(download.authorization).toBeTruthy();
    expect(download.authorization).toBe(server.calls(DETAIL)[0]!.authorization);
  });

  it('sends a mail from a template of the order folder, edited, with the chosen provider', async () => {
    const order = orderDetail({ order_id: ORDER_ID, process_status: STATUS.Awaiting });
    const server = staffServer(TEAM_MEMBER)
      .on(DETAIL, detailReply(order))
      .on(
        INBOX_API.templates,
        templatesReply([
          template({ id: 1, name: 'Photo needed', folders: ['awaitingorder'] }),
          template({ id: 2, name: 'Refund done', folders: ['refundorder'] }),
          template({ id: 3, name: 'Anywhere' }),
        ]),
      )
      .on(INBOX_API.sendCustomerMail, {
        status: API_STATUS.ok,
        message: INBOX_MSG.mailQueued,
        data: { mailId: 9, subject: 'x' },
      });
    await signInWith(server);
    renderAdmin(detailPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Write to customer' }));
    const form = (await screen.findByRole('heading', { name: 'Write to customer' })).closest('form')!;
    const select = within(form).getByLabelText('Template') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    const names = [...select.options].map((o) => o.textContent);
    expect(names).toEqual(['No template (write it yourself)', 'Photo needed', 'Anywhere']);

    await userEvent.selectOptions(select, '1');
    const subject = within(form).getByLabelText('Subject') as HTMLInputElement;
    expect(subject.value).toBe('About {{order_id}}');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Your photo');
    await userEvent.click(within(form).getByRole('radio', { name: /Email Delivery/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send mail' }));

    await waitFor(() => expect(server.calls(INBOX_API.sendCustomerMail)).toHaveLength(1));
    expect(server.calls(INBOX_API.sendCustomerMail)[0]!.body).toEqual({
      orderId: ORDER_ID,
      templateId: 1,
      subject: 'Your photo',
      body: 'Dear {{first_name}}, send a photo.',
      mailServiceProvider: 'delivery',
    });
    expect(await screen.findByText(INBOX_MSG.mailQueued)).toBeTruthy();
    // sent, the form closes back to its button, which has the focus again
    const opener = await screen.findByRole('button', { name: 'Write to customer' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    // the detail is read again, so the queued mail shows
    await waitFor(() => expect(server.calls(DETAIL).length).toBeGreaterThan(1));
  });

  it('shows the server refusal beside the form and keeps what was typed', async () => {
    const server = staffServer(TEAM_MEMBER)
      .on(DETAIL, detailReply(orderDetail({ order_id: ORDER_ID })))
      .on(INBOX_API.templates, templatesReply([]))
      .on(INBOX_API.sendCustomerMail, {
        http: 400,
        envelope: { status: API_STATUS.fail, message: INBOX_MSG.noCustomerEmail },
      });
    await signInWith(server);
    renderAdmin(detailPath);
    await userEvent.click(await screen.findByRole('button', { name: 'Write to customer' }));
    const form = (await screen.findByRole('heading', { name: 'Write to customer' })).closest('form')!;
    await userEvent.type(within(form).getByLabelText('Subject'), 'Hello');
    await userEvent.type(within(form).getByLabelText('Message'), 'A question');
    await userEvent.click(within(form).getByRole('button', { name: 'Send mail' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(INBOX_MSG.noCustomerEmail);
    expect((within(form).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('A question');
    // Cancel closes it without sending again
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Write to customer' })).toBeNull();
    expect(server.calls(INBOX_API.sendCustomerMail)).toHaveLength(1);
  });
});
