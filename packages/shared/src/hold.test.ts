import { describe, expect, it } from 'vitest';
import { holdBlocks, isHeldByOther } from './hold.ts';
import { can, ROLES, type Role } from './roles.ts';
import { ORDER_STATUSES, STATUS } from './statuses.ts';

describe('hold rule (DESIGN §6)', () => {
  const heldByOther = (process_status: string) => ({ process_status, held: true, heldByMe: false });

  it('holds only New, Priority Processing and moveToProcessMarch orders held by someone else', () => {
    const held = ORDER_STATUSES.filter((s) => isHeldByOther(heldByOther(s)));
    expect(held).toEqual([STATUS.New, STATUS.Priority, STATUS.ProcessMarch]);
    expect(isHeldByOther({ process_status: STATUS.New, held: true, heldByMe: true })).toBe(false);
    expect(isHeldByOther({ process_status: STATUS.New, held: false, heldByMe: false })).toBe(false);
  });

  it('stops Team, Telecaller and Night Staff, never Admin or Manager', () => {
    const blocked = ROLES.filter((role: Role) => holdBlocks(role, heldByOther(STATUS.New)));
    expect(blocked).toEqual(['Team', 'Telecaller', 'Night Staff']);
  });

  it('lets every staff type leave a note on an order someone else holds (DESIGN §23), by capability', () => {
    const blocked = ROLES.filter((role: Role) => holdBlocks(role, heldByOther(STATUS.New), 'note'));
    expect(blocked).toEqual([]);
    expect(ROLES.filter((role) => can(role, 'orders.noteHeld'))).toEqual(ROLES);
    // the note is the only write the capability frees: work on the same order still waits for its holder
    expect(ROLES.filter((role: Role) => holdBlocks(role, heldByOther(STATUS.New), 'work'))).toEqual([
      'Team',
      'Telecaller',
      'Night Staff',
    ]);
  });
});
