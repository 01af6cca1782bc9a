import {
  type AccessLogRecord,
  ADMIN_ROUTE,
  API_STATUS,
  type AuditLogRecord,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  type OrderDetail,
  PRIVACY_API,
  PRIVACY_MSG,
  ROLE,
  type TokenUser,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The Access Log and Audit Log screens and the detail's personal-data parts (DESIGN §16), against a fake server. */
const ADMIN: TokenUser = { id: 1, name: 'Ada Admin', email: 'ada@example.test', type: ROLE.Admin };
const ORDER_ID = 'UKETA-4M7Q2Z';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const ERASE = filled(PRIVACY_API.erase, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;

const accessRow = (overrides: Partial<AccessLogRecord> & Pick<AccessLogRecord, 'id'>): AccessLogRecord => ({
  at: '2026-11-20T09:15:00.000Z',
  member_id: '7',
  member_name: 'Tara Team',
  ip: '203.0.113.9',
  action: 'image',
  order_id: ORDER_ID,
  detail: 'passport',
  ...overrides,
});

const auditRow = (overrides: Partial<AuditLogRecord> & Pick<AuditLogRecord, 'id'>): AuditLogRecord => ({
  at: '2026-11-20T08:00:00.000Z',
  member_id: '1',
  member_name: 'Ada Admin',
  action: 'sign_in',
  target: 'ada@example.test',
  detail: null,
  ip: '198.51.100.4',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  ...overrides,
});

const listed = <T,>(rows: T[], total = rows.length) => ({
  status: API_STATUS.ok,
  message: 'Listed',
  data: rows,
  total,
});
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const query = (request: { query: URLSearchParams } | undefined) => Object.fromEntries(request?.query ?? []);

describe('the Access Log screen', () => {
  it("answers 'who looked at this passport': member, IP, action and order, filtered by order from the link", async () => {
    const user = userEvent.setup();
    const server = staffServer(ADMIN).on(PRIVACY_API.accessLog, (request) =>
      listed(
        request.query.get('action') === 'detail'
          ? [accessRow({ id: 2, action: 'detail', detail: null, member_name: 'Nina Night' })]
          : [accessRow({ id: 1 })],
      ),
    );
    await signInWith(server);
    renderAdmin(`${ADMIN_ROUTE.accessLog}?orderId=${ORDER_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Log' })).toBeTruthy();
    const [row] = await waitFor(() => {
      const rows = bodyRows();
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(within(row!).getByText('Tara Team')).toBeTruthy();
    expect(within(row!).getByText('203.0.113.9')).toBeTruthy();
    expect(within(row!).getByText('Opened an image')).toBeTruthy();
    const link = within(row!).getByRole('link', { name: ORDER_ID });
    expect(link.getAttribute('href')).toBe(detailPath);
    expect(query(server.calls(PRIVACY_API.accessLog).at(-1))).toEqual({ orderId: ORDER_ID, page: '1', limit: '50' });

    await user.selectOptions(screen.getByLabelText('Action'), 'detail');
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Nina Night')).toBeTruthy());
    expect(query(server.calls(PRIVACY_API.accessLog).at(-1))).toMatchObject({ orderId: ORDER_ID, action: 'detail' });
  });

  it('says so when the server refuses, and the subject export asks for an email before it sends', async () => {
    const user = userEvent.setup();
    const server = staffServer(ADMIN).on(PRIVACY_API.accessLog, listed([]));
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.accessLog);
    expect(await screen.findByText('No records found')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Subject access export' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Download ZIP' }));
    expect(await within(dialog).findByText(PRIVACY_MSG.exportEmailRequired)).toBeTruthy();
    expect(server.calls(PRIVACY_API.subjectExport)).toHaveLength(0);
  });
});

describe('the subject access export', () => {
  it('says so when nothing is held about the address: an error, no download, the form stays open', async () => {
    const user = userEvent.setup();
    const server = staffServer(ADMIN)
      .on(PRIVACY_API.accessLog, listed([]))
      .on(PRIVACY_API.subjectExport, {
        http: 404,
        envelope: { status: API_STATUS.fail, message: PRIVACY_MSG.exportNotFound },
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.accessLog);

    await user.click(await screen.findByRole('button', { name: 'Subject access export' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email address'), 'erased@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Download ZIP' }));
    expect(await screen.findByText(PRIVACY_MSG.exportNotFound)).toBeTruthy();
    expect(server.calls(PRIVACY_API.subjectExport).at(-1)?.body).toEqual({ email: 'erased@example.test' });
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.queryByText(/Export downloaded/)).toBeNull();
  });
});

describe('the Audit Log screen', () => {
  it('shows each entry with what changed, the address and the browser, and filters by action', async () => {
    const user = userEvent.setup();
    const server = staffServer(ADMIN).on(PRIVACY_API.auditLog, (request) =>
      listed(
        request.query.get('action') === 'member_updated'
          ? [
              auditRow({
                id: 3,
                action: 'member_updated',
                target: 'tara@example.test',
                detail: { name: ['Tara', 'Tara Team'] },
              }),
            ]
          : [
              auditRow({ id: 1 }),
              auditRow({
                id: 2,
                action: 'sign_in_failed',
                member_id: null,
                member_name: null,
                detail: { reason: 'wrong password' },
              }),
            ],
      ),
    );
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.auditLog);

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    const [signIn, failed] = await waitFor(() => {
      const rows = bodyRows();
      expect(rows).toHaveLength(2);
      return rows;
    });
    expect(within(signIn!).getByText('Signed in')).toBeTruthy();
    expect(within(signIn!).getByText('198.51.100.4')).toBeTruthy();
    expect(within(signIn!).getByText('(X11; Linux x86_64) Chrome/131.0')).toBeTruthy();
    expect(within(failed!).getByText('Sign-in failed')).toBeTruthy();
    expect(within(failed!).getByText('reason: wrong password')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Action'), 'member_updated');
    await waitFor(() => expect(screen.getByText('name: Tara → Tara Team')).toBeTruthy());
    expect(query(server.calls(PRIVACY_API.auditLog).at(-1))).toEqual({
      action: 'member_updated',
      page: '1',
      limit: '50',
    });
  });
});

describe('personal data on the order detail', () => {
  const detailReply = (order: OrderDetail) => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: order });

  it('says what was removed and when, where the images were, for every member, without the log or the erasure', async () => {
    const removed = orderDetail({
      order_id: ORDER_ID,
      data_removal: {
        images_removed_at: '2026-10-02T03:00:00.000Z',
        documents_removed_at: null,
        personal_erased_at: null,
        reason: 'retention',
      },
    });
    const server = staffServer(TEAM_MEMBER).on(DETAIL, detailReply(removed));
    await signInWith(server);
    renderAdmin(detailPath);

    expect(
      await screen.findByText('Passport and selfie images removed on 02-10-2026 under the retention rule.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Removed on 02-10-2026 under the retention rule')).toHaveLength(2);
    expect(screen.queryByText('Who opened this order')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
    expect(server.calls(PRIVACY_API.accessLog)).toHaveLength(0);
  });

  it('shows an Admin who opened the order in its Activity, and erases with a reason, past a legal hold only when told to', async () => {
    const user = userEvent.setup();
    const state = { order: orderDetail({ order_id: ORDER_ID }) };
    const server = staffServer(ADMIN)
      .on(DETAIL, () => detailReply(state.order))
      .on(
        PRIVACY_API.accessLog,
        listed([accessRow({ id: 5, member_name: 'Nina Night', action: 'detail', detail: null })]),
      )
      .on(ERASE, (request) => {
        if (!(request.body as { override?: boolean }).override)
          return {
            http: 409,
            envelope: { status: API_STATUS.fail, message: PRIVACY_MSG.legalHold, data: { legalHold: true } },
          };
        state.order = {
          ...state.order,
          full_name: 'Erased',
          data_removal: {
            ...state.order.data_removal,
            personal_erased_at: '2026-11-24T10:00:00.000Z',
            reason: 'request',
          },
        };
        return { status: API_STATUS.ok, message: PRIVACY_MSG.erased };
      });
    await signInWith(server);
    renderAdmin(detailPath);

    const activity = (await screen.findByRole('heading', { name: 'Activity' })).closest('section')!;
    expect(await within(activity).findByText('Nina Night')).toBeTruthy();
    expect(query(server.calls(PRIVACY_API.accessLog).at(-1))).toEqual({ orderId: ORDER_ID, limit: '10', page: '1' });

    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText(PRIVACY_MSG.reasonRequired)).toBeTruthy();
    expect(server.calls(ERASE)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Applicant asked by mail');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText(PRIVACY_MSG.legalHold)).toBeTruthy();
    expect(server.calls(ERASE).at(-1)?.body).toEqual({ reason: 'Applicant asked by mail', override: false });

    await user.click(within(dialog).getByRole('button', { name: 'Erase anyway (the law requires it)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls(ERASE).at(-1)?.body).toEqual({ reason: 'Applicant asked by mail', override: true });
    expect(await screen.findByText("Personal data erased on 24-11-2026 at the applicant's request.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
  });
  it('reads the order again after an erasure: the upload form no longer holds the address, and says no mail can go', async () => {
    // issue 31: the open detail kept the email in its upload form, and an upload then mailed the erased person
    const user = userEvent.setup();
    const state = { order: orderDetail({ order_id: ORDER_ID }) };
    const server = staffServer(ADMIN)
      .on(DETAIL, () => detailReply(state.order))
      .on(PRIVACY_API.accessLog, listed([]))
      .on(ERASE, () => {
        state.order = {
          ...state.order,
          first_name: 'Erased',
          sur_name: 'Erased',
          full_name: 'Erased Erased',
          contact_email_address: null,
          data_removal: {
            ...state.order.data_removal,
            personal_erased_at: '2026-11-24T10:00:00.000Z',
            reason: 'request',
          },
        };
        return { status: API_STATUS.ok, message: PRIVACY_MSG.erased };
      });
    await signInWith(server);
    renderAdmin(detailPath);

    const email = () => screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    await waitFor(() => expect(email().value).toBe('amelia@example.test'));
    // the download mail's resend form, under Download History, held it too
    const resendTo = () => screen.getByRole('textbox', { name: 'Send the download mail again' }) as HTMLInputElement;
    expect(resendTo().value).toBe('amelia@example.test');
    const reads = server.calls(DETAIL).length;
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Applicant asked by mail');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));

    await waitFor(() => expect(server.calls(DETAIL).length).toBeGreaterThan(reads));
    await waitFor(() => expect(email().value).toBe(''));
    expect(email().matches(':disabled')).toBe(true);
    expect(resendTo().value).toBe('');
    expect(resendTo().matches(':disabled')).toBe(true);
    expect(screen.getByText(`${PRIVACY_MSG.mailRefused} No mail can be sent for it.`)).toBeTruthy();
  });
});
