import { FOLDERS, STATUS } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import type { LiveChange } from '../../../store/liveSlice.ts';
import { alsoViewing, arrivesIn, describeChange, newOrdersText } from './liveTexts.ts';

const change = (over: Partial<LiveChange>): LiveChange => ({
  orderId: 'UKETA-1',
  status: STATUS.New,
  assignee: null,
  by: 'Nina Night',
  kind: 'status',
  from: null,
  at: 1,
  ...over,
});
const folder = (name: string) => FOLDERS.find((f) => f.name === name)!;

describe('live texts', () => {
  it('says who did what', () => {
    expect(describeChange(change({ status: STATUS.ContactCustomer }))).toBe('Nina Night moved it to Contact Customer');
    expect(describeChange(change({ kind: 'assign', assignee: 'Nina Night' }))).toBe('Nina Night took it');
    expect(describeChange(change({ kind: 'assign', assignee: 'Tara Team' }))).toBe(
      'Nina Night assigned it to Tara Team',
    );
    expect(describeChange(change({ kind: 'unassign', by: null }))).toBe('The system released it');
    expect(describeChange(change({ kind: 'remark' }))).toBe('Nina Night added a remark');
  });

  it('counts an order as arriving in the folder that now holds it', () => {
    expect(arrivesIn(folder('newOrder'), change({ kind: 'created' }), 'Me')).toBe(true);
    expect(arrivesIn(folder('priorityOrder'), change({ kind: 'created' }), 'Me')).toBe(false);
    expect(arrivesIn(folder('myOrder'), change({ kind: 'assign', assignee: 'Me' }), 'Me')).toBe(true);
    expect(arrivesIn(folder('myOrder'), change({ kind: 'assign', assignee: 'Other' }), 'Me')).toBe(false);
    expect(arrivesIn(folder('allorder'), change({ kind: 'created' }), 'Me')).toBe(true);
    expect(arrivesIn(folder('allorder'), change({ kind: 'remark' }), 'Me')).toBe(false);
  });

  it('names the others viewing, never oneself', () => {
    expect(alsoViewing(['Me', 'Nina Night', 'Tara Team'], 'Me')).toBe('Also viewing: Nina Night, Tara Team');
    expect(alsoViewing(['Me'], 'Me')).toBeNull();
    expect(alsoViewing(undefined, 'Me')).toBeNull();
    expect(newOrdersText(1)).toBe('1 new order, show');
    expect(newOrdersText(3)).toBe('3 new orders, show');
  });
});
