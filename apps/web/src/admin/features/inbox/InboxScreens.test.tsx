import {
  ADMIN_ROUTE,
  API_STATUS,
  INBOX_API,
  INBOX_MSG,
  type InboundItem,
  type MailTemplateRecord,
  ROLE,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

const MANAGER = { id: 9, name: 'Mia Manager', email: 'mia@example.test', type: ROLE.Manager };

/** DESIGN §25: the Mail Templates screen (writes need templates.manage) and the Unmatched Mail list. */
const photo: MailTemplateRecord = {
  id: 4,
  name: 'Photo needed',
  subject: 'About {{order_id}}',
  body: 'Dear {{first_name}}',
  folders: ['awaitingorder'],
  public_note: null,
  updated_at: '2026-11-01T00:00:00.000Z',
};
const templates = (data: MailTemplateRecord[]) => ({ status: API_STATUS.ok, message: INBOX_MSG.templates, data });

describe('mail templates screen', () => {
  it('lets a member with templates.manage create one, and shows the field the server refused', async () => {
    const server = staffServer(MANAGER)
      .on(INBOX_API.templates, templates([photo]))
      .on(INBOX_API.createTemplate, {
        http: 400,
        envelope: {
          status: API_STATUS.fail,
          message: 'Invalid input',
          data: { errors: { body: INBOX_MSG.unknownVariable('evil') } },
        },
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.mailTemplates);
    const table = await screen.findByTestId('mail-templates');
    expect(within(table).getByText('Photo needed')).toBeTruthy();
    expect(within(table).getByText('Awaiting Customer')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Mail Templates/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Scan');
    await userEvent.type(screen.getByLabelText('Subject'), 'Hi');
    await userEvent.type(screen.getByLabelText('Message'), 'x');
    await userEvent.click(screen.getByLabelText('Awaiting Customer'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls(INBOX_API.createTemplate)).toHaveLength(1));
    expect(server.calls(INBOX_API.createTemplate)[0]!.body).toEqual({
      name: 'Scan',
      subject: 'Hi',
      body: 'x',
      folders: ['awaitingorder'],
      publicNote: null,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(INBOX_MSG.unknownVariable('evil'));
  });

  it('deletes a template after asking in the product’s own dialog, and says so', async () => {
    const server = staffServer(MANAGER)
      .on(INBOX_API.templates, templates([photo]))
      .on(filled(INBOX_API.deleteTemplate, { id: '4' }), {
        status: API_STATUS.ok,
        message: INBOX_MSG.templateDeleted,
        data: null,
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.mailTemplates);
    const table = await screen.findByTestId('mail-templates');
    await userEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete the template "Photo needed"?');
    // Cancel sends nothing
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls(filled(INBOX_API.deleteTemplate, { id: '4' }))).toHaveLength(0);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.calls(filled(INBOX_API.deleteTemplate, { id: '4' }))).toHaveLength(1));
    expect(await screen.findByText(INBOX_MSG.templateDeleted)).toBeTruthy();
  });

  it('shows a member without templates.manage the list only', async () => {
    const server = staffServer(TEAM_MEMBER).on(INBOX_API.templates, templates([photo]));
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.mailTemplates);
    expect(within(await screen.findByTestId('mail-templates')).getByText('Photo needed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('unmatched mail', () => {
  it('lists the unmatched mail and links one to an order by its id', async () => {
    const mail: InboundItem = {
      id: 12,
      order_id: null,
      kind: 'reply',
      matched_by: null,
      from: 'someone@example.com',
      to: 'replies@inbox.test',
      subject: 'My order',
      text: 'Where is my eTA?',
      received_at: '2026-11-20T10:00:00.000Z',
      outcome: 'unmatched',
      attachments: [],
    };
    const server = staffServer(TEAM_MEMBER)
      .on(INBOX_API.inbound, { status: API_STATUS.ok, message: INBOX_MSG.inboundList, data: [mail], total: 1 })
      .on(filled(INBOX_API.linkInbound, { id: '12' }), {
        status: API_STATUS.ok,
        message: INBOX_MSG.inboundLinked,
        data: { ...mail, order_id: 'UKETA-4M7Q2Z', matched_by: 'staff' },
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.unmatchedMail);
    const item = await screen.findByTestId('unmatched-mail');
    expect(within(item).getByText('Where is my eTA?')).toBeTruthy();
    // what the mail was, in words: never the stored value
    expect(item.textContent).toContain('· Customer mail');
    expect(item.textContent).not.toContain('· reply');
    expect(server.calls(INBOX_API.inbound)[0]!.query.get('unmatched')).toBe('1');
    expect(server.calls(INBOX_API.inbound)[0]!.query.get('limit')).toBe('25');
    await userEvent.type(within(item).getByLabelText('Order id'), 'UKETA-4M7Q2Z');
    await userEvent.click(within(item).getByRole('button', { name: 'Link to order' }));
    await waitFor(() => expect(server.calls(filled(INBOX_API.linkInbound, { id: '12' }))).toHaveLength(1));
    expect(server.calls(filled(INBOX_API.linkInbound, { id: '12' }))[0]!.body).toEqual({ orderId: 'UKETA-4M7Q2Z' });
    expect(await screen.findByText(INBOX_MSG.inboundLinked)).toBeTruthy();
  });

  it('pages through more unmatched mail than a page holds', async () => {
    const mail = (id: number): InboundItem => ({
      id,
      order_id: null,
      kind: 'bounce',
      matched_by: null,
      from: 'MAILER-DAEMON@mx.test',
      to: 'bounces@inbox.test',
      subject: `Undelivered ${id}`,
      text: 'The mail could not be delivered.',
      received_at: '2026-11-20T10:00:00.000Z',
      outcome: 'unmatched',
      attachments: [],
    });
    const server = staffServer(TEAM_MEMBER).on(INBOX_API.inbound, (request) => {
      const page = Number(request.query.get('page'));
      return {
        status: API_STATUS.ok,
        message: INBOX_MSG.inboundList,
        data: [mail(page === 1 ? 1 : 26)],
        total: 30,
      };
    });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.unmatchedMail);
    expect((await screen.findByTestId('unmatched-mail')).textContent).toContain('· Bounce');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.calls(INBOX_API.inbound).at(-1)!.query.get('page')).toBe('2'));
    expect(await screen.findByText('Undelivered 26')).toBeTruthy();
  });
});
