import { holdBlocks, moveRefusal, ORDER_STATUSES, ROLES, type Role } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { remarkableFrom, type WritableFrom } from '../src/modules/order-changes/hold-rule.pg.ts';
import { movableFrom } from '../src/modules/orders/order-write.pg.ts';

/**
 * PostgreSQL's one-statement writes (order-write.pg.ts) decide in SQL from two sets of statuses;
 * the transaction they stand in for decides with the shared rules. For every member type, status
 * and holder the two must agree, so a change to transitions.ts or hold.ts cannot leave them apart.
 */
const HOLDERS = ['nobody', 'me', 'another'] as const;

/** what the statement's condition allows: `free` whatever the hold, `guarded` unless another holds it */
function statementAllows(sets: WritableFrom, status: string, holder: (typeof HOLDERS)[number]): boolean {
  return sets.free.includes(status) || (sets.guarded.includes(status) && holder !== 'another');
}

function holdAllows(role: Role, status: string, holder: (typeof HOLDERS)[number]): boolean {
  return !holdBlocks(role, { process_status: status, held: holder !== 'nobody', heldByMe: holder === 'me' });
}

describe('one-statement writes agree with the shared rules', () => {
  it.each(ROLES)('moves from the order detail, for %s', (role) => {
    for (const to of ORDER_STATUSES) {
      const sets = movableFrom(role, to);
      for (const from of ORDER_STATUSES) {
        for (const holder of HOLDERS) {
          const rules = moveRefusal(from, to, role) === null && holdAllows(role, from, holder);
          expect(statementAllows(sets, from, holder), `${from} → ${to}, held by ${holder}`).toBe(rules);
        }
      }
    }
  });

  it.each(ROLES)('remarks, for %s', (role) => {
    const sets = remarkableFrom(role);
    for (const status of ORDER_STATUSES) {
      for (const holder of HOLDERS) {
        expect(statementAllows(sets, status, holder), `${status}, held by ${holder}`).toBe(
          holdAllows(role, status, holder),
        );
      }
    }
  });
});
