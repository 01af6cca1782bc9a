import {
  type AddMemberInput,
  canManageMember,
  decodeId,
  encodeId,
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
import { nowIso } from '../../lib/time.ts';
import * as staffRepo from '../staff/staff.repository.ts';
import * as teamRepo from './team.repository.ts';

function toRecord(row: StaffRow): TeamMemberRecord {
  return { id: encodeId(row.id), name: row.name, email: row.email, type: row.type, created_at: row.created_at };
}

function decodeMemberId(encoded: string, field: string): number {
  const id = decodeId(encoded);
  if (id === null) throw AppError.badRequest('Invalid team member id.', { [field]: 'Invalid team member id.' });
  return id;
}

const emailTaken = () => AppError.conflict(SERVER_MSG.emailTaken, { errors: { email: SERVER_MSG.emailTaken } });

/** Two writes racing for one email: the unique index decides, and the loser hears why. */
function rethrowUniqueAsEmailTaken(error: unknown): never {
  if (String(error).toLowerCase().includes('unique')) throw emailTaken();
  throw error;
}

/** Team management with the Manager limits of DESIGN §7; every rule is checked here, not in the UI. */
export function createTeamService(ctx: AppContext) {
  const { db } = ctx;

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

    async add(actor: TokenUser, input: AddMemberInput): Promise<TeamMemberRecord> {
      assertMayManage(actor, input.type);
      if (await staffRepo.findActiveByEmail(db, input.email)) throw emailTaken();
      const hash = await ctx.passwords.hash(input.password);
      const at = nowIso(ctx.clock);
      const id = await db
        .transaction()
        .execute((trx) =>
          staffRepo.insert(trx, {
            name: input.name,
            email: input.email,
            password_hash: hash,
            type: input.type,
            created_at: at,
            updated_at: at,
          }),
        )
        .catch(rethrowUniqueAsEmailTaken);
      return toRecord(await loadMember(id));
    },

    async update(actor: TokenUser, input: UpdateMemberInput): Promise<TeamMemberRecord> {
      const id = decodeMemberId(input.tmId, 'tmId');
      const member = await loadMember(id);
      assertMayManage(actor, member.type);
      assertMayManage(actor, input.type);
      if (id === actor.id && input.type !== member.type) {
        throw AppError.forbidden(SERVER_MSG.ownTypeFixed);
      }
      const other = await staffRepo.findActiveByEmail(db, input.email);
      if (other && other.id !== id) throw emailTaken();
      const hash = input.password ? await ctx.passwords.hash(input.password) : null;
      const at = nowIso(ctx.clock);
      await db
        .transaction()
        .execute(async (trx) => {
          await staffRepo.update(trx, id, {
            name: input.name,
            email: input.email,
            type: input.type,
            updated_at: at,
            ...(hash ? { password_hash: hash } : {}),
          });
          // A new password logs the member out everywhere, as their own password change does.
          if (hash) await staffRepo.revokeTokens(trx, id, at);
        })
        .catch(rethrowUniqueAsEmailTaken);
      ctx.members.forget(id);
      return toRecord(await loadMember(id));
    },

    /** Soft delete: remarks and history keep the name; tokens die; held orders go back to their queues. */
    async remove(actor: TokenUser, encodedId: string): Promise<void> {
      const id = decodeMemberId(encodedId, 'teamMemberId');
      if (id === actor.id) throw AppError.forbidden(SERVER_MSG.cannotDeleteSelf);
      const member = await loadMember(id);
      assertMayManage(actor, member.type);
      const at = nowIso(ctx.clock);
      await db.transaction().execute(async (trx) => {
        await teamRepo.softDelete(trx, id, at);
        await staffRepo.revokeTokens(trx, id, at);
        await teamRepo.releaseOrders(trx, member, actor, at);
      });
      ctx.members.forget(id);
    },
  };
}
