import {
  ADMIN_ROUTE,
  API_STATUS,
  DISPUTE_MSG,
  DISPUTES_API,
  type DisputeReportRow,
  ROLE,
  SERVER_MSG,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { staffServer } from '../../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The Dispute Report (/admin/dispute-report), rendered whole against a fake server. */
const MANAGER = { ...TEAM_MEMBER, type: ROLE.Manager };

const row = (overrides: Partial<DisputeReportRow> & Pick<DisputeReportRow, 'dimension' | 'key'>): DisputeReportRow => ({
  currency: 'GBP',
  opened: 0,
  won: 0,
  lost: 0,
  accepted: 0,
  open: 0,
  win_rate: null,
  amount_won_minor: 0,
  amount_lost_minor: 0,
  ...overrides,
});

const ROWS: DisputeReportRow[] = [
  row({
    dimension: 'processor',
    key: 'stripe',
    opened: 4,
    won: 2,
    lost: 1,
    open: 1,
    win_rate: 2 / 3,
    amount_won_minor: 9998,
    amount_lost_minor: 4999,
  }),
  // Amounts never add across currencies: the same processor again, in dollars, nothing decided yet.
  row({ dimension: 'processor', key: 'stripe', currency: 'USD', opened: 1, open: 1 }),
  row({ dimension: 'processor', key: 'adyen', opened: 1, accepted: 1, win_rate: 0 }),
  row({ dimension: 'reason_category', key: 'not_received', opened: 2, won: 2, win_rate: 1, amount_won_minor: 7998 }),
];

/** Every cell of one breakdown's table, as shown. */
function cells(testId: string): string[][] {
  return within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent ?? ''),
    );
}

describe('the Dispute Report (DESIGN §14)', () => {
  it('shows both breakdowns with win rates and amounts, charts the win rate per processor and exports the CSV', async () => {
    const user = userEvent.setup();
    const server = staffServer(MANAGER).on(DISPUTES_API.report, {
      status: API_STATUS.ok,
      message: DISPUTE_MSG.reported,
      data: ROWS,
    });
    await signInWith(server);
    renderAdmin(`${ADMIN_ROUTE.disputeReport}?from=2026-11-01&to=2026-11-30`);

    expect(await screen.findByText(DISPUTE_MSG.reported)).toBeTruthy();
    expect(server.calls(DISPUTES_API.report).map((r) => r.body)).toEqual([
      { fromDate: '2026-11-01', toDate: '2026-11-30' },
    ]);
    expect(cells('dispute-report-processor')).toEqual([
      ['1', 'Stripe', 'GBP', '4', '2', '1', '0', '1', '66.7%', '£99.98', '£49.99'],
      ['2', 'Stripe', 'USD', '1', '0', '0', '0', '1', '-', 'US$0.00', 'US$0.00'],
      ['3', 'Adyen', 'GBP', '1', '0', '0', '1', '0', '0%', '£0.00', '£0.00'],
    ]);
    expect(cells('dispute-report-reason_category')).toEqual([
      ['1', 'Not received', 'GBP', '2', '2', '0', '0', '0', '100%', '£79.98', '£0.00'],
    ]);

    // The chart's own table: Stripe's decided disputes over both currencies (2 of 3), Adyen's none of 1.
    const chart = screen.getByTestId('win-rate-chart');
    await user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const bars = within(within(chart).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(bars).toEqual(['Stripe66.7', 'Adyen0']);

    // The CSV: both tables, each row naming its breakdown, exactly as shown.
    // jsdom has no object URLs: these keep the file the screen hands to the browser.
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    onTestFinished(() => click.mockRestore());
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(clicked).toEqual(['dispute-report_2026-11-01_2026-11-30.csv']);
    // Read as bytes: Blob.text() would drop the byte order mark the spreadsheet programs need.
    const bytes = await saved[0]!.arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF' +
        [
          'Breakdown,Name,Currency,Opened,Won,Lost,Accepted,Open,Win rate,Amount won,Amount lost',
          'By processor,Stripe,GBP,4,2,1,0,1,66.7%,£99.98,£49.99',
          'By processor,Stripe,USD,1,0,0,0,1,-,US$0.00,US$0.00',
          'By processor,Adyen,GBP,1,0,0,1,0,0%,£0.00,£0.00',
          'By reason category,Not received,GBP,2,2,0,0,0,100%,£79.98,£0.00',
          '',
        ].join('\r\n'),
    );
  });

  it('says there is no win rate to chart while nothing is decided, and still lists the disputes', async () => {
    const server = staffServer(MANAGER).on(DISPUTES_API.report, {
      status: API_STATUS.ok,
      message: DISPUTE_MSG.reported,
      data: [row({ dimension: 'processor', key: 'paypal', opened: 2, open: 2 })],
    });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.disputeReport);

    expect(await screen.findByText(/no win rate to chart/)).toBeTruthy();
    expect(screen.queryByTestId('win-rate-chart')).toBeNull();
    expect(cells('dispute-report-processor')).toEqual([
      ['1', 'PayPal', 'GBP', '2', '0', '0', '0', '2', '-', '£0.00', '£0.00'],
    ]);
    expect(cells('dispute-report-reason_category')).toEqual([['No records found']]);
    expect(server.calls(DISPUTES_API.report).map((r) => r.body)).toEqual([{}]);
  });

  it('is refused to a Team member, as the server would', async () => {
    const server = staffServer(TEAM_MEMBER);
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.disputeReport);
    expect(await screen.findByText(SERVER_MSG.forbidden)).toBeTruthy();
    await waitFor(() => expect(server.calls(DISPUTES_API.report)).toEqual([]));
  });
});
