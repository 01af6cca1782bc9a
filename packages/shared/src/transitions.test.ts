import { describe, expect, it } from 'vitest';
import { ROLE } from './roles.ts';
import { ORDER_STATUSES, STATUS } from './statuses.ts';
import { MOVE_RULES, moveRefusal, moveRefusalMessage, movesFrom } from './transitions.ts';

/** DESIGN §6, written out by hand: the table must say exactly this. */
const FROM_ANY = [
  STATUS.Awaiting,
  STATUS.Completed,
  STATUS.Deleted,
  STATUS.Rejected,
  STATUS.ContactCustomer,
  STATUS.ChargeBack,
];
const TO_GOVT_FROM = [STATUS.New, STATUS.Priority, STATUS.ProcessMarch, STATUS.Awaiting];

describe('order transitions (DESIGN §6)', () => {
  it('has SPEC §4 buttons in order', () => {
    expect(MOVE_RULES.map((r) => r.label)).toEqual([
      'Move to Awaiting Response',
      'Completed Refunds',
      'Completed Orders',
      'Delete',
      'Rejected',
      'Contact Customer',
      'ChargeBack',
      'Move to Awaiting Govt',
      'Move to Customer Called',
    ]);
  });

  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)))('%j → %j', (from, to) => {
    let expected: string | null;
    if (to === STATUS.Refunds) expected = 'refundCall';
    else if (![...FROM_ANY, STATUS.AwaitingGovt, STATUS.CustomerCalled].includes(to as never)) expected = 'noMove';
    else if (from === to) expected = 'sameStatus';
    else if (to === STATUS.AwaitingGovt && !TO_GOVT_FROM.includes(from as never)) expected = 'notFromHere';
    else if (to === STATUS.CustomerCalled && from !== STATUS.ContactCustomer) expected = 'notFromHere';
    else expected = null;
    expect(moveRefusal(from, to, ROLE.Admin)).toBe(expected);
  });

  it('Refunds goes through the refund call from any other status', () => {
    expect(moveRefusal(STATUS.Completed, STATUS.Refunds, ROLE.Team, 'refund')).toBeNull();
    expect(moveRefusal(STATUS.Refunds, STATUS.Refunds, ROLE.Team, 'refund')).toBe('sameStatus');
    expect(moveRefusal(STATUS.New, STATUS.Completed, ROLE.Team, 'refund')).toBe('noMove');
  });

  it('only Admin and Manager delete', () => {
    for (const role of [ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
      expect(moveRefusal(STATUS.New, STATUS.Deleted, role)).toBe('forbidden');
    }
    for (const role of [ROLE.Admin, ROLE.Manager]) expect(moveRefusal(STATUS.New, STATUS.Deleted, role)).toBeNull();
  });

  it('gives the buttons the detail screen shows (each hidden in its own status)', () => {
    expect(movesFrom(STATUS.ContactCustomer, ROLE.Team).map((r) => r.to)).toEqual([
      STATUS.Awaiting,
      STATUS.Refunds,
      STATUS.Completed,
      STATUS.Rejected,
      STATUS.ChargeBack,
      STATUS.CustomerCalled,
    ]);
    expect(movesFrom(STATUS.Awaiting, ROLE.Manager).map((r) => r.to)).not.toContain(STATUS.Awaiting);
    expect(movesFrom(STATUS.Awaiting, ROLE.Manager).map((r) => r.to)).toContain(STATUS.AwaitingGovt);
  });

  it('explains a refusal in words, without the trailing space of Awaiting', () => {
    expect(moveRefusalMessage('sameStatus', STATUS.Awaiting, STATUS.Awaiting)).toBe(
      'The order is already in Awaiting Customer.',
    );
    expect(moveRefusalMessage('notFromHere', STATUS.Pending, STATUS.AwaitingGovt)).toBe(
      'An order in Pending cannot be moved to Awaiting Govt; only from New, Priority Processing, Process 5th March, Awaiting Customer.',
    );
  });
});
