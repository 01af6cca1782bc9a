import {
  type AddMemberInput,
  AUDIT_ACTION,
  canManageMember,
  decodeId,
  encodeId,
  memberChangeNeedsConfirmation,
  ORDER_EVENT,
  ROLES,
  type Role,
  SERVER_MSG,
  type TeamMemberRecord,
  type TokenUser,
  type UpdateMemberInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import type { StaffRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, type TxContext } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import { changesOf, recordAudit } from '../privacy/index.ts';
import { staffRepo } from '../staff/index.ts';
import * as teamRepo from './team.repository.ts';

function toRecord(row: StaffRow): TeamMemberRecord {
  return {
    id: encodeId(row.id),
    name: row.name,
    email: row.email,
    type: row.type,
    created_at: row.created_at,
    two_factor_enabled: row.two_factor_enabled_at !== null,
  };
}

function decodeMemberId(encoded: string, field: string): number {
  const id = decodeId(encoded);
  if (id === null) throw AppError.badRequest('Invalid team member id.', { [field]: 'Invalid team member id.' });
  return id;
}

/** The caller's session's "confirm it is you" check (request.assertConfirmed): passes, or throws the 403. */
type Confirmed = () => Promise<void>;

const emailTaken = () => AppError.conflict(SERVER_MSG.emailTaken, { errors: { email: SERVER_MSG.emailTaken } });

/** Two writes racing for one email: the unique index decides, and the loser hears why. */
function rethrowUniqueAsEmailTaken(error: unknown): never {
  if (String(error).toLowerCase().includes('unique')) throw emailTaken();
  throw error;
}

/** Team management with the Manager limits of DESIGN §7; every rule is checked here, not in the UI. */
export function createTeamService(ctx: AppContext) {
  const { db } = ctx;

  /** `member.changed` once the change is committed (DESIGN §13). */
  const announce = (tx: TxContext, memberId: number, change: 'created' | 'updated' | 'deleted') =>
    tx.afterCommit(() => ctx.events.publish('member.changed', { memberId, change }));

  async function loadMember(id: number): Promise<StaffRow> {
    const member = await staffRepo.findActiveById(db, id);
    if (!member) throw AppError.notFound(SERVER_MSG.memberNotFound);
    return member;
  }

  function assertMayManage(actor: TokenUser, targetType: string) {
    if (!canManageMember(actor.type, targetType as Role)) throw AppError.forbidden(SERVER_MSG.managerAdminLimit);
  }

  return {
    async list(): Promise<TeamMemberRecord[]> {
      return (await staffRepo.listActive(db)).map(toRecord);
    },

    async info(encodedId: string): Promise<TeamMemberRecord> {
      return toRecord(await loadMember(decodeMemberId(encodedId, 'id')));
    },

    /** The types this actor may give: a Manager may not make anyone an Admin. */
    assignableTypes(actor: TokenUser): Role[] {
      return ROLES.filter((type) => canManageMember(actor.type, type));
    },

    /**
     * `confirmed`: passes when the caller's session confirmed it is them lately, else throws the 403
     * asking for it (DESIGN §22: adding or changing an Admin, or making one)
     */
    async add(
      actor: TokenUser,
      input: AddMemberInput,
      confirmed: Confirmed,
      origin: RequestOrigin,
    ): Promise<TeamMemberRecord> {
      assertMayManage(actor, input.type);
      if (await staffRepo.findActiveByEmail(db, input.email)) throw emailTaken();
      if (memberChangeNeedsConfirmation(null, input.type)) await confirmed();
      const hash = await ctx.passwords.hash(input.password);
      const at = nowIso(ctx.clock);
      const id = await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const created = await staffRepo.insert(trx, {
          name: input.name,
          email: input.email,
          password_hash: hash,
          type: input.type,
          created_at: at,
          updated_at: at,
        });
        await recordAudit(tx, at, {
          action: AUDIT_ACTION.memberCreated,
          actorId: actor.id,
          target: input.email.toLowerCase(),
          detail: { name: input.name, type: input.type },
        });
        announce(tx, created, 'created');
        return created;
      }).catch(rethrowUniqueAsEmailTaken);
      return toRecord(await loadMember(id));
    },

    async update(
      actor: TokenUser,
      input: UpdateMemberInput,
      confirmed: Confirmed,
      origin: RequestOrigin,
    ): Promise<TeamMemberRecord> {
      const id = decodeMemberId(input.tmId, 'tmId');
      const member = await loadMember(id);
      assertMayManage(actor, member.type);
      assertMayManage(actor, input.type);
      if (id === actor.id && input.type !== member.type) {
        throw AppError.forbidden(SERVER_MSG.ownTypeFixed);
      }
      const other = await staffRepo.findActiveByEmail(db, input.email);
      if (other && other.id !== id) throw emailTaken();
      if (memberChangeNeedsConfirmation(member.type as Role, input.type)) await confirmed();
      const hash = input.password ? await ctx.passwords.hash(input.password) : null;
      const at = nowIso(ctx.clock);
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        await staffRepo.update(trx, id, {
          name: input.name,
          email: input.email,
          type: input.type,
          updated_at: at,
          ...(hash ? { password_hash: hash } : {}),
        });
        // A new password logs the member out everywhere, as their own password change does.
        if (hash) await staffRepo.revokeTokens(trx, id, at);
        const changes = {
          ...changesOf(member, { name: input.name, email: input.email.toLowerCase(), type: input.type }, [
            'name',
            'email',
            'type',
          ]),
          ...(hash ? { password: 'changed' } : {}),
        };
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, at, {
            action: AUDIT_ACTION.memberUpdated,
            actorId: actor.id,
            target: member.email,
            detail: changes,
          });
        }
        announce(tx, id, 'updated');
      }).catch(rethrowUniqueAsEmailTaken);
      return toRecord(await loadMember(id));
    },

    /** Soft delete: remarks and history keep the name; tokens die; held orders go back to their queues. */
    async remove(actor: TokenUser, encodedId: string, origin: RequestOrigin): Promise<void> {
      const id = decodeMemberId(encodedId, 'teamMemberId');
      if (id === actor.id) throw AppError.forbidden(SERVER_MSG.cannotDeleteSelf);
      const member = await loadMember(id);
      assertMayManage(actor, member.type);
      const at = nowIso(ctx.clock);
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        await teamRepo.softDelete(trx, id, at);
        await staffRepo.revokeTokens(trx, id, at);
        const released = await teamRepo.releaseOrders(trx, id, at);
        await recordAudit(tx, at, {
          action: AUDIT_ACTION.memberDeleted,
          actorId: actor.id,
          target: member.email,
          detail: { name: member.name, type: member.type, ordersReleased: released.length },
        });
        await appendEvents(
          tx,
          actor,
          released.map((orderId) => ({
            orderId,
            kind: ORDER_EVENT.unassign,
            from: member.name,
            to: null,
            detail: 'Team member deleted: order returned to its folder',
          })),
          at,
        );
        announce(tx, id, 'deleted');
      });
    },
  };
}
